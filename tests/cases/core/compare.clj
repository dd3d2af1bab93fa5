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
;; !! EvalError: < cannot compare number ##NaN with string "a"

;; recoverable comparisons over mixed values use the total order, except that a number is
;; ordered only against numbers and nil (as in Clojure, a number against text is an error)
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
;; !! EvalError: < cannot compare number 1 with string "a"
;; hint=> use parse-long or parse-double to read a number from a string

(< 1 "a")
;; !! EvalError: < cannot compare number 1 with string "a"

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

;; JSON numbers written as text: an error with the parser to use, never a silent answer
(> "7" 10)
;; !! EvalError: > cannot compare number 10 with string "7"
;; hint=> "7" is text holding a number: read it first with (parse-long s)

(filter #(> (:price %) 10) [{:price "12.50"} {:price 3}])
;; !! EvalError: > cannot compare number 10 with string "12.50"
;; hint=> read it first with (parse-double s)

(filter #(> (parse-double (:price %)) 10) [{:price "12.50"} {:price "3"}])
;; => [{:price "12.50"}]

(<= 1 2 "3")
;; !! EvalError: <= cannot compare number 2 with string "3"
;; hint=> (parse-long s)

(>= :a 1)
;; !! EvalError: >= cannot compare number 1 with keyword :a
;; hint=> < > <= >= min and max order a number only against numbers (or nil); compare, sort and sort-by order values of any kinds

(< 1 true)
;; !! EvalError: < cannot compare number 1 with boolean true

(> [1] 0)
;; !! EvalError: > cannot compare number 0 with vector [1]

;; nil stays recoverable (spec 11.2, 11.3), and text against text is ordered
(> "b" "a" nil)
;; => true

;; compare and sorting keep the total order over mixed values
(compare 1 "a")
;; => -1

(compare "7" 10)
;; => 1

(sort [3 "b" 1 nil "a"])
;; => [1 3 nil "a" "b"]

(sort-by :n [{:n "x"} {:n 2} {:n nil}])
;; => [{:n 2} {:n nil} {:n "x"}]
