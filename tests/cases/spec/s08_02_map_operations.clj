;; Spec section 8.2 (Map Operations): every `code ; => expected` example of PtcRunner v0.13.0's
;; ptc-lisp-specification.md, with its line there; expectations are the spec's.

;; spec 8.2, line 2246
(get {:a 1} :a)
;; => 1

;; spec 8.2, line 2247
(get {:a 1} :b "default")
;; => "default"

;; spec 8.2, line 2248
(get-in {:user {:name "A"}} [:user :name])
;; => "A"

;; spec 8.2, line 2249
(assoc {:a 1} :b 2)
;; => {:a 1 :b 2}

;; spec 8.2, line 2250
(assoc-in {} [:user :name] "Bob")
;; => {:user {:name "Bob"}}

;; spec 8.2, line 2251
(update {:n 1} :n inc)
;; => {:n 2}

;; spec 8.2, line 2252: extra args passed to f
(update {:n 1} :n + 5)
;; => {:n 6}

;; spec 8.2, line 2253: fnil with 1-arity fn
(update {:n nil} :n (fnil inc 0))
;; => {:n 1}

;; spec 8.2, line 2254: fnil with 2-arity fn + extra arg
(update {:n nil} :n (fnil + 0) 5)
;; => {:n 5}

;; spec 8.2, line 2255
(update-in {:a {:b 1}} [:a :b] + 10)
;; => {:a {:b 11}}

;; spec 8.2, line 2256
(dissoc {:a 1 :b 2} :b)
;; => {:a 1}

;; spec 8.2, line 2257
(dissoc {:a 1 :b 2 :c 3} :a :b)
;; => {:c 3}

;; spec 8.2, line 2258
(hash-map :a 1 :b 2)
;; => {:a 1 :b 2}

;; spec 8.2, line 2259
(merge {:a 1} {:b 2} {:a 3})
;; => {:a 3 :b 2}

;; spec 8.2, line 2260
(select-keys {:a 1 :b 2 :c 3} [:a :c])
;; => {:a 1 :c 3}

;; spec 8.2, line 2261
(keys {:a 1 :b 2})
;; => [:a :b]

;; spec 8.2, line 2262
(vals {:a 1 :b 2})
;; => [1 2]

;; spec 8.2, line 2263
(entries {:a 1 :b 2})
;; => [[:a 1] [:b 2]]

;; spec 8.2, line 2266
(update-vals {:a 1 :b 2} inc)
;; => {:a 2 :b 3}

;; spec 8.2, line 2272: "=> ..." (illustrative); orders is defined here
;; divergence: spec bug; `->` threads orders in as group-by's first argument, but group-by takes
;; the function first, as in Clojure (docs/divergences.md, "Spec examples we do not follow")
(let [orders [{:status "open"} {:status "done"} {:status "open"}]]
  (-> orders
      (group-by :status)
      (update-vals count)))
;; !! EvalError: group-by
;; hint=> the function comes first: (group-by f coll)

;; the example as intended: group first, then count each group with update-vals
(let [orders [{:status "open"} {:status "done"} {:status "open"}]]
  (-> (group-by :status orders)
      (update-vals count)))
;; => {"open" 2 "done" 1}

;; spec 8.2, line 2275
(update-keys {:a 1 :b 2} str)
;; => {":a" 1 ":b" 2}

;; spec 8.2, line 2278
(merge-with + {:a 1 :b 2} {:a 3 :c 4})
;; => {:a 4 :b 2 :c 4}

;; spec 8.2, line 2279
(merge-with + {:a 1} {:a 2} {:a 3})
;; => {:a 6}

;; spec 8.2, line 2282
(reduce-kv (fn [acc k v] (+ acc v)) 0 {:a 1 :b 2 :c 3})
;; => 6

;; spec 8.2, line 2283
(reduce-kv (fn [acc k v] (assoc acc k (* v 2))) {} {:a 1 :b 2})
;; => {:a 2 :b 4}

;; spec 8.2, line 2291
(get-in {:results [{:title "A"}]} [:results 0 :title])
;; => "A"

;; spec 8.2, line 2292
(get-in [1 2 3] [0])
;; => 1

;; spec 8.2, line 2293
(get-in [[1 2] [3 4]] [1 0])
;; => 3

;; spec 8.2, line 2294: out of bounds
(get-in [1 2 3] [10])
;; => nil

;; spec 8.2, line 2295: negative not supported
(get-in [1 2 3] [-1])
;; => nil

;; spec 8.2, line 2297
(assoc [1 2 3] 1 5)
;; => [1 5 3]

;; spec 8.2, line 2298
(assoc-in [1 2 3] [1] 99)
;; => [1 99 3]

;; spec 8.2, line 2299
(assoc-in [[1 2] [3 4]] [0 1] 99)
;; => [[1 99] [3 4]]

;; spec 8.2, line 2300
(update-in [1 2 3] [1] inc)
;; => [1 3 3]
