(-> 5 (- 3))
;; => 2

(->> 5 (- 3))
;; => -2

(-> {:a {:b 1}} :a :b)
;; => 1

(->> [1 2 3 4] (filter odd?) (map inc))
;; => [2 4]

(-> 1 inc (* 10))
;; => 20

(-> 1 #(* % 7))
;; => 7

(as-> 5 x (+ x 1) (* x 2))
;; => 12

(cond-> 1 true inc false (* 100) true (* 10))
;; => 20

(cond->> [1 2 3] true (map inc) false (filter odd?))
;; => [2 3 4]

(some-> {:a {:b 1}} :a :b inc)
;; => 2

(some-> {:a nil} :a :b inc)
;; => nil

(some->> [1 2] (map inc) first)
;; => 2

(some->> nil (map inc))
;; => nil

;; -> where ->> was meant: the hint names ->>
(-> [1 2 3] (map inc))
;; !! EvalError: map expected a collection, got function
;; hint=> in a pipeline, ->> puts the value last where map wants it (-> puts it first)

(->> [1 2 3] (map inc))
;; => [2 3 4]
