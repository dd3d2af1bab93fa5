;; Calling host tools (spec 9.6): (tool/name), (tool/name {:k v}), (tool/name :k v ...).
;; The tools are the fixed test set of tests/casefile.py (case_tools).

;; no arguments
;; tools=> counter
(tool/counter)
;; => 1
;; calls=> ["counter"]

;; a map of named arguments; the result is host data read with flexible keys
;; tools=> search
(map :title (tool/search {:query "lisp"}))
;; => ["lisp 1" "lisp 2"]
;; calls=> ["search"]

;; keyword/value pairs, same as a map
;; tools=> search
(count (tool/search :query "x" :limit 4))
;; => 4

;; an empty map is no arguments
;; tools=> counter
(tool/counter {})
;; => 1

;; snake_case and kebab-case names both resolve, for tools and for parameters
;; tools=> get-user
[(:name (tool/get_user {:id 3})) (:name (tool/get-user {:id 5}))]
;; => ["user3" "user5"]

;; a one-dict tool receives the whole arguments map, keys as strings, keyword values as strings;
;; what it returns crosses back with its string keys as keywords (the values stay strings)
;; tools=> echo
(tool/echo {:status :active :tags [:a :b] :nested {:order-id 7}})
;; => {:status "active" :tags ["a" "b"] :nested {:order-id 7}}

;; results are read with flexible keys: :order-id finds "order-id"
;; tools=> echo
(:order-id (tool/echo {:order-id 42}))
;; => 42

;; a parameter with a default may be left out
;; tools=> add
[(tool/add {:a 2}) (tool/add {:a 2 :b 3})]
;; => [2 5]

;; arguments computed at run time
;; tools=> add
(let [args {:a 10 :b 20}] (tool/add args))
;; => 30

;; tool/name is a value: usable with map and filter
;; tools=> get-user
(->> [1 2 3 4] (map #(hash-map :id %)) (map tool/get-user) (filter :active) (map :id))
;; => [1 3]
;; calls=> ["get-user" "get-user" "get-user" "get-user"]

;; tool calls run in program order, each exactly once (spec 11.10)
;; tools=> counter
(let [a (tool/counter) b (tool/counter)] [a b (tool/counter)])
;; => [1 2 3]
;; calls=> ["counter" "counter" "counter"]

;; async tools work like sync ones
;; tools=> double
(tool/double {:x 21})
;; => 42

;; results are values like any other: stored across runs with def
;; tools=> search counter
(def hits (tool/search {:query "q" :limit 3}))
;; => #'hits
(count hits)
;; => 3
;; calls=> []
