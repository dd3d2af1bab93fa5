;; true/false never share a key with 1/0 in maps and sets (Python's True == 1 must not leak),
;; while 1 and 1.0 stay one key, as (= 1 1.0) says. Expectations follow `=` (and Clojure,
;; where true and 1 are distinct keys too).

;; ---- what used to collide

(contains? #{1} true)
;; => false

(contains? #{0} false)
;; => false

(get {1 :a} true)
;; => nil

(get {0 :a} false :none)
;; => :none

(count (conj #{} 1 true 0 false))
;; => 4

{1 :a true :b}
;; => {1 :a true :b}

(count {0 :zero false :no 1 :one true :yes})
;; => 4

(frequencies [true 1 1 false 0])
;; => {true 1 1 2 false 1 0 1}

(count #{1 true})
;; => 2

(= #{true} #{1})
;; => false

(= {true :x} {1 :x})
;; => false

(= {1 :x} {true :x})
;; => false

(hash-map 1 :a true :b)
;; => {1 :a true :b}

(assoc {1 :a} true :b)
;; => {1 :a true :b}

(get (assoc {1 :a} true :b) 1)
;; => :a

(get (assoc {1 :a} true :b) true)
;; => :b

(dissoc {1 :a true :b} true)
;; => {1 :a}

(dissoc {1 :a true :b} 1)
;; => {true :b}

(dissoc {1 :a} true)
;; => {1 :a}

(merge {1 :a} {true :b})
;; => {1 :a true :b}

(merge-with + {1 1 true 10} {true 5 1 2})
;; => {1 3 true 15}

(into {} [[1 :a] [true :b] [0 :c] [false :d]])
;; => {1 :a true :b 0 :c false :d}

(zipmap [1 true] [:a :b])
;; => {1 :a true :b}

(update {1 5} true (fnil inc 0))
;; => {1 5 true 1}

(update {1 5 true 6} true inc)
;; => {1 5 true 7}

(update-vals {1 5 true 6} inc)
;; => {1 6 true 7}

(select-keys {1 :a true :b} [true])
;; => {true :b}

(contains? {1 :a} true)
;; => false

(contains? {true :a} 1)
;; => false

(get-in {true {1 :x}} [true 1])
;; => :x

(keys {true :t 1 :one false :f 0 :zero})
;; => [0 1 false true]

(vec #{true 1 false 0})
;; => [0 1 false true]

(group-by odd? [1 2 3])
;; => {true [1 3] false [2]}

(get (group-by odd? [1 2 3]) true)
;; => [1 3]

(group-by identity [1 true 1.0 false 0])
;; => {1 [1 1.0] true [true] false [false] 0 [0]}

(distinct [1 true 1.0 false 0])
;; => [1 true false 0]

(distinct-by :k [{:k 1} {:k true} {:k 1.0}])
;; => [{:k 1} {:k true}]

(dedupe [1 true true 1])
;; => [1 true 1]

(distinct? 1 true)
;; => true

(case 1 true :bool 1 :one :none)
;; => :one

(case true 1 :one true :bool :none)
;; => :bool

(case [true] [1] :one [true] :bool :none)
;; => :bool

(case [1] [true] :bool [1] :one :none)
;; => :one

(#{1} true)
;; => nil

(#{true} true)
;; => true

(set/union #{1} #{true})
;; => #{1 true}

(set/intersection #{1 true} #{true})
;; => #{true}

(set/difference #{0 false} #{0})
;; => #{false}

(set/subset? #{true} #{1})
;; => false

(disj #{1 true} 1)
;; => #{true}

(set/map-invert {:a 1 :b true})
;; => {1 :a true :b}

(set/index [{:ok true} {:ok 1}] [:ok])
;; => {{:ok true} #{{:ok true}} {:ok 1} #{{:ok 1}}}

(clojure.walk/postwalk identity {1 :a true :b})
;; => {1 :a true :b}

(let [t true o 1] #{t o})
;; => #{1 true}

(let [t true o 1] {o :a t :b})
;; => {1 :a true :b}

(let [t true] {t :b :k :v})
;; => {true :b :k :v}

;; ---- booleans inside vectors, maps and sets are kept apart too

(count #{[1] [true]})
;; => 2

{[1] :a [true] :b}
;; => {[1] :a [true] :b}

(count (set [{:a 1} {:a true} {:a 1.0}]))
;; => 2

(frequencies [[true] [1] [1.0] {:a true} {:a 1}])
;; => {[true] 1 [1] 2 {:a true} 1 {:a 1} 1}

(count (set [#{true} #{1} #{1.0}]))
;; => 2

(frequencies [{true 1} {1 1}])
;; => {{true 1} 1 {1 1} 1}

(= {1 :a true :b} {true :b 1 :a})
;; => true

(= #{[true] 1} #{1 [true]})
;; => true

;; ---- what must still merge: 1 and 1.0 are one key

(count (set [1 1.0]))
;; => 1

(get {1 :a} 1.0)
;; => :a

(contains? #{1} 1.0)
;; => true

(frequencies [1 1.0 1])
;; => {1 3}

(count (into #{} [1 true 1.0 false 0 0.0]))
;; => 4

(= #{[1]} #{[1.0]})
;; => true

#{{:a 1} {:a 1.0} {:a true}}
;; !! ReadError: Duplicate key: {:a 1.0}

(let [a 1 b 1.0] {a :x b :y})
;; !! EvalError: Duplicate key: 1.0

(count (distinct [true true false false]))
;; => 2

(frequencies [true true false])
;; => {true 2 false 1}

(assoc {1 :a} 1.0 :b)
;; => {1 :b}

(count (conj #{true} true))
;; => 1

(count (conj #{[true]} [true]))
;; => 1
