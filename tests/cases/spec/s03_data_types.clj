;; Spec section 3 (Data Types): every `code ; => expected` example of PtcRunner v0.13.0's
;; ptc-lisp-specification.md, with its line there; expectations are the spec's. The examples of
;; the section's tables follow at the end ("spec table" cases).

;; spec 3.4, line 257
(first "hello")
;; => "h"

;; spec 3.4, line 258
(filter #(= \e %) "hello")
;; => ["e"]

;; spec 3.4, line 259
(map identity "abc")
;; => ["a" "b" "c"]

;; spec 3.4, line 260
(take 2 "hello")
;; => ["h" "e"]

;; spec 3.4, line 261
(count (filter #(= \r %) "raspberry"))
;; => 3

;; spec 3.5, line 269
\a
;; => "a"

;; spec 3.5, line 270
\Z
;; => "Z"

;; spec 3.5, line 271
\5
;; => "5"

;; spec 3.5, line 272: Unicode supported
\λ
;; => "λ"

;; spec 3.5, line 289
(= \a "a")
;; => true

;; spec 3.5, line 290
(= \newline "\n")
;; => true

;; spec 3.5, line 291
(char? \a)
;; => true

;; spec 3.5, line 292
(char? "ab")
;; => false

;; spec 3.5, line 299
(count (filter #(= \r %) "raspberry"))
;; => 3

;; spec 3.5, line 302
(filter #(contains? #{\a \e \i \o \u} %) "hello")
;; => ["e" "o"]

;; spec 3.6, line 319
(:name {:name "Alice" :age 30})
;; => "Alice"

;; spec 3.6, line 320
(:missing {:name "Alice"})
;; => nil

;; spec 3.6, line 321
(:missing {:name "Alice"} "default")
;; => "default"

;; spec 3.6, line 327
({:name "Alice" :age 30} :name)
;; => "Alice"

;; spec 3.6, line 328
({:name "Alice"} :missing)
;; => nil

;; spec 3.6, line 329
({:name "Alice"} :missing "default")
;; => "default"

;; spec 3.6, line 336
(filter :active [{:active true} {:active false}])
;; => [{:active true}]

;; spec 3.6, line 337
(remove :deleted [{:deleted true} {:deleted nil}])
;; => [{:deleted nil}]

;; spec 3.6, line 340
(map :name [{:name "Alice"} {:name "Bob"}])
;; => ["Alice" "Bob"]

;; spec 3.8, line 387
(json/parse-lines "{\"a\":1}\n\nnull\nnot json")
;; => [{"a" 1} nil nil]

;; spec 3.8, line 405
(let [lookup {:a 1 :b 2}]
  (mapv #(lookup %) [:a :b]))
;; => [1 2]

;; spec table 3.8, line 394
({:a 1 :b 2} :a)
;; => 1

;; spec table 3.8, line 395
({:a 1} :missing)
;; => nil

;; spec table 3.8, line 396
({:a 1} :missing "default")
;; => "default"

;; spec table 3.8, line 397
({"name" "Alice"} "name")
;; => "Alice"

;; spec 3.9 text, line 415: "duplicates silently removed"
;; divergence: a duplicate in a set literal is a read error, as in Clojure (docs/divergences.md,
;; "Spec examples we do not follow"); (set [1 1 2]) removes duplicates.
#{1 1 2}
;; !! ReadError: Duplicate key: 1

(set [1 1 2])
;; => #{1 2}

;; spec table 3.9, line 440
(#{1 2 3} 2)
;; => 2

;; spec table 3.9, line 441
(#{1 2 3} 4)
;; => nil

;; spec table 3.9, line 442
(filter #{:a :b} [:a :c :b])
;; => [:a :b]

;; spec table 3.9, line 443
(some #{"x"} ["a" "x"])
;; => "x"

;; spec 3.10 text, line 466: vars can be stored in collections
(def x 1)
;; => #'x
(def y 2)
;; => #'y
[#'x #'y]
;; => [#'x #'y]
