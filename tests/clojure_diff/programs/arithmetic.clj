;; Arithmetic: integers, floats, mixed, big integers, rounding helpers.
;; Programs are separated by blank lines; `;;` lines before a program describe it.

;; integer sums and products
[(+ 1 2 3) (- 10 4 3) (* 2 3 4) (+) (*) (- 5)]

;; mixed integer and float arithmetic gives floats
[(+ 1 2.5) (* 2 0.5) (- 10 0.25) (+ 0.1 0.2)]

;; quot, rem and mod with negative operands
[(quot 7 2) (quot -7 2) (rem 7 2) (rem -7 2) (mod 7 2) (mod -7 2) (mod 7 -2)]

;; inc, dec, max, min, abs
[(inc 41) (dec 0) (max 3 9 1) (min 3 9 1) (max 1 2.5) (abs -7) (abs -2.5)]

;; big integers with the promoting operators
[(*' 99999999999 99999999999) (+' 9223372036854775807 1) (inc' 9223372036854775807)]

;; float division and Math functions
[(/ 10.0 4) (/ 1.0 8) (Math/sqrt 16) (Math/pow 2 10) (Math/abs -3)]

;; comparisons chain
[(< 1 2 3) (< 1 3 2) (<= 1 1 2) (> 3 2 1) (>= 3 3 1) (== 2 2 2) (not= 1 2)]

;; numeric predicates
[(zero? 0) (pos? 3) (neg? -1) (even? 10) (odd? 7) (number? 1.5) (integer? 3) (float? 1.0)]

;; int truncates toward zero
[(int 3.7) (int -3.7) (int 42)]

;; reduce over numbers
(reduce + (map #(* % %) (range 1 11)))

;; compare on numbers and strings
[(compare 1 2) (compare 2 2) (compare 3 1) (compare "a" "a")]
