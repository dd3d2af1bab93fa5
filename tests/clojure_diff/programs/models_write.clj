;; Clojure as models write it (issue #37): infinite sequences read by bounded consumers, reduced,
;; reductions, forcing, conversions, sorted collections, printing to strings, letfn, memoize,
;; trampoline. Each is compared with Clojure 1.11.

;; repeat with a count, and without one where a bounded consumer reads it
[(repeat 3 0) (repeat 0 :x) (repeat -2 :x) (take 2 (repeat :x))]

;; the idioms that cost models a turn
[(zipmap [:a :b :c] (repeat 0)) (map vector [1 2 3] (repeat :x)) (mapv + [1 2] (repeat 10))]

;; iterate: x, (f x), (f (f x)) ...
[(take 5 (iterate inc 0)) (nth (iterate #(* 2 %) 1) 10) (first (iterate inc 7)) (second (iterate inc 7))]

;; take-while and drop over an infinite sequence
[(take-while #(< % 100) (iterate #(* 3 %) 1)) (take 3 (drop 5 (iterate inc 0)))
 (take 2 (drop-while #(< % 4) (iterate inc 0)))]

;; cycle, and cycle of an empty collection
[(take 7 (cycle [1 2 3])) (cycle []) (take 3 (cycle "ab")) (map vector [:a :b :c] (cycle [true false]))]

;; repeatedly with and without a count
[(repeatedly 3 (constantly 1)) (take 2 (repeatedly (constantly :r))) (repeatedly 0 (constantly 1))]

;; lazy stages of an infinite sequence, read by take
[(take 3 (map inc (iterate inc 0))) (take 3 (filter even? (iterate inc 1)))
 (take 3 (remove even? (iterate inc 0))) (take 3 (keep #(when (odd? %) (* % %)) (iterate inc 0)))
 (take 3 (map-indexed vector (repeat :x)))]

;; a pipeline over iterate, as models write it
(->> (iterate inc 1) (map #(* % %)) (filter odd?) (take-while #(< % 100)))

;; concat, cons and interleave with an infinite sequence
[(take 4 (concat [1 2] (repeat 0))) (take 3 (cons :a (repeat :b))) (interleave [1 2 3] (repeat :x))
 (take 4 (interleave (repeat :a) (repeat :b)))]

;; rest, next, nthrest, split-at on an infinite sequence
[(take 2 (rest (iterate inc 0))) (take 2 (next (iterate inc 0))) (take 2 (nthrest (iterate inc 0) 5))
 (first (split-at 2 (iterate inc 0))) (take 2 (second (split-at 2 (iterate inc 0))))]

;; some and every? stop at the first answer
[(some #(when (> % 10) %) (iterate inc 0)) (every? pos? (take 5 (repeat 1))) (every? pos? (iterate dec 3))]

;; for with :while over an infinite sequence
(for [x (iterate inc 0) :while (< x 5)] (* x x))

;; take-nth, also of an infinite sequence
[(take-nth 2 [1 2 3 4 5]) (take 3 (take-nth 3 (iterate inc 0))) (take-nth 1 [:a :b])]

;; bounded-count
[(bounded-count 5 [1 2 3]) (bounded-count 5 (repeat 1))]

;; reduced stops reduce
[(reduce (fn [acc x] (if (> acc 5) (reduced acc) (+ acc x))) [1 2 3 4 5])
 (reduce (fn [acc x] (if (> acc 5) (reduced acc) (+ acc x))) 0 [1 2 3 4 5])
 (reduce (fn [acc x] (if (= x 3) (reduced :found) acc)) nil [1 2 3 4])]

;; reduced over an infinite sequence: the only way reduce ends there
(reduce (fn [acc x] (if (>= x 10) (reduced acc) (+ acc x))) 0 (iterate inc 0))

;; reduced, reduced?, unreduced, ensure-reduced
[(reduced? (reduced 1)) (reduced? 1) (unreduced (reduced 2)) (unreduced 3) (unreduced (ensure-reduced 4))
 (reduced? (ensure-reduced (reduced 5)))]

;; a first-found search with reduced in a user function called in a loop
(let [find-first (fn [pred xs] (reduce (fn [_ x] (when (pred x) (reduced x))) nil xs))]
  [(find-first even? [1 3 4 5 6]) (find-first neg? [1 2]) (find-first even? (range 500))])

;; reductions, with and without init, and stopped by reduced
[(reductions + [1 2 3 4]) (reductions + 10 [1 2]) (reductions + []) (reductions + 5 [])
 (reductions (fn [acc x] (if (> acc 3) (reduced acc) (+ acc x))) [1 2 3 4 5])
 (take 4 (reductions + (iterate inc 1)))]

;; doall, dorun and run! on eager collections
[(doall (map inc [1 2])) (dorun (map inc [1 2])) (doall []) (run! identity [1 2])]

;; long and num
[(long 3.7) (long -3.7) (long 5) (long ##NaN) (num 3) (num 2.5) (long \A)]

;; long out of range, num of a string
(long 1e20)

(num "1")

;; char and bigint
[(char 65) (char \a) (bigint 3.7) (bigint 12345678901234567890) (biginteger 7)]

;; sorted-map and sorted-set are seen in order
[(sorted-map :b 2 :a 1 :c 3) (seq (sorted-map 3 :c 1 :a 2 :b)) (keys (sorted-map :z 1 :y 2))
 (sorted-set 3 1 2 1) (vec (sorted-set "b" "a")) (first (seq (sorted-set 5 3 9)))]

;; divergence: sorted-set and sorted-map make plain sets and maps (always seen in order), which
;; first, last, nth... refuse as for any set or map (DIV-29): write (first (seq s))
(first (sorted-set 5 3 9))

;; rseq of a vector and of a sorted map; nil when empty
[(rseq [1 2 3]) (rseq []) (rseq (sorted-map :a 1 :b 2)) (rseq (sorted-set 1 2 3))]

;; list*
[(list* 1 2 [3 4]) (list* [1 2]) (list* nil) (list* 1 nil) (list* 1 [])]

;; printing to strings
[(prn-str 1 "a" :b) (print-str 1 "a" nil :k) (println-str "total:" 3) (pr-str [1 "x"])]

;; with-out-str captures println, print, pr, prn, printf and newline
(with-out-str (println "a" 1) (print "b") (print "c") (prn "d") (pr :e) (newline) (printf "%s=%d\n" "x" 2) (printf "%.1f" 2.25))

;; with-out-str of nothing printed, nested, and its body's value ignored
[(with-out-str) (with-out-str 42) (with-out-str (print "x") (with-out-str (print "inner")) (print "y"))]

;; letfn: functions calling themselves and the ones before them
(letfn [(sq [x] (* x x))
        (sum-sq [xs] (reduce + (map sq xs)))
        (fact [n] (if (<= n 1) 1 (* n (fact (dec n)))))]
  [(sum-sq [1 2 3]) (fact 10)])

;; divergence: multi-arity functions are not supported, in letfn as in fn (an analysis error)
(letfn [(greet ([] (greet "you")) ([n] (str "hi " n)))] [(greet) (greet "ann")])

;; memoize: the same values, each argument list computed once
(let [calls (fn [x] (* x 10)) m (memoize calls)] [(m 1) (m 1) (m 2) ((memoize +) 1 2 3)])

;; memoized recursion through a def
(do (def fib (memoize (fn [n] (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2))))))) (fib 80))

;; trampoline: mutual recursion without a deep stack
(do (declare my-odd?)
    (defn my-even? [n] (if (zero? n) true #(my-odd? (dec n))))
    (defn my-odd? [n] (if (zero? n) false #(my-even? (dec n))))
    [(trampoline my-even? 10000) (trampoline my-odd? 7) (trampoline (fn [] 42)) (trampoline + 1 2)])

;; defn- is defn
(do (defn- helper [x] (* 2 x)) (helper 21))

;; any?, sequence, newline, flush
[(any? nil) (any? false) (sequence [1 2]) (sequence nil) (sequence "ab") (newline) (flush)]

;; repeat of a float count truncates it, take rounds it up
[(repeat 2.5 :a) (take 2.5 (repeat :b))]

;; infinite sequences that no bounded consumer reads are errors here (Clojure would hang); a
;; finite count mixed with an infinite one is fine
(count (map + [1 2 3] (iterate inc 0)))

;; comparator, and the keyword and symbol predicates
[(sort (comparator >) [1 3 2]) ((comparator <) 1 2) ((comparator <) 2 1) ((comparator <) 1 1)
 (simple-keyword? :a) (qualified-keyword? :a) (ident? 'x) (ident? "x") (simple-symbol? 'a)
 (qualified-symbol? 'a/b)]

;; (range) without an end, read by bounded consumers
[(take 3 (range)) (map vector (range) [:a :b]) (zipmap (range) "ab") (nth (range) 7)
 (take-while #(< % 3) (range)) (first (filter #(> (* % %) 50) (range)))]

;; reduced ends reduce-kv too
[(reduce-kv (fn [acc k v] (if (> v 1) (reduced k) acc)) nil {:a 1 :b 2 :c 3})
 (reduce-kv (fn [acc i x] (if (= x :stop) (reduced i) (conj acc x))) [] [:a :b :stop :c])]
