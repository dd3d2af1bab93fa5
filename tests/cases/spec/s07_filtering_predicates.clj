;; Spec section 7 (Filtering Predicates): every `code ; => expected` example of PtcRunner
;; v0.13.0's ptc-lisp-specification.md, with its line there; expectations are the spec's. The
;; section's other examples use undefined `users`, `orders`, `items`: they follow at the end
;; ("spec text" cases) over small data sets written here (data is JSON: string keys).

;; spec 7, line 1534
(count (filter :active [{:active 1} {:active nil} {:active false}]))
;; => 1

;; spec 7, line 1535
(count (filter (fn [m] (> (:x m) 1)) [{:x 1} {:x 2} {:x 3}]))
;; => 2

;; spec 7, line 1536
(count (filter #(= (:status %) "active") [{:status "active"} {:status "x"}]))
;; => 1

;; spec 7.1, line 1556
(count (filter (fn [m] (and (= (:a m) 1) (= (:b m) 2)))
               [{:a 1 :b 2} {:a 1 :b 3}]))
;; => 1

;; spec 7.1, line 1558
(count (filter (fn [m] (or (= (:a m) 1) (= (:a m) 2)))
               [{:a 1} {:a 2} {:a 3}]))
;; => 2

;; spec 7.1 text, line 1545: all conditions must hold
(let [users [{:status "active" :age 30} {:status "active" :age 12} {:status "off" :age 40}]]
  (filter (fn [u] (and (= (:status u) "active") (>= (:age u) 18))) users))
;; => [{:status "active" :age 30}]

;; spec 7.1 text, line 1548: at least one condition must hold
(let [users [{:role "admin"} {:role "guest"} {:role "moderator"}]]
  (filter (fn [u] (or (= (:role u) "admin") (= (:role u) "moderator"))) users))
;; => [{:role "admin"} {:role "moderator"}]

;; spec 7.1 text, line 1551: negation
(let [items [{:id 1 :deleted true} {:id 2}]]
  (remove (fn [i] (:deleted i)) items))
;; => [{:id 2}]

;; spec 7.2 text, line 1567: membership in a literal set
;; data=> {:orders [{:id 1 :status "active"} {:id 2 :status "done"} {:id 3 :status "pending"}]}
(map :id (filter (fn [o] (contains? #{"active" "pending"} (:status o))) data/orders))
;; => [1 3]

;; spec 7.2 text, line 1573: a membership set built from the data
;; data=> {:users [{:id 1 :tier "premium"} {:id 2 :tier "free"}] :orders [{:user-id 1 :n "a"} {:user-id 2 :n "b"}]}
(let [users data/users
      orders data/orders
      premium-ids (->> users
                       (filter (fn [u] (= (:tier u) "premium")))
                       (map :id))
      premium-set (set premium-ids)]
  (map :n (filter (fn [o] (contains? premium-set (:user-id o))) orders)))
;; => ["a"]

;; spec 7.3 text, line 1585: nested fields with get-in
(let [users [{:profile {:verified true}} {:profile {:verified false}} {}]]
  (count (filter (fn [u] (= (get-in u [:profile :verified]) true)) users)))
;; => 1

;; spec 7.3 text, line 1586
(let [items [{:user {:age 30}} {:user {:age 10}}]]
  (filter (fn [i] (> (get-in i [:user :age]) 18)) items))
;; => [{:user {:age 30}}]

;; spec 7.4 text, line 1595: guard missing fields before comparing
(let [users [{:age 30} {:name "no age"} {:age 12}]]
  (filter (fn [u] (and (some? (:age u)) (> (:age u) 18))) users))
;; => [{:age 30}]

;; spec 7.4 text, line 1601: equality with nil is well defined
(let [items [{:field nil} {:field 1} {}]]
  [(count (filter (fn [m] (= (:field m) nil)) items))
   (count (filter (fn [m] (some? (:field m))) items))])
;; => [2 1]

;; spec 7.5 text, line 1618: keyword accessors work on string-keyed (JSON) data
;; data=> {:users [{:status "active" :name "a"} {:status "off" :name "b"}]}
(map :name (filter (fn [u] (= (:status u) "active")) data/users))
;; => ["a"]

;; spec 7.5 text, line 1623: string key parameters for the aggregators
(let [products [{:price 3} {:price 1} {:price 2}]]
  (map :price (sort-by "price" products)))
;; => [1 2 3]

;; spec 7.5 text, line 1624
;; data=> {:expenses [{:amount 10} {:amount 5}]}
(sum-by "amount" data/expenses)
;; => 15

;; spec 7.5 text, line 1627: nested access with mixed key types
(let [items [{:user {"email" "alice@example.com"}} {"user" {:email "alice@example.com"}} {:user {:email "bob@example.com"}}]]
  (count (filter (fn [i] (= (get-in i [:user :email]) "alice@example.com")) items)))
;; => 2

;; spec 7.5 text, line 1612: hyphens fall back to underscores
[(:turn-summaries {:turn_summaries 1}) (:turn-summaries {"turn_summaries" 2})]
;; => [1 2]

;; spec 7.5 text, line 1611: the exact key type wins when both exist
[(:status {:status "kw" "status" "str"}) (get {:status "kw" "status" "str"} "status")]
;; => ["kw" "str"]
