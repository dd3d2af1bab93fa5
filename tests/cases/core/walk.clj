;; clojure.walk (spec 8.1 Tree Traversal, 9.8 namespaces): walk, prewalk, postwalk,
;; keywordize-keys, stringify-keys.

;; walk: spec 8.1
(walk inc #(apply + %) [1 2 3])
;; => 9

(walk identity identity [1 2 3])
;; => [1 2 3]

(walk inc identity #{1 2 3})
;; => #{2 3 4}

;; walk: map entries are [k v] vectors
(walk (fn [[k v]] [k (inc v)]) identity {:a 1 :b 2})
;; => {:a 2 :b 3}

(walk identity count {:a 1 :b 2})
;; => 2

(walk inc str 5)
;; => "5"

;; walk: a transformed entry must stay a [key value] pair; any 2-item vector is one here
;; (PTC-Lisp has no list type, so Clojure's error for a reversed seq, GAP-S91, cannot arise)
(walk reverse identity {:a [1 2]})
;; => {[1 2] :a}

(walk first identity {:a 1})
;; !! EvalError: walk: a map entry must be a [key value] pair, got keyword: :a

;; walk with a map or a vector as the function (GAP-S71)
(walk {:a :x} identity [:a :b])
;; => [:x nil]

(walk [10 20] identity [1])
;; => [20]

;; prewalk: spec 8.1
(prewalk #(if (number? %) (inc %) %) [1 [2 3]])
;; => [2 [3 4]]

(prewalk #(if (and (map? %) (:value %)) (update % :value inc) %) {:value 1 :nested {:value 2}})
;; => {:value 2 :nested {:value 3}}

;; prewalk goes into what f returned
(prewalk #(if (= % :x) [1 2] %) [:x [:x]])
;; => [[1 2] [[1 2]]]

;; postwalk: spec 8.1
(postwalk #(if (number? %) (inc %) %) [1 [2 3]])
;; => [2 [3 4]]

(postwalk #(if (vector? %) (apply + %) %) [[1 2] [3 4]])
;; => 10

(postwalk #(if (string? %) (str % "!") %) {:a "x" :b ["y" #{"z"}]})
;; => {:a "x!" :b ["y!" #{"z!"}]}

;; postwalk sees the entries of a map as [k v] pairs
(postwalk #(if (and (vector? %) (= (first %) :secret)) [:secret "***"] %) {:user {:secret "pw" :id 1}})
;; => {:user {:secret "***" :id 1}}

;; postwalk on a scalar
(postwalk inc 1)
;; => 2

;; postwalk with a set as the function (GAP-S71)
(postwalk #{:a} [:a :b])
;; => nil

;; namespaced forms (spec 9.8)
(clojure.walk/prewalk #(if (number? %) (* 2 %) %) [1 [2]])
;; => [2 [4]]

(walk/postwalk #(if (number? %) (* 2 %) %) {:a [1 2]})
;; => {:a [2 4]}

(clojure.walk/walk inc identity [1 2])
;; => [2 3]

;; keywordize-keys and stringify-keys (Clojure's clojure.walk; not in PtcRunner)
(walk/keywordize-keys {"a" 1 "b" {"c" 2}})
;; => {:a 1 :b {:c 2}}

(walk/keywordize-keys [{"id" 1} {"id" 2 "tags" #{"x"}}])
;; => [{:id 1} {:id 2 :tags #{"x"}}]

(clojure.walk/keywordize-keys {1 "a"})
;; => {1 "a"}

(walk/stringify-keys {:a 1 :b {:c 2}})
;; => {"a" 1 "b" {"c" 2}}

(walk/stringify-keys [{:id 1}])
;; => [{"id" 1}]

(walk/stringify-keys nil)
;; => nil

(walk/prewalk 5 [1])
;; !! EvalError: prewalk expected a function, got integer: 5

;; deep nesting is walked without running out of stack
(second (postwalk #(if (number? %) (inc %) %) (reduce (fn [acc x] [acc x]) [] (range 3000))))
;; => 3000

;; a prewalk whose function keeps wrapping never bottoms out: it meets the depth limit
;; (Clojure overflows its stack), promptly and without the watchdog
(prewalk vector [1])
;; !! LimitExceeded: more than 5000 nested calls
