;; Maps: access, update, merge, transforms.

;; get, get-in and keyword/map lookup with defaults
(let [m {:a 1 :b {:c 2}}]
  [(get m :a) (get m :z :none) (get-in m [:b :c]) (get-in m [:b :x] 0) (:a m) (:z m 5) (m :b)])

;; assoc, dissoc, assoc-in, update, update-in
(let [m {:a 1 :b {:c 2}}]
  [(assoc m :d 4) (dissoc m :a) (assoc-in m [:b :e] 3) (update m :a inc) (update-in m [:b :c] + 10)])

;; assoc-in and update-in create missing levels
[(assoc-in {} [:x :y] 1) (update-in {} [:n] (fnil inc 0))]

;; merge and merge-with
[(merge {:a 1} {:b 2} {:a 3}) (merge-with + {:a 1 :b 2} {:a 10}) (merge-with into {:a [1]} {:a [2]})]

;; keys, vals and select-keys (sorted so order does not matter)
(let [m {:b 2 :a 1 :c 3}]
  [(sort (keys m)) (sort (vals m)) (select-keys m [:a :c :z])])

;; zipmap, into and frequencies build maps
[(zipmap [:a :b] [1 2]) (into {} [[:a 1] [:b 2]]) (into {:a 0} {:b 1})]

;; update-vals and update-keys
[(update-vals {:a 1 :b 2} inc) (update-keys {:a 1 :b 2} name)]

;; reduce-kv builds a new map
(reduce-kv (fn [acc k v] (assoc acc v k)) {} {:a 1 :b 2})

;; contains? and find on maps
[(contains? {:a nil} :a) (contains? {:a 1} :b) (find {:a 1} :a) (find {:a 1} :b)]

;; maps compare by value; nested collections inside
[(= {:a [1 2]} {:a [1 2]}) (= {:a 1} {:a 1 :b 2}) (count {:a 1 :b 2})]

;; counting words into a map
(reduce (fn [m w] (update m w (fnil inc 0))) {} ["a" "b" "a" "c" "a"])

;; group-by then summarise each group
(let [rows [{:dept "x" :pay 10} {:dept "y" :pay 5} {:dept "x" :pay 7}]]
  (into {} (map (fn [[k v]] [k (reduce + (map :pay v))]) (group-by :dept rows))))

;; seq of a map sorted by key
(sort-by key {:c 3 :a 1 :b 2})

;; empty, not-empty and map?
[(empty {:a 1}) (not-empty {}) (not-empty {:a 1}) (map? {}) (map? [])]
