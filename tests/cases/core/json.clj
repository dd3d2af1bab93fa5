;; JSON helpers (function reference "JSON"; DIV-23; Cheshire for generate-string).

;; parse-string: objects become maps with string keys
(json/parse-string "{\"a\": 1, \"b\": [2, 3]}")
;; => {"a" 1 "b" [2 3]}

(json/parse-string "[1, 2.5, true, null, \"x\"]")
;; => [1 2.5 true nil "x"]

(json/parse-string "{\"n\": {\"m\": []}}")
;; => {"n" {"m" []}}

;; flexible lookup reads the string keys with keywords (spec 7.5)
(:user-name (json/parse-string "{\"user_name\": \"ann\"}"))
;; => "ann"

;; failures are nil, never errors (DIV-23)
(json/parse-string "not json")
;; => nil

(json/parse-string nil)
;; => nil

(json/parse-string 42)
;; => nil

(json/parse-string "null")
;; => nil

(json/parse-string "{\"a\": 1")
;; => nil

(json/parse-string "NaN")
;; => nil

(json/parse-string "[1] trailing")
;; => nil

;; nesting deeper than the limit is refused as invalid
(json/parse-string (str (apply str (map (fn [_] "[") (range 600))) (apply str (map (fn [_] "]") (range 600)))))
;; => nil

(count (json/parse-string (str (apply str (map (fn [_] "[") (range 100))) (apply str (map (fn [_] "]") (range 100))))))
;; => 1

;; parse-lines: one value per line, blank lines skipped, bad lines nil
(json/parse-lines "{\"a\":1}\n[2,3]\n")
;; => [{"a" 1} [2 3]]

(json/parse-lines "null\nnot json\n")
;; => [nil nil]

(json/parse-lines "  \n{\"ok\":true}\r\n")
;; => [{"ok" true}]

(json/parse-lines 42)
;; => nil

;; generate-string: compact JSON
(json/generate-string nil)
;; => "null"

(json/generate-string [1 2 3])
;; => "[1,2,3]"

(json/generate-string "hello")
;; => "\"hello\""

(json/generate-string {"a" [1.5 true nil]})
;; => "{\"a\":[1.5,true,null]}"

;; keywords become strings, as Cheshire does (PtcRunner returns nil here)
(json/generate-string {:a 1})
;; => "{\"a\":1}"

(json/generate-string {:server :fs})
;; => "{\"server\":\"fs\"}"

(json/generate-string {1 "a"})
;; => "{\"1\":\"a\"}"

;; keys come out sorted, so the text is deterministic
(json/generate-string {:b 1 :a 2})
;; => "{\"a\":2,\"b\":1}"

(json/generate-string #{3 1 2})
;; => "[1,2,3]"

(json/generate-string "é\n")
;; => "\"é\\n\""

;; what JSON cannot express gives nil (DIV-24)
(json/generate-string ##NaN)
;; => nil

(json/generate-string {:f inc})
;; => nil

(json/generate-string {[1 2] "x"})
;; => nil

(json/generate-string #"a")
;; => nil

;; dates become their ISO text
(json/generate-string {:day (LocalDate/parse "2024-01-31") :at (parse "2024-01-31T10:00:00Z")})
;; => "{\"at\":\"2024-01-31T10:00:00Z\",\"day\":\"2024-01-31\"}"

;; round trip
(json/parse-string (json/generate-string {"a" [1 {"b" nil}]}))
;; => {"a" [1 {"b" nil}]}
