;; Shapes the compiled tier runs its own way (codegen.py): folds of (fn [m x] (assoc m k v))
;; that grow one private map, (str ...) and (* x y) inline. The compiled-tier test runs these
;; with every function compiled at once; the values are Clojure's.

(count (reduce (fn [m i] (assoc m i (* i i))) {} (range 300)))
;; => 300

(get (reduce (fn [m i] (assoc m i (* i i))) {} (range 300)) 299)
;; => 89401

;; the starting map is not changed by the fold
(let [start {:a 1} grown (reduce (fn [m i] (assoc m i i)) start (range 3))] [start (count grown)])
;; => [{:a 1} 4]

;; a later key overwrites an earlier one, as assoc does
(reduce (fn [m x] (assoc m (mod x 3) x)) {} (range 10))
;; => {0 9 1 7 2 8}

(reduce (fn [m k] (assoc m k 1)) nil [:a :b])
;; => {:a 1 :b 1}

;; a keyword key writes the string key it stands for (spec 7.5)
(reduce (fn [m k] (assoc m k 1)) {"a" 0} [:a :b])
;; => {"a" 1 :b 1}

;; keys assoc has more to do with: true is not 1, vectors are values
(reduce (fn [m k] (assoc m k 1)) {} [1 true 2])
;; => {1 1 true 1 2 1}

(reduce (fn [m k] (assoc m k (count k))) {} [[1] [1 2] [1]])
;; => {[1] 1 [1 2] 2}

;; not a map: assoc on a vector sets by index
(reduce (fn [v i] (assoc v i i)) [] [0 1 2])
;; => [0 1 2]

;; the function reads the map it grows: no private map
(reduce (fn [m k] (assoc m k (count m))) {} [:a :b :c])
;; => {:a 0 :b 1 :c 2}

(reduce (fn [m x] (assoc m x (/ 1 x))) {} [1 0])
;; !! EvalError: Divide by zero

(map (fn [o] (str (:id o) "-" (:name o))) [{:id 1 :name "a"} {:id 2 :name nil} {:id 3.5 :name :k}])
;; => ["1-a" "2-" "3.5-:k"]

(map (fn [s] (count (str s s))) [(apply str (range 300))])
;; => [1580]

(map (fn [x] (str x x)) [true [1 2] -5])
;; => ["truetrue" "[1 2][1 2]" "-5-5"]

(map (fn [x] (* x x)) [3 3037000500 -4 1.5])
;; => [9 9223372037000250000 16 2.25]

(map (fn [x] (* x 2)) [1 nil])
;; !! EvalError

;; assoc on a vector inside reduce: an index sets, the count appends (Clojure's assoc)
(reduce (fn [v i] (assoc v i (* i i))) [0 0 0 0] (range 4))
;; => [0 1 4 9]

(reduce (fn [v i] (assoc v i i)) [] (range 5))
;; => [0 1 2 3 4]

(count (reduce (fn [v i] (assoc v (mod i 100) i)) (vec (range 100)) (range 1000)))
;; => 100

(get (reduce (fn [v i] (assoc v (mod i 100) i)) (vec (range 100)) (range 1000)) 7)
;; => 907

;; the starting vector is not changed by the fold
(let [start [1 2 3] grown (reduce (fn [v i] (assoc v i 0)) start [0 1])] [start grown])
;; => [[1 2 3] [0 0 3]]

(reduce (fn [v i] (assoc v i 0)) [1 2] [0 5])
;; !! EvalError: out of bounds

(reduce (fn [v i] (assoc v i 0)) [1 2] [:a])
;; !! EvalError

;; a long vector changed by assoc outside a fold stays a vector value
(let [v (vec (range 100)) w (assoc v 3 :x)] [(get w 3) (get v 3) (count w) (vector? w) (= w (assoc (vec (range 100)) 3 :x))])
;; => [:x 3 100 true true]
