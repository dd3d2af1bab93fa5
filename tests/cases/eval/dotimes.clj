;; dotimes (Clojure 1.11): body once per i in 0 .. n-1, for its effects; nil
(dotimes [i 3] (println i))
;; => nil
;; prints=> ["0" "1" "2"]

;; several body forms, the count computed once
(dotimes [i (count [:a :b])] (println i) (println "!"))
;; => nil
;; prints=> ["0" "!" "1" "!"]

;; nested, each name its own
(dotimes [i 2] (dotimes [j 2] (println i j)))
;; => nil
;; prints=> ["0 0" "0 1" "1 0" "1 1"]

;; zero or a negative count: the body never runs
(dotimes [i 0] (println i))
;; => nil
;; prints=> []

(dotimes [i -5] (println i))
;; => nil
;; prints=> []

;; a float count is truncated, as (long n) does
(dotimes [i 2.9] (println i))
;; => nil
;; prints=> ["0" "1"]

;; _ ignores the index
(dotimes [_ 2] (println "hi"))
;; => nil
;; prints=> ["hi" "hi"]

;; effects on memory
(dotimes [i 4] (def last-i i))
;; => nil
last-i
;; => 3

;; inside a function called often enough to be compiled
(defn show [n] (dotimes [i n] (println n i)))
;; => #'show
(doseq [n (range 1 4)] (show n))
;; => nil
;; prints=> ["1 0" "2 0" "2 1" "3 0" "3 1" "3 2"]

(dotimes [i :a] i)
;; !! EvalError: dotimes expected a number, got keyword: :a

(dotimes [i nil] i)
;; !! EvalError: dotimes expected a number, got nil

(dotimes [i] i)
;; !! AnalysisError: dotimes expects (dotimes [name n] body*), the binding must be a vector of one name and one value

(dotimes i 3)
;; !! AnalysisError: dotimes expects (dotimes [name n] body*)

(dotimes [i 1 j 2] i)
;; !! AnalysisError: dotimes expects (dotimes [name n] body*)

;; recur cannot jump out of a dotimes body
(loop [k 0] (dotimes [i 2] (recur 1)))
;; !! AnalysisError: recur can only be used inside loop or fn

;; the name is bound in the body only
(dotimes [i 1] i)
;; => nil
