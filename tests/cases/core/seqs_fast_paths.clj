;; The fast paths of map/filter with a keyword and of (reduce + init coll):
;; same results as the general paths (flexible keys, spec 7.5; integer and float sums).

;; a keyword finds a keyword key, else the string key (JSON data), else the underscored one
(map :total [{:total 1} {"total" 2} {"other" 3} nil 7 [1 2]])
;; => [1 2 nil nil nil nil]

(map :order-id [{"order_id" 4} {:order_id 5} {"order-id" 6}])
;; => [4 5 6]

;; the keyword key wins over the string key
(map :a [{:a 1 "a" 2}])
;; => [1]

(mapv :a [{:a 1} {"a" 2}])
;; => [1 2]

(filter :ok [{"ok" true} {:ok false} {"ok" nil} {} {"ok" 0}])
;; => [{"ok" true} {"ok" 0}]

(filterv :a [{:a 1} {:a nil} {"a" false} {"a" "x"}])
;; => [{:a 1} {"a" "x"}]

(reduce + 0 [1 2 3])
;; => 6

(reduce + 0 [])
;; => 0

(reduce + 0 (range 1000))
;; => 499500

(reduce + 0 [10000000000000000000000 1])
;; => 10000000000000000000001

(reduce + 0.5 [1 2])
;; => 3.5

(reduce + 0 [1 2.5])
;; => 3.5

(reduce + 0 [1 true])
;; !! EvalError: + expected numbers

;; a keyword called inside a function (compiled once hot): the same flexible keys
(map #(:order-id %) [{"order_id" 4} {:order-id 5} {"order-id" 6} {} nil])
;; => [4 5 6 nil nil]

(filter #(> (:total %) 1) [{"total" 1} {"total" 2} {:total 3} {"total" 0 :total 9}])
;; => [{"total" 2} {:total 3} {"total" 0 :total 9}]

;; without an init the first item starts the fold (the same fast paths)
(reduce + [1 2 3])
;; => 6

(reduce + [5])
;; => 5

(reduce + [1 2.5 3])
;; => 6.5

(reduce + [true 1])
;; !! EvalError: + expected numbers

(reduce (fn [a b] (if (> b a) b a)) (range 500))
;; => 499

(reduce (fn [a b] (str a b)) ["x"])
;; => "x"

;; even?/odd? over a whole collection at once: whole floats count, anything else is false
(filter even? [1 2 3 4.0 5.5 -2 nil true])
;; => [2 4.0 -2]

(remove odd? [1 2 -3 3.0 "a"])
;; => [2 "a"]

(map odd? [-1 0 2.0 -3.0])
;; => [true false false true]
