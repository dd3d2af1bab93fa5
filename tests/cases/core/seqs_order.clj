;; Sequence library: ordering and aggregation (spec 7.5 flexible keys, 8.1 Ordering/Aggregation,
;; 11.1, 11.4, 11.5; Clojure for GAP-S46 nil comparator, GAP-S47 max-key ties, GAP-S67, GAP-S107).

(sort [3 1 2])
;; => [1 2 3]

(sort ["b" "a" "c"])
;; => ["a" "b" "c"]

(sort :desc [1 3 2])
;; => [3 2 1]

(sort :asc [3 1 2])
;; => [1 2 3]

(sort nil [2 1])
;; => [1 2]

(sort > [1 3 2])
;; => [3 2 1]

(sort < [3 1 2])
;; => [1 2 3]

(sort (fn [a b] (compare b a)) [1 3 2])
;; => [3 2 1]

(sort (fn [a b] (- a b)) [3 1 2])
;; => [1 2 3]

;; a comparator that never says "less" keeps the order (Clojure, GAP-S107)
(sort (fn [a b] false) [3 1 2])
;; => [3 1 2]

(sort [])
;; => []

(sort nil)
;; => []

(sort [1 2.5 -1 0.5])
;; => [-1 0.5 1 2.5]

(sort "cab")
;; => ["a" "b" "c"]

;; maps sort as [k v] entries (spec 8.1)
(sort {:b 2 :a 1})
;; => [[:a 1] [:b 2]]

(sort [[2 1] [1 2] [1 1]])
;; => [[1 1] [1 2] [2 1]]

;; sets sort too, as in Clojure
(sort #{3 1 2})
;; => [1 2 3]

;; mixed values use the documented total order: nil < booleans < numbers < strings < keywords
(sort [:b "a" 2 nil true 1.5])
;; => [1.5 2 :b nil true "a"]

(sort [##NaN 1 -1])
;; => [-1 1 ##NaN]

(sort :up [1 2])
;; !! EvalError: sort expected a comparator (:asc, :desc or a function of 2 arguments), got keyword: :up

(sort (fn [a b] "x") [1 2])
;; !! EvalError: sort: the comparator returned string "x", expected a number or a boolean

(sort-by :price [{:price 3} {:price 1} {:price 2}])
;; => [{:price 1} {:price 2} {:price 3}]

(sort-by :price > [{:price 3} {:price 1} {:price 2}])
;; => [{:price 3} {:price 2} {:price 1}]

;; > and < over plain numbers or strings sort as a key order: ties keep their order (stable,
;; as Clojure's comparator sort); mixed keys still go through the comparator
(sort-by :p > [{:p 1 :id 1} {:p 2 :id 2} {:p 1 :id 3} {:p 2.0 :id 4}])
;; => [{:p 2 :id 2} {:p 2.0 :id 4} {:p 1 :id 1} {:p 1 :id 3}]

(sort-by :p < [{:p 2 :id 1} {:p 1 :id 2} {:p 2 :id 3}])
;; => [{:p 1 :id 2} {:p 2 :id 1} {:p 2 :id 3}]

(sort-by :name > [{:name "b"} {:name "c"} {:name "a"}])
;; => [{:name "c"} {:name "b"} {:name "a"}]

(sort > [3 1 2 2.0])
;; => [3 2 2.0 1]

(sort-by :price :desc [{:price 3} {:price 1} {:price 2}])
;; => [{:price 3} {:price 2} {:price 1}]

(sort-by :price (fn [a b] (compare b a)) [{:price 3} {:price 1} {:price 2}])
;; => [{:price 3} {:price 2} {:price 1}]

;; string keys and string-keyed data (spec 7.5)
(sort-by "price" [{:price 2} {:price 1}])
;; => [{:price 1} {:price 2}]

(sort-by :price [{"price" 2} {"price" 1}])
;; => [{"price" 1} {"price" 2}]

(sort-by :name [{:name "b"} {:name "a"}])
;; => [{:name "a"} {:name "b"}]

(sort-by first [["b" 2] ["a" 1] ["c" 3]])
;; => [["a" 1] ["b" 2] ["c" 3]]

(sort-by (fn [x] (nth x 1)) > [["a" 2] ["b" 1] ["c" 3]])
;; => [["c" 3] ["a" 2] ["b" 1]]

(sort-by second > {:food 100 :travel 500 :office 200})
;; => [[:travel 500] [:office 200] [:food 100]]

(sort-by first {:z 1 :a 2 :m 3})
;; => [[:a 2] [:m 3] [:z 1]]

(sort-by count #{"ccc" "a" "bb"})
;; => ["a" "bb" "ccc"]

;; stable: equal keys keep their order, ascending and descending
(sort-by :k [{:k 1 :id 1} {:k 0 :id 2} {:k 1 :id 3} {:k 0 :id 4}])
;; => [{:k 0 :id 2} {:k 0 :id 4} {:k 1 :id 1} {:k 1 :id 3}]

(sort-by :k :desc [{:k 1 :id 1} {:k 0 :id 2} {:k 1 :id 3} {:k 0 :id 4}])
;; => [{:k 1 :id 1} {:k 1 :id 3} {:k 0 :id 2} {:k 0 :id 4}]

(sort-by :k > [{:k 1 :id 1} {:k 0 :id 2} {:k 1 :id 3}])
;; => [{:k 1 :id 1} {:k 1 :id 3} {:k 0 :id 2}]

;; a missing key is nil, which sorts first
(sort-by :a [{:a 2} {} {:a 1}])
;; => [{:a 1} {:a 2} {}]

(sort-by {:a 2 :b 1} [:a :b])
;; => [:b :a]

(sort-by :x [])
;; => []

(sort-by :x nil)
;; => []

(sort-by [{:a 1}] :a)
;; !! EvalError: sort-by expected a collection, got keyword: :a
;; hint=> the function comes first

(max-key count "a" "abc" "ab")
;; => "abc"

(min-key count "abc" "a" "ab")
;; => "a"

(max-key #(nth % 1) ["a" 1] ["b" 5] ["c" 3])
;; => ["b" 5]

(apply max-key second (seq {:a 3 :b 7 :c 2}))
;; => [:b 7]

(max-key count "abc")
;; => "abc"

;; ties go to the last value, as in Clojure (GAP-S47)
(min-key count "a" "bb" "c")
;; => "c"

(max-key count "aa" "bb" "c")
;; => "bb"

(max-key count "a" "b" "c")
;; => "c"

(max-key {:a 1 :b 2} :a :b)
;; => :b

(min-key [1 2] 0 1)
;; => 0

(sum [1 2 3 4 5])
;; => 15

(sum [])
;; => 0

(sum nil)
;; => 0

(sum [1 2.5])
;; => 3.5

(sum [1 nil 2])
;; => 3

(sum ["1" 2])
;; !! EvalError: sum expected numbers, got string: "1"

(sum [true])
;; !! EvalError: sum expected numbers, got boolean: true

(avg [1 2 3 4 5])
;; => 3.0

(avg [10 20])
;; => 15.0

(avg [])
;; => nil

(avg [1 nil 3])
;; => 2.0

(sum-by :amount [{:amount 10} {:amount nil} {:other 5}])
;; => 10

(sum-by :x [])
;; => 0

(sum-by "amount" [{:amount 1} {"amount" 2}])
;; => 3

(sum-by :total-amount [{"total_amount" 4}])
;; => 4

(sum-by (fn [x] (nth x 1)) [["a" 2] ["b" 3]])
;; => 5

(sum-by [:price :amount] [{:price {:amount 2}} {:price {:amount 3}} {:price nil}])
;; => 5

(sum-by :amount {:a {:amount 1}})
;; => 0

(sum-by :amount [{:amount "10"} {:amount 20}])
;; !! EvalError: sum-by expected numbers, got string: "10"
;; hint=> parse-long

(avg-by :value [{:value {:x 1}}])
;; !! EvalError: avg-by expected numbers, got map

(sum-by :amount "not a list")
;; !! EvalError: sum-by expected a collection, got string: "not a list"

(sum-by :amount 5)
;; !! EvalError: sum-by expected a collection, got integer: 5

(avg-by :amount [{:amount 10} {:amount nil} {:amount 20}])
;; => 15.0

(avg-by :x [])
;; => nil

(avg-by :x [{:y 1}])
;; => nil

(min-by :price [{:price nil} {:price 10} {:price 5}])
;; => {:price 5}

(max-by :price [{:price 5} {:price 10} {:price nil}])
;; => {:price 10}

(min-by :x [])
;; => nil

(max-by :x [])
;; => nil

(max-by :x nil)
;; => nil

(max-by :x [{:y 1}])
;; => nil

(min-by first [["b" 2] ["a" 1]])
;; => ["a" 1]

(max-by (fn [x] (nth x 1)) [["a" 2] ["b" 3]])
;; => ["b" 3]

;; ties keep the first item
(max-by :n [{:n 1 :id 1} {:n 1 :id 2}])
;; => {:n 1 :id 1}

;; the variadic form compares the arguments themselves
(max-by :n {:n 1} {:n 3} {:n 2})
;; => {:n 3}

(apply min-by :n [{:n 2} {:n 1}])
;; => {:n 1}

(max-by "score" [{"score" 1} {:score 7}])
;; => {:score 7}

(distinct-by :category [{:category "a" :id 1} {:category "b" :id 2} {:category "a" :id 3}])
;; => [{:category "a" :id 1} {:category "b" :id 2}]

(distinct-by first [["a" 1] ["a" 2] ["b" 3]])
;; => [["a" 1] ["b" 3]]

(distinct-by :x [])
;; => []

(group-by :category [{:category "a" :id 1} {:category "b" :id 2} {:category "a" :id 3}])
;; => {"a" [{:category "a" :id 1} {:category "a" :id 3}] "b" [{:category "b" :id 2}]}

(group-by first [["a" 1] ["a" 2] ["b" 3]])
;; => {"a" [["a" 1] ["a" 2]] "b" [["b" 3]]}

(group-by odd? [1 2 3])
;; => {true [1 3] false [2]}

(group-by :k [{:k [1 2]} {:k [1 2]}])
;; => {[1 2] [{:k [1 2]} {:k [1 2]}]}

(group-by "type" [{:type "x"} {"type" "y"}])
;; => {"x" [{:type "x"}] "y" [{"type" "y"}]}

(group-by identity "aba")
;; => {"a" ["a" "a"] "b" ["b"]}

(group-by :x nil)
;; => {}

(frequencies [:a :b :a :c :b :a])
;; => {:a 3 :b 2 :c 1}

(frequencies "hello")
;; => {"h" 1 "e" 1 "l" 2 "o" 1}

(frequencies nil)
;; => {}

(frequencies {:a 1})
;; => {[:a 1] 1}

(frequencies [[1 2] [1 2] [3]])
;; => {[1 2] 2 [3] 1}

(frequencies (map :status [{:status "ok"} {:status "err"} {:status "ok"}]))
;; => {"ok" 2 "err" 1}

;; floats add left to right, like (reduce + ...) in Clojure
(sum [0.1 0.2 0.3])
;; => 0.6000000000000001

(sum-by :x [{:x 0.1} {:x 0.2} {:x 0.3}])
;; => 0.6000000000000001
