;; Sets.

;; set construction, conj, disj, contains?
[(set [1 2 2 3]) (conj #{1} 2) (disj #{1 2 3} 2) (contains? #{1 2} 2) (contains? #{1 2} 5)]

;; clojure.set operations
[(set/union #{1 2} #{2 3}) (set/intersection #{1 2 3} #{2 3 4}) (set/difference #{1 2 3} #{2})]

;; subset and superset
[(set/subset? #{1} #{1 2}) (set/superset? #{1 2} #{3})]

;; sets as functions and predicates
[(#{:a :b} :a) (#{:a :b} :c) (filter #{2 3} [1 2 3 4]) (remove #{2} [1 2 3])]

;; sorted view of a set and its count
(let [s (into #{} (map #(mod % 4) (range 10)))]
  [(sort s) (count s)])

;; distinct values through a set
(count (set (map :k [{:k 1} {:k 2} {:k 1}])))

;; set equality ignores order
[(= #{1 2 3} #{3 2 1}) (= #{1} #{1 2})]

;; map-invert and rename-keys
[(set/map-invert {:a 1 :b 2}) (set/rename-keys {:a 1 :b 2} {:a :x})]

;; true and false are never the keys 1 and 0 (while (= 1 true) is false)
[(contains? #{1} true) (get {1 :a} true) (count (conj #{} 1 true 0 false)) {1 :a true :b}
 (frequencies [true 1 1 false 0]) (count (hash-map 0 :zero false :no))]

;; booleans inside vectors and maps used as keys and members
[(count #{[1] [true]}) (count (set [{:a 1} {:a true}])) (group-by odd? [1 2 3])
 (distinct [1 true 0 false]) (case [true] [1] :one [true] :bool :none)]
