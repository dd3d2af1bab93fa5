;; Edge cases where Clojure's answer is easy to get wrong.

;; float printing through str
[(str 1.0E10) (str 1.5e-7) (str 100.0) (str 1e21) (pr-str 0.1) (str -0.0)]

;; max-key and min-key return the last of equal candidates
[(max-key count "ab" "cd") (min-key count "ab" "cd")]

;; negative and zero counts, padding with an empty collection
[(take -1 [1 2]) (drop -1 [1 2]) (take 0 [1]) (partition 3 3 [] [1 2 3 4])]

;; sorting mixed numbers, strings by code point, vectors by length then items
[(sort [3 1.5 2]) (sort ["b" "A" "a"]) (sort [[2 1] [1 2] [1]])]

;; joining nil and splitting empty strings
[(str/join "," nil) (str/split "" #",") (str/split "abc" #"")]

;; strings with non-ASCII characters
[(subs "héllo" 1 3) (count "héllo") (str/upper-case "straße")]

;; :or applies to a nil value but not to false
[(let [{:keys [a] :or {a 5}} {:a nil}] a) (let [{:keys [a] :or {a 5}} {:a false}] a)]

;; get on vectors, strings and nil; vectors as functions
[(get [1 2 3] 1) (get [1 2 3] 5) (get "abc" 1) (get nil :a) ([1 2 3] 0)]

;; assoc at the end of a vector appends
(assoc [1 2] 2 3)

;; merge-with over three maps; merge ignores nil
[(merge-with + {:a 1} {:a 2} {:a 3 :b 1}) (merge {:a 1} nil)]

;; quot, rem and mod on floats
[(quot 7.5 2) (rem 7.5 2) (mod -7.5 2)]

;; min and max of equal int and float return the later argument
[(min 1 2.0) (max 2 2.0) (min 2.0 2)]

;; replacement strings refer to groups
[(str/replace "aaa" #"a" "$0$0") (str/replace "abc" #"(b)" "[$1]")]

;; re-seq with an optional group that does not match
(re-seq #"(a)(b)?" "ab a")

;; format with collections, hex and grouping
[(format "%s %s" [1 2] {:a 1}) (format "%x" 255) (format "%,d" 1234567)]

;; interleave stops at the shortest; zipmap keeps the last duplicate key
[(interleave [1 2] [3]) (zipmap [:a :a] [1 2])]

;; a for binding that depends on the previous one
(for [x [1 2 3] y [x] :when (odd? y)] (* x y))

;; rest, next, butlast, last on strings
[(rest "abc") (next "a") (butlast "abc") (last "abc")]

;; empty strings are empty
[(empty? "") (not-empty "") (seq "ab")]

;; sort-by with a comparator
(sort-by :a > [{:a 1} {:a 3} {:a 2}])

;; max-key over map entries
[(apply max-key val {:a 1 :b 3}) (key (first (sort-by val > {:x 1 :y 9})))]

;; update and update-in on vectors
[(update [1 2 3] 1 inc) (update-in [[1 2] [3 4]] [1 0] * 10)]

;; paths through vectors inside maps
[(get-in {:a [{:b 1}]} [:a 0 :b]) (assoc-in {:a [{:b 1}]} [:a 0 :b] 2)]

;; :as in vector destructuring
(let [[a b :as all] [1 2 3]] [a b all])

;; booleans from values
[(boolean nil) (boolean 0) (not 0) (true? 1) (false? false)]

;; characters
[(char? \a) (str \a \b) (int \a)]

;; reduce-kv over a vector passes indexes
(reduce-kv (fn [acc i x] (+ acc (* i x))) 0 [10 20 30])

;; the f/n-first/next family
[(nthnext [1 2 3] 1) (ffirst [[1]]) (fnext [1 2]) (nfirst [[1 2]]) (nnext [1 2 3])]

;; nil and empty inputs to the grouping functions
[(dedupe []) (distinct nil) (frequencies nil) (group-by odd? nil)]

;; trim-newline and escape
[(str/trim-newline "a\n\n") (str/escape "a<b" {\< "&lt;"})]

;; re-matches with groups, re-find without a match
[(re-matches #"(\d+)-(\d+)" "1-2") (re-find #"x" "abc")]

;; parse-boolean and a parse-long that does not trim
[(parse-boolean "true") (parse-boolean "yes") (parse-long " 1")]

;; nil and empty collections in predicates and counts
[(every? even? nil) (some identity nil) (count {}) (count "")]

;; constructors
[(vector) (vector 1 2) (hash-map :a 1) (hash-set 1 2)]

;; compare on vectors, strings and keywords
[(compare [1 2] [1 3]) (compare "abc" "abd") (compare :a :b) (compare [1] [1 0])]

;; float arithmetic at zero
[(inc 1.5) (dec -0.5) (* 1.0 0) (- 0.0)]

;; case on grouped numbers
(let [x 5] (case x (1 2 3) :small (4 5 6) :mid :big))

;; condp with < and with some
[(condp < 5 1 :a 10 :b) (condp some [1 2] #{3} :x #{2} :y)]
