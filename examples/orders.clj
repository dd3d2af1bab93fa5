;; Total of the big orders per customer, biggest first (totals rounded to cents).
(->> data/orders
     (filter #(> (:total %) 20))
     (group-by :customer)
     (map (fn [[customer orders]]
            {:customer customer
             :orders (count orders)
             :total (/ (round (* 100 (reduce + (map :total orders)))) 100)}))
     (sort-by :total >)
     (take 3))
