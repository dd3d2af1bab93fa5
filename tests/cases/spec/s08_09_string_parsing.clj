;; Spec section 8.9 (String Parsing): every `code ; => expected` example of PtcRunner v0.13.0's
;; ptc-lisp-specification.md, with its line there; expectations are the spec's.

;; spec 8.9, line 2748
(parse-long "42")
;; => 42

;; spec 8.9, line 2749
(parse-long "-17")
;; => -17

;; spec 8.9, line 2750
(parse-double "3.14")
;; => 3.14

;; spec 8.9, line 2751
(parse-double "-0.5")
;; => -0.5

;; spec 8.9, line 2752
(parse-double "1.23e-4")
;; => 1.23e-4

;; spec 8.9, line 2753
(Double/parseDouble "3.14")
;; => 3.14

;; spec 8.9, line 2754
(Integer/parseInt "42")
;; => 42

;; spec 8.9, line 2755
(Boolean/parseBoolean "true")
;; => true

;; spec 8.9, line 2756
(Boolean/parseBoolean "TRUE")
;; => true

;; spec 8.9, line 2757
(Boolean/parseBoolean "x")
;; => false
