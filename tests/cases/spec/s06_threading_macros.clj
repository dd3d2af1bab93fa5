;; Spec section 6 (Threading Macros): every `code ; => expected` example of PtcRunner v0.13.0's
;; ptc-lisp-specification.md, with its line there; expectations are the spec's.

;; spec 6.1, line 1426
(->> [1 2 3] (map inc))
;; => [2 3 4]

;; spec 6.1, line 1427
(->> [1 2 3 4] (filter odd?))
;; => [1 3]

;; spec 6.1, line 1428
(->> [3 1 2] (sort))
;; => [1 2 3]

;; spec 6.1, line 1429
(->> [1 2 3] (map inc) (filter even?))
;; => [2 4]

;; spec 6.1, line 1430
(->> [1 2 3 4 5] (filter odd?) (take 2))
;; => [1 3]

;; spec 6.2, line 1451
(-> {:a 1} (assoc :b 2))
;; => {:a 1 :b 2}

;; spec 6.2, line 1452
(-> {:a 1 :b 2} (dissoc :b))
;; => {:a 1}

;; spec 6.2, line 1453
(-> {:a 1} (assoc :b 2) (assoc :c 3))
;; => {:a 1 :b 2 :c 3}

;; spec 6.2, line 1454
(-> {:a {:b 1}} (get-in [:a :b]))
;; => 1

;; spec 6.2, line 1455
(-> {:a 1} (update :a inc))
;; => {:a 2}

;; spec 6.3, line 1471
(as-> 1 x (+ x 1) (* x 2))
;; => 4

;; spec 6.3, line 1472
(as-> 42 x)
;; => 42

;; spec 6.3, line 1473
(as-> [1 2 3] x (count x))
;; => 3

;; spec 6.4, line 1492
(cond-> 1 true inc false dec)
;; => 2

;; spec 6.4, line 1493
(cond-> 42 false inc false dec)
;; => 42

;; spec 6.4, line 1494
(cond-> 42)
;; => 42

;; spec 6.4, line 1495: thread-first
(cond-> 10 true (- 5))
;; => 5

;; spec 6.4, line 1496: thread-last
(cond->> 10 true (- 5))
;; => -5

;; spec 6.5, line 1513
(some-> 1 inc)
;; => 2

;; spec 6.5, line 1514: short-circuits
(some-> nil inc)
;; => nil

;; spec 6.5, line 1515: mid-chain nil
(some-> {:a nil} (:a) inc)
;; => nil

;; spec 6.5, line 1516: false is not nil
(some-> false not)
;; => true

;; spec 6.5, line 1517
(some->> [1 2 3] (map inc))
;; => [2 3 4]

;; spec 6.5, line 1518
(some->> nil (map inc))
;; => nil

;; spec 6.1 text, line 1420: ->> is the nested call with the value last
(= (->> [1 2 3 4] (filter even?) (map inc) (reduce +))
   (reduce + (map inc (filter even? [1 2 3 4]))))
;; => true

;; spec 6.2 text, line 1445: -> is the nested call with the value first
(= (-> {:a 1} (assoc :b 2) (dissoc :a))
   (dissoc (assoc {:a 1} :b 2) :a))
;; => true

;; spec 6.3 text, line 1463: the name can be used in any position
(as-> [1 2 3] v (map inc v) (reduce + 10 v))
;; => 19
