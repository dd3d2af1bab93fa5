;; data=> {:orders [{:id 1 :total 30} {:id 2 :total 10}] :user_id 7}
(->> data/orders (filter #(> (:total %) 20)) (map :id))
;; => [1]

;; data=> {:user_id 7}
[data/user-id data/user_id]
;; => [7 7]

;; data=> {:user_id 7}
;; a name that is not in the data is an error when the host gave data (nil without data=)
[data/user-id data/missing]
;; !! AnalysisError: Unknown data: data/missing is not a key of the data
;; hint=> available data: data/user_id

;; data=> {"items" [{"name" "a" "unit_price" 2}]}
(map :unit-price data/items)
;; => [2]

;; data=> {"tickets" [{"id" 1}] "user_id" 7}
;; a mistyped data/ name is an analysis error naming the closest keys, before anything runs
(count data/ticket)
;; !! AnalysisError: Unknown data: data/ticket is not a key of the data
;; hint=> Did you mean: data/tickets?

;; data=> {"tickets" [] "user_id" 7}
data/zzz
;; !! AnalysisError: Unknown data: data/zzz is not a key of the data
;; hint=> available data: data/tickets, data/user_id

;; data=> {"user_id" 7}
;; the flexible spelling still finds the key
data/user-id
;; => 7
