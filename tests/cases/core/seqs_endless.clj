;; Infinite sequences: (repeat x), (iterate f x), (cycle coll), (repeatedly f). Bounded
;; consumers read them as in Clojure (the values are checked against Clojure 1.11 in
;; tests/clojure_diff/programs/models_write.clj); a consumer that would need all of one is
;; refused at once with a hint, where Clojure would hang.

(take 5 (iterate inc 0))
;; => [0 1 2 3 4]

(zipmap [:a :b :c] (repeat 0))
;; => {:a 0 :b 0 :c 0}

(zipmap (iterate inc 1) [:a :b])
;; => {1 :a 2 :b}

(map vector [1 2 3] (repeat :x))
;; => [[1 :x] [2 :x] [3 :x]]

(->> (iterate #(* 2 %) 1) (take-while #(< % 100)))
;; => [1 2 4 8 16 32 64]

[(first (repeat 7)) (second (cycle [1 2])) (nth (iterate inc 0) 1000) (nth (cycle [:a :b]) 1000001)]
;; => [7 2 1000 :b]

;; a negative index is not-found, as for vectors here
[(nth (iterate inc 0) -1) (nth (repeat 1) -1 :none)]
;; => [nil :none]

(repeat 3 "ab")
;; => ["ab" "ab" "ab"]

;; with a count, repeat builds a vector at once: charged against the size limit first
(count (repeat 2000000 0))
;; !! LimitExceeded: a vector of 2000000 items is over the limit

;; ---------------------------------------------------------------- refused where Clojure hangs

(count (repeat 1))
;; !! EvalError: count cannot read all of the infinite sequence (repeat ...): it never ends
;; hint=> read a bounded part of it: (take n xs)

(vec (iterate inc 0))
;; !! EvalError: vec cannot read all of the infinite sequence (iterate ...)

(into [] (cycle [1 2]))
;; !! EvalError: into cannot read all of the infinite sequence (cycle ...)

(sort (repeatedly (constantly 1)))
;; !! EvalError: sort cannot read all of the infinite sequence (repeatedly ...)

(last (map inc (iterate inc 0)))
;; !! EvalError: last cannot read all of the infinite sequence (map ...)

(mapv inc (repeat 1))
;; !! EvalError: mapv cannot read all of the infinite sequence

(doall (iterate inc 0))
;; !! EvalError: doall cannot read all of the infinite sequence

(dorun (repeat 1))
;; !! EvalError: dorun cannot read all of the infinite sequence

(run! println (repeat 1))
;; !! EvalError: run! cannot read all of the infinite sequence

(zipmap (repeat :k) (repeat 0))
;; !! EvalError: zipmap cannot read all of the infinite sequence

(str/join "," (repeat "a"))
;; !! EvalError: str/join cannot read all of the infinite sequence

(group-by even? (iterate inc 0))
;; !! EvalError: group-by cannot read all of the infinite sequence

(frequencies (cycle [1 2]))
;; !! EvalError: frequencies cannot read all of the infinite sequence

;; for and doseq take an infinite binding only when a :while stops it
(for [x (iterate inc 0)] x)
;; !! EvalError: for cannot read all of the infinite sequence (iterate ...)
;; hint=> stop it with :while

(doseq [x (repeat 1)] (println x))
;; !! EvalError: doseq cannot read all of the infinite sequence

(for [x (iterate inc 0) :while (< x 4)] (* x 10))
;; => [0 10 20 30]

(for [x (iterate inc 0) :when (odd? x) :while (< x 8)] x)
;; => [1 3 5 7]

;; a program whose value is an infinite sequence is an error (it cannot be given whole)
(iterate inc 0)
;; !! EvalError: the program's value is the infinite sequence (iterate ...): it cannot be given whole
;; hint=> read a bounded part of it

;; ---------------------------------------------------------------- limits still hold

;; a consumer that never stops ends in a limit, never a hang or a memory blow-up
(take-while pos? (repeat 1))
;; !! LimitExceeded

(nth (iterate inc 0) 5000000)
;; !! LimitExceeded

(take 2000000 (iterate inc 0))
;; !! LimitExceeded: a vector of 2000000 items is over the limit

(some neg? (repeat 1))
;; !! LimitExceeded

(reduce (fn [a x] (+ a x)) (iterate inc 0))
;; !! LimitExceeded

;; a builtin makes no reduced value, so reduce with one over an infinite sequence never ends
(reduce + (iterate inc 0))
;; !! EvalError: reduce cannot read all of the infinite sequence (iterate ...)
;; hint=> stop it with (reduced acc) in the function

;; ---------------------------------------------------------------- kept in memory between programs

;; items are made once and kept, so repeatedly calls its function once per item read
(def xs (map #(do (println "made" %) (* % %)) (iterate inc 1)))
;; => #'xs
(take 2 xs)
;; => [1 4]
;; prints=> ["made 1" "made 2"]
(take 3 xs)
;; => [1 4 9]
;; prints=> ["made 3"]

;; an infinite sequence in memory prints as what made it
(def ys (iterate inc 0))
;; => #'ys
(str ys)
;; => "#infinite[(iterate ...)]"

;; a sequence whose making failed says so when read again, instead of ending early
(def zs (map #(/ 10 %) (iterate dec 2)))
;; => #'zs
(take 5 zs)
;; !! EvalError: Divide by zero
(take 1 zs)
;; => [5.0]
(take 5 zs)
;; !! EvalError: the infinite sequence (map ...) failed while being made before
;; hint=> make it again

;; ---------------------------------------------------------------- predicates

[(seq? (repeat 1)) (coll? (repeat 1)) (sequential? (cycle [1])) (seqable? (iterate inc 0))
 (empty? (iterate inc 0)) (some? (seq (cycle [1]))) (vector? (repeat 1)) (counted? (repeat 1))]
;; => [true true true true false true false false]

(bounded-count 10 (iterate inc 0))
;; => 10

;; ---------------------------------------------------------------- reduced

(reduce (fn [acc x] (if (> acc 100) (reduced acc) (+ acc x))) (iterate inc 0))
;; => 105

;; reduced in a function called in a loop, over a collection big enough for the compiled loop
(defn first-over [limit xs] (reduce (fn [acc x] (if (> (+ acc x) limit) (reduced acc) (+ acc x))) 0 xs))
;; => #'first-over
[(first-over 10 [1 2 3 4 5]) (first-over 100 (range 1000)) (first-over 1000000 (range 1000))]
;; => [10 91 499500]

;; a reduced value outside reduce prints as such
(str (reduced 3))
;; => "#reduced[3]"

(reductions + (repeat 3 1))
;; => [1 2 3]

;; run! stops at reduced, as Clojure's (it is a reduce)
(run! #(if (= % 2) (reduced %) (println %)) [1 2 3])
;; => nil
;; prints=> ["1"]

;; (range) without an end counts forever
[(take 3 (range)) (map-indexed vector (take 2 (range))) (zipmap (range) [:a :b])]
;; => [[0 1 2] [[0 0] [1 1]] {0 :a 1 :b}]

(count (range))
;; !! EvalError: count cannot read all of the infinite sequence (range)

;; an infinite sequence is its own type; functions that want a map or vector say what they got
[(type (iterate inc 0)) (type (reduced 1))]
;; => [:infinite-seq :reduced]

(get (repeat 1) 0)
;; !! EvalError: get expected a map, vector, set or string, got infinite-seq: #infinite[(repeat ...)]

;; pmap branches read one infinite sequence together: each item is still made once
(do (def sq (map #(* % %) (iterate inc 0))) (reduce + (pmap #(nth sq %) (range 200))))
;; => 2646700

;; an item whose making reads that same item cannot be made
(do (def self-ref (map (fn [x] (if (= x 3) (nth self-ref 3) x)) (iterate inc 0))) (take 5 self-ref))
;; !! EvalError: the infinite sequence (map ...) failed while being made before
