;; Map operations (spec 8.2, 7.5 flexible keys, 11.2, 11.7, 11.8; conformance gaps noted).

;; get: spec 8.2
(get {:a 1} :a)
;; => 1

(get {:a 1} :b "default")
;; => "default"

(get {:a 1} :b)
;; => nil

;; get: a present nil beats the default
(get {:a nil} :a :d)
;; => nil

;; get: flexible keys (spec 7.5), keyword <-> string, then - -> _
(get {"name" "Ann"} :name)
;; => "Ann"

(get {:name "Ann"} "name")
;; => "Ann"

(get {"turn_summaries" [1]} :turn-summaries)
;; => [1]

;; get: the exact key wins when both exist
(get {:a 9 "a" 1} :a)
;; => 9

;; get: vectors by index, negatives and out of range give the default
(get [10 20 30] 1)
;; => 20

(get [10 20 30] 5 :default)
;; => :default

(get [1 2 3] -1 :d)
;; => :d

;; get: sets by membership (GAP-S36, Clojure)
(get #{1 2} 1)
;; => 1

(get #{1 2} 3 :x)
;; => :x

;; get: strings by index (GAP-S12, Clojure)
(get "abc" 1)
;; => "b"

(get nil :a)
;; => nil

(get nil :a 0)
;; => 0

;; get: swapped arguments are an error with a hint (Clojure would return nil)
(get :name {:name "Ann"})
;; !! EvalError: get expected a map, vector, set or string, got keyword: :name
;; hint=> the arguments look swapped; usage: (get m key)

(get 42 :a)
;; !! EvalError: get expected a map, vector, set or string, got integer: 42

;; get-in: spec 8.2
(get-in {:user {:name "A"}} [:user :name])
;; => "A"

(get-in {:a {:b 1}} [:a :c])
;; => nil

(get-in {:results [{:title "A"}]} [:results 0 :title])
;; => "A"

(get-in [1 2 3] [0])
;; => 1

(get-in [[1 2] [3 4]] [1 0])
;; => 3

(get-in [1 2 3] [10])
;; => nil

(get-in [1 2 3] [-1])
;; => nil

;; get-in: nested flexible keys at each level (spec 7.5)
(get-in {"user" {"email" "a@x"}} [:user :email])
;; => "a@x"

;; get-in: default only for a missing path (GAP-S22)
(get-in {:a nil} [:a] :missing)
;; => nil

(get-in {:a {:b nil}} [:a :b] :missing)
;; => nil

(get-in {:a nil} [:a :b] :missing)
;; => :missing

(get-in {:a 1} [:b :c] :none)
;; => :none

;; get-in: empty and nil paths return the root (GAP-S144)
(get-in {:a 1} [])
;; => {:a 1}

(get-in {:a 1} nil)
;; => {:a 1}

(get-in nil [:a])
;; => nil

(get-in nil [:a] :x)
;; => :x

(get-in #{:a} [:a])
;; => :a

;; get-in: a keyword path is a mistake
(get-in {:a 1} :a)
;; !! EvalError: get-in expected a path vector, got keyword: :a
;; hint=> (get-in m [:a :b])

;; assoc: spec 8.2
(assoc {:a 1} :b 2)
;; => {:a 1 :b 2}

(assoc {:a 1} :a 2 :b 3 :c 4)
;; => {:a 2 :b 3 :c 4}

(assoc nil :a 1)
;; => {:a 1}

;; assoc: vectors by index; index == count appends
(assoc [1 2 3] 1 5)
;; => [1 5 3]

(assoc [10 20 30] 3 99)
;; => [10 20 30 99]

(assoc [] 0 :x)
;; => [:x]

(assoc [10 20 30] 1 :a 3 :b)
;; => [10 :a 30 :b]

(assoc [10 20 30] 5 99)
;; !! EvalError: assoc: index 5 out of bounds for a vector of 3 items

(assoc [1] 0 :a 2 :b)
;; !! EvalError: index 2 out of bounds

(assoc [1 2] :a 1)
;; !! EvalError: assoc expected an integer index for a vector, got keyword: :a

;; assoc: a keyword and the string of its name are one key when writing, so JSON data
;; gets no keys that collide at the host boundary
(assoc {"n" 1} :n 2)
;; => {"n" 2}

(assoc {:n 1} "n" 2)
;; => {:n 2}

;; hyphen/underscore folding is for reading only: assoc adds the new spelling
(assoc {"user_id" 1} :user-id 2)
;; => {"user_id" 1 :user-id 2}

;; so renaming a key works as in Clojure
(let [m {:user_id 7 :name "A"}]
  (-> m (assoc :user-id (:user_id m)) (dissoc :user_id)))
;; => {:user-id 7 :name "A"}

(let [m {:user-id 7}]
  (-> m (assoc :user_id (:user-id m)) (dissoc :user-id)))
;; => {:user_id 7}

(assoc {:a 1} "b" 2)
;; => {:a 1 "b" 2}

(assoc {:a 1} :b)
;; !! AnalysisError: Wrong number of args (2) passed to: assoc

(assoc {:a 1} :b 2 :c)
;; !! EvalError: assoc: no value supplied for key: :c

(assoc "abc" 0 "x")
;; !! EvalError: assoc expected a map or vector, got string: "abc"

(assoc :a {} 1)
;; !! EvalError: assoc expected a map or vector, got keyword: :a
;; hint=> swapped

;; assoc inside reduce builds one map
(count (reduce (fn [m x] (assoc m x (* x x))) {} (range 1000)))
;; => 1000

(get (reduce (fn [m x] (assoc m (str "k" x) x)) {} (range 100)) :k42)
;; => 42

;; assoc-in: spec 8.2
(assoc-in {} [:user :name] "Bob")
;; => {:user {:name "Bob"}}

(assoc-in {:a {:b 1}} [:a :c] 2)
;; => {:a {:b 1 :c 2}}

(assoc-in [1 2 3] [1] 99)
;; => [1 99 3]

(assoc-in [[1 2] [3 4]] [0 1] 99)
;; => [[1 99] [3 4]]

(assoc-in nil [:a :b] 1)
;; => {:a {:b 1}}

(assoc-in {:items []} [:items 0 :id] 7)
;; => {:items [{:id 7}]}

;; assoc-in: flexible keys on the way down keep the data's own keys
(assoc-in {"user" {"name" "A"}} [:user :name] "B")
;; => {"user" {"name" "B"}}

;; assoc-in: empty or nil path is the nil key (GAP-S68)
(assoc-in {:a 1} [] 2)
;; => {:a 1 nil 2}

(assoc-in {:a 1} nil 2)
;; => {:a 1 nil 2}

(assoc-in {:a 5} [:a :b] 1)
;; !! EvalError: assoc-in cannot go into integer 5 at path [:a]

(assoc-in [1 2] [5 :a] 1)
;; !! EvalError: assoc-in: index 5 out of bounds for a vector of 2 items

;; update: spec 8.2
(update {:n 1} :n inc)
;; => {:n 2}

(update {:n 1} :n + 5)
;; => {:n 6}

(update {:n nil} :n (fnil inc 0))
;; => {:n 1}

(update {:n nil} :n (fnil + 0) 5)
;; => {:n 5}

(update {:a 1} :b (fnil inc 0))
;; => {:a 1 :b 1}

(update {:xs [1]} :xs conj 2 3)
;; => {:xs [1 2 3]}

;; update: flexible keys, written back to the data's own key
(update {"count" 1} :count inc)
;; => {"count" 2}

(update {"price" 10} :price * 2)
;; => {"price" 20}

;; update writes back to the key it read, whichever spelling that was
(update {"first_name" "bob"} :first-name str "!")
;; => {"first_name" "bob!"}

(update-in {"user" {"first_name" "bob"}} [:user :first-name] str "!")
;; => {"user" {"first_name" "bob!"}}

;; update: nil is an empty map (GAP-S19)
(update nil :a (fnil inc 0))
;; => {:a 1}

;; update: vectors; index == count appends (GAP-S83)
(update [10 20 30] 1 (fn [x] (+ x 100)))
;; => [10 120 30]

(update [1 2 3] 0 (fn [x y] (+ x y)) 100)
;; => [101 2 3]

(update [10 20] 2 (fnil inc 0))
;; => [10 20 1]

(update [10 20 30] 5 (fn [x] x))
;; !! EvalError: update: index 5 out of bounds for a vector of 3 items

;; update: an extra argument meant as a default gets a hint
(update {:n 1} :n (fn [x] x) 99)
;; !! EvalError: Wrong number of args (2)
;; hint=> fnil

(update {:n 1} :n inc 5)
;; !! EvalError: Wrong number of args (2) passed to: inc
;; hint=> fnil

(update {:n 1} :n 5)
;; !! EvalError: update expected a function, got integer: 5

(update "s" :n inc)
;; !! EvalError: update expected a map or vector, got string: "s"

;; update-in: spec 8.2
(update-in {:a {:b 1}} [:a :b] + 10)
;; => {:a {:b 11}}

(update-in [1 2 3] [1] inc)
;; => [1 3 3]

(update-in {} [:stats :count] (fnil inc 0))
;; => {:stats {:count 1}}

(update-in {"stats" {"n" 1}} [:stats :n] inc)
;; => {"stats" {"n" 2}}

(update-in {:a [{:b 1} {:b 2}]} [:a 1 :b] * 10)
;; => {:a [{:b 1} {:b 20}]}

;; update-in: index == count appends (GAP-S83)
(update-in [10 20] [2] (fnil inc 0))
;; => [10 20 1]

(update-in [] [0] (fnil identity :x))
;; => [:x]

;; update-in: empty or nil path is the nil key (GAP-S55)
(update-in {:a 1} [] identity)
;; => {:a 1 nil nil}

(update-in {:a 1} [] (constantly 2))
;; => {:a 1 nil 2}

(update-in {:a 1} nil identity)
;; => {:a 1 nil nil}

(update-in {:a "x"} [:a :b] inc)
;; !! EvalError: update-in cannot go into string "x" at path [:a]

;; dissoc: spec 8.2
(dissoc {:a 1 :b 2} :b)
;; => {:a 1}

(dissoc {:a 1 :b 2 :c 3} :a :b)
;; => {:c 3}

(dissoc {:a 1} :z)
;; => {:a 1}

(dissoc {:a 1})
;; => {:a 1}

;; dissoc: nil stays nil (GAP-S19)
(dissoc nil :a)
;; => nil

;; dissoc: a keyword and the string of its name are one key (JSON data)
(dissoc {"password" "x" "id" 7} :password)
;; => {"id" 7}

(dissoc {:a 1 "a" 2 :b 3} :a)
;; => {:b 3}

;; hyphen/underscore folding is for reading only
(dissoc {"password_hash" "x"} :password-hash)
;; => {"password_hash" "x"}

(dissoc {nil 1 :a 2} nil)
;; => {:a 2}

(dissoc [1 2] 0)
;; !! EvalError: dissoc expected a map, got vector: [1 2]

;; merge: spec 8.2
(merge {:a 1} {:b 2} {:a 3})
;; => {:a 3 :b 2}

(merge {:a 1} nil)
;; => {:a 1}

(merge nil {:a 1})
;; => {:a 1}

;; merge: Clojure's nil results (GAP-S54)
(merge)
;; => nil

(merge nil)
;; => nil

(merge nil nil)
;; => nil

;; merge: one argument is returned as is (GAP-S146)
(merge "ab")
;; => "ab"

;; merge: a [k v] entry is conj'ed (GAP-S100)
(merge {:a 1} [:b 2])
;; => {:a 1 :b 2}

;; merge: flexible keys; the data's own key is kept
(merge {"name" "A" "id" 1} {:name "B"})
;; => {"name" "B" "id" 1}

(merge [1 2] [3 4])
;; !! EvalError: merge expected maps, got vector: [1 2]
;; hint=> into

(merge {:a 1} 5)
;; !! EvalError: merge expected maps, got integer: 5

(count (reduce (fn [acc x] (merge acc {x 1})) {} (range 500)))
;; => 500

;; merge-with: spec 8.2
(merge-with + {:a 1 :b 2} {:a 3 :c 4})
;; => {:a 4 :b 2 :c 4}

(merge-with + {:a 1} {:a 2} {:a 3})
;; => {:a 6}

(merge-with into {:a [1]} {:a [2] :b [3]})
;; => {:a [1 2] :b [3]}

(merge-with +)
;; => nil

(merge-with + nil)
;; => nil

(merge-with + nil {:a 1})
;; => {:a 1}

(merge-with + {"n" 1} {:n 2})
;; => {"n" 3}

;; keys of one map never collapse into each other
(merge {} {:a-b 1 :a_b 2})
;; => {:a-b 1 :a_b 2}

;; select-keys: spec 8.2
(select-keys {:a 1 :b 2 :c 3} [:a :c])
;; => {:a 1 :c 3}

(select-keys {:a 1} [:a :z])
;; => {:a 1}

(select-keys {:a nil} [:a])
;; => {:a nil}

;; select-keys: nil keys (GAP-S23), flexible keys (DIV-46), vectors (GAP-S43)
(select-keys {:a 1} nil)
;; => {}

(select-keys {:a 1} ["a"])
;; => {"a" 1}

(select-keys {"id" 7 "name" "x"} [:id])
;; => {:id 7}

(select-keys [10 20] [0 1])
;; => {0 10 1 20}

(select-keys nil [:a])
;; => {}

(select-keys {:a 1} :a)
;; !! EvalError: select-keys expected a vector of keys, got keyword: :a

;; keys and vals: in key order (DIV-38), nil when empty (Clojure)
(keys {:a 1 :b 2})
;; => [:a :b]

(keys {:b 2 :a 1})
;; => [:a :b]

(vals {:a 1 :b 2})
;; => [1 2]

(vals {:b 2 :a 1})
;; => [1 2]

(keys {})
;; => nil

(vals {})
;; => nil

(keys nil)
;; => nil

(keys {"b" 1 "a" 2})
;; => ["a" "b"]

(keys [1 2])
;; !! EvalError: keys expected a map, got vector: [1 2]

;; keys and vals line up with each other
(zipmap (keys {:x 1 :y 2 :z 3}) (vals {:x 1 :y 2 :z 3}))
;; => {:x 1 :y 2 :z 3}

;; key and val of map entries
(key (first (seq {:a 1})))
;; => :a

(val (first (seq {:a 1})))
;; => 1

(map key {:a 1 :b 2})
;; => [:a :b]

(key 5)
;; !! EvalError: key: a map entry must be a [key value] pair, got integer: 5

;; hash-map and array-map
(hash-map :a 1 :b 2)
;; => {:a 1 :b 2}

(hash-map)
;; => {}

(array-map :a 1 :b 2)
;; => {:a 1 :b 2}

(array-map)
;; => {}

(hash-map :a 1 :a 2)
;; => {:a 2}

(hash-map :a 1 :b)
;; !! EvalError: hash-map: no value supplied for key: :b

;; update-vals and update-keys: spec 8.2
(update-vals {:a 1 :b 2} inc)
;; => {:a 2 :b 3}

(update-keys {:a 1 :b 2} str)
;; => {":a" 1 ":b" 2}

(update-keys {:a 1 :b 2} name)
;; => {"a" 1 "b" 2}

;; update-keys/update-vals on nil and vectors (GAP-S24, GAP-S75)
(update-vals nil inc)
;; => {}

(update-keys nil name)
;; => {}

(update-vals [10 20] inc)
;; => [11 21]

(update-keys [10 20] inc)
;; => {1 10 2 20}

;; maps and sets are functions (GAP-S71)
(update-keys {:a 1 :b 2} {:a :x :b :y})
;; => {:x 1 :y 2}

(update-vals {:a :x :b :z} #{:x})
;; => {:a :x :b nil}

(update-vals inc {:a 1})
;; !! EvalError: update-vals expected a map, got function
;; hint=> swapped

;; reduce-kv: spec 8.2
(reduce-kv (fn [acc k v] (+ acc v)) 0 {:a 1 :b 2 :c 3})
;; => 6

(reduce-kv (fn [acc k v] (assoc acc k (* v 2))) {} {:a 1 :b 2})
;; => {:a 2 :b 4}

;; reduce-kv walks keys in order
(reduce-kv (fn [acc k v] (conj acc k)) [] {:c 3 :a 1 :b 2})
;; => [:a :b :c]

;; reduce-kv on vectors (GAP-S59) and nil
(reduce-kv (fn [acc k v] (conj acc [k v])) [] [:a :b])
;; => [[0 :a] [1 :b]]

(reduce-kv (fn [acc k v] (conj acc [k v])) [] [])
;; => []

(reduce-kv (fn [acc k v] (+ acc v)) 0 nil)
;; => 0

(reduce-kv (fn [acc k v] acc) 0 "abc")
;; !! EvalError: reduce-kv expected a map, got string: "abc"

;; the input map is never changed
(let [m {:a 1}
      m2 (assoc m :b 2)
      m3 (dissoc m :a)
      m4 (update m :a inc)]
  [m m2 m3 m4])
;; => [{:a 1} {:a 1 :b 2} {} {:a 2}]

;; spec 10.10: nested data access
(let [data {:orders [{:id 1 :items [{:sku "A" :qty 2}]}]}]
  (get-in data [:orders 0 :items 0 :qty]))
;; => 2

;; common pattern: count per group
(update-vals (group-by :s [{:s "a"} {:s "b"} {:s "a"}]) count)
;; => {"a" 2 "b" 1}
