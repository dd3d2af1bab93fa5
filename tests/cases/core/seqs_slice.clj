;; Sequence library: slicing, partitioning, combining (spec 8.1 Subsetting/Combining/Combinatorial/
;; Tree Traversal, 11.9 flatten; Clojure for GAP-S20/S31/S32/S48/S53/S60/S77/S79/S81/S98/S143).

(take 2 [1 2 3 4])
;; => [1 2]

(take 10 [1 2])
;; => [1 2]

(take 0 [1 2])
;; => []

(take -1 [1 2])
;; => []

(take 2 nil)
;; => []

(take 2 "hello")
;; => ["h" "e"]

(take 1.0 [10 20])
;; => [10]

(take 3 (range 1 100))
;; => [1 2 3]

(take :a [1 2])
;; !! EvalError: take expected a number, got keyword: :a

(drop 2 [1 2 3 4])
;; => [3 4]

(drop -1 [1 2])
;; => [1 2]

(drop 5 [1 2])
;; => []

(drop 2 nil)
;; => []

(drop 1.0 [10 20])
;; => [20]

(take-last 2 [1 2 3 4])
;; => [3 4]

(take-last 5 [1 2])
;; => [1 2]

;; nil rather than an empty vector (Clojure seq punning, GAP-S32/S48)
(take-last 2 [])
;; => nil

(take-last 2 nil)
;; => nil

(take-last 0 [1 2])
;; => nil

(take-last -1 "ab")
;; => nil

(take-last 2 "abc")
;; => ["b" "c"]

(drop-last [1 2 3])
;; => [1 2]

(drop-last 2 [1 2 3 4])
;; => [1 2]

(drop-last 5 [1 2])
;; => []

(drop-last -1 [1 2])
;; => [1 2]

(drop-last nil)
;; => []

(take-while pos? [1 2 -1 3])
;; => [1 2]

(take-while :active [{:active true} {:active true} {:active false}])
;; => [{:active true} {:active true}]

(take-while pos? [])
;; => []

(drop-while pos? [1 2 -1 3])
;; => [-1 3]

(drop-while :pending [{:pending true} {:pending true} {:pending false}])
;; => [{:pending false}]

(drop-while {:a true :b false} [:a :b :c])
;; => [:b :c]

(split-at 2 [1 2 3 4 5])
;; => [[1 2] [3 4 5]]

(split-at 0 [1 2 3])
;; => [[] [1 2 3]]

(split-at -1 [1 2 3])
;; => [[] [1 2 3]]

(split-at 1 "ab")
;; => [["a"] ["b"]]

(split-with pos? [1 2 -1 3])
;; => [[1 2] [-1 3]]

(split-with even? [2 4 5 6])
;; => [[2 4] [5 6]]

(reverse [1 2 3])
;; => [3 2 1]

(reverse nil)
;; => []

(reverse "abc")
;; => ["c" "b" "a"]

(reverse {:a 1 :b 2})
;; !! EvalError: reverse does not accept a map directly

(partition 2 [1 2 3 4 5 6])
;; => [[1 2] [3 4] [5 6]]

(partition 3 [1 2 3 4 5])
;; => [[1 2 3]]

(partition 2 1 [1 2 3 4])
;; => [[1 2] [2 3] [3 4]]

(partition 3 3 [0] [1 2 3 4 5])
;; => [[1 2 3] [4 5 0]]

(partition 3 1 [:x] [1 2 3 4])
;; => [[1 2 3] [2 3 4] [3 4 :x]]

(partition 2 3 [1 2 3 4 5 6 7])
;; => [[1 2] [4 5]]

;; a short pad gives a short last group; nil pad is an empty pad (GAP-S31)
(partition 4 4 [:p] [1 2 3 4 5 6])
;; => [[1 2 3 4] [5 6 :p]]

(partition 3 3 nil [1 2])
;; => [[1 2]]

(partition 2 nil)
;; => []

(partition 2 "abcd")
;; => [["a" "b"] ["c" "d"]]

(partition -1 [1 2 3])
;; => []

(partition 0 [1 2 3])
;; !! EvalError: partition expected a positive size, got 0

(partition 2 0 [1 2 3])
;; !! EvalError: partition expected a positive step, got 0

(partition-all 2 [1 2 3 4 5])
;; => [[1 2] [3 4] [5]]

(partition-all 3 [1 2 3 4 5])
;; => [[1 2 3] [4 5]]

(partition-all 2 1 [1 2 3])
;; => [[1 2] [2 3] [3]]

(partition-all 2 nil)
;; => []

(partition-all 0 [1])
;; !! EvalError: partition-all expected a positive size, got 0

(partition-by odd? [1 1 2 2 3])
;; => [[1 1] [2 2] [3]]

(partition-by identity [1 1 2 3 3])
;; => [[1 1] [2] [3 3]]

(partition-by identity [])
;; => []

(partition-by {:a 1 :b 2} [:a :a :b])
;; => [[:a :a] [:b]]

(dedupe [1 1 2 3 3 2])
;; => [1 2 3 2]

(dedupe "aabcc")
;; => ["a" "b" "c"]

(dedupe nil)
;; => []

(dedupe [1 1.0 true])
;; => [1 true]

(distinct [1 2 1 3])
;; => [1 2 3]

(distinct nil)
;; => []

(distinct "abca")
;; => ["a" "b" "c"]

(distinct [[1 2] [1 2] {:a 1} {:a 1}])
;; => [[1 2] {:a 1}]

(distinct [1 true 1 false nil nil])
;; => [1 true false nil]

;; distinct exposes order, so a map needs an explicit view (PtcRunner GAP-S134)
(distinct {:a 1})
;; !! EvalError: distinct does not accept a map directly

(interleave [1 2] [:a :b])
;; => [1 :a 2 :b]

(interleave [1 2 3] [:a])
;; => [1 :a]

(interleave [1 2] [3 4] [5 6])
;; => [1 3 5 2 4 6]

(interleave)
;; => []

(interleave [1 2])
;; => [1 2]

(interleave "ab" [1 2])
;; => ["a" 1 "b" 2]

(interleave nil [1])
;; => []

(interleave {:a 1} [:x])
;; !! EvalError: interleave does not accept a map directly

(interpose ", " ["a" "b" "c"])
;; => ["a" ", " "b" ", " "c"]

(interpose :x [1])
;; => [1]

(interpose :x [])
;; => []

(interpose :x nil)
;; => []

(interpose nil [1 2 3])
;; => [1 nil 2 nil 3]

(interpose "," "ab")
;; => ["a" "," "b"]

(zip [1 2] [:a :b])
;; => [[1 :a] [2 :b]]

(zip [1 2 3] [:a])
;; => [[1 :a]]

(zip nil [1])
;; => []

(zipmap [:a :b :c] [1 2 3])
;; => {:a 1 :b 2 :c 3}

(zipmap [:a :b] [1 2 3])
;; => {:a 1 :b 2}

(zipmap [:a :a] [1 2])
;; => {:a 2}

(zipmap [] [1])
;; => {}

(zipmap [[1 2]] [:v])
;; => {[1 2] :v}

(flatten [[1 2] [3 [4]]])
;; => [1 2 3 4]

(flatten [1 [2 {:a 3}] "str"])
;; => [1 2 {:a 3} "str"]

(flatten [1 #{2 3} [[[[4]]]]])
;; => [1 #{2 3} 4]

(flatten [[] [[]] 1])
;; => [1]

;; anything but a vector flattens to nothing, as in Clojure (GAP-S20, GAP-S81)
(flatten nil)
;; => []

(flatten 1)
;; => []

(flatten "ab")
;; => []

(flatten {:a [1 2]})
;; => []

(let [tree {:id 1 :children [{:id 2 :children []} {:id 3 :children []}]}]
  (map :id (tree-seq :children :children tree)))
;; => [1 2 3]

(let [tree {:name "root" :value 10 :children [
             {:name "a" :value 5 :children []}
             {:name "b" :value 15 :children []}]}]
  (->> (tree-seq :children :children tree)
       (filter #(> (:value %) 10))
       (map :name)))
;; => ["b"]

(tree-seq vector? identity [1 [2 [3]] 4])
;; => [[1 [2 [3]] 4] 1 [2 [3]] 2 [3] 3 4]

(tree-seq map? vals {:a {:b 1} :c 2})
;; => [{:a {:b 1} :c 2} {:b 1} 1 2]

;; characters are one-character strings: a character is a leaf, not an endless loop (GAP-S77)
(tree-seq string? seq "ab")
;; => ["ab" "a" "b"]

(combinations [1 2 3] 2)
;; => [[1 2] [1 3] [2 3]]

(combinations [1 2 3 4] 3)
;; => [[1 2 3] [1 2 4] [1 3 4] [2 3 4]]

(combinations [1 2 3] 0)
;; => [[]]

(combinations [1 2] 3)
;; => []

(combinations [1 2] -1)
;; => []

(combinations "abc" 2)
;; => [["a" "b"] ["a" "c"] ["b" "c"]]

(->> (combinations [1 2 3 4 5] 2)
     (filter (fn [[a b]] (= (+ a b) 6))))
;; => [[1 5] [2 4]]

(combinations (range 60) 30)
;; !! LimitExceeded
