;; def returns the var
(def x 42)
;; => #'x

(def x 10) x
;; => 10

(def a 1) (def b (+ a 1)) b
;; => 2

;; defs persist across turns of a session (spec 16.4)
(def a 1)
(def b {:x 10})
"stored"
;; => "stored"
(def b {:y 20})
(def c 3)
{:a a, :b b, :c c}
;; => {:a 1 :b {:y 20} :c 3}

;; a program that errors leaves memory exactly as it was
(def total 1)
;; => #'total
(def total 2) (def extra 5) (nth [1 2] "x")
;; !! EvalError
total
;; => 1
extra
;; !! AnalysisError: Unable to resolve symbol: extra in this context

;; return and fail keep the defs made before them
(def kept 1) (return :done)
;; => :done
kept
;; => 1

(def also 2) (fail "no")
;; failed=> "no"
also
;; => 2

;; defonce binds only once
(defonce n 1)
;; => #'n
(defonce n 2) n
;; => 1

;; *1 *2 *3 are the last successful results
1
;; => 1
2
;; => 2
(nth [1 2] 9 :x) (foo)
;; !! AnalysisError
[*1 *2 *3]
;; => [2 1 nil]

;; user defs shadow builtins
(def inc (fn [x] (+ x 100))) (inc 1)
;; => 101

(def nil 1)
;; !! AnalysisError: cannot redefine nil

;; defn names its function
(defn sq [x] (* x x)) (fn? sq)
;; => true

;; a def in an earlier turn changes what the same program text means
(inc 1)
;; => 2
(def inc (fn [x] 100))
;; => #'inc
(inc 1)
;; => 100
