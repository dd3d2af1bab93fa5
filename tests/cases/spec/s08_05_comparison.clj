;; Spec section 8.5 (Comparison): every `code ; => expected` example of PtcRunner v0.13.0's
;; ptc-lisp-specification.md, with its line there; expectations are the spec's.

;; spec 8.5, line 2542
(= 1 1)
;; => true

;; spec 8.5, line 2543
(= 1 1 1)
;; => true

;; spec 8.5, line 2544
(= 1 2)
;; => false

;; spec 8.5, line 2545
(not= 1 2)
;; => true

;; spec 8.5, line 2546
(< 1 2)
;; => true

;; spec 8.5, line 2547
(< 1 2 3)
;; => true

;; spec 8.5, line 2548
(> 3 2)
;; => true

;; spec 8.5, line 2549
(<= 1 1)
;; => true

;; spec 8.5, line 2550
(>= 3 2)
;; => true

;; spec 8.5, line 2553
(< 1.0 Double/POSITIVE_INFINITY)
;; => true

;; spec 8.5, line 2554
(> -1.0 Double/NEGATIVE_INFINITY)
;; => true

;; spec 8.5, line 2555
(= Double/NaN Double/NaN)
;; => false

;; spec 8.5, line 2556
(< Double/NaN 0.0)
;; => false

;; spec 8.5, line 2557
(>= Double/NaN 0.0)
;; => false
