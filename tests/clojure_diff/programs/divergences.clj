;; Programs where ptclisp follows PtcRunner's documented design instead of Clojure. Each carries a
;; `;; divergence:` line; the test expects them to differ from Clojure (strict xfail), so a marker
;; that stops being true is noticed. docs/divergences.md explains each one.

;; divergence: = ignores the numeric type, (= 1 1.0) is true (PtcRunner DIV-32)
[(= 1 1.0) (= [1] [1.0])]

;; divergence: / always returns a float, (/ 10 2) is 5.0 and there are no ratios (spec 8.4)
[(/ 10 2) (/ 1 3)]

;; divergence: contains? on a vector tests membership (PtcRunner DIV-27)
(contains? [10 20] 20)

;; divergence: out-of-range nth answers nil instead of throwing (PtcRunner DIV-26)
(nth [1 2] 5)

;; divergence: maps are seen in key order, Clojure's small maps in insertion order (DIV-38)
(seq {:b 2 :a 1})

;; divergence: integers never overflow, (inc Long/MAX_VALUE) is a big integer (spec 3.3)
(inc 9223372036854775807)

;; divergence: there are no lists, conj/into on nil build vectors (PtcRunner DIV-25, DIV-02)
[(conj nil 1 2) (into nil [1 2])]

;; divergence: 1 and 1.0 are equal, so distinct and frequencies merge them (PtcRunner DIV-32)
[(distinct [1 1.0 2]) (frequencies [1 1.0])]

;; divergence: format prints nil as "" for %s (PtcRunner DIV-21)
(format "%s|%s" nil 1)

;; divergence: the total order of spec 11.3 puts numbers before nil, (compare nil 1) is 1
[(compare nil 1) (sort [2 nil 1])]

;; divergence: namespaced keywords do not exist (PtcRunner DIV-13)
(name :a/b)
