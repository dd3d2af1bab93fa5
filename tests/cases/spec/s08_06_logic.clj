;; Spec section 8.6 (Logic): every `code ; => expected` example of PtcRunner v0.13.0's
;; ptc-lisp-specification.md, with its line there; expectations are the spec's.

;; spec 8.6, line 2570
(and true true)
;; => true

;; spec 8.6, line 2571
(and true false)
;; => false

;; spec 8.6, line 2572: short-circuits
(and nil "x")
;; => nil

;; spec 8.6, line 2573
(or false true)
;; => true

;; spec 8.6, line 2574: returns first truthy
(or nil false "x")
;; => "x"

;; spec 8.6, line 2575
(not true)
;; => false

;; spec 8.6, line 2576
(not nil)
;; => true

;; spec 8.6, line 2577
(identity 42)
;; => 42
