;; Spec section 8.4a (Bitwise Operations): every `code ; => expected` example of PtcRunner v0.13.0's
;; ptc-lisp-specification.md, with its line there; expectations are the spec's.

;; spec 8.4a, line 2511
(bit-and 12 10)
;; => 8

;; spec 8.4a, line 2512
(bit-or 12 10)
;; => 14

;; spec 8.4a, line 2513
(bit-xor 12 10)
;; => 6

;; spec 8.4a, line 2514
(bit-and-not 15 9)
;; => 6

;; spec 8.4a, line 2515
(bit-not 0)
;; => -1

;; spec 8.4a, line 2516
(bit-shift-left 1 4)
;; => 16

;; spec 8.4a, line 2517
(bit-shift-right 256 4)
;; => 16

;; spec 8.4a, line 2518
(bit-set 0 3)
;; => 8

;; spec 8.4a, line 2519
(bit-clear 15 1)
;; => 13

;; spec 8.4a, line 2520
(bit-flip 0 2)
;; => 4

;; spec 8.4a, line 2521
(bit-test 5 0)
;; => true

;; spec 8.4a, line 2522
(bit-test 5 1)
;; => false
