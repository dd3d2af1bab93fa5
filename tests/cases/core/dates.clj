;; Dates and durations (spec 8.14; gaps J03 J11 J12 J18). The runner fixes the clock at
;; 1700000000 s = 2023-11-14T22:13:20Z.

;; the clock
(System/currentTimeMillis)
;; => 1700000000000

(currentTimeMillis)
;; => 1700000000000

(.getTime (java.util.Date.))
;; => 1700000000000

(pr-str (java.util.Date.))
;; => "\"2023-11-14T22:13:20Z\""

;; java.util.Date. from epoch milliseconds (J03: Java semantics, not seconds)
(.getTime (java.util.Date. 1000))
;; => 1000

(.getTime (java.util.Date. -1))
;; => -1

;; from strings: ISO with and without offset, date only, RFC 2822, Date.toString (J11)
(.getTime (java.util.Date. "2026-01-08T14:30:00Z"))
;; => 1767882600000

(.getTime (java.util.Date. "2026-01-08T14:30:00"))
;; => 1767882600000

(.getTime (java.util.Date. "2026-01-08T16:30:00+02:00"))
;; => 1767882600000

(.getTime (java.util.Date. "2026-01-08"))
;; => 1767830400000

(.getTime (java.util.Date. "Thu, 8 Jan 2026 14:30:00 +0000"))
;; => 1767882600000

(.getTime (java.util.Date. "Thu Jan 01 00:00:01 UTC 1970"))
;; => 1000

(java.util.Date. "yesterday")
;; !! EvalError: java.util.Date.: cannot parse "yesterday" as a date

(java.util.Date. nil)
;; !! EvalError: java.util.Date.: cannot make a date from nil

;; a date passes through, a LocalDate becomes its midnight
(.getTime (java.util.Date. (LocalDate/parse "1970-01-02")))
;; => 86400000

;; parse / LocalDate/parse / Instant/parse: the shape of the string decides
(.toEpochDay (LocalDate/parse "1970-01-11"))
;; => 10

(.toEpochDay (java.time.LocalDate/parse "2024-01-01"))
;; => 19723

(.getTime (Instant/parse "1970-01-01T00:00:01.123Z"))
;; => 1123

(.getTime (java.time.Instant/parse "1970-01-01T01:00:00+01:00"))
;; => 0

(.getTime (parse "1969-12-31T23:59:59Z"))
;; => -1000

(.toEpochMilli (Instant/parse "1970-01-01T00:00:01Z"))
;; => 1000

(LocalDate/parse "2024-02-30")
;; !! EvalError: LocalDate/parse: cannot parse "2024-02-30" as a date

(parse 20240101)
;; !! EvalError: parse: cannot make a date from integer

;; LocalDate methods
(= (.plusDays (LocalDate/parse "2024-02-28") 2) (LocalDate/parse "2024-03-01"))
;; => true

(= (.minusDays (LocalDate/parse "2024-03-01") 1) (LocalDate/parse "2024-02-29"))
;; => true

(- (.toEpochDay (LocalDate/parse "2024-03-01")) (.toEpochDay (LocalDate/parse "2024-01-01")))
;; => 60

;; numeric day counts truncate, NaN is 0 (J12)
(.toEpochDay (.plusDays (LocalDate/parse "2024-01-01") 1.9))
;; => 19724

(.toEpochDay (.minusDays (LocalDate/parse "2024-01-01") ##NaN))
;; => 19723

(.plusDays (LocalDate/parse "9999-12-31") 1)
;; !! EvalError: out of the supported range

;; .getTime is for instants only
(.getTime (LocalDate/parse "2024-01-01"))
;; !! EvalError: .getTime: expected DateTime, got LocalDate

(.toEpochDay (parse "2024-01-01T00:00:00Z"))
;; !! EvalError: .toEpochDay: expected LocalDate, got DateTime

;; comparing
(.isBefore (LocalDate/parse "2023-01-01") (LocalDate/parse "2023-12-31"))
;; => true

(.isAfter (java.util.Date. "2024-01-01T00:00:00Z") (java.util.Date. "2023-01-01T00:00:00Z"))
;; => true

(.isAfter (LocalDate/parse "2023-01-01") (LocalDate/parse "2023-01-01"))
;; => false

(.isBefore (LocalDate/parse "2023-01-01") (java.util.Date. "2023-01-01T00:00:00Z"))
;; !! EvalError: cannot compare LocalDate with DateTime — use same types

(= (LocalDate/parse "2024-01-01") (parse "2024-01-01"))
;; => true

(= (parse "2024-01-01T00:00:00Z") (java.util.Date. "2024-01-01"))
;; => true

(count #{(parse "2024-01-01") (LocalDate/parse "2024-01-01")})
;; => 1

;; durations
(.toMillis (Duration/between (parse "2024-01-01T00:00:00Z") (parse "2024-01-01T00:00:05Z")))
;; => 5000

(.toDays (java.time.Duration/between (parse "2024-01-01T00:00:00Z") (parse "2024-01-03T12:00:00Z")))
;; => 2

(.toDays (Duration/between (parse "2024-01-03T12:00:00Z") (parse "2024-01-01T00:00:00Z")))
;; => -2

(pr-str (Duration/between (parse "2024-01-01T00:00:00Z") (parse "2024-01-01T00:00:01.5Z")))
;; => "#duration[1500ms]"

(Duration/between (LocalDate/parse "2024-01-01") (LocalDate/parse "2024-01-02"))
;; !! EvalError: Duration/between: expected DateTime start argument, got LocalDate

(.toMillis 5)
;; !! EvalError: .toMillis: expected Duration, got integer

;; printing: ISO text, like PtcRunner shows dates to the model (Java Instant's layout)
(pr-str (parse "2024-05-06T07:08:09.120Z"))
;; => "\"2024-05-06T07:08:09.120Z\""

(pr-str (parse "2024-05-06T07:08:09.000001Z") (parse "2024-05-06T07:08:09Z"))
;; => "\"2024-05-06T07:08:09.000001Z\" \"2024-05-06T07:08:09Z\""

(pr-str (LocalDate/parse "2024-05-06"))
;; => "\"2024-05-06\""

;; str gives the ISO text; dates sort and compare by time
(str (LocalDate/parse "2024-01-31") " " (parse "2024-01-31T10:00:00+01:00"))
;; => "2024-01-31 2024-01-31T09:00:00Z"

(map str (sort [(LocalDate/parse "2024-03-01") (LocalDate/parse "2024-01-31")]))
;; => ["2024-01-31" "2024-03-01"]

(map #(str (:d %)) (sort-by :d [{:d (parse "2024-03-01T00:00:00Z")} {:d (parse "2024-01-31T00:00:00Z")}]))
;; => ["2024-01-31T00:00:00Z" "2024-03-01T00:00:00Z"]

(< (parse "2024-01-01T00:00:00Z") (parse "2024-01-02T00:00:00Z"))
;; => true
