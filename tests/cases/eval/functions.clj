((fn [x y] (+ x y)) 1 2)
;; => 3

(#(+ % 1) 41)
;; => 42

(#(+ %1 %2) 1 2)
;; => 3

(#(vector %1 %&) 1 2 3)
;; => [1 [2 3]]

(#(count %&) 1 2 3)
;; => 3

;; named fn can call itself
((fn fact [n] (if (<= n 1) 1 (* n (fact (dec n))))) 5)
;; => 120

(defn twice [x] (* x 2))
;; => #'twice
(twice 21)
;; => 42

(defn greet "says hello" [name] (str "Hello, " name)) (greet "Ada")
;; => "Hello, Ada"

;; closures capture values
(let [mk (fn [x] (fn [y] (+ x y)))] ((mk 10) 5))
;; => 15

;; closures made in a loop each keep their own binding
(map #(%) (for [x [1 2 3]] (fn [] x)))
;; => [1 2 3]

;; variadic
((fn [a & more] [a more]) 1 2 3)
;; => [1 [2 3]]

((fn [a & more] [a more]) 1)
;; => [1 nil]

;; keyword arguments through & {:keys ...}
((fn [x & {:keys [scale] :or {scale 1}}] (* x scale)) 5 :scale 3)
;; => 15

((fn [x & {:keys [scale] :or {scale 1}}] (* x scale)) 5)
;; => 5

;; wrong number of args, Clojure's wording
(defn one [x] x) (one 1 2)
;; !! EvalError: Wrong number of args (2) passed to: one

((fn [x] x))
;; !! EvalError: Wrong number of args (0) passed to: fn

;; mutual recursion through defs
(defn ev? [n] (if (= n 0) true (od? (dec n))))
(defn od? [n] (if (= n 0) false (ev? (dec n))))
(ev? 10)
;; => true

;; deep non-tail recursion works (4,000 calls)
(defn depth [n] (if (= n 0) 0 (inc (depth (dec n))))) (depth 4000)
;; => 4000

;; keywords, maps and sets are callable
(:a {:a 1})
;; => 1

(:b {:a 1} :none)
;; => :none

({:a 1} :a)
;; => 1

({:a 1} :b 0)
;; => 0

(#{1 2 3} 2)
;; => 2

(#{1 2 3} 4)
;; => nil

;; calling a non-function
(1 2)
;; !! AnalysisError: integer 1 cannot be called as a function

(let [x 1] (x 2))
;; !! EvalError: integer 1 cannot be called as a function
