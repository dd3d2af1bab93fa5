;; Spec section 8.10 (Regex Functions): every `code ; => expected` example of PtcRunner v0.13.0's
;; ptc-lisp-specification.md, with its line there; expectations are the spec's.
;; (The failed-parse examples of parse-long/parse-double sit at the end of 8.10 in the spec.)

;; spec 8.10, line 2786
(re-find (re-pattern "\\d+") "v1")
;; => "1"

;; spec 8.10, line 2787
(re-matches (re-pattern "\\d+") "123")
;; => "123"

;; spec 8.10, line 2788: not entire string
(re-matches (re-pattern "\\d+") "123abc")
;; => nil

;; spec 8.10, line 2789
(re-find (re-pattern "(\\d+)-(\\d+)") "10-20")
;; => ["10-20" "10" "20"]

;; spec 8.10, line 2790
(re-seq (re-pattern "\\d+") "a1b22c333")
;; => ["1" "22" "333"]

;; spec 8.10, line 2791
(re-seq (re-pattern "(\\d)(\\w)") "1a2b")
;; => [["1a" "1" "a"] ["2b" "2" "b"]]

;; spec 8.10, line 2792
(re-split (re-pattern "\\s+") "a  b   c")
;; => ["a" "b" "c"]

;; spec 8.10, line 2793
(re-split (re-pattern ",") "a,b,c")
;; => ["a" "b" "c"]

;; spec 8.10, line 2796: group 1
(extract "ID:(\\d+)" "ID:42")
;; => "42"

;; spec 8.10, line 2797: full match
(extract "ID:(\\d+)" "ID:42" 0)
;; => "ID:42"

;; spec 8.10, line 2798: group 2
(extract "x=(\\d+) y=(\\d+)" "x=10 y=20" 2)
;; => "20"

;; spec 8.10, line 2799
(extract "ID:(\\d+)" "no match")
;; => nil

;; spec 8.10, line 2802
(extract-int "age=(\\d+)" "age=25")
;; => 25

;; spec 8.10, line 2803: 2-arity
(extract-int "age=(\\d+)" "no match")
;; => nil

;; spec 8.10, line 2804: group 2
(extract-int "x=(\\d+) y=(\\d+)" "x=10 y=20" 2)
;; => 20

;; spec 8.10, line 2805: 4-arity with default
(extract-int "age=(\\d+)" "no match" 1 0)
;; => 0

;; spec 8.10, line 2806: group 2 with default
(extract-int "x=(\\d+) y=(\\d+)" "x=10 y=20" 2 0)
;; => 20

;; spec 8.10, line 2820
(parse-long "abc")
;; => nil

;; spec 8.10, line 2821
(parse-double "invalid")
;; => nil

;; spec 8.10, line 2822: partial parse rejected - must consume entire string
(parse-long "42abc")
;; => nil

;; spec 8.10, line 2823: expects nil (trailing whitespace not allowed)
;; divergence: parse-double accepts Java's spellings, surrounding whitespace included, as
;; Clojure 1.11 does (PtcRunner's GAP-S61) (docs/divergences.md, "Spec examples we do not follow")
(parse-double "3.14 ")
;; => 3.14

;; spec 8.10, line 2830: "=> ..."; the prose above it (DIV-18): nil for non-string input
(parse-long 42)
;; => nil

;; spec 8.10, line 2831: "=> ..."; the prose above it (DIV-18): nil for non-string input
(parse-long nil)
;; => nil

;; spec 8.10, line 2832: "=> ..."; the prose above it (DIV-18): nil for non-string input
(parse-double nil)
;; => nil

;; spec 8.10, line 2833: "=> ..."; the prose above it (DIV-18): nil for non-string input
(parse-double 3.14)
;; => nil

;; spec 8.10, line 2844
(->> ["1" "2" "not-a-number" "4"]
     (map parse-long)
     (filter some?)
     (reduce + 0))
;; => 7
