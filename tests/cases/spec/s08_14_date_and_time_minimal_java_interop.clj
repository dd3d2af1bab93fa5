;; Spec section 8.14 (Date and Time): every `code ; => expected` example of PtcRunner v0.13.0's
;; ptc-lisp-specification.md, with its line there; expectations are the spec's.

;; spec 8.14, line 3115
(.isBefore (LocalDate/parse "2023-01-01") (LocalDate/parse "2023-12-31"))
;; => true

;; spec 8.14, line 3116
(.isAfter (java.util.Date. "2024-01-01T00:00:00Z") (java.util.Date. "2023-01-01T00:00:00Z"))
;; => true

;; spec 8.14, line 3122: "=> Error: cannot compare LocalDate with DateTime — use same types"
(.isBefore (LocalDate/parse "2023-01-01") (java.util.Date. "2023-01-01T00:00:00Z"))
;; !! EvalError: cannot compare LocalDate with DateTime
