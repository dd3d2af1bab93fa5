;; Sequence library: counting, positional access, seq views (spec 3.4, 8.1, 11.1, 11.2;
;; PtcRunner DIV-26 signal values, DIV-29 maps refused by positional helpers, DIV-38 sorted map views).

(count [1 2 3])
;; => 3

(count [])
;; => 0

(count nil)
;; => 0

(count {:a 1 :b 2})
;; => 2

(count #{1 2})
;; => 2

;; strings count characters (spec 3.4)
(count "hello")
;; => 5

(count (filter #(= \r %) "raspberry"))
;; => 3

;; a character made of two code points counts once (graphemes)
(count "e\u0301")
;; => 1

(count 5)
;; !! EvalError: count expected a collection, got integer: 5

(empty? [])
;; => true

(empty? nil)
;; => true

(empty? #{})
;; => true

(empty? "")
;; => true

(empty? [1])
;; => false

(empty? {:a 1})
;; => false

(not-empty [1 2])
;; => [1 2]

(not-empty [])
;; => nil

(not-empty nil)
;; => nil

(not-empty "ab")
;; => "ab"

(empty [1 2 3])
;; => []

(empty {:a 1})
;; => {}

(empty #{1})
;; => #{}

(empty nil)
;; => nil

;; Clojure: strings and other non-collections have no empty counterpart
(empty "abc")
;; => nil

(empty 1)
;; => nil

(first [1 2 3])
;; => 1

(first [])
;; => nil

(first nil)
;; => nil

(first "hello")
;; => "h"

(second [1 2 3])
;; => 2

(second [1])
;; => nil

(last [1 2 3])
;; => 3

(last [])
;; => nil

(last nil)
;; => nil

(last "abc")
;; => "c"

(rest [1 2 3])
;; => [2 3]

(rest [])
;; => []

(rest nil)
;; => []

(rest "abc")
;; => ["b" "c"]

(next [1 2 3])
;; => [2 3]

(next [])
;; => nil

(next [1])
;; => nil

(butlast [1 2 3 4])
;; => [1 2 3]

(butlast [1])
;; => nil

(butlast [])
;; => nil

(butlast nil)
;; => nil

(ffirst [[1 2] [3]])
;; => 1

(ffirst nil)
;; => nil

(fnext [1 2 3])
;; => 2

(nfirst [[1 2] [3]])
;; => [2]

(nnext [1 2 3 4])
;; => [3 4]

(nnext [1 2])
;; => nil

(nth [1 2 3] 1)
;; => 2

;; out of range and negative indexes give nil (PtcRunner DIV-26), or the not-found value
(nth [1 2 3] 10)
;; => nil

(nth [1 2] -1)
;; => nil

(nth [1 2] 5 :x)
;; => :x

(nth [1 2] -1 :x)
;; => :x

(nth nil 0)
;; => nil

(nth nil 0 :x)
;; => :x

(nth "abc" 1)
;; => "b"

(nth "a" 1 :missing)
;; => :missing

;; Clojure coerces a float index
(nth [10 20] 1.0)
;; => 20

(nth [1 2] :a)
;; !! EvalError: nth expected an integer index, got keyword: :a

(nthrest [1 2 3 4] 2)
;; => [3 4]

(nthrest [1 2] 5)
;; => []

(nthrest [1 2 3] -1)
;; => [1 2 3]

(nthnext [1 2 3 4] 2)
;; => [3 4]

(nthnext [1 2] 2)
;; => nil

(peek [1 2 3])
;; => 3

(peek [])
;; => nil

(peek nil)
;; => nil

(pop [1 2 3])
;; => [1 2]

(pop [1])
;; => []

(pop [])
;; => nil

(pop #{1})
;; !! EvalError: pop expected a vector, got set

(subvec [0 1 2 3 4] 1 3)
;; => [1 2]

(subvec [0 1 2 3 4] 2)
;; => [2 3 4]

;; subvec clamps its indexes (PtcRunner DIV-26)
(subvec [1 2 3] 0 9)
;; => [1 2 3]

(subvec [1 2 3] -1)
;; => [1 2 3]

(subvec [1 2 3] 2 1)
;; => []

(subvec [1 2 3] 1.0)
;; => [2 3]

(seq [1 2 3])
;; => [1 2 3]

(seq [])
;; => nil

(seq nil)
;; => nil

(seq "hello")
;; => ["h" "e" "l" "l" "o"]

(seq "")
;; => nil

(seq {})
;; => nil

;; map views are sorted by key (PtcRunner DIV-38), sets by the total order
(seq {:b 2 :a 1})
;; => [[:a 1] [:b 2]]

(seq #{3 1 2})
;; => [1 2 3]

(count (seq "abc"))
;; => 3

(first (seq {:a 1}))
;; => [:a 1]

;; maps are unordered: positional helpers want an explicit view (PtcRunner DIV-29)
(first {:a 1})
;; !! EvalError: first does not accept a map directly: maps are unordered
;; hint=> (seq m)

(rest {:a 1 :b 2})
;; !! EvalError: rest does not accept a map directly

(last {:a 1})
;; !! EvalError: last does not accept a map directly

;; sets too (spec 3.9)
(first #{1 2})
;; !! EvalError: first does not accept a set directly: sets are unordered
;; hint=> (sort s)

(nth #{1 2} 0)
;; !! EvalError: nth does not accept a set directly

(first (sort #{2 1}))
;; => 1

(entries {:b 2 :a 1})
;; => [[:a 1] [:b 2]]

(entries {})
;; => []

(entries nil)
;; => []

(entries [1 2])
;; !! EvalError: entries expected a map, got vector

(find {:a 1 :b 2} :b)
;; => [:b 2]

(find {:a 1} :z)
;; => nil

;; a present nil value is found
(find {:a nil} :a)
;; => [:a nil]

(find nil :a)
;; => nil

(find [10 20 30] 2)
;; => [2 30]

(find [10 20] 2)
;; => nil

(find [nil :b] 0)
;; => [0 nil]

(find [nil :b] -1)
;; => nil

;; flexible keys, like get (spec 7.5)
(find {"a" 1} :a)
;; => [:a 1]

;; find is not a predicate search (PtcRunner DIV-48)
(find #{1 2} 1)
;; !! EvalError: find works on maps and vectors, not on a set
;; hint=> (first (filter pred coll))

(range 5)
;; => [0 1 2 3 4]

(range 5 10)
;; => [5 6 7 8 9]

(range 0 10 2)
;; => [0 2 4 6 8]

(range 10 0 -2)
;; => [10 8 6 4 2]

(range 5 5)
;; => []

(range 0)
;; => []

(range -3)
;; => []

(range 3 0)
;; => []

;; floats step by repeated addition, as in Clojure
(range 0 1 0.25)
;; => [0 0.25 0.5 0.75]

(range 0.0 3)
;; => [0.0 1.0 2.0]

(count (range 0 1 0.1))
;; => 11

(range 0 2 0.5)
;; => [0 0.5 1.0 1.5]

(range 1 5 0)
;; !! EvalError: range with a step of 0 never reaches its end

(range 5 5 0)
;; => []

(range nil)
;; !! EvalError: range expected numbers, got nil

(range "1" 3)
;; !! EvalError: range expected numbers, got string

(range 1 nil)
;; !! EvalError: range expected numbers, got nil

(range 1 5 nil)
;; !! EvalError: range expected numbers, got nil

(subvec [1 2 3] 1 nil)
;; !! EvalError: subvec expected an integer index, got nil

(range 0 ##Inf)
;; !! EvalError: would never end

(range 0 1e300 1e-300)
;; !! EvalError: would never end

;; the size is checked before anything is built
(range 1000000000000)
;; !! LimitExceeded

(range 0 1e12 1.0)
;; !! LimitExceeded
