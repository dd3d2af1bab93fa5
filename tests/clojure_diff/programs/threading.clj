;; Threading macros.

;; -> threads as the first argument
(-> {:a 1} (assoc :b 2) (update :a + 10) (dissoc :b))

;; ->> threads as the last argument
(->> [1 2 3 4 5] (map inc) (filter even?) (reduce *))

;; as-> names the value
(as-> [1 2 3] v (map inc v) (reduce + 100 v))

;; cond-> and cond->> thread only where the test is true
[(cond-> 1 true inc false (* 100) true (* 2)) (cond->> [1 2 3] true (map inc) false (filter odd?))]

;; some-> stops at nil
[(some-> {:a {:b 5}} :a :b inc) (some-> {:a nil} :a :b inc) (some->> [1 2] (map inc) (reduce +))]

;; -> with keywords and bare functions
(-> {:user {:name "ann"}} :user :name str/upper-case)

;; threading into a string pipeline
(->> ["  b " "a" " c"] (map str/trim) sort (str/join ","))
