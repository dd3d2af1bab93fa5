(loop [i 0 acc 0] (if (< i 5) (recur (inc i) (+ acc i)) acc))
;; => 10

((fn [n acc] (if (> n 0) (recur (dec n) (* acc n)) acc)) 5 1)
;; => 120

(loop [[head & tail] [1 2 3 4] sum 0] (if head (recur tail (+ sum head)) sum))
;; => 10

;; no artificial iteration cap: 100,000 iterations just work
(loop [i 0] (if (< i 100000) (recur (inc i)) i))
;; => 100000

;; recur must be in tail position
(loop [i 0] (inc (recur i)))
;; !! AnalysisError: Can only recur from tail position

(recur 1)
;; !! AnalysisError: recur can only be used inside loop or fn

(loop [i 0] (if (< i 3) (recur) i))
;; !! AnalysisError: Mismatched argument count to recur, expected: 1 args, got: 0

(for [x [1 2 3]] (* x 2))
;; => [2 4 6]

(for [x [1 2] y ["a" "b"]] [x y])
;; => [[1 "a"] [1 "b"] [2 "a"] [2 "b"]]

(for [x [1 2 3 4 5] :when (odd? x)] x)
;; => [1 3 5]

(for [x [1 2 3] :let [y (* x 10)]] y)
;; => [10 20 30]

(for [x [1 2 3 4 5] :while (< x 4)] x)
;; => [1 2 3]

(for [x [1 2 3 4] :when (odd? x) :let [y (* x 10)]] y)
;; => [10 30]

(for [x [1 2 3] :let [y (* x 2)] :when (> y 3)] y)
;; => [4 6]

(for [x [1 2] y [10 20 30] :while (< y 25)] [x y])
;; => [[1 10] [1 20] [2 10] [2 20]]

(for [[k v] {:a 1}] [k v])
;; => [[:a 1]]

(for [x []] x)
;; => []

(for [c "ab"] c)
;; => ["a" "b"]

;; 5,000 items need no special setting
(count (for [x (range 5000)] x))
;; => 5000

(doseq [x [1 2 3]] (println x))
;; => nil
;; prints=> ["1" "2" "3"]

(for [x [1 2 3]] (println x) (* x 10))
;; => [10 20 30]
;; prints=> ["1" "2" "3"]

(for [x [1] :until true] x)
;; !! AnalysisError: unknown for modifier :until
