;; data=> {:orders [{:id 1 :total 30} {:id 2 :total 10}] :user_id 7}
(->> data/orders (filter #(> (:total %) 20)) (map :id))
;; => [1]

;; data=> {:user_id 7}
[data/user-id data/user_id data/missing]
;; => [7 7 nil]

;; data=> {"items" [{"name" "a" "unit_price" 2}]}
(map :unit-price data/items)
;; => [2]
