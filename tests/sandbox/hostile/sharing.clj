;; 60 levels of [a a]: 60 objects in memory, 2^60 leaves when walked
(let [x (reduce (fn [a _] [a a]) [] (range 60))] (count (str x)))
;; !! LimitExceeded timeout|max_collection_size|max_string_chars|max_memory_mb

(let [x (reduce (fn [a _] [a a]) [] (range 60))] (pr-str x))
;; !! LimitExceeded timeout|max_collection_size|max_string_chars|max_memory_mb

(let [x (reduce (fn [a _] [a a]) [] (range 60))] (println x))
;; ~> any

(let [x (reduce (fn [a _] [a a]) [] (range 60))] (= x (reduce (fn [a _] [a a]) [] (range 60))))
;; !! LimitExceeded timeout|max_memory_mb

(let [x (reduce (fn [a _] [a a]) [] (range 60))] (= x x))
;; => true

(let [x (reduce (fn [a _] [a a]) [] (range 60))] #{x})
;; !! LimitExceeded timeout|max_memory_mb

(let [x (reduce (fn [a _] [a a]) [] (range 60))] (hash-set x 1))
;; !! LimitExceeded timeout|max_memory_mb

(let [x (reduce (fn [a _] [a a]) [] (range 60))] {x 1})
;; !! LimitExceeded timeout|max_memory_mb

(let [x (reduce (fn [a _] [a a]) [] (range 60))] (assoc {} x 1))
;; !! LimitExceeded timeout|max_memory_mb

(let [x (reduce (fn [a _] [a a]) [] (range 60))] (contains? #{1} x))
;; !! LimitExceeded timeout|max_memory_mb

(let [x (reduce (fn [a _] [a a]) [] (range 60))] (frequencies [x x]))
;; !! LimitExceeded timeout|max_memory_mb

(let [x (reduce (fn [a _] [a a]) [] (range 60))] (distinct [x x [x]]))
;; !! LimitExceeded timeout|max_memory_mb

(let [x (reduce (fn [a _] [a a]) [] (range 60))] (group-by identity [x x]))
;; !! LimitExceeded timeout|max_memory_mb

;; isolation only: in-process the stop lands between long C-level comparisons,
;; measured up to 2.7 s past the timeout on a loaded 2-core machine
;; mode: process
(let [x (reduce (fn [a _] [a a]) [] (range 60))] (sort [x [x]]))
;; !! LimitExceeded timeout|max_memory_mb

;; isolation only: in-process the stop lands between long C-level comparisons,
;; measured up to 2.7 s past the timeout on a loaded 2-core machine
;; mode: process
(let [x (reduce (fn [a _] [a a]) [] (range 60))] (compare x [x]))
;; !! LimitExceeded timeout|max_memory_mb

(let [x (reduce (fn [a _] [a a]) [] (range 60))] (flatten x))
;; !! LimitExceeded timeout|max_collection_size|max_memory_mb

(let [x (reduce (fn [a _] [a a]) [] (range 60))] (json/generate-string x))
;; !! LimitExceeded timeout|max_collection_size|max_string_chars|max_memory_mb

(let [x (reduce (fn [a _] [a a]) [] (range 60))] (clojure.walk/postwalk identity x))
;; !! LimitExceeded timeout|max_memory_mb

(let [x (reduce (fn [a _] [a a]) [] (range 60))] (clojure.walk/prewalk identity x))
;; !! LimitExceeded timeout|max_memory_mb

(let [x (reduce (fn [a _] [a a]) [] (range 60))] (tree-seq vector? seq x))
;; !! LimitExceeded timeout|max_collection_size|max_memory_mb

(let [x (reduce (fn [a _] [a a]) [] (range 60))] (describe x))
;; ~> any

(let [x (reduce (fn [a _] {:l a :r a}) {} (range 60))] (count (pr-str x)))
;; !! LimitExceeded timeout|max_collection_size|max_string_chars|max_memory_mb

(let [x (reduce (fn [a _] {:l a :r a}) {} (range 60))] (clojure.walk/keywordize-keys x))
;; !! LimitExceeded timeout|max_memory_mb

(let [x (reduce (fn [a _] #{a [a]}) #{} (range 40))] (count (str x)))
;; !! LimitExceeded timeout|max_collection_size|max_string_chars|max_memory_mb

;; tool arguments leave the sandbox: measured at once (export.py), not walked
(let [x (reduce (fn [a _] [a a]) [] (range 60))] (tool/echo {:x x}))
;; !! LimitExceeded export

;; the whole value as the result: the session returns it without walking it
(let [x (reduce (fn [a _] [a a]) [] (range 60))] (count x))
;; => 2

;; stored in memory, then walked by the next program
(def x (reduce (fn [a _] [a a]) [] (range 60))) (str x)
;; !! LimitExceeded timeout|max_collection_size|max_string_chars|max_memory_mb
