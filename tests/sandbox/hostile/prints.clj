;; print floods end at the print limit
(doseq [i (range 100000)] (print " "))
;; !! LimitExceeded max_print_chars

(doseq [i (range 100000)] (println i))
;; !! LimitExceeded max_print_chars

(loop [] (print "xxxxxxxxxx") (recur))
;; !! LimitExceeded max_print_chars

(loop [] (println) (recur))
;; !! LimitExceeded max_print_chars|timeout

(doseq [i (range 10)] (println (apply str (map (constantly "a") (range 10000)))))
;; !! LimitExceeded max_print_chars

(doseq [i (range 100)] (println (range 100000)))
;; !! LimitExceeded max_print_chars

(map (fn [i] (println i)) (range 100000))
;; !! LimitExceeded max_print_chars

(doseq [i (range 100000)] (prn {:i i :s "abc"}))
;; !! LimitExceeded max_print_chars

;; limits: max_print_chars=100
(doseq [i (range 100)] (println i))
;; !! LimitExceeded max_print_chars

;; one huge value printed once is cut to the room left, saying what was cut
(println (range 200000))
;; => nil

(prn (range 200000))
;; => nil

;; a value with 2^60 leaves is never rendered in full
(println (reduce (fn [a _] [a a]) [] (range 60)))
;; => nil

(prn (reduce (fn [a _] [a a]) [] (range 60)))
;; => nil

;; printing nothing, a million times, is a plain runaway
(loop [i 0] (when (< i 1000000) (print "") (recur (inc i))))
;; !! LimitExceeded timeout|max_print_chars

;; printing through a tool callback and a pmap
(pmap (fn [i] (println (range 1000))) (range 1000))
;; !! LimitExceeded max_print_chars|timeout

(doc map)
;; ~> any

(doseq [i (range 100000)] (doc map))
;; !! LimitExceeded max_print_chars|timeout
