;; Functions as values: combinators and higher-order use.

;; comp, partial, complement
[((comp inc #(* 2 %)) 5) ((comp str inc) 1) ((partial + 10) 5) ((partial str "a") "b" "c")
 ((complement even?) 3)]

;; juxt and constantly
[((juxt first last count) [1 2 3]) ((constantly 7) 1 2) (map (constantly :x) [1 2])]

;; fnil supplies defaults for nil arguments
[((fnil + 0 0) nil 5) ((fnil inc 0) nil) (update {} :n (fnil conj []) 1)]

;; every-pred and some-fn
[((every-pred pos? even?) 2 4) ((every-pred pos? even?) 2 3) ((some-fn :a :b) {:b 2}) ((some-fn neg? zero?) 5)]

;; apply with leading arguments
[(apply + [1 2 3]) (apply + 1 2 [3 4]) (apply max [4 9 2]) (apply str "x" ["y" "z"])]

;; keywords, maps and sets as functions
[(map :a [{:a 1} {:a 2}]) (map {:x 1 :y 2} [:x :y :z]) (filter #{1 3} [1 2 3]) (:k {:k 1} 0)]

;; anonymous function shorthand with several arguments and rest
[(#(+ %1 %2) 1 2) (#(apply + %&) 1 2 3) (map #(vector % %) [1 2])]

;; functions returning functions
(let [adder (fn [n] (fn [x] (+ x n))) add5 (adder 5)] (map add5 [1 2 3]))

;; identity and function predicates
[(identity 4) (fn? inc) (fn? :a) (ifn? :a)]

;; sort with a custom comparator fn
(sort (fn [a b] (compare (count a) (count b))) ["ccc" "a" "bb"])

;; reduce with a function building a map of maps
(reduce (fn [acc {:keys [id tag]}] (assoc-in acc [tag id] true)) {} [{:id 1 :tag :x} {:id 2 :tag :x} {:id 3 :tag :y}])

;; walk over nested data
[(walk/postwalk #(if (number? %) (* 10 %) %) {:a [1 2] :b {:c 3}})
 (walk/prewalk #(if (map? %) (dissoc % :drop) %) {:keep 1 :drop 2 :n {:drop 3 :k 4}})]

;; predicates on types
[(string? "a") (keyword? :a) (vector? [1]) (map? {}) (set? #{}) (nil? nil) (boolean? false) (coll? "s")
 (sequential? [1]) (some? 0)]
