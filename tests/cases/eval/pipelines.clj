;; Chains of map/filter/remove/keep (and a reduce with an init) that run as one fused loop
;; over a collection of codegen.THRESHOLD items or more (pipeline.py). The compiled-tier test
;; runs these with THRESHOLD 1, so every chain below is fused there; the values are Clojure's.

(->> (range 1000) (map inc) (filter even?) (reduce + 0))
;; => 250500

(->> (range 300) (map #(* % 3)) (remove #(< % 30)) (filter odd?) (reduce + 0))
;; => 67425

(->> (range 10) (keep #(when (odd? %) (* % %))) (map dec))
;; => [0 8 24 48 80]

;; keep keeps false, drops only nil
(->> [1 2 3] (keep #(if (= % 2) false %)) (map str))
;; => ["1" "false" "3"]

(mapv :a (filterv #(> (:a %) 1) [{:a 1} {:a 2} {:a 3}]))
;; => [2 3]

;; keyword stages find a string key, and nil for a missing one (spec 7.5)
(->> [{:a 1} {"a" 2} {:b 3} {:a nil}] (map :a) (filter some?) (reduce + 10))
;; => 13

;; a function literal that closes over locals
(let [k 5 m 2] (->> (range 10) (remove #(< % k)) (map #(* % m)) (reduce + 0)))
;; => 70

;; a two-parameter reducing function and a non-numeric accumulator
(->> (range 5) (map #(* % %)) (reduce (fn [acc x] (conj acc x)) []))
;; => [0 1 4 9 16]

(->> ["a" "bb" "ccc"] (map count) (filter odd?) (reduce max 0))
;; => 3

(->> [1.5 2 3] (map inc) (reduce + 0))
;; => 9.5

(->> "abc" (map str/upper-case) (remove #(= % "B")))
;; => ["A" "C"]

(->> nil (map inc) (filter odd?))
;; => []

(->> {:a 1 :b 2} (map second) (reduce + 0))
;; => 3

;; function literals that build maps: keyword keys, and a key computed from the item
(->> (range 300) (map (fn [x] {:a x})) (map :a) (reduce + 0))
;; => 44850

(->> (range 300) (map (fn [x] {x 1})) (map count) (reduce + 0))
;; => 300

;; an error inside a fused stage is the unfused run's error
(->> [1 2 "a" 4] (filter #(> % 1)) (map inc) (reduce + 0))
;; !! EvalError: >

(->> [1 2 :a] (map identity) (filter some?) (reduce + 0))
;; !! EvalError: +

(->> [1 2 3] (map inc) (filter (fn [x y] x)))
;; !! EvalError: Wrong number of args (1)

;; the collection is evaluated once, even when the fused loop fails
(->> (do (println "once") [1 2 "x"]) (map inc) (reduce + 0))
;; !! EvalError
;; prints=> ["once"]

;; a stage with effects is never fused: each item prints once
(->> [1 2] (map #(do (println %) %)) (filter odd?))
;; => [1]
;; prints=> ["1" "2"]
