;; Function combinators (spec 8.11) and apply (spec 8.12).

;; apply: spec 8.12
(apply + [1 2 3])
;; => 6

(apply str ["a" "b" "c"])
;; => "abc"

(apply + 1 2 [3 4])
;; => 10

(apply merge {:a 1} [{:b 2} {:c 3}])
;; => {:a 1 :b 2 :c 3}

(apply :name [{:name "Alice"}])
;; => "Alice"

(apply #{1 2 3} [2])
;; => 2

(map #(apply + %) [[1 2] [3 4]])
;; => [3 7]

(apply + [])
;; => 0

(apply + 1 #{2 3})
;; => 6

(apply max [3 9 4])
;; => 9

;; apply: nil and strings are sequences in the last position (GAP-S33, Clojure)
(apply + nil)
;; => 0

(apply vector nil)
;; => []

(apply str "ab")
;; => "ab"

(apply str "a" "bc")
;; => "abc"

(apply (fn [& xs] (count xs)) {:a 1 :b 2})
;; => 2

(apply + 1 2)
;; !! EvalError: apply expected a collection as its last argument, got integer: 2
;; hint=> (apply f [x y])

(apply nil [1])
;; !! EvalError: apply expected a function, got nil

(apply inc [1 2])
;; !! EvalError: Wrong number of args (2) passed to: inc

(apply (fn [a b] (+ a b)) [1 2])
;; => 3

;; comp: spec 8.11
((comp str inc) 5)
;; => "6"

((comp str +) 1 2 3)
;; => "6"

((comp inc inc inc) 0)
;; => 3

((comp) 42)
;; => 42

(map (comp inc inc) [1 2 3])
;; => [3 4 5]

((comp :name first) [{:name "A"}])
;; => "A"

;; comp with maps, sets and vectors as functions (GAP-S71, Clojure)
((comp inc {:a 1}) :a)
;; => 2

((comp boolean #{:a}) :a)
;; => true

((comp [10 20]) 1)
;; => 20

((comp inc) 1)
;; => 2

(comp inc "x")
;; !! EvalError: comp expected a function, got string: "x"

;; comp of nil is an error (GAP-S135)
((comp nil) 1)
;; !! EvalError: comp expected a function, got nil

;; partial: spec 8.11
((partial + 10) 5)
;; => 15

((partial + 1 2))
;; => 3

(map (partial + 10) [1 2 3])
;; => [11 12 13]

((partial str "a" "b") "c" "d")
;; => "abcd"

((partial {:a 1}) :a)
;; => 1

((partial #{:a}) :a)
;; => :a

((partial [10 20]) 1)
;; => 20

((partial inc) 1)
;; => 2

(partial 5 1)
;; !! EvalError: partial expected a function, got integer: 5

;; complement: spec 8.11
((complement even?) 3)
;; => true

((complement even?) 4)
;; => false

(filter (complement even?) [1 2 3 4])
;; => [1 3]

((complement {:a true}) :b)
;; => true

((complement #{:a}) :b)
;; => true

((complement :done) {:done nil})
;; => true

;; constantly: spec 8.11
((constantly 5) 1 2 3)
;; => 5

((constantly nil) :a :b)
;; => nil

((constantly 7))
;; => 7

(map (constantly :x) [1 2])
;; => [:x :x]

;; juxt: spec 8.11
((juxt :name :age) {:name "Alice" :age 30})
;; => ["Alice" 30]

((juxt #(+ % 1) #(* % 2)) 5)
;; => [6 10]

((juxt first last) [1 2 3])
;; => [1 3]

(map (juxt :x :y) [{:x 1 :y 2} {:x 3 :y 4}])
;; => [[1 2] [3 4]]

(sort-by (juxt :p :n) [{:p 2 :n "b"} {:p 1 :n "z"} {:p 2 :n "a"}])
;; => [{:p 1 :n "z"} {:p 2 :n "a"} {:p 2 :n "b"}]

;; juxt passes every argument (GAP-S58)
((juxt + vector) 1 2 3)
;; => [6 [1 2 3]]

((juxt #{:a} {:a 1}) :a)
;; => [:a 1]

((juxt [10 20] :a) 1)
;; => [20 nil]

;; juxt needs at least one function (GAP-S110)
(juxt)
;; !! AnalysisError: Wrong number of args (0) passed to: juxt

;; every-pred: spec 8.11
((every-pred even? pos?) 4)
;; => true

((every-pred even? pos?) -4)
;; => false

((every-pred even? pos?) 4 6 8)
;; => true

((every-pred even? pos?) 4 5)
;; => false

(filter (every-pred even? pos?) [-2 -1 0 1 2 3 4])
;; => [2 4]

((every-pred :a) {:a 1})
;; => true

((every-pred {:a true} {:a 1}) :a)
;; => true

((every-pred [true]) 0)
;; => true

((every-pred odd?))
;; => true

;; some-fn: spec 8.11
((some-fn :a :b) {:a 1})
;; => 1

((some-fn :a :b) {:b 2})
;; => 2

((some-fn :a :b) {:c 3})
;; => nil

((some-fn even? pos?) 3)
;; => true

((some-fn even?) 3)
;; => false

((some-fn even? neg?) 1 3 4)
;; => true

((some-fn {:a nil} {:b 2}) :b)
;; => 2

((some-fn [nil :x]) 1)
;; => :x

;; fnil: spec 8.2 examples and Clojure
((fnil inc 0) nil)
;; => 1

((fnil inc 0) 5)
;; => 6

((fnil + 0) nil 5)
;; => 5

((fnil + 10 20) nil nil)
;; => 30

((fnil vector 1 2 3) nil nil nil)
;; => [1 2 3]

((fnil vector 1 2) nil false)
;; => [1 false]

((fnil {:a 1} :x) nil)
;; => nil

((fnil :a :x) nil)
;; => nil

((fnil [10 20] 0) nil)
;; => 10

(update {:n nil} :n (fnil + 0) 5)
;; => {:n 5}

(reduce (fn [m w] (update m w (fnil inc 0))) {} ["a" "b" "a"])
;; => {"a" 2 "b" 1}

(fnil 5 0)
;; !! EvalError: fnil expected a function, got integer: 5

;; combinators are values: stored and passed around
(let [pipeline (comp (partial map inc) (partial filter even?))]
  (pipeline [1 2 3 4]))
;; => [3 5]

(defn add3 [a b c] (+ a b c))
(apply add3 1 [2 3])
;; => 6
