;; Destructuring in let, fn and loop.

;; vector destructuring with skipped and rest elements
(let [[a _ c & more] [1 2 3 4 5]] [a c more])

;; nested vector destructuring and missing elements
(let [[a [b c]] [1 [2 3]] [x y z] [1 2]] [a b c x y z])

;; map destructuring with :keys, :or and :as
(let [{:keys [a b] :or {b 10} :as m} {:a 1}] [a b m])

;; renaming map keys and string keys
(let [{x :a y :b} {:a 1 :b 2} {:strs [name]} {"name" "Ann"}] [x y name])

;; destructuring in fn parameters
((fn [{:keys [w h]} [dx dy]] (* (+ w dx) (+ h dy))) {:w 2 :h 3} [1 1])

;; destructuring map entries
(map (fn [[k v]] (str (name k) "=" v)) (sort {:b 2 :a 1}))

;; & rest with map destructuring of options
(defn opts [x & {:keys [scale] :or {scale 1}}] (* x scale))
[(opts 2) (opts 2 :scale 5)]

;; destructuring in loop
(loop [[x & xs] [1 2 3 4] acc 0]
  (if x (recur xs (+ acc x)) acc))

;; nested maps inside vectors
(let [[{:keys [id]} {[first-tag] :tags}] [{:id 7} {:tags ["t1" "t2"]}]] [id first-tag])

;; destructuring in for
(for [[k v] (sort {:a 1 :b 2}) :when (odd? v)] [v k])
