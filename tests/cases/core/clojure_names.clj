;; Clojure names models write (issue #37): conversions, sorted collections, printing, memoize,
;; trampoline; and the names left out on purpose, each answering with what to write instead.
;; Values are checked against Clojure 1.11 in tests/clojure_diff/programs/models_write.clj.

;; ---------------------------------------------------------------- conversions

[(long 3.7) (long -3.7) (long 5) (long ##NaN) (long \A) (num 3) (num 2.5)]
;; => [3 -3 5 0 65 3 2.5]

(long 1e20)
;; !! EvalError: Value out of range for long: 1.0E20
;; hint=> long converts to a 64-bit integer

(long "12")
;; !! EvalError: long expected a number or a character, got string: "12"
;; hint=> parse-long

(num "1")
;; !! EvalError: num expected a number, got string: "1"

[(char 65) (char 97.9) (bigint 2.9) (biginteger -2.9)]
;; => ["A" "a" 2 -2]

(char -1)
;; !! EvalError: Value out of range for char: -1

;; ---------------------------------------------------------------- collections

[(sorted-map :b 2 :a 1) (sorted-set 3 1 2) (rseq [1 2 3]) (rseq []) (list* 0 [1 2]) (list* nil)]
;; => [{:a 1 :b 2} #{1 2 3} [3 2 1] nil [0 1 2] nil]

(sorted-map :a)
;; !! EvalError

(rseq "abc")
;; !! EvalError: rseq expected a vector, map or set, got string: "abc"

[(list? [1]) (list? (list 1 2)) (any? nil) (take-nth 2 (range 7)) (bounded-count 2 [1 2 3])]
;; => [false false true [0 2 4 6] 3]

(take-nth 0 [1 2])
;; !! EvalError: take-nth expected a positive step, got 0

[(doall [1 2]) (dorun [1 2]) (doall 1 (map inc [1 2])) (sequence nil)]
;; => [[1 2] nil [2 3] []]

;; ---------------------------------------------------------------- printing

(do (pr "a" 1) (prn :b) (printf "%s has %d\n" "cart" 3) (printf "no newline") (newline) (flush))
;; => nil
;; prints=> ["\"a\" 1" ":b" "cart has 3" "no newline" ""]

[(prn-str "a" 1) (print-str "a" 1 nil) (println-str "x")]
;; => ["\"a\" 1\n" "a 1 nil" "x\n"]

(printf "%d" "x")
;; !! EvalError

;; ---------------------------------------------------------------- functions

;; memoize calls f once per distinct argument list: the print shows it
(let [f (memoize (fn [x] (println "computing" x) (* x x)))] [(f 3) (f 3) (f 4) (f 3)])
;; => [9 9 16 9]
;; prints=> ["computing 3" "computing 4"]

(memoize 1)
;; !! EvalError: memoize expected a function

;; trampoline keeps calling the functions it gets back, without a deeper stack
(do (defn down [n] (if (pos? n) #(down (dec n)) :done)) (trampoline down 10000))
;; => :done

;; a trampoline that never ends stops at the step limit
(do (defn spin [] #(spin)) (trampoline spin))
;; !! LimitExceeded

;; ---------------------------------------------------------------- left out on purpose, with what to use instead

(rand-int 10)
;; !! AnalysisError: Unable to resolve symbol: rand-int
;; hint=> no randomness

(shuffle [1 2 3])
;; !! AnalysisError: Unable to resolve symbol: shuffle
;; hint=> no randomness

(atom 0)
;; !! AnalysisError: Unable to resolve symbol: atom
;; hint=> mutable state is not supported

(volatile! 0)
;; !! AnalysisError
;; hint=> no mutable state

(transient [])
;; !! AnalysisError
;; hint=> no transients

(future 1)
;; !! AnalysisError
;; hint=> pmap and pcalls

(slurp "data.csv")
;; !! AnalysisError: Unable to resolve symbol: slurp
;; hint=> only through tool/ calls and data/

(read-string "{:a 1}")
;; !! AnalysisError
;; hint=> json/parse-string

(eval 1)
;; !! AnalysisError
;; hint=> no eval

(defmacro m [] 1)
;; !! AnalysisError
;; hint=> no macros

(defrecord Point [x y])
;; !! AnalysisError
;; hint=> use maps with a :type key

(require 'clojure.string)
;; !! AnalysisError
;; hint=> always available without require

(ex-info "bad" {})
;; !! AnalysisError
;; hint=> (fail

(binding [x 1] x)
;; !! AnalysisError
;; hint=> bind them with let

(lazy-seq [1])
;; !! AnalysisError
;; hint=> no lazy sequences

(instance? String "a")
;; !! AnalysisError
;; hint=> no Java objects

(sorted-map-by > 1 :a)
;; !! AnalysisError
;; hint=> sort-by

(transduce (map inc) + [1 2])
;; !! AnalysisError
;; hint=> (reduce f init (map g coll))

(time (+ 1 2))
;; !! AnalysisError
;; hint=> no timing

(while true 1)
;; !! AnalysisError
;; hint=> loop/recur
