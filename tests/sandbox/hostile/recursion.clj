;; unbounded non-tail recursion
(defn f [n] (+ 1 (f n))) (f 1)
;; !! LimitExceeded max_depth|timeout

(defn f [n] (inc (f (inc n)))) (f 0)
;; !! LimitExceeded max_depth|timeout

;; mutual recursion through globals
(defn a [n] (b n)) (defn b [n] (a n)) (a 1)
;; !! LimitExceeded max_depth|timeout

(defn ping [n] (+ 1 (pong n))) (defn pong [n] (+ 1 (ping n))) (ping 0)
;; !! LimitExceeded max_depth|timeout

;; recursion through higher-order builtins (C frames in between)
(defn f [n] (first (map f [n]))) (f 1)
;; !! LimitExceeded max_depth|timeout

(defn f [n] (first (mapv f [n]))) (f 1)
;; !! LimitExceeded max_depth|timeout

(defn f [n] (reduce (fn [a x] (f x)) 0 [n])) (f 1)
;; !! LimitExceeded max_depth|timeout

(defn f [n] (apply f [n])) (f 1)
;; !! LimitExceeded max_depth|timeout

(defn f [n] (:a (update {:a n} :a f))) (f 1)
;; !! LimitExceeded max_depth|timeout

;; recursion inside a sort comparator: about 5 KB of C stack per level
(defn f [n] (first (sort (fn [a b] (f n) 0) [1 2]))) (f 1)
;; !! LimitExceeded max_depth|timeout

(defn f [n] (first (sort-by (fn [x] (f x)) [n n]))) (f 1)
;; !! LimitExceeded max_depth|timeout

(defn f [n] (count (filter (fn [x] (f x)) [n]))) (f 1)
;; !! LimitExceeded max_depth|timeout

(defn f [n] (some (fn [x] (f x)) [n])) (f 1)
;; !! LimitExceeded max_depth|timeout

(defn f [n] (get (group-by (fn [x] (f x)) [n]) 1)) (f 1)
;; !! LimitExceeded max_depth|timeout

(defn f [n] ((comp f) n)) (f 1)
;; !! LimitExceeded max_depth|timeout

(defn f [n] ((partial f) n)) (f 1)
;; !! LimitExceeded max_depth|timeout

(defn f [n] (first (for [x [n]] (f x)))) (f 1)
;; !! LimitExceeded max_depth|timeout

(defn f [n] (first (pmap f [n]))) (f 1)
;; !! LimitExceeded max_depth|timeout

;; deep but finite recursion works on the big stack
(defn sum [xs] (if (empty? xs) 0 (+ (first xs) (sum (rest xs))))) (sum (range 3000))
;; => 4498500

(defn depth [n] (if (zero? n) 0 (inc (depth (dec n))))) (depth 4500)
;; => 4500

(defn f [n] (if (zero? n) 0 (inc (first (map f [(dec n)]))))) (f 2000)
;; => 2000

(defn f [n] (if (zero? n) 0 (inc (reduce (fn [acc x] (f (dec n))) 0 [1])))) (f 3)
;; => 3

;; a low max_depth is exact
;; limits: max_depth=50
(defn depth [n] (if (zero? n) 0 (inc (depth (dec n))))) (depth 100)
;; !! LimitExceeded max_depth

;; exponential recursion: fine depth, endless time
(defn fib [n] (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2))))) (fib 60)
;; !! LimitExceeded timeout

;; a tool called before the deep part is not called twice (the retry replays it)
(defn d [n] (if (zero? n) 0 (inc (d (dec n))))) [(tool/count {:xs [1 2 3]}) (d 3000)]
;; => [3 3000]
