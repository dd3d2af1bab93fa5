;; Spec section 10 (Complete Examples): the section's programs have no `; =>`; each runs here over
;; a small data set (data is JSON with string keys; they cross the door as keywords, where PtcRunner
;; keeps strings and relies on spec 7.5: docs/divergences.md, "Host keys").
;; 10.8 calls two tools; it runs over data/ instead.

;; spec 10.1 text, line 3587: filter and sum
;; data=> {:expenses [{:category "travel" :amount 100} {:category "food" :amount 20} {:category "travel" :amount 50.5}]}
(->> data/expenses
     (filter (fn [e] (= (:category e) "travel")))
     (sum-by :amount))
;; => 150.5

;; spec 10.2 text, line 3599: the cheapest product
;; data=> {:products [{:name "a" :price 5} {:name "b" :price 2} {:name "c" :price 9}]}
(min-by :price data/products)
;; => {:name "b" :price 2}

;; spec 10.2 text, line 3605: the employee with most years
;; data=> {:employees [{:name "x" :years-employed 3} {:name "y" :years-employed 11}]}
(max-by :years-employed data/employees)
;; => {:name "y" :years-employed 11}

;; spec 10.3 text, line 3613: top products by price
;; data=> {:products [{:name "a" :price 5} {:name "b" :price 2} {:name "c" :price 9}]}
(->> data/products
     (sort-by :price >)
     (take 2)
     (map :name))
;; => ["c" "a"]

;; spec 10.4 text, line 3623: field values
;; data=> {:products [{:name "a" :price 5} {:name "b" :price 2}]}
(map :name data/products)
;; => ["a" "b"]

;; spec 10.5 text, line 3631: classification with destructuring
;; data=> {:invoice {:total 250}}
(let [{:keys [total]} data/invoice]
  (cond
    (> total 1000) "high-value"
    (> total 100)  "medium-value"
    :else          "low-value"))
;; => "medium-value"

;; spec 10.6 text, line 3643: complex filtering
;; data=> {:orders [{:id 1 :total 500 :status "vip"} {:id 2 :total 500 :status "vip" :flagged true} {:id 3 :total 50 :status "premium"} {:id 4 :total 200 :status "premium" :flagged false} {:id 5 :total 900 :status "basic"}]}
(->> data/orders
     (filter (fn [o]
               (and (> (:total o) 100)
                    (or (= (:status o) "vip")
                        (= (:status o) "premium"))
                    (not (:flagged o)))))
     (map :id))
;; => [1 4]

;; spec 10.7 text, line 3656: select fields of active users
;; data=> {:users [{:name "a" :email "a@x" :active true :age 3} {:name "b" :email "b@x" :active false}]}
(->> data/users
     (filter :active)
     (mapv (fn [u] (select-keys u [:name :email]))))
;; => [{:name "a" :email "a@x"}]

;; spec 10.8 text, line 3666: join orders with users (data/ in place of the two tools)
;; data=> {:users [{:id 1 :name "Ann" :email "ann@x"} {:id 2 :name "Bo" :email "bo@x"}] :orders [{:id 10 :user-id 2 :total 150} {:id 11 :user-id 1 :total 50}]}
(let [users data/users
      orders data/orders]
  (->> orders
       (filter (fn [o] (> (:total o) 100)))
       (mapv (fn [order]
               (let [user (first (filter (fn [u] (= (:id u) (:user-id order))) users))]
                 (merge order (select-keys user [:name :email])))))))
;; => [{:id 10 :user-id 2 :total 150 :name "Bo" :email "bo@x"}]

;; spec 10.9 text, line 3680: grouping and aggregation
;; data=> {:expenses [{:category "travel" :amount 100} {:category "food" :amount 20} {:category "travel" :amount 50}]}
(let [by-category (group-by :category data/expenses)]
  (->> (keys by-category)
       (mapv (fn [cat]
               {:category cat
                :total (sum-by :amount (get by-category cat))}))))
;; => [{:category "food" :total 20} {:category "travel" :total 150}]

;; spec 10.10 text, line 3692: nested access
;; data=> {:user {:profile {:contact {:email "ann@x"}}}}
(get-in data/user [:profile :contact :email])
;; => "ann@x"

;; spec 10.10 text, line 3698: filter by a nested field
;; data=> {:users [{:id 1 :profile {:verified true}} {:id 2 :profile {:verified false}} {:id 3}]}
(->> data/users
     (filter (fn [u] (= (get-in u [:profile :verified]) true)))
     (map :id))
;; => [1]
