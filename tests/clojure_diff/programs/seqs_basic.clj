;; Sequence access and slicing.

;; first, second, last, rest, next on a vector
(let [v [10 20 30 40]]
  [(first v) (second v) (last v) (rest v) (next v) (nth v 2) (count v)])

;; empty and nil inputs
[(first []) (rest []) (next []) (last []) (count nil) (seq []) (seq nil) (empty? []) (empty? nil)]

;; take, drop and their -while and -last forms
[(take 2 [1 2 3 4]) (drop 2 [1 2 3 4]) (take-last 2 [1 2 3 4]) (drop-last [1 2 3 4])
 (take-while odd? [1 3 4 5]) (drop-while odd? [1 3 4 5])]

;; butlast and nthrest
[(butlast [1 2 3]) (butlast [1]) (nthrest [1 2 3 4] 2) (nthnext [1 2 3] 5)]

;; partition and partition-all
[(partition 2 [1 2 3 4 5]) (partition-all 2 [1 2 3 4 5]) (partition 3 1 [1 2 3 4 5])
 (partition 2 2 [0] [1 2 3])]

;; split-at, split-with, partition-by
[(split-at 2 [1 2 3 4]) (split-with even? [2 4 5 6]) (partition-by odd? [1 3 2 4 5])]

;; range forms
[(range 5) (range 2 8) (range 10 0 -3) (range 0 0)]

;; subvec, peek and pop on vectors
[(subvec [0 1 2 3 4] 1 3) (subvec [0 1 2] 1) (peek [1 2 3]) (pop [1 2 3])]

;; sequences over strings are characters
[(first "hello") (count "hello") (reverse "abc") (take 2 "hello") (seq "")]

;; interleave, interpose, distinct, dedupe
[(interleave [1 2 3] [:a :b :c]) (interpose 0 [1 2 3]) (distinct [1 2 1 3 2]) (dedupe [1 1 2 2 1])]

;; some, every?, not-any?, not-every?
[(some even? [1 3 4]) (some even? [1 3]) (every? pos? [1 2]) (every? pos? []) (not-any? neg? [1 2])
 (not-every? odd? [1 2])]

;; cons, conj and concat
[(cons 0 [1 2]) (conj [1 2] 3 4) (concat [1] [2 3] [] [4]) (into [0] [1 2])]
