;; the simplest runaway: a loop that never ends
(loop [] (recur))
;; !! LimitExceeded timeout

(loop [i 0] (recur (inc i)))
;; !! LimitExceeded timeout

(loop [i 0 acc []] (recur (inc i) acc))
;; !! LimitExceeded timeout

;; a self-recursive function in tail position
(defn f [x] (recur x)) (f 1)
;; !! LimitExceeded timeout

(defn spin [] (loop [] (recur))) (spin)
;; !! LimitExceeded timeout

;; the step budget stops it before the clock does
;; limits: max_steps=10000 timeout=5.0
(loop [i 0] (recur (inc i)))
;; !! LimitExceeded max_steps

;; limits: max_steps=10000 timeout=5.0
(defn f [n] (if (< n 0) n (f (inc n)))) (f 0)
;; !! LimitExceeded max_steps|max_depth

;; a runaway inside a higher-order function
(map (fn [x] (loop [] (recur))) [1 2 3])
;; !! LimitExceeded timeout

(reduce (fn [acc x] (loop [i 0] (if (>= i -1) (recur (inc i)) acc))) 0 [1 2])
;; !! LimitExceeded timeout

(filter (fn [x] (loop [] (recur))) (range 10))
;; !! LimitExceeded timeout

(sort-by (fn [x] (loop [] (recur))) [3 1 2])
;; !! LimitExceeded timeout

(sort (fn [a b] (loop [] (recur))) [3 1 2])
;; !! LimitExceeded timeout

(group-by (fn [x] (loop [] (recur))) [1 2])
;; !! LimitExceeded timeout

;; a for whose body never ends
(for [x (range 3)] (loop [] (recur)))
;; !! LimitExceeded timeout

(doseq [x (range 3)] (loop [] (recur)))
;; !! LimitExceeded timeout

;; nested loops: each one short, together far too long
(count (for [a (range 2000) b (range 2000) c (range 2000)] 1))
;; !! LimitExceeded timeout|max_collection_size|max_memory_mb

(reduce + (for [a (range 1000) b (range 1000)] (* a b)))
;; !! LimitExceeded timeout

;; Y-combinator style: no names, no recur
((fn [f] (f f)) (fn [f] (f f)))
;; !! LimitExceeded timeout|max_depth

;; a loop hidden in a builtin's function argument
(some (fn [x] (loop [] (recur))) [1])
;; !! LimitExceeded timeout

(every? (fn [x] (loop [] (recur))) [1])
;; !! LimitExceeded timeout

(update {:a 1} :a (fn [x] (loop [] (recur))))
;; !! LimitExceeded timeout

((comp (fn [x] (loop [] (recur))) inc) 1)
;; !! LimitExceeded timeout

(apply (fn [& xs] (loop [] (recur))) [1 2])
;; !! LimitExceeded timeout

;; pmap branches share the run's deadline
(pmap (fn [x] (loop [] (recur))) [1 2 3 4])
;; !! LimitExceeded timeout

(pcalls #(loop [] (recur)) #(loop [] (recur)))
;; !! LimitExceeded timeout

;; builtin work with no user function: long but bounded by its input
(reduce + (range 1000000))
;; ~> any

(count (filter odd? (map inc (range 1000000))))
;; ~> any

(loop [i 0] (if (< i 1000000000) (recur (+ i 1)) i))
;; !! LimitExceeded timeout
