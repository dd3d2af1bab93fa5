;; Equality, ordering and logic (spec 8.5, 8.6, 11.3)

(= 1 1)
;; => true

(= 1 1 1)
;; => true

(= 1 2)
;; => false

(= 1)
;; => true

(=)
;; !! AnalysisError: Wrong number of args (0)

;; numeric equality is type-independent (PtcRunner DIV-32)
(= 1 1.0)
;; => true

(= 1 true)
;; => false

(= 0 false)
;; => false

(= nil false)
;; => false

(= :a "a")
;; => false

(= \a "a")
;; => true

(= [1 2] [1 2])
;; => true

(= [1 [2 {:a 1}]] [1 [2 {:a 1.0}]])
;; => true

(= {:a 1 :b 2} {:b 2 :a 1})
;; => true

(= #{1 2} #{2 1})
;; => true

(= nil nil)
;; => true

(= 5 nil)
;; => false

(= Double/NaN Double/NaN)
;; => false

(== 1 1.0)
;; => true

(== "a" "a")
;; => true

(not= 1 2)
;; => true

(not= 1 1)
;; => false

(not= 1 1.0)
;; => false

(not= ##NaN ##NaN)
;; => true

(not= 1)
;; => false

(< 1 2)
;; => true

(< 1 2 3)
;; => true

(< 1 3 2)
;; => false

(< 1 1)
;; => false

(< 1)
;; => true

(> 3 2)
;; => true

(> 3 2 1)
;; => true

(> 1 2)
;; => false

(<= 1 1)
;; => true

(<= 1 1 2 2)
;; => true

(<= 2 1)
;; => false

(>= 3 2)
;; => true

(>= 3 3 3)
;; => true

(>= 1 2)
;; => false

(< 1 2.5)
;; => true

(< 1.5 2.0)
;; => true

(< 1.0 Double/POSITIVE_INFINITY)
;; => true

(> -1.0 Double/NEGATIVE_INFINITY)
;; => true

;; NaN is unordered: every ordered comparison with it is false
(< Double/NaN 0.0)
;; => false

(> Double/NaN 0.0)
;; => false

(>= Double/NaN 0.0)
;; => false

(<= 0.0 Double/NaN)
;; => false

(< ##NaN "a")
;; => false

;; recoverable comparisons over mixed values use the total order
;; nil < booleans < numbers < strings < keywords < symbols < vectors < maps < sets
(> "b" "a")
;; => true

(< "apple" "banana")
;; => true

(< :a :b)
;; => true

(<= nil nil)
;; => true

(< nil 10)
;; => false

(> 5 nil)
;; => false

(< 1 nil)
;; => true

(< "a" 1)
;; => false

(< 1 "a")
;; => true

(< false true)
;; => true

(< [1 2] [1 3])
;; => true

(compare 1 2)
;; => -1

(compare 2 1)
;; => 1

(compare 2 2)
;; => 0

(compare 2 2.0)
;; => 0

(compare 1.5 2)
;; => -1

(compare "a" "c")
;; => -1

(compare "b" "a")
;; => 1

(compare :a :a)
;; => 0

(compare nil 1)
;; => 1

(compare 1 nil)
;; => -1

(compare nil nil)
;; => 0

(compare "a" 1)
;; => 1

(compare [1 2] [1 2])
;; => 0

;; NaN compares as 0, as in Clojure
(compare ##NaN 1)
;; => 0

(compare 1)
;; !! AnalysisError: Wrong number of args (1)

(not true)
;; => false

(not nil)
;; => true

(not false)
;; => true

(not 0)
;; => false

(not "")
;; => false

(not [])
;; => false

(boolean nil)
;; => false

(boolean false)
;; => false

(boolean 0)
;; => true

(boolean "")
;; => true

(boolean [])
;; => true

(identity 42)
;; => 42

(identity nil)
;; => nil

(map identity [1 2])
;; => [1 2]

(filter identity [1 nil 2 false 3])
;; => [1 2 3]

(sort-by identity [3 1 2])
;; => [1 2 3]
