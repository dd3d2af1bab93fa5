;; clojure.set (function reference "Set Operations"; GAP-S30; Clojure 1.11 otherwise).

(clojure.set/union #{1 2} #{2 3})
;; => #{1 2 3}

(set/union)
;; => #{}

(set/union #{1})
;; => #{1}

(union #{1} #{2} #{3})
;; => #{1 2 3}

(set/intersection #{1 2 3} #{2 3 4})
;; => #{2 3}

(intersection #{1 2} #{3})
;; => #{}

(set/difference #{1 2 3} #{2})
;; => #{1 3}

(difference #{1 2 3} #{1} #{3})
;; => #{2}

;; nil is the empty set, other collections give their members (GAP-S30)
(set/union nil #{1})
;; => #{1}

(set/intersection #{1 2} nil)
;; => #{}

(set/difference #{1 2} nil)
;; => #{1 2}

(set/difference #{1 2} [2])
;; => #{1}

(set/intersection #{1 2} [2 3])
;; => #{2}

(set/difference #{[:a 1]} {:a 1})
;; => #{}

(set/union #{[1 2]} [[1 2] [3]])
;; => #{[1 2] [3]}

(set/union #{1} 5)
;; !! EvalError: set/union expected a set, got integer

;; subset? and superset?
(set/subset? #{1} #{1 2})
;; => true

(set/subset? #{} #{1})
;; => true

(set/subset? #{3} #{1 2})
;; => false

(set/superset? #{1 2} #{1})
;; => true

(set/superset? #{1} #{1 2})
;; => false

;; select
(set/select odd? #{1 2 3 4 5})
;; => #{1 3 5}

(set/select #(> (:n %) 1) #{{:n 1} {:n 2}})
;; => #{{:n 2}}

;; map-invert
(set/map-invert {:a 1 :b 2})
;; => {1 :a 2 :b}

;; rename-keys: simultaneous renames, missing keys ignored
(set/rename-keys {:a 1 :b 2} {:a :x})
;; => {:x 1 :b 2}

(set/rename-keys {:a 1 :b 2} {:a :b :b :a})
;; => {:a 2 :b 1}

(set/rename-keys {:a 1} {:z :y})
;; => {:a 1}

;; flexible keys: a keyword finds a string key (spec 7.5)
(set/rename-keys {"a" 1} {:a :b})
;; => {:b 1}

;; rename and project over relations
(set/rename #{{:a 1 :b 2}} {:a :x})
;; => #{{:x 1 :b 2}}

(set/project #{{:a 1 :b 2} {:a 1 :b 3} {:a 2 :b 4}} [:a])
;; => #{{:a 1} {:a 2}}

(set/project [{"name" "Ann" "age" 3}] [:name])
;; => #{{:name "Ann"}}

;; index
(set/index #{{:k 1 :v :a} {:k 1 :v :b} {:k 2 :v :c}} [:k])
;; => {{:k 1} #{{:k 1 :v :a} {:k 1 :v :b}} {:k 2} #{{:k 2 :v :c}}}

;; join: natural join on the common keys
(set/join #{{:id 1 :name "a"} {:id 2 :name "b"}} #{{:id 1 :score 10} {:id 1 :score 20} {:id 3 :score 5}})
;; => #{{:id 1 :name "a" :score 10} {:id 1 :name "a" :score 20}}

;; join with a key map {xkey ykey}
(set/join [{:id 1 :name "a"}] [{:user 1 :score 7} {:user 2 :score 8}] {:id :user})
;; => #{{:id 1 :name "a" :user 1 :score 7}}

(set/join #{} #{{:a 1}})
;; => #{}

;; no common keys: every pair
(count (set/join #{{:a 1} {:a 2}} #{{:b 1} {:b 2}}))
;; => 4

(set/project #{{:a 1}} :a)
;; !! EvalError: set/project expected a vector of keys, got keyword

(set/rename #{1} {:a :b})
;; !! EvalError: set/rename expected a collection of maps, got integer
