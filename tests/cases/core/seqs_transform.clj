;; Sequence library: higher-order functions (spec 7, 8.1 Filtering/Transforming/Aggregation,
;; 11.2; Clojure for GAP-S21 (reduce on empty), GAP-S49 (mapcat), GAP-S71 (maps, sets and
;; vectors as functions), GAP-S102 (several collections)).

(map inc [1 2 3])
;; => [2 3 4]

(map inc nil)
;; => []

(map inc [])
;; => []

(map :name [{:name "a"} {:name "b"} {}])
;; => ["a" "b" nil]

(map identity "abc")
;; => ["a" "b" "c"]

(map + [1 2 3] [10 20 30])
;; => [11 22 33]

(map (fn [a b] [a b]) [1 2] [:a :b])
;; => [[1 :a] [2 :b]]

;; stops at the shortest collection
(map + [1 2 3 4] [10 20])
;; => [11 22]

(map (fn [a b c] (+ a b c)) [1 2] [10 20] [100 200])
;; => [111 222]

(map + [1 2] [10 20] [100 200] [1000 2000])
;; => [1111 2222]

(map vector "ab" [1 2])
;; => [["a" 1] ["b" 2]]

(map + [1 2] nil)
;; => []

;; maps are seen as [k v] entries sorted by key
(map (fn [[k v]] [v k]) {:b 2 :a 1})
;; => [[1 :a] [2 :b]]

;; maps, sets and vectors are functions too (Clojure, GAP-S71)
(map {:a 1 :b 2} [:a :c :b])
;; => [1 nil 2]

(map #{1 2} [1 3])
;; => [1 nil]

(map [10 20] [0 1])
;; => [10 20]

;; keyword with a default from a second collection
(map :a [{:a 1} {}] [8 9])
;; => [1 9]

(mapv inc [1 2 3])
;; => [2 3 4]

(mapv + [1 2] [10 20])
;; => [11 22]

(map-indexed (fn [i x] [i x]) ["a" "b"])
;; => [[0 "a"] [1 "b"]]

(map-indexed vector nil)
;; => []

(mapcat (fn [x] [x (* x 2)]) [1 2 3])
;; => [1 2 2 4 3 6]

(mapcat (fn [x] (range 0 x)) [2 3 1])
;; => [0 1 0 1 2 0]

(mapcat identity [[1 2] [3 4] [5]])
;; => [1 2 3 4 5]

(mapcat (fn [x] (if (> x 0) [x] [])) [-1 2 -3 4])
;; => [2 4]

(mapcat (fn [x] nil) [1 2])
;; => []

(mapcat identity ["ab" "c"])
;; => ["a" "b" "c"]

(mapcat vector [1 2] [:a :b])
;; => [1 :a 2 :b]

(mapcat :tags [{:tags [1 2]} {:tags [3]} {}])
;; => [1 2 3]

(mapcat inc [1 2])
;; !! EvalError: mapcat expected the function to return a collection, got integer: 2

(filter even? [1 2 3 4])
;; => [2 4]

(filter even? nil)
;; => []

(filter :active [{:active 1} {:active nil} {:active false} {}])
;; => [{:active 1}]

(filter (fn [m] (= (:x m) nil)) [{:x nil} {:x 1}])
;; => [{:x nil}]

(filter #{:a :b} [:a :c :b])
;; => [:a :b]

(filter {:a true :b false} [:a :b :c])
;; => [:a]

(filter #(= \e %) "hello")
;; => ["e"]

;; over a map: [k v] entries, sorted by key (spec 8.1 "Map support")
(filter (fn [[k v]] (> v 100)) {:food 50 :travel 200 :office 150})
;; => [[:office 150] [:travel 200]]

(filterv odd? [1 2 3])
;; => [1 3]

(remove even? [1 2 3 4])
;; => [1 3]

(remove (fn [[k v]] (nil? v)) {:a 1 :b nil :c 3})
;; => [[:a 1] [:c 3]]

(remove :deleted [{:deleted true} {:id 2}])
;; => [{:id 2}]

(keep (fn [x] (when (odd? x) x)) (range 10))
;; => [1 3 5 7 9]

(keep identity [false nil 1 2 nil 3])
;; => [false 1 2 3]

(keep (fn [x] (when (> x 2) (* x x))) [1 2 3 4 5])
;; => [9 16 25]

(sort (keep (fn [[k v]] (when (> v 1) k)) {:a 1 :b 2 :c 3}))
;; => [:b :c]

(keep {:a 1 :b nil :c false} [:a :b :c])
;; => [1 false]

(keep-indexed (fn [i v] (if (odd? i) v)) [:a :b :c :d])
;; => [:b :d]

(keep-indexed (fn [i v] (when (even? i) v)) [10 20 30])
;; => [10 30]

(reduce + 0 [1 2 3])
;; => 6

(reduce + [1 2 3])
;; => 6

(reduce - 10 [1 2 3])
;; => 4

;; Clojure calls f with no arguments on an empty collection (GAP-S21; PtcRunner gives nil)
(reduce + [])
;; => 0

(reduce + nil)
;; => 0

(reduce * [])
;; => 1

(reduce vector [])
;; => []

(reduce str [])
;; => ""

;; one item and no init: the item itself, f is not called
(reduce + [5])
;; => 5

(reduce + 7 [])
;; => 7

(reduce + 7 nil)
;; => 7

(reduce (fn [acc [k v]] (+ acc v)) 0 {:a 1 :b 2})
;; => 3

(reduce (fn [acc x] (str acc "-" x)) "a" "bc")
;; => "a-b-c"

(reduce + 0 #{1 2 3})
;; => 6

(reduce (fn [m x] (assoc m x (* x x))) {} [1 2 3])
;; => {1 1 2 4 3 9}

(reduce max [3 9 2])
;; => 9

(some even? [1 3 4])
;; => true

(some even? [1 3])
;; => nil

(some even? [])
;; => nil

(some #{"x"} ["a" "x"])
;; => "x"

(some :admin [{:admin false} {:admin "yes"}])
;; => "yes"

(some {:a 1 :b 2} [:c :b :a])
;; => 2

(some [nil :x] [0 1])
;; => :x

(every? even? [2 4])
;; => true

(every? even? [2 3])
;; => false

(every? even? [])
;; => true

(every? :active [{:active true} {:active 1}])
;; => true

(every? :active [{:active true} {}])
;; => false

(every? #{1 2} [1 2 1])
;; => true

(not-every? even? [2 3])
;; => true

(not-every? even? [2 4])
;; => false

(not-every? even? nil)
;; => false

(not-any? odd? [2 4])
;; => true

(not-any? :error [{:error "boom"}])
;; => false

(not-any? odd? [])
;; => true

;; swapped arguments: the function comes first
(filter [1 2] odd?)
;; !! EvalError: filter expected a collection, got function
;; hint=> the function comes first: (filter pred coll)

(map [1 2] inc)
;; !! EvalError: map expected a collection, got function
;; hint=> the function comes first: (map f coll)

(reduce [1 2] +)
;; !! EvalError: reduce expected a collection, got function
;; hint=> the function comes first

(filter [{:a 1}] :a)
;; !! EvalError: filter expected a collection, got keyword: :a
;; hint=> (filter pred coll)

(map 5 [1 2])
;; !! EvalError: cannot be called as a function

(filter odd? 5)
;; !! EvalError: filter expected a collection, got integer: 5
