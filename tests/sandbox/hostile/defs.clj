;; thousands of defs in one program: bounded by the timeout, or done
;; limits: timeout=3.0
{defs} x999
;; expand: defs=(def\sx999\s1)\s*1000
;; => 1

{defs}
;; expand: defs=(def\sx\s1)\s*5000
;; ~> any

{defns}
;; expand: defns=(defn\sf\s[x]\s(inc\sx))\s*3000
;; ~> any

;; a def in a loop rebinds one name
(doseq [i (range 100000)] (def x i)) x
;; => 99999

(doseq [i (range 1000000)] (def x i)) x
;; !! LimitExceeded timeout

(doseq [i (range 1000000)] (defn h [] i)) (h)
;; !! LimitExceeded timeout

;; defs that call each other forever
(defn f [] (def g (fn [] (f))) (g)) (f)
;; !! LimitExceeded max_depth|timeout

(defn a [n] (b n)) (defn b [n] (a n)) (a 1)
;; !! LimitExceeded max_depth|timeout

;; a def that redefines itself while running
(def f (fn [] (def f 1) 2)) [(f) f]
;; => [2 1]

(def x (def y 1)) y
;; => 1

;; defs of huge values count against the collection limit
(def big (vec (range 2000000)))
;; !! LimitExceeded max_collection_size

(def big (vec (range 500000))) (def big2 (into big big)) (def big3 (into big2 big2)) (count big3)
;; !! LimitExceeded max_collection_size

;; an error after many defs commits none of them (the transaction)
(doseq [i (range 1000)] (def x i)) (/ 1 0)
;; !! EvalError

;; names that look like Python internals are ordinary defs
(def __builtins__ 1) (def __class__ 2) (+ __builtins__ __class__)
;; => 3

;; shadowing builtins by def
(def map 1) map
;; ~> any

(def + -) (+ 5 3)
;; ~> any
