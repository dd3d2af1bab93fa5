;; Spec section 11 (Semantics and Edge Cases): every `code ; => expected` example of PtcRunner v0.13.0's
;; ptc-lisp-specification.md, with its line there; expectations are the spec's.
;; "TYPE ERROR" / "ARITHMETIC ERROR" examples expect an EvalError (code "type" / "arithmetic").
;; The tables and tool-free versions of the other examples follow at the end ("spec table/text").

;; spec 11.2, line 3727
(get {:a 1} :b)
;; => nil

;; spec 11.2, line 3728
(:b {:a 1})
;; => nil

;; spec 11.2, line 3729
(get-in {:a {:b 1}} [:a :c])
;; => nil

;; spec 11.2, line 3732: TYPE ERROR
(+ 1 nil)
;; !! EvalError: + expected numbers, got nil

;; spec 11.2, line 3735
(= nil nil)
;; => true

;; spec 11.2, line 3736
(= 5 nil)
;; => false

;; spec 11.2, line 3737
(nil? nil)
;; => true

;; spec 11.2, line 3740
(> 5 nil)
;; => false

;; spec 11.2, line 3741
(< nil 10)
;; => false

;; spec 11.2, line 3744
(filter (fn [m] (= (:x m) nil)) [{:x nil} {:x 1}])
;; => [{:x nil}]

;; spec 11.3, line 3753
(> 5 3)
;; => true

;; spec 11.3, line 3754
(< 1.5 2.0)
;; => true

;; spec 11.3, line 3757
(> "b" "a")
;; => true

;; spec 11.3, line 3758
(< 1 nil)
;; => true

;; spec 11.3, line 3759
(<= nil nil)
;; => true

;; spec 11.3, line 3760
(< Double/NaN 0.0)
;; => false

;; spec 11.3, line 3766
(sort ["b" "a" "c"])
;; => ["a" "b" "c"]

;; spec 11.4, line 3774
(sum-by :amount [{:amount 10} {:amount nil} {:other 5}])
;; => 10

;; spec 11.4, line 3777
(avg-by :amount [{:amount 10} {:amount nil} {:amount 20}])
;; => 15.0

;; spec 11.4, line 3780
(min-by :price [{:price nil} {:price 10} {:price 5}])
;; => {:price 5}

;; spec 11.5, line 3789: ARITHMETIC ERROR
(sum-by :amount [{:amount "10"} {:amount 20}])
;; !! EvalError: sum-by expected numbers, got string

;; spec 11.5, line 3792: ARITHMETIC ERROR
(avg-by :value [{:value {:x 1}}])
;; !! EvalError: avg-by expected numbers, got map

;; spec 11.7, line 3809
(:name {:name "Alice"})
;; => "Alice"

;; spec 11.7, line 3810
(:name {})
;; => nil

;; spec 11.7, line 3811
(:name {} "Unknown")
;; => "Unknown"

;; spec 11.8, line 3819
({:name "Alice"} :name)
;; => "Alice"

;; spec 11.8, line 3820
({} :name)
;; => nil

;; spec 11.8, line 3821
({} :name "Unknown")
;; => "Unknown"

;; spec 11.9, line 3829
(flatten [[1 2] [3 [4]]])
;; => [1 2 3 4]

;; spec 11.9, line 3830
(flatten [1 [2 {:a 3}] "str"])
;; => [1 2 {:a 3} "str"]

;; spec table 11.1, line 3710
(count [])
;; => 0

;; spec table 11.1, line 3711
(first [])
;; => nil

;; spec table 11.1, line 3712
(last [])
;; => nil

;; spec table 11.1, line 3713
(sum [])
;; => 0

;; spec table 11.1, line 3714
(avg [])
;; => nil

;; spec table 11.1, line 3715
(sum-by :x [])
;; => 0

;; spec table 11.1, line 3716
(avg-by :x [])
;; => nil

;; spec table 11.1, line 3717
(min-by :x [])
;; => nil

;; spec table 11.1, line 3718
(max-by :x [])
;; => nil

;; spec table 11.1, line 3719
(distinct-by :x [])
;; => []

;; spec table 11.1, line 3720: pred is even? here
(filter even? [])
;; => []

;; spec table 11.1, line 3721
(sort-by :x [])
;; => []

;; spec 11.3 text, line 3767: sort-by sorts alphabetically
(let [users [{:name "Cy"} {:name "Al"} {:name "Bo"}]]
  (map :name (sort-by :name users)))
;; => ["Al" "Bo" "Cy"]

;; spec 11.6 text, line 3802: and/or short-circuit (a failing call stands in for the spec's tool)
(and false (fail "not called"))
;; => false

;; spec 11.6 text, line 3803
(or true (fail "not called"))
;; => true

;; spec 11.10 text, line 3841: evaluated left to right, in program order (println stands in for tools)
(let [a (do (println "tool-1") 1)
      b (do (println "tool-2") 2)]
  [a b])
;; => [1 2]
;; prints=> ["tool-1" "tool-2"]

;; spec 11.10 text, line 3847: arguments are evaluated left to right
(vector (do (println "a") 1) (do (println "b") 2) (do (println "c") 3))
;; => [1 2 3]
;; prints=> ["a" "b" "c"]
