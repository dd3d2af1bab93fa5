;; Arithmetic and comparisons on constant small numbers are computed once, while the program
;; is analyzed; the values and errors are those of the run.

(+ 1 (* 2 3) (- 10 4) (* (+ 1 1) 5))
;; => 23

(let [x (+ 1 2)] [(* x 2) (< 1 2 3) (max 1 2.0) (inc 2147483647) (mod -7 2)])
;; => [6 true 2.0 2147483648 1]

(* 3037000500 3037000500)
;; => 9223372037000250000

;; an error stays the run's error
(+ 1 (quot 7 0))
;; !! EvalError: Divide by zero

(if false (/ 1 0) :fine)
;; => :fine
