;; one huge collection: refused before it is built
(count (range 100000000))
;; !! LimitExceeded max_collection_size

(count (range 1e12))
;; !! LimitExceeded max_collection_size

(range 0 1 1e-9)
;; !! LimitExceeded max_collection_size

(count (vec (range 5000000)))
;; !! LimitExceeded max_collection_size

;; many big collections, each under the size limit
(count (mapv (fn [_] (vec (range 900000))) (range 100)))
;; !! LimitExceeded timeout|max_memory_mb

(count (reduce (fn [acc _] (conj acc (vec (range 900000)))) [] (range 100)))
;; !! LimitExceeded timeout|max_memory_mb

(count (for [i (range 100)] (range 900000)))
;; !! LimitExceeded timeout|max_memory_mb

;; doubling
(count (reduce (fn [v _] (into v v)) [1] (range 64)))
;; !! LimitExceeded max_collection_size|timeout|max_memory_mb

(count (reduce (fn [v _] (concat v v)) [1] (range 64)))
;; !! LimitExceeded max_collection_size|timeout|max_memory_mb

(count (reduce (fn [s _] (str s s)) "x" (range 64)))
;; !! LimitExceeded max_collection_size|max_string_chars|timeout|max_memory_mb

(count (reduce (fn [m i] (merge m (zipmap (range (* i 1000) (* (inc i) 1000)) (range 1000)))) {} (range 2000)))
;; !! LimitExceeded timeout|max_memory_mb|max_collection_size

;; nested for: the product is refused or stopped
(count (for [a (range 3000) b (range 3000)] [a b]))
;; !! LimitExceeded timeout|max_collection_size|max_memory_mb

(count (for [a (range 1000) b (range 1000) c (range 1000)] 1))
;; !! LimitExceeded timeout|max_collection_size|max_memory_mb

;; strings and joins
(count (clojure.string/join (map (constantly "x") (range 900000))))
;; ~> any

(count (apply str (map (constantly "xxxxxxxxxx") (range 900000))))
;; !! LimitExceeded max_collection_size|max_string_chars|timeout

(count (clojure.string/join "," (range 900000)))
;; !! LimitExceeded max_collection_size|max_string_chars|timeout

(let [s (clojure.string/join (map (constantly "x") (range 100000)))] (count (clojure.string/join [s s s s s s s s s s s s])))
;; !! LimitExceeded max_collection_size|max_string_chars

(clojure.string/replace (clojure.string/join (map (constantly "a") (range 100000))) "a" "aaaaaaaaaaaaaaaaaaaa")
;; !! LimitExceeded max_collection_size|max_string_chars

(format "%0999999999d" 1)
;; !! LimitExceeded max_collection_size|max_string_chars

(format "%.999999999f" 1.0)
;; !! LimitExceeded max_collection_size|max_string_chars

(count (str (range 900000)))
;; !! LimitExceeded max_collection_size|max_string_chars|timeout

;; "repeat" through reduce
(count (reduce (fn [acc _] (conj acc "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx")) [] (range 10000000)))
;; !! LimitExceeded timeout|max_memory_mb|max_collection_size

(count (reduce (fn [acc i] (assoc acc i i)) {} (range 10000000)))
;; !! LimitExceeded timeout|max_memory_mb|max_collection_size

(count (reduce (fn [acc i] (conj acc i)) #{} (range 10000000)))
;; !! LimitExceeded timeout|max_memory_mb|max_collection_size

;; combinatorial builders
(count (combinations (range 60) 10))
;; !! LimitExceeded max_collection_size

(count (partition 1 (range 900000)))
;; ~> any

(count (interleave (range 900000) (range 900000)))
;; !! LimitExceeded max_collection_size

(count (mapcat (fn [x] (range 1000)) (range 5000)))
;; !! LimitExceeded max_collection_size|timeout|max_memory_mb

(count (zipmap (range 900000) (range 900000)))
;; ~> any

;; a low memory limit stops a run that keeps what it builds
;; limits: max_memory_mb=64 timeout=5.0
(count (reduce (fn [acc i] (conj acc (vec (range 100000)))) [] (range 2000)))
;; !! LimitExceeded max_memory_mb

;; limits: max_memory_mb=64 timeout=2.0
(count (mapv (fn [i] (clojure.string/join (map str (range 20000)))) (range 1000)))
;; !! LimitExceeded max_memory_mb|timeout

;; issue 15: text built in one go from many references to one long string is charged first
;; limits: timeout=2.0
(let [s (str/join (range 170000)) v (mapv (fn [_] s) (range 3000))] (count (apply str v)))
;; !! LimitExceeded max_collection_size

;; limits: timeout=2.0 max_string_chars=2000000
(let [s (str/join (range 170000)) v (mapv (fn [_] s) (range 3000))] (count (apply str v)))
;; !! LimitExceeded max_string_chars

;; limits: timeout=2.0
(let [s (str/join (range 170000)) v (mapv (fn [_] s) (range 3000))]
  (count (apply format (str/join (mapv (fn [_] "%s") (range 3000))) v)))
;; !! LimitExceeded max_collection_size

;; limits: timeout=2.0
(let [s (str/join (range 170000)) v (mapv (fn [_] s) (range 3000))] (apply println v))
;; !! LimitExceeded max_print_chars

;; limits: timeout=2.0 max_print_chars=None
(let [s (str/join (range 170000)) v (mapv (fn [_] s) (range 3000))] (apply println v))
;; !! LimitExceeded max_collection_size

;; limits: timeout=2.0
(let [s (str/join (range 170000)) v (mapv (fn [_] s) (range 3000))] (count (apply pr-str v)))
;; !! LimitExceeded max_collection_size

;; limits: timeout=2.0
(let [s (str/join (range 170000))] (count (str s s)))
;; !! LimitExceeded max_collection_size
