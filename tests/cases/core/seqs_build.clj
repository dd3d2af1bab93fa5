;; Sequence library: building collections (spec 3.9, 8.1 Combining; PtcRunner DIV-25 list is a
;; vector, DIV-27 contains? on vectors tests membership; Clojure for GAP-S30/S40/S41/S57/S76).

(vector 1 2 3)
;; => [1 2 3]

(vector)
;; => []

(list 1 2 3)
;; => [1 2 3]

(vector? (list 1))
;; => true

(vec #{3 1 2})
;; => [1 2 3]

(vec "ab")
;; => ["a" "b"]

(vec nil)
;; => []

(vec {:b 2 :a 1})
;; => [[:a 1] [:b 2]]

(vec 5)
;; !! EvalError: vec expected a collection, got integer: 5

(cons 0 [1 2 3])
;; => [0 1 2 3]

(cons 0 nil)
;; => [0]

(cons :x "ab")
;; => [:x "a" "b"]

(concat [1 2] [3 4])
;; => [1 2 3 4]

(concat)
;; => []

(concat [1] nil [2] #{3})
;; => [1 2 3]

(concat "ab" "cd")
;; => ["a" "b" "c" "d"]

(concat {:a 1} [2])
;; => [[:a 1] 2]

(concat [1] 2)
;; !! EvalError: concat expected a collection, got integer: 2

(conj [1 2] 3)
;; => [1 2 3]

(conj [1 2] 3 4)
;; => [1 2 3 4]

(conj #{1 2} 3)
;; => #{1 2 3}

(conj #{1 2} 2)
;; => #{1 2}

(conj {:a 1} [:b 2])
;; => {:a 1 :b 2}

;; Clojure conjoins a map into a map (GAP-S76)
(conj {:a 1} {:b 2 :c 3})
;; => {:a 1 :b 2 :c 3}

(conj {:a 1} nil)
;; => {:a 1}

;; no lists: conj on nil builds a vector in order (PtcRunner DIV-25)
(conj nil :a :b)
;; => [:a :b]

(conj)
;; => []

(conj [1])
;; => [1]

(conj {:a 1} [:b 2 3])
;; !! EvalError: conj on a map expected a [key value] pair or a map

(conj {:a 1} :b)
;; !! EvalError: conj on a map expected a [key value] pair or a map, got keyword: :b

(conj "ab" "c")
;; !! EvalError: conj expected a collection, got string

;; conj inside reduce grows one vector (linear, see tests/benchmarks/bench_library.py)
(count (reduce conj [] (range 20000)))
;; => 20000

(last (reduce conj [] (range 100)))
;; => 99

(nth (reduce conj [] (range 100)) 50)
;; => 50

(= (reduce conj [] (range 100)) (vec (range 100)))
;; => true

(into [] [1 2 3])
;; => [1 2 3]

(into [1] [2 3])
;; => [1 2 3]

(into [] {:a 1 :b 2})
;; => [[:a 1] [:b 2]]

(into #{} [1 2 2 3])
;; => #{1 2 3}

(into {} [[:a 1] [:b 2]])
;; => {:a 1 :b 2}

(into #{} {:a 1})
;; => #{[:a 1]}

(into {} #{[:a 1]})
;; => {:a 1}

(into {:a 1} {:b 2})
;; => {:a 1 :b 2}

(into {:a 1} [[:a 2]])
;; => {:a 2}

(into #{} "ab")
;; => #{"a" "b"}

(into [] nil)
;; => []

;; Clojure's 0- and 1-argument forms (GAP-S41)
(into)
;; => []

(into [1])
;; => [1]

(into nil [1 2])
;; => [1 2]

(into {} [[:a 1] :b])
;; !! EvalError: into a map expected [key value] pairs, got keyword: :b

(into "a" [1])
;; !! EvalError: into expected a collection to pour into, got string

(set [1 2 2 3])
;; => #{1 2 3}

(set nil)
;; => #{}

(set "aba")
;; => #{"a" "b"}

(set {:a 1})
;; => #{[:a 1]}

(set [[1 2] [1 2] {:a 1}])
;; => #{[1 2] {:a 1}}

(contains? (set [[1 2]]) [1 2])
;; => true

(hash-set 1 1 2)
;; => #{1 2}

(hash-set)
;; => #{}

(disj #{1 2 3} 2)
;; => #{1 3}

(disj #{1 2 3} 2 3)
;; => #{1}

(disj #{1 2} 5)
;; => #{1 2}

(disj #{1})
;; => #{1}

(disj nil 1)
;; => nil

(disj [1 2] 1)
;; !! EvalError: disj expected a set, got vector

(contains? {:a 1} :a)
;; => true

(contains? {:a 1} :b)
;; => false

(contains? {:a nil} :a)
;; => true

;; flexible keys (spec 7.5)
(contains? {"a" 1} :a)
;; => true

(contains? #{1 2} 1)
;; => true

(contains? #{1 2} 3)
;; => false

;; vectors test membership (spec 8.1, PtcRunner DIV-27)
(contains? ["a" "b" "c"] "b")
;; => true

(contains? ["a" "b" "c"] "x")
;; => false

(contains? [1 2] 2)
;; => true

(contains? [[1 2]] [1 2])
;; => true

(contains? [1 2] true)
;; => false

(contains? nil :a)
;; => false

;; strings: an index, as in Clojure (GAP-S35)
(contains? "abc" 1)
;; => true

(contains? "abc" 3)
;; => false

(contains? "abc" "b")
;; !! EvalError: contains? on a string expects an integer index
;; hint=> str/includes?

(contains? 5 1)
;; !! EvalError: contains? expected a collection, got integer: 5

(distinct? 1 2 3)
;; => true

(distinct? 1 2 1)
;; => false

(distinct? 1)
;; => true

;; (= 1 1.0) is true in PTC-Lisp, but 1 and true differ
(distinct? 1 1.0)
;; => false

(distinct? 1 true)
;; => true

(distinct? [1 2] [1 2])
;; => false

;; NaN equals nothing (Clojure, GAP-S101)
(distinct? ##NaN ##NaN)
;; => true
