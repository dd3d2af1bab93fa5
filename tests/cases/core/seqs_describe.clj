;; describe: bounded data-shape summaries (a PTC-Lisp extension; facts from PtcRunner v0.13.0).

(describe 42)
;; => {:type "integer" :sample 42 :types {"integer" 1} :examples [42] :range {:min 42 :max 42} :distinct_count 1}

;; numeric-looking strings get a float range
(describe "42")
;; => {:type "string" :sample "42" :types {"string" 1} :examples ["42"] :non_empty 1 :range {:min 42.0 :max 42.0} :distinct_count 1}

(describe [{"event" "turn"} {"event" "done" "ok" true}])
;; => {:type "vector" :count 2 :scanned 2 :item_types {"map" 2} :key_types {"string" 3} :keys {"event" {:present 2 :pct 100.0 :types {"string" 2} :examples ["turn" "done"] :non_empty 2 :distinct_count 2} "ok" {:present 1 :pct 50.0 :types {"boolean" 1} :examples [true] :distinct_count 1}}}

(describe {"a" 1 :b nil})
;; => {:type "map" :count 2 :key_types {"keyword" 1 "string" 1} :keys {"a" {:types {"integer" 1} :examples [1] :range {:min 1 :max 1} :distinct_count 1} ":b" {:types {"nil" 1} :examples [nil] :distinct_count 1}}}

(describe #{1 "a"})
;; => {:type "set" :count 2 :scanned 2 :item_types {"integer" 1 "string" 1}}

(describe [1 "x" {"a" 1}])
;; => {:type "vector" :count 3 :scanned 3 :item_types {"integer" 1 "map" 1 "string" 1} :key_types {"string" 1} :keys {"a" {:types {"integer" 1} :examples [1] :range {:min 1 :max 1} :distinct_count 1 :present 1 :pct 33.3}}}

;; :sample limits the examples, :paths with :depth walks nested maps (through vectors)
(get-in (describe [{"a" [{"b" 1} {"b" 2}]} {"a" []}] {:paths true :depth 2}) [:paths "a.b"])
;; => {:types {"integer" 2} :examples [1 2] :range {:min 1 :max 2} :distinct_count 2 :present 1 :pct 50.0 :value_count 2}

(:examples (get-in (describe [{:n 1} {:n 2} {:n 3}] {:sample 1}) [:keys ":n"]))
;; => [1]

(select-keys (describe (mapv (fn [i] {:i i}) (range 1001))) [:count :count_capped :truncated :caps_hit])
;; => {:count 1000 :count_capped true :truncated true :caps_hit ["max_items"]}
