;; Spec section 8.7 (Type Predicates): every `code ; => expected` example of PtcRunner v0.13.0's
;; ptc-lisp-specification.md, with its line there; expectations are the spec's.

;; spec 8.7, line 2628
(coll? [1 2 3])
;; => true

;; spec 8.7, line 2629
(coll? {:a 1})
;; => true

;; spec 8.7, line 2630
(coll? #{1 2})
;; => true

;; spec 8.7, line 2631
(coll? "hello")
;; => false

;; spec 8.7, line 2632
(coll? 42)
;; => false

;; spec 8.7, line 2635
(sequential? [1 2 3])
;; => true

;; spec 8.7, line 2636
(sequential? {:a 1})
;; => false

;; spec 8.7, line 2637
(sequential? #{1 2})
;; => false

;; spec 8.7, line 2640
(seq? [1 2 3])
;; => true
