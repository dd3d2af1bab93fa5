(let [[a b] [1 2]] (+ a b))
;; => 3

(let [[_ b] [1 2]] b)
;; => 2

(let [[a [b c]] [1 [2 3]]] (+ a b c))
;; => 6

(let [[x & rest] [1 2 3 4]] rest)
;; => [2 3 4]

(let [[a b & rest] [1 2 3 4 5]] [a b rest])
;; => [1 2 [3 4 5]]

(let [[& all] [1 2 3]] all)
;; => [1 2 3]

;; missing positions are nil, an empty rest is nil
(let [[a b & more] [1]] [a b more])
;; => [1 nil nil]

(let [[a b :as all] [1 2 3]] [a b all])
;; => [1 2 [1 2 3]]

(let [[a b] nil] [a b])
;; => [nil nil]

(let [[a b] "hi"] [a b])
;; => ["h" "i"]

(let [{:keys [name age]} {:name "Alice" :age 30}] name)
;; => "Alice"

(let [{:keys [name age] :or {age 0}} {:name "Bob"}] age)
;; => 0

;; :or applies only to missing keys, not to nil values
(let [{:keys [a] :or {a 1}} {:a nil}] a)
;; => nil

(let [{the-name :name} {:name "Carol"}] the-name)
;; => "Carol"

(let [{:keys [id] :as user} {:id 123 :name "Alice"}] (:name user))
;; => "Alice"

(let [{:strs [name age]} {"name" "Alice" "age" 30}] name)
;; => "Alice"

;; keyword patterns find string keys and underscores (flexible keys)
(let [{:keys [name user-id]} {"name" "Ann" "user_id" 7}] [name user-id])
;; => ["Ann" 7]

(let [{:keys [a]} nil] a)
;; => nil

(let [{{:keys [city]} :address} {:address {:city "Oslo"}}] city)
;; => "Oslo"

(let [[{:keys [a]} {:keys [b]}] [{:a 1} {:b 2}]] [a b])
;; => [1 2]

(defn first-name [[first last]] first) (first-name ["Alice" "Smith"])
;; => "Alice"

(defn greet [{:keys [name]}] (str "Hello " name)) (greet {:name "World"})
;; => "Hello World"

(defn process [[id {:keys [status]}]] (str id ":" status)) (process [42 {:status "ok"}])
;; => "42:ok"

(let [[a b] 5] a)
;; !! EvalError: cannot destructure a integer as a vector

(let [{:keys [a]} 5] a)
;; !! EvalError: cannot destructure a integer as a map

(let [(a b) [1 2]] a)
;; !! AnalysisError: unsupported binding form: (a b)

(let [x] x)
;; !! AnalysisError: let requires an even number of forms in its binding vector

(let x 1)
;; !! AnalysisError: let expects (let [binding value ...] body*), the bindings must be a vector
