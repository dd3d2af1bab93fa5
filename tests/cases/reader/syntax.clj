;; Reader: symbols, collections, short functions, regexes, vars, quotes, comments, commas.

;; quoted symbols keep their spelling (spec 2.3)
['filter 'sort-by 'empty? '+ '->> '/ '*1 '.indexOf 'java.util.Date. 'inc' '%1 '&]
;; => ['filter 'sort-by 'empty? '+ '->> '/ '*1 '.indexOf 'java.util.Date. 'inc' '%1 '&]

['data/bar 'tool/search 'clojure.string/join]
;; => ['data/bar 'tool/search 'clojure.string/join]

;; nil?, true-ish: only the exact words are literals
['nil? 'true-ish 'falsey]
;; => ['nil? 'true-ish 'falsey]

(clojure.string/join "," ["a" "b"])
;; => "a,b"

;; data/ reads the context
;; data=> {:orders [{:total 10} {:total 30} {:total 25}]}
(->> data/orders (filter #(> (:total %) 20)) (map :total) (reduce + 0))
;; => 55

;; quoting a literal gives the literal
[':k '1 '"s" 'nil]
;; => [:k 1 "s" nil]

[[1 2] [] [[3]]]
;; => [[1 2] [] [[3]]]

{:a 1, :b 2}
;; => {:a 1 :b 2}

{}
;; => {}

#{1 2 3}
;; => #{1 2 3}

#{}
;; => #{}

;; commas are whitespace
[1, 2,, 3 ,]
;; => [1 2 3]

;; comments run to the end of the line
(+ 1 ; one
   2) ; two
;; => 3

(+ 1 2)
; a comment after the program
;; => 3

;; #(...) short functions: % %1 %2 %& are parameters
(#(+ % 1) 41)
;; => 42

(#(+ %1 %2) 1 2)
;; => 3

(#(vector %1 %&) 1 2 3)
;; => [1 [2 3]]

;; regex literals keep their backslashes
(re-find #"\d+" "abc123def")
;; => "123"

;; \" in a regex literal stands for a quote
(re-find #"a\"b" "xa\"by")
;; => "a\"b"

(re-find #"\\" "a\\b")
;; => "\\"

;; #'name is a var
(def x 1)
;; => #'x
#'x
;; => #'x

[#'x #'y]
;; => [#'x #'y]
