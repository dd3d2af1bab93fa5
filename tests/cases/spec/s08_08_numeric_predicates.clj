;; Spec section 8.8 (Numeric Predicates): every `code ; => expected` example of PtcRunner v0.13.0's
;; ptc-lisp-specification.md, with its line there; expectations are the spec's.

;; spec 8.8, line 2724
(even? 4)
;; => true

;; spec 8.8, line 2725: whole-number float
(even? 4.0)
;; => true

;; spec 8.8, line 2726: non-whole float
(even? 4.5)
;; => false
