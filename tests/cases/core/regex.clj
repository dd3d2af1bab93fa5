;; Regex functions (spec 8.10; conformance gaps S66 S82 S92 S93; Clojure otherwise).

;; spec 8.10 examples
(re-find (re-pattern "\\d+") "v1")
;; => "1"

(re-matches (re-pattern "\\d+") "123")
;; => "123"

(re-matches (re-pattern "\\d+") "123abc")
;; => nil

(re-find (re-pattern "(\\d+)-(\\d+)") "10-20")
;; => ["10-20" "10" "20"]

(re-seq (re-pattern "\\d+") "a1b22c333")
;; => ["1" "22" "333"]

(re-seq (re-pattern "(\\d)(\\w)") "1a2b")
;; => [["1a" "1" "a"] ["2b" "2" "b"]]

(re-split (re-pattern "\\s+") "a  b   c")
;; => ["a" "b" "c"]

(re-split (re-pattern ",") "a,b,c")
;; => ["a" "b" "c"]

(extract "ID:(\\d+)" "ID:42")
;; => "42"

(extract "ID:(\\d+)" "ID:42" 0)
;; => "ID:42"

(extract "x=(\\d+) y=(\\d+)" "x=10 y=20" 2)
;; => "20"

(extract "ID:(\\d+)" "no match")
;; => nil

(extract-int "age=(\\d+)" "age=25")
;; => 25

(extract-int "age=(\\d+)" "no match")
;; => nil

(extract-int "x=(\\d+) y=(\\d+)" "x=10 y=20" 2)
;; => 20

(extract-int "age=(\\d+)" "no match" 1 0)
;; => 0

(extract-int "x=(\\d+) y=(\\d+)" "x=10 y=20" 2 0)
;; => 20

;; literals and the regex/ prefix
(re-find #"\d+" "abc 123 def")
;; => "123"

(regex/re-find #"b+" "abbbc")
;; => "bbb"

(regex? #"a")
;; => true

(regex? (re-pattern "a"))
;; => true

;; re-pattern of a regex returns it (GAP-S66)
(re-find (re-pattern #"a+") "baac")
;; => "aa"

;; re-seq with no match is nil (GAP-S82)
(re-seq #"z" "abc")
;; => nil

;; groups that do not take part are nil (GAP-S92)
(re-find #"a(\d+)?" "xa")
;; => ["a" nil]

(re-matches #"(a)?(b)" "b")
;; => ["b" nil "b"]

(re-seq #"(a)?(b)?(c)" "c abc")
;; => [["c" nil nil "c"] ["abc" "a" "b" "c"]]

;; str of a regex is its source (GAP-S93); printing keeps the literal
(str #"a+")
;; => "a+"

(pr-str #"a\d")
;; => "#\"a\\d\""

(= #"a+" #"a+")
;; => true

;; Java syntax the regex package spells differently
(re-find #"\Qa.b\E" "xa.b")
;; => "a.b"

(re-find #"\Qa.b\E" "xaxb")
;; => nil

(re-find #"b\z" "ab")
;; => "b"

(re-find #"b\z" "ab\n")
;; => nil

(re-find #"b\Z" "ab\n")
;; => "b"

(re-find #"\x{41}" "zAz")
;; => "A"

(re-find #"\p{javaLowerCase}+" "ABcdE")
;; => "cd"

(re-find #"(?i)hello" "Say HELLO")
;; => "HELLO"

(re-find #"a++b" "aaab")
;; => "aaab"

(re-find #"(?<year>\d{4})-(?<month>\d{2})" "on 2024-05")
;; => ["2024-05" "2024" "05"]

(re-matches #"[^]]+" "abc")
;; => "abc"

(re-find #"[a-z&&[^aeiou]]" "abc")
;; !! AnalysisError: invalid regex

;; bad patterns are reported before the program runs
(re-find #"(abc" "abc")
;; !! AnalysisError: invalid regex

(re-pattern "(abc")
;; !! EvalError: invalid regex #"(abc"

;; counted repetitions that would expand to a huge compiled pattern are refused
(re-pattern "(a{1000}){1000}")
;; !! EvalError: too complex

;; a pattern that backtracks catastrophically hits the regex timeout
(re-find #"(a|aa)+$" "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!")
;; !! LimitExceeded: regex timeout
;; hint=> simplify the pattern

;; strings are accepted where a regex is expected (a convenience over Clojure)
(re-find "\\d" "a1")
;; => "1"

(re-find 5 "a1")
;; !! EvalError: re-find expected a regex, got integer

(re-find #"a" nil)
;; !! EvalError: re-find expected a string, got nil

;; extract: group out of range, no groups
(extract #"a(b)" "ab" 5)
;; => nil

(extract #"ab" "ab")
;; => nil

(extract #"ab" "ab" 0)
;; => "ab"

(extract-int #"n=(\S+)" "n=abc")
;; => nil

(extract-int #"n=(\S+)" "n=-42")
;; => -42
