;; Transforming sequences with higher-order functions.

;; map, filter, remove
[(map inc [1 2 3]) (filter even? (range 10)) (remove even? (range 10))]

;; map over several collections stops at the shortest
[(map + [1 2 3] [10 20]) (map vector [1 2] [:a :b] ["x" "y"])]

;; mapcat, map-indexed, keep, keep-indexed
[(mapcat (fn [x] [x x]) [1 2]) (map-indexed vector [:a :b]) (keep #(when (odd? %) (* % 10)) [1 2 3])
 (keep-indexed (fn [i x] (when (even? i) x)) [:a :b :c])]

;; reduce with and without an initial value
[(reduce + [1 2 3]) (reduce + 10 [1 2 3]) (reduce + []) (reduce conj [] [1 2]) (reduce max [3 9 2])]

;; running sums with reduce and peek
(reduce (fn [acc x] (conj acc (+ (peek acc) x))) [0] [1 2 3 4])

;; sort, sort-by, reverse
[(sort [3 1 2]) (sort > [3 1 2]) (sort-by count ["ccc" "a" "bb"]) (sort-by - [1 3 2]) (reverse [1 2 3])]

;; sort-by is stable
(sort-by :k [{:k 2 :id 1} {:k 1 :id 2} {:k 2 :id 3} {:k 1 :id 4}])

;; frequencies and group-by
[(frequencies [:a :b :a :c :a]) (group-by odd? [1 2 3 4 5]) (group-by count ["a" "bb" "c"])]

;; flatten nested vectors
[(flatten [1 [2 [3 [4]]] 5]) (flatten [])]

;; max-key and min-key
[(max-key count "a" "abc" "ab") (min-key count "abc" "a" "ab")]

;; a pipeline of transformations
(->> (range 1 20)
     (filter #(zero? (mod % 3)))
     (map #(* % %))
     (reduce +))

;; tree-seq over nested data
(map :id (tree-seq :kids :kids {:id 1 :kids [{:id 2 :kids [{:id 3}]} {:id 4}]}))

;; vec and into over other collections
[(vec "ab") (into [] (range 3)) (vec nil) (into #{} [1 1 2])]

;; iterate-free accumulation with loop
(loop [xs [3 1 4 1 5] acc []]
  (if (empty? xs) acc (recur (rest xs) (conj acc (* 2 (first xs))))))
