;; Total of the big orders per customer, biggest first.
(->> data/orders
     (filter #(> (:total %) 20))
     (group-by :customer)
     (map (fn [[customer orders]]
            {:customer customer
             :orders (count orders)
             :total (reduce + (map :total orders))}))
     (sort-by :total >)
     (take 3))
