;; Spec section 8.12 (Functional Tools: apply): every `code ; => expected` example of PtcRunner v0.13.0's
;; ptc-lisp-specification.md, with its line there; expectations are the spec's.

;; spec 8.12, line 2963
(apply + [1 2 3])
;; => 6

;; spec 8.12, line 2964
(apply str ["a" "b" "c"])
;; => "abc"

;; spec 8.12, line 2967
(apply + 1 2 [3 4])
;; => 10

;; spec 8.12, line 2968
(apply merge {:a 1} [{:b 2} {:c 3}])
;; => {:a 1 :b 2 :c 3}

;; spec 8.12, line 2971
(apply :name [{:name "Alice"}])
;; => "Alice"

;; spec 8.12, line 2974
(apply #{1 2 3} [2])
;; => 2

;; spec 8.12, line 2977
(map #(apply + %) [[1 2] [3 4]])
;; => [3 7]
