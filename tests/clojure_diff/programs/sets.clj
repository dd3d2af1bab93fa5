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
