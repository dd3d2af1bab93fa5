;; Spec section 8.11 (Function Combinators): every `code ; => expected` example of PtcRunner v0.13.0's
;; ptc-lisp-specification.md, with its line there; expectations are the spec's.

;; spec 8.11, line 2864
((juxt :name :age) {:name "Alice" :age 30})
;; => ["Alice" 30]

;; spec 8.11, line 2872: "=> [[1 2] [3 4] ...]"; adapted: points is defined here
(let [points [{:x 1 :y 2} {:x 3 :y 4}]]
  (map (juxt :x :y) points))
;; => [[1 2] [3 4]]

;; spec 8.11, line 2876
((juxt #(+ % 1) #(* % 2)) 5)
;; => [6 10]

;; spec 8.11, line 2880
((juxt first last) [1 2 3])
;; => [1 3]

;; spec 8.11, line 2903: inc first, then str
((comp str inc) 5)
;; => "6"

;; spec 8.11, line 2904: rightmost fn gets all args
((comp str +) 1 2 3)
;; => "6"

;; spec 8.11, line 2905
((comp inc inc inc) 0)
;; => 3

;; spec 8.11, line 2906: identity
((comp) 42)
;; => 42

;; spec 8.11, line 2907
(map (comp inc inc) [1 2 3])
;; => [3 4 5]

;; spec 8.11, line 2913
((partial + 10) 5)
;; => 15

;; spec 8.11, line 2914: no extra args needed
((partial + 1 2))
;; => 3

;; spec 8.11, line 2915
(map (partial + 10) [1 2 3])
;; => [11 12 13]

;; spec 8.11, line 2916
((partial str "a" "b") "c" "d")
;; => "abcd"

;; spec 8.11, line 2922
((complement even?) 3)
;; => true

;; spec 8.11, line 2923
((complement even?) 4)
;; => false

;; spec 8.11, line 2924
(filter (complement even?) [1 2 3 4])
;; => [1 3]

;; spec 8.11, line 2930
((constantly 5) 1 2 3)
;; => 5

;; spec 8.11, line 2931
((constantly nil) :a :b)
;; => nil

;; spec 8.11, line 2937
((every-pred even? pos?) 4)
;; => true

;; spec 8.11, line 2938: pos? fails
((every-pred even? pos?) -4)
;; => false

;; spec 8.11, line 2939: all values pass all preds
((every-pred even? pos?) 4 6 8)
;; => true

;; spec 8.11, line 2940
(filter (every-pred even? pos?) [-2 -1 0 1 2 3 4])
;; => [2 4]

;; spec 8.11, line 2946: returns the value, not true
((some-fn :a :b) {:a 1})
;; => 1

;; spec 8.11, line 2947
((some-fn :a :b) {:b 2})
;; => 2

;; spec 8.11, line 2948: no match
((some-fn :a :b) {:c 3})
;; => nil

;; spec 8.11, line 2949: pos? matches
((some-fn even? pos?) 3)
;; => true
