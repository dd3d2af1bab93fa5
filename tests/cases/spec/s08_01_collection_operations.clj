;; Spec section 8.1 (Collection Operations): every `code ; => expected` example of PtcRunner
;; v0.13.0's ptc-lisp-specification.md, with its line there; expectations are the spec's.

;; spec 8.1, line 1682
(find {:a 1 :b 2} :b)
;; => [:b 2]

;; spec 8.1, line 1683
(find {:a 1} :z)
;; => nil

;; spec 8.1, line 1684
(find [10 20 30] 2)
;; => [2 30]

;; spec 8.1, line 1685
(find [10 20] 5)
;; => nil

;; spec 8.1, line 1693: spec expects [[:travel 200] [:office 150]] (the literal's order)
;; divergence: a map is seen as its entries in key order (DIV-38), so :office comes first
;; (docs/divergences.md, "Spec examples we do not follow")
(filter (fn [[k v]] (> v 100)) {:food 50 :travel 200 :office 150})
;; => [[:office 150] [:travel 200]]

;; the spec's entries, order aside
(set (filter (fn [[k v]] (> v 100)) {:food 50 :travel 200 :office 150}))
;; => #{[:travel 200] [:office 150]}

;; spec 8.1, line 1697
(remove (fn [[k v]] (nil? v)) {:a 1 :b nil :c 3})
;; => [[:a 1] [:c 3]]

;; spec 8.1, line 1705
(keep (fn [x] (when (odd? x) x)) (range 10))
;; => [1 3 5 7 9]

;; spec 8.1, line 1709
(keep identity [false nil 1 2 nil 3])
;; => [false 1 2 3]

;; spec 8.1, line 1713
(keep (fn [x] (when (> x 2) (* x x))) [1 2 3 4 5])
;; => [9 16 25]

;; spec 8.1, line 1717
(sort (keep (fn [[k v]] (when (> v 1) k)) {:a 1 :b 2 :c 3}))
;; => [:b :c]

;; spec 8.1, line 1739: map + flatten
(mapcat (fn [x] [x (* x 2)]) [1 2 3])
;; => [1 2 2 4 3 6]

;; spec 8.1, line 1743
(map-indexed (fn [i x] [i x]) ["a" "b"])
;; => [[0 "a"] [1 "b"]]

;; spec 8.1, line 1747
(map + [1 2 3] [10 20 30])
;; => [11 22 33]

;; spec 8.1, line 1748
(map (fn [a b] [a b]) [1 2] [:a :b])
;; => [[1 :a] [2 :b]]

;; spec 8.1, line 1749: stops at shortest
(map + [1 2 3 4] [10 20])
;; => [11 22]

;; spec 8.1, line 1752
(map (fn [a b c] (+ a b c)) [1 2] [10 20] [100 200])
;; => [111 222]

;; spec 8.1, line 1755
(mapcat (fn [x] (range 0 x)) [2 3 1])
;; => [0 1 0 1 2 0]

;; spec 8.1, line 1756: flatten one level
(mapcat identity [[1 2] [3 4] [5]])
;; => [1 2 3 4 5]

;; spec 8.1, line 1757: filter + flatten
(mapcat (fn [x] (if (> x 0) [x] [])) [-1 2 -3 4])
;; => [2 4]

;; spec 8.1, line 1772: (let [factor 10] (pmap #(* % factor) [1 2 3])) ; => [10 20 30]
(let [factor 10]
  (pmap #(* % factor) [1 2 3]))
;; => [10 20 30]

;; spec 8.1, line 1797: (pcalls #(+ 1 1) #(* 2 3) #(- 10 5)) ; => [2 6 5]
(pcalls #(+ 1 1) #(* 2 3) #(- 10 5))
;; => [2 6 5]

;; spec 8.1, line 1822
(sort [3 1 2])
;; => [1 2 3]

;; spec 8.1, line 1823
(sort ["b" "a" "c"])
;; => ["a" "b" "c"]

;; spec 8.1, line 1824: Clojure extension
(sort :desc [1 3 2])
;; => [3 2 1]

;; spec 8.1, line 1825: Clojure extension
(sort :asc [3 1 2])
;; => [1 2 3]

;; spec 8.1, line 1831
(sort-by first [["b" 2] ["a" 1] ["c" 3]])
;; => [["a" 1] ["b" 2] ["c" 3]]

;; spec 8.1, line 1833
(reverse [1 2 3])
;; => [3 2 1]

;; spec 8.1, line 1843
(sort {:b 2 :a 1})
;; => [[:a 1] [:b 2]]

;; spec 8.1, line 1847
(sort-by second > {:food 100 :travel 500 :office 200})
;; => [[:travel 500] [:office 200] [:food 100]]

;; spec 8.1, line 1851
(sort-by first {:z 1 :a 2 :m 3})
;; => [[:a 2] [:m 3] [:z 1]]

;; spec 8.1, line 1888
(first [1 2 3])
;; => 1

;; spec 8.1, line 1889
(first [])
;; => nil

;; spec 8.1, line 1890
(second [1 2 3])
;; => 2

;; spec 8.1, line 1891
(last [1 2 3])
;; => 3

;; spec 8.1, line 1892
(nth [1 2 3] 1)
;; => 2

;; spec 8.1, line 1893: out of bounds
(nth [1 2 3] 10)
;; => nil

;; spec 8.1, line 1894
(rest [1 2 3])
;; => [2 3]

;; spec 8.1, line 1895
(rest [])
;; => []

;; spec 8.1, line 1896
(butlast [1 2 3 4])
;; => [1 2 3]

;; spec 8.1, line 1897
(butlast [1])
;; => nil

;; spec 8.1, line 1898
(butlast [])
;; => nil

;; spec 8.1, line 1899
(next [1 2 3])
;; => [2 3]

;; spec 8.1, line 1900
(next [])
;; => nil

;; spec 8.1, line 1901
(next [1])
;; => nil

;; spec 8.1, line 1902
(ffirst [[1 2] [3]])
;; => 1

;; spec 8.1, line 1903
(fnext [1 2 3])
;; => 2

;; spec 8.1, line 1904
(nfirst [[1 2] [3]])
;; => [2]

;; spec 8.1, line 1905
(nnext [1 2 3 4])
;; => [3 4]

;; spec 8.1, line 1906
(take 2 [1 2 3 4])
;; => [1 2]

;; spec 8.1, line 1907
(drop 2 [1 2 3 4])
;; => [3 4]

;; spec 8.1, line 1908
(distinct [1 2 1 3])
;; => [1 2 3]

;; spec 8.1, line 1911
(partition 2 [1 2 3 4 5 6])
;; => [[1 2] [3 4] [5 6]]

;; spec 8.1, line 1912: incomplete discarded
(partition 3 [1 2 3 4 5])
;; => [[1 2 3]]

;; spec 8.1, line 1913: sliding window
(partition 2 1 [1 2 3 4])
;; => [[1 2] [2 3] [3 4]]

;; spec 8.1, line 1914: pad incomplete with [0]
(partition 3 3 [0] [1 2 3 4 5])
;; => [[1 2 3] [4 5 0]]

;; spec 8.1, line 1917
(partition-all 2 [1 2 3 4 5])
;; => [[1 2] [3 4] [5]]

;; spec 8.1, line 1918
(partition-all 3 [1 2 3 4 5])
;; => [[1 2 3] [4 5]]

;; spec 8.1, line 1921
(split-at 2 [1 2 3 4 5])
;; => [[1 2] [3 4 5]]

;; spec 8.1, line 1922
(split-at 0 [1 2 3])
;; => [[] [1 2 3]]

;; spec 8.1, line 1923: negative clamps to 0
(split-at -1 [1 2 3])
;; => [[] [1 2 3]]

;; spec 8.1, line 1926
(split-with pos? [1 2 -1 3])
;; => [[1 2] [-1 3]]

;; spec 8.1, line 1927
(split-with even? [2 4 5 6])
;; => [[2 4] [5 6]]

;; spec 8.1, line 1930
(partition-by odd? [1 1 2 2 3])
;; => [[1 1] [2 2] [3]]

;; spec 8.1, line 1931
(partition-by identity [1 1 2 3 3])
;; => [[1 1] [2] [3 3]]

;; spec 8.1, line 1934
(dedupe [1 1 2 3 3 2])
;; => [1 2 3 2]

;; spec 8.1, line 1935
(dedupe "aabcc")
;; => ["a" "b" "c"]

;; spec 8.1, line 1938
(keep-indexed (fn [i v] (if (odd? i) v)) [:a :b :c :d])
;; => [:b :d]

;; spec 8.1, line 1939
(keep-indexed (fn [i v] (when (even? i) v)) [10 20 30])
;; => [10 30]

;; spec 8.1, line 1947
(take-while :active [{:active true} {:active true} {:active false}])
;; => [{:active true} {:active true}]

;; spec 8.1, line 1950
(drop-while :pending [{:pending true} {:pending true} {:pending false}])
;; => [{:pending false}]

;; spec 8.1, line 1974
(cons 0 [1 2 3])
;; => [0 1 2 3]

;; spec 8.1, line 1975
(cons 0 nil)
;; => [0]

;; spec 8.1, line 1976
(conj [1 2] 3)
;; => [1 2 3]

;; spec 8.1, line 1977
(conj #{1 2} 3)
;; => #{1 2 3}

;; spec 8.1, line 1978
(conj {:a 1} [:b 2])
;; => {:a 1 :b 2}

;; spec 8.1, line 1979
(concat [1 2] [3 4])
;; => [1 2 3 4]

;; spec 8.1, line 1980
(into [] [1 2 3])
;; => [1 2 3]

;; spec 8.1, line 1981
(into [] {:a 1 :b 2})
;; => [[:a 1] [:b 2]]

;; spec 8.1, line 1982
(into #{} [1 2 2 3])
;; => #{1 2 3}

;; spec 8.1, line 1983
(into {} [[:a 1] [:b 2]])
;; => {:a 1 :b 2}

;; spec 8.1, line 1984
(into #{} {:a 1})
;; => #{[:a 1]}

;; spec 8.1, line 1985
(into {} #{[:a 1]})
;; => {:a 1}

;; spec 8.1, line 1986
(flatten [[1 2] [3 [4]]])
;; => [1 2 3 4]

;; spec 8.1, line 1987
(interpose ", " ["a" "b" "c"])
;; => ["a" ", " "b" ", " "c"]

;; spec 8.1, line 1988
(zip [1 2] [:a :b])
;; => [[1 :a] [2 :b]]

;; spec 8.1, line 1989
(zipmap [:a :b :c] [1 2 3])
;; => {:a 1 :b 2 :c 3}

;; spec 8.1, line 1990: truncates to shorter
(zipmap [:a :b] [1 2 3])
;; => {:a 1 :b 2}

;; spec 8.1, line 1991
(empty [1 2 3])
;; => []

;; spec 8.1, line 1992
(empty {:a 1})
;; => {}

;; spec 8.1, line 1993
(empty nil)
;; => nil

;; spec 8.1, line 1994
(peek [1 2 3])
;; => 3

;; spec 8.1, line 1995
(peek [])
;; => nil

;; spec 8.1, line 1996
(pop [1 2 3])
;; => [1 2]

;; spec 8.1, line 1997
(pop [])
;; => nil

;; spec 8.1, line 1998
(subvec [0 1 2 3 4] 1 3)
;; => [1 2]

;; spec 8.1, line 1999
(subvec [0 1 2 3 4] 2)
;; => [2 3 4]

;; spec 8.1, line 2000
(disj #{1 2 3} 2)
;; => #{1 3}

;; spec 8.1, line 2001
(disj #{1 2 3} 2 3)
;; => #{1}

;; spec 8.1, line 2011
(combinations [1 2 3] 2)
;; => [[1 2] [1 3] [2 3]]

;; spec 8.1, line 2012
(combinations [1 2 3 4] 3)
;; => [[1 2 3] [1 2 4] [1 3 4] [2 3 4]]

;; spec 8.1, line 2013: empty subset
(combinations [1 2 3] 0)
;; => [[]]

;; spec 8.1, line 2014: n > length
(combinations [1 2] 3)
;; => []

;; spec 8.1, line 2019
(->> (combinations [1 2 3 4 5] 2)
     (filter (fn [[a b]] (= (+ a b) 6))))
;; => [[1 5] [2 4]]

;; spec 8.1, line 2035: inc each, then sum
(walk inc #(apply + %) [1 2 3])
;; => 9

;; spec 8.1, line 2036
(walk identity identity [1 2 3])
;; => [1 2 3]

;; spec 8.1, line 2037: sets are preserved
(walk inc identity #{1 2 3})
;; => #{2 3 4}

;; spec 8.1, line 2041
(prewalk #(if (number? %) (inc %) %) [1 [2 3]])
;; => [2 [3 4]]

;; spec 8.1, line 2045
(postwalk #(if (number? %) (inc %) %) [1 [2 3]])
;; => [2 [3 4]]

;; spec 8.1, line 2049: inner lists sum first: [3 7], then outer sums: 10
(postwalk #(if (vector? %) (apply + %) %) [[1 2] [3 4]])
;; => 10

;; spec 8.1, line 2054
(let [tree {:id 1 :children [{:id 2 :children []} {:id 3 :children []}]}]
  (map :id (tree-seq :children :children tree)))
;; => [1 2 3]

;; spec 8.1, line 2063
(let [tree {:name "root" :value 10 :children [
             {:name "a" :value 5 :children []}
             {:name "b" :value 15 :children []}]}]
  (->> (tree-seq :children :children tree)
       (filter #(> (:value %) 10))
       (map :name)))
;; => ["b"]

;; spec 8.1, line 2070
(prewalk #(if (and (map? %) (:value %))
             (update % :value inc)
             %)
         {:value 1 :nested {:value 2}})
;; => {:value 2 :nested {:value 3}}

;; spec 8.1, line 2087
(seq [1 2 3])
;; => [1 2 3]

;; spec 8.1, line 2088
(seq [])
;; => nil

;; spec 8.1, line 2089
(seq "hello")
;; => ["h" "e" "l" "l" "o"]

;; spec 8.1, line 2090
(seq "")
;; => nil

;; spec 8.1, line 2091: or another order (sets are unordered)
(seq #{1 2 3})
;; => [1 2 3]

;; spec 8.1, line 2092
(seq {})
;; => nil

;; spec 8.1, line 2093
(seq {:a 1 :b 2})
;; => [[:a 1] [:b 2]]

;; spec 8.1, line 2094: iterate over characters
(count (seq "abc"))
;; => 3

;; spec 8.1, line 2119
(count [1 2 3])
;; => 3

;; spec 8.1, line 2120
(reduce + 0 [1 2 3])
;; => 6

;; spec 8.1, line 2121: 10 - 1 - 2 - 3, Clojure style: f receives (acc, elem)
(reduce - 10 [1 2 3])
;; => 4

;; spec 8.1, line 2125
(reduce (fn [acc [k v]] (+ acc v)) 0 {:a 1 :b 2})
;; => 3

;; spec 8.1, line 2128
(reduce (fn [acc x] (str acc "-" x)) "a" "bc")
;; => "a-b-c"

;; spec 8.1, line 2131
(reduce + 0 #{1 2 3})
;; => 6

;; spec 8.1, line 2134
(sum [1 2 3 4 5])
;; => 15

;; spec 8.1, line 2135
(avg [1 2 3 4 5])
;; => 3.0

;; spec 8.1, line 2136
(avg [10 20])
;; => 15.0

;; spec 8.1, line 2137: empty collection
(avg [])
;; => nil

;; spec 8.1, line 2138
(sum [])
;; => 0

;; spec 8.1, line 2146
(frequencies [:a :b :a :c :b :a])
;; => {:a 3, :b 2, :c 1}

;; spec 8.1, line 2147
(frequencies "hello")
;; => {"h" 1, "e" 1, "l" 2, "o" 1}

;; spec 8.1, line 2149: item with minimum first element
(min-by first [["b" 2] ["a" 1]])
;; => ["a" 1]

;; spec 8.1, line 2151: sum second elements
(sum-by (fn [x] (nth x 1)) [["a" 2] ["b" 3]])
;; => 5

;; spec 8.1, line 2156: longest string
(max-key count "a" "abc" "ab")
;; => "abc"

;; spec 8.1, line 2157: shortest string
(min-key count "abc" "a" "ab")
;; => "a"

;; spec 8.1, line 2158
(max-key #(nth % 1) ["a" 1] ["b" 5] ["c" 3])
;; => ["b" 5]

;; spec 8.1, line 2161
(apply max-key second (seq {:a 3 :b 7 :c 2}))
;; => [:b 7]

;; spec 8.1, line 2185
(empty? [])
;; => true

;; spec 8.1, line 2186
(empty? nil)
;; => true

;; spec 8.1, line 2187
(not-empty [1 2])
;; => [1 2]

;; spec 8.1, line 2188
(not-empty [])
;; => nil

;; spec 8.1, line 2189
(not-empty nil)
;; => nil

;; spec 8.1, line 2193
(contains? {:a 1} :a)
;; => true

;; spec 8.1, line 2194
(contains? {:a 1} :b)
;; => false

;; spec 8.1, line 2195: works on lists too
(contains? ["a" "b" "c"] "b")
;; => true

;; spec 8.1, line 2196
(contains? ["a" "b" "c"] "x")
;; => false

;; spec 8.1, line 2208
(range 5)
;; => [0 1 2 3 4]

;; spec 8.1, line 2209
(range 5 10)
;; => [5 6 7 8 9]

;; spec 8.1, line 2210
(range 0 10 2)
;; => [0 2 4 6 8]

;; spec 8.1, line 2211
(range 10 0 -2)
;; => [10 8 6 4 2]

;; spec 8.1, line 2212
(range 5 5)
;; => []

;; spec 8.1, line 2213: spec expects [1 1 1]
;; divergence: there are no lazy sequences, so a zero step is an error even under take
;; (docs/divergences.md, "Spec examples we do not follow")
(take 3 (range 1 5 0))
;; !! EvalError: range with a step of 0
