;; Arithmetic (spec 8.4): + - * / inc dec quot rem mod

(+ 1 2 3)
;; => 6

(+)
;; => 0

(+ 5)
;; => 5

(+ 1 2.5)
;; => 3.5

;; left to right in floating point, like Clojure's reduce (no compensated summation)
(+ 0.1 0.2 0.3)
;; => 0.6000000000000001

;; integers are arbitrary precision
(+ 9223372036854775807 1)
;; => 9223372036854775808

(+' 1 2)
;; => 3

(- 10 3)
;; => 7

(- 10 3 2)
;; => 5

(- 5)
;; => -5

(- 2.5)
;; => -2.5

(-)
;; !! AnalysisError: Wrong number of args (0)

(* 2 3 4)
;; => 24

(*)
;; => 1

(* 2 1.5)
;; => 3.0

(*' 3 4)
;; => 12

(* 99999999999 99999999999)
;; => 9999999999800000000001

;; division always returns a float
(/ 10 2)
;; => 5.0

(/ 10 3)
;; => 3.3333333333333335

(/ 10 4)
;; => 2.5

(/ 100 2 5)
;; => 10.0

;; (/ x) is the reciprocal
(/ 2)
;; => 0.5

(/ 1 0)
;; !! EvalError: Divide by zero

(/ 0)
;; !! EvalError: Divide by zero

(/ 1.0 0.0)
;; => ##Inf

(/ -1.0 0.0)
;; => ##-Inf

(/ 0.0 0.0)
;; => ##NaN

(/ 1 0.0)
;; => ##Inf

;; a float dividend makes it float division, as in Clojure
(/ 1.0 0)
;; => ##Inf

(/ 5 ##Inf)
;; => 0.0

(+ Double/POSITIVE_INFINITY 1)
;; => ##Inf

(* Double/NaN 10)
;; => ##NaN

(- Double/POSITIVE_INFINITY Double/POSITIVE_INFINITY)
;; => ##NaN

(* ##Inf 0)
;; => ##NaN

(inc 5)
;; => 6

(inc -1.5)
;; => -0.5

(inc' 5)
;; => 6

(dec 5)
;; => 4

(dec' 0)
;; => -1

(inc nil)
;; !! EvalError: inc expected a number, got nil

(quot 10 3)
;; => 3

(quot -7 2)
;; => -3

(quot 7 -2)
;; => -3

(quot -7 -2)
;; => 3

(quot 7.5 2)
;; => 3.0

(quot 1 0)
;; !! EvalError: Divide by zero

(quot 1.5 0.0)
;; !! EvalError: Divide by zero

(quot ##NaN 2)
;; !! EvalError: quot expected finite numbers, got ##NaN

(quot 2 ##Inf)
;; => 0.0

(rem 10 3)
;; => 1

(rem -10 3)
;; => -1

(rem 10 -3)
;; => 1

(rem 5.5 2)
;; => 1.5

(rem -5.5 2)
;; => -1.5

(rem 7 0)
;; !! EvalError: Divide by zero

(rem ##Inf 2)
;; !! EvalError: rem expected finite numbers, got ##Inf

(mod 10 3)
;; => 1

(mod -10 3)
;; => 2

(mod 10 -3)
;; => -2

(mod -10 -3)
;; => -1

(mod -7.5 2)
;; => 0.5

(mod 5.5 2)
;; => 1.5

(mod 9 3)
;; => 0

(mod 1 0)
;; !! EvalError: Divide by zero

(mod ##NaN 2)
;; !! EvalError: mod expected finite numbers, got ##NaN

;; a string in arithmetic is a type error with a hint
(+ "a" 1)
;; !! EvalError: + expected numbers, got string: "a"
;; hint=> use str to join strings

(+ 1 nil)
;; !! EvalError: + expected numbers, got nil
;; hint=> (or x 0)

(* 2 "3")
;; !! EvalError: * expected numbers, got string: "3"
;; hint=> parse-long

(+ [1 2])
;; !! EvalError: + expected numbers, got vector: [1 2]

(- :a)
;; !! EvalError: - expected numbers, got keyword: :a

(/ :a)
;; !! EvalError: / expected numbers, got keyword: :a

(+ 1 true)
;; !! EvalError: + expected numbers, got boolean: true

;; big integer products are capped so one call cannot run without bound
(loop [x 3 i 0] (if (< i 30) (recur (* x x) (inc i)) x))
;; !! EvalError: * would produce an integer of more than 100000 bits

(reduce + [1 2 3 4])
;; => 10

(apply * [1 2 3 4 5])
;; => 120

;; text holding a number: the hint names the parser; other text: str joins strings
(reduce + ["12.50" "7"])
;; !! EvalError: + expected numbers, got string: "12.50"
;; hint=> "12.50" is text holding a number: read it first with (parse-double s)

(+ 1 "2")
;; !! EvalError: + expected numbers, got string: "2"
;; hint=> "2" is text holding a number: read it first with (parse-long s)

(+ 1 "a")
;; !! EvalError: + expected numbers, got string: "a"
;; hint=> use str to join strings: (str "a" 1)

(* 2 " 3.5e2 ")
;; !! EvalError: * expected numbers, got string
;; hint=> (parse-double s)

(- 5 "x")
;; !! EvalError: - expected numbers, got string: "x"
;; hint=> use parse-long or parse-double to read a number from a string
