;; Conditionals, loops, comprehensions and local functions.

;; if, when, when-not, if-not with truthiness of nil, false, 0 and ""
[(if 0 :t :f) (if "" :t :f) (if nil :t :f) (if false :t :f) (when true 1) (when-not true 1) (if-not nil 1 2)]

;; cond with :else and no match
[(cond (< 5 3) :a (> 5 3) :b :else :c) (cond false 1)]

;; case with grouped values and a default
(map #(case % 1 :one (2 3) :few :many) [1 2 3 9])

;; condp with =
(condp = 3 1 :one 3 :three :other)

;; if-let, when-let, if-some, when-some, when-first
[(if-let [x (first [])] x :none) (when-let [x 5] (* x 2)) (if-some [x false] [x] :nil)
 (when-some [x nil] x) (when-first [x [7 8]] x)]

;; and / or return values
[(and 1 2 3) (and 1 nil 3) (or nil false 4) (or nil false) (and) (or)]

;; loop/recur computing a factorial
(loop [n 10 acc 1] (if (zero? n) acc (recur (dec n) (* acc n))))

;; for with :let, :when and :while and two bindings
[(for [x (range 6) :let [y (* x x)] :when (even? x)] y)
 (for [x [1 2 3] y [:a :b] :while (< x 3)] [x y])]

;; defn with recursion
(defn fib [n] (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2)))))
(map fib (range 10))

;; def and later use
(def rate 3)
(defn scaled [x] (* x rate))
(map scaled [1 2])

;; do returns its last value; doseq returns nil
[(do 1 2 3) (doseq [x [1 2]] x)]

;; let shadowing and closures over locals
(let [x 1 f (fn [y] (+ x y)) x 10] [(f 1) x])
