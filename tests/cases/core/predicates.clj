;; Type predicates (spec 8.7) and numeric predicates (spec 8.8)

[(nil? nil) (nil? false) (nil? 0)]
;; => [true false false]

[(some? nil) (some? false) (some? 0)]
;; => [false true true]

[(true? true) (true? 1) (true? "true")]
;; => [true false false]

[(false? false) (false? nil)]
;; => [true false]

[(boolean? true) (boolean? false) (boolean? nil) (boolean? 0)]
;; => [true true false false]

[(number? 1) (number? 1.5) (number? ##Inf) (number? ##NaN) (number? "1") (number? nil)]
;; => [true true true true false false]

[(int? 42) (int? 42.0) (int? "42") (int? true)]
;; => [true false false false]

;; integers are arbitrary precision (PtcRunner DIV-37)
(int? 922337203685477580812345)
;; => true

[(integer? 1) (integer? 1.0)]
;; => [true false]

[(float? 1.5) (float? 1) (float? ##Inf) (float? ##NaN)]
;; => [true false true true]

[(double? 1.5) (double? 2)]
;; => [true false]

[(rational? 3) (rational? 0.5) (ratio? 0.5) (ratio? 1) (decimal? 1.5)]
;; => [true false false false false]

[(nat-int? 0) (nat-int? 5) (nat-int? -1) (nat-int? 1.0)]
;; => [true true false false]

[(pos-int? 1) (pos-int? 0) (pos-int? 1.5)]
;; => [true false false]

[(neg-int? -1) (neg-int? 0) (neg-int? -1.0)]
;; => [true false false]

[(string? "a") (string? \a) (string? :a) (string? nil)]
;; => [true true false false]

;; characters are one-character strings
[(char? \a) (char? "a") (char? "ab") (char? 97)]
;; => [true true false false]

[(keyword? :a) (keyword? "a") (keyword? nil)]
;; => [true false false]

[(symbol? 'foo) (symbol? :foo) (symbol? "foo")]
;; => [true false false]

[(regex? #"a+") (regex? "a+")]
;; => [true false]

[(fn? inc) (fn? #(+ % 1)) (fn? (fn [x] x)) (fn? :a) (fn? {:a 1}) (fn? nil)]
;; => [true true true false false false]

(defn f [x] x)
(fn? f)
;; => true

[(ifn? inc) (ifn? :a) (ifn? {:a 1}) (ifn? #{1}) (ifn? 1) (ifn? "s") (ifn? nil)]
;; => [true true true true false false false]

[(vector? [1]) (vector? []) (vector? #{1}) (vector? nil)]
;; => [true true false false]

[(vector? (map inc [1 2])) (vector? (filter odd? [1 2]))]
;; => [true true]

[(map? {:a 1}) (map? {}) (map? [[:a 1]]) (map? nil)]
;; => [true true false false]

[(set? #{1}) (set? #{}) (set? [1])]
;; => [true true false]

[(coll? [1 2 3]) (coll? {:a 1}) (coll? #{1 2}) (coll? "hello") (coll? 42) (coll? nil)]
;; => [true true true false false false]

[(sequential? [1 2 3]) (sequential? {:a 1}) (sequential? #{1 2}) (sequential? "ab")]
;; => [true false false false]

[(seq? [1 2 3]) (seq? {:a 1}) (seq? nil)]
;; => [true false false]

[(seqable? [1]) (seqable? {:a 1}) (seqable? #{1}) (seqable? "ab") (seqable? nil) (seqable? 1) (seqable? :a)]
;; => [true true true true true false false]

[(associative? [1]) (associative? {:a 1}) (associative? #{1}) (associative? "ab")]
;; => [true true false false]

;; strings are not counted?/indexed?/reversible? (as in Clojure; PtcRunner's open bug GAP-S70)
[(counted? [1]) (counted? {:a 1}) (counted? #{1}) (counted? "ab") (counted? nil)]
;; => [true true true false false]

[(indexed? [1]) (indexed? "ab") (indexed? {:a 1})]
;; => [true false false]

[(reversible? [1]) (reversible? "ab") (reversible? #{1})]
;; => [true false false]

[(sorted? [1 2]) (sorted? #{1}) (sorted? {:a 1})]
;; => [false false false]

[(map-entry? [:a 1]) (map-entry? (first (seq {:a 1})))]
;; => [false false]

(tree-seq sequential? seq [[1 2] [3 [4 5]]])
;; => [[[1 2] [3 [4 5]]] [1 2] 1 2 [3 [4 5]] 3 [4 5] 4 5]

[(zero? 0) (zero? 0.0) (zero? -0.0) (zero? 1) (zero? ##NaN)]
;; => [true true true false false]

[(pos? 3) (pos? 0) (pos? -1) (pos? 0.5) (pos? Double/POSITIVE_INFINITY) (pos? ##NaN)]
;; => [true false false true true false]

[(neg? -1) (neg? 0) (neg? -0.5) (neg? Double/NEGATIVE_INFINITY) (neg? ##NaN)]
;; => [true false true true false]

;; numeric predicates are false for non-numbers (PtcRunner DIV-31)
[(zero? nil) (pos? nil) (neg? "x") (zero? "0") (pos? "1") (neg? "-1")]
;; => [false false false false false false]

[(even? 4) (even? 3) (even? 0) (even? -2)]
;; => [true false true true]

[(odd? 3) (odd? 4) (odd? -3)]
;; => [true false true]

;; whole floats count, other floats are neither (PtcRunner GAP-S08)
[(even? 4.0) (even? 4.5) (odd? 3.0) (odd? 4.5)]
;; => [true false true false]

[(even? nil) (odd? nil) (even? \a) (odd? "3") (even? ##Inf) (odd? ##NaN)]
;; => [false false false false false false]

(filter even? [1 2 3 4 5 6])
;; => [2 4 6]

[(infinite? (/ 1.0 0.0)) (infinite? ##-Inf) (infinite? 1.0e308) (infinite? nil) (infinite? "x")]
;; => [true true false false false]

[(NaN? ##NaN) (NaN? (/ 0.0 0.0)) (NaN? 1.0) (NaN? nil) (NaN? "x")]
;; => [true true false false false]

(nil? 1 2)
;; !! AnalysisError: Wrong number of args (2)
