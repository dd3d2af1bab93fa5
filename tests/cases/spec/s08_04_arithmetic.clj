;; Spec section 8.4 (Arithmetic): every `code ; => expected` example of PtcRunner v0.13.0's
;; ptc-lisp-specification.md, with its line there; expectations are the spec's. "ERROR" examples
;; expect an EvalError.

;; spec 8.4, line 2450
(+ 1 2 3)
;; => 6

;; spec 8.4, line 2451
(- 10 3)
;; => 7

;; spec 8.4, line 2452
(* 2 3 4)
;; => 24

;; spec 8.4, line 2453
(/ 10 2)
;; => 5.0

;; spec 8.4, line 2454: "=> 3.333..." (abbreviated); the double nearest 10/3
(/ 10 3)
;; => 3.3333333333333335

;; spec 8.4, line 2455
(quot 10 3)
;; => 3

;; spec 8.4, line 2456: truncates toward zero
(quot -7 2)
;; => -3

;; spec 8.4, line 2457
(mod 10 3)
;; => 1

;; spec 8.4, line 2458: sign matches divisor
(mod -10 3)
;; => 2

;; spec 8.4, line 2459
(rem 10 3)
;; => 1

;; spec 8.4, line 2460: sign matches dividend
(rem -10 3)
;; => -1

;; spec 8.4, line 2461
(inc 5)
;; => 6

;; spec 8.4, line 2462
(dec 5)
;; => 4

;; spec 8.4, line 2463
(abs -5)
;; => 5

;; spec 8.4, line 2464
(max 1 5 3)
;; => 5

;; spec 8.4, line 2465
(min 1 5 3)
;; => 1

;; spec 8.4, line 2466
(floor 3.7)
;; => 3

;; spec 8.4, line 2467
(ceil 3.2)
;; => 4

;; spec 8.4, line 2468
(round 3.5)
;; => 4

;; spec 8.4, line 2469
(double 5)
;; => 5.0

;; spec 8.4, line 2470
(int 3.7)
;; => 3

;; spec 8.4, line 2471
(int ##NaN)
;; => 0

;; spec 8.4, line 2472
(keyword "foo")
;; => :foo

;; spec 8.4, line 2473
(keyword :bar)
;; => :bar

;; spec 8.4, line 2474
(keyword nil)
;; => nil

;; spec 8.4, line 2475: ERROR (no `/` per DIV-13)
(keyword "a/b")
;; !! EvalError: namespaced keywords are not supported

;; spec 8.4, line 2476: ERROR (empty string invalid)
(keyword "")
;; !! EvalError: invalid keyword name

;; spec 8.4, line 2477: ERROR (operator chars not allowed)
(keyword "+")
;; !! EvalError: invalid keyword name

;; spec 8.4, line 2478: ERROR (special values rejected)
;; divergence: keyword of a non-string is nil, as in Clojure (PtcRunner's open GAP-S78)
;; (docs/divergences.md, "Spec examples we do not follow")
(keyword ##Inf)
;; => nil

;; spec 8.4, line 2480
(/ 1.0 0.0)
;; => ##Inf

;; spec 8.4, line 2481
(/ 0.0 0.0)
;; => ##NaN

;; spec 8.4, line 2482
(sqrt -1)
;; => ##NaN

;; spec 8.4, line 2483
(+ Double/POSITIVE_INFINITY 1)
;; => ##Inf

;; spec 8.4, line 2484
(* Double/NaN 10)
;; => ##NaN

;; spec 8.4, line 2485: ARITHMETIC ERROR
(int Double/POSITIVE_INFINITY)
;; !! EvalError: out of range for int
