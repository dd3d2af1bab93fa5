;; Spec section 9 (Namespaces, Context, and Tools): its three `code ; => expected` examples read
;; a SubAgent's turn and token budget through (budget/remaining); PtcRunner checks them with a mock
;; budget. ptclisp runs programs without a SubAgent loop and has no budget/ namespace, so they are
;; skipped (docs/divergences.md, "Spec examples we do not follow"). Tool-free examples of the
;; section's text, of 16.4 (memory across turns) and of appendix A (symbol resolution) follow.
;; spec 9.5, line 3302: (:work-turns (budget/remaining)) ; => 10
;; spec 9.5, line 3303: (:retry-turns (budget/remaining)) ; => 5
;; spec 9.5, line 3304: (:cache-read (:tokens (budget/remaining))) ; => 2000

;; spec 9.3 text, line 3226: data/ reads the context
;; data=> {:threshold 5000 :items [1 2 3]}
[data/threshold (count data/items)]
;; => [5000 3]

;; spec 9.2 text, line 3196: a def persists across runs of one session
(def counter 1)
;; => #'counter
(def counter (inc counter))
;; => #'counter
counter
;; => 2

;; spec 16.4 text, line 4226: defs persist across turns; a def replaces, others stay
(def a 1)
;; => #'a
(def b {:x 10})
;; => #'b
(def b {:y 20})
;; => #'b
(def c 3)
;; => #'c
{:a a, :b b, :c c}
;; => {:a 1 :b {:y 20} :c 3}

;; spec A text, line 4436: a local and a data/ name side by side
;; data=> {:x 5}
(let [x 10]
  (+ x
     data/x))
;; => 15

;; spec A text, line 4447: the bare symbol data is not a value
;; data=> {:bar 1}
data
;; !! AnalysisError: Unable to resolve symbol: data

;; spec A text, line 4448
;; data=> {:bar 1}
(keys data)
;; !! AnalysisError: Unable to resolve symbol: data
