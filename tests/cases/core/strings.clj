;; clojure.string and the string helpers (spec 8.3; conformance gaps noted; Clojure 1.11 otherwise).

;; spec 8.3 examples, bare as PtcRunner binds them
(split "a,b,c" ",")
;; => ["a" "b" "c"]

(split "hello" "")
;; => ["h" "e" "l" "l" "o"]

(split "a,,b" ",")
;; => ["a" "" "b"]

(split "a--b--c" #"--")
;; => ["a" "b" "c"]

(split-lines "a\nb\r\nc")
;; => ["a" "b" "c"]

(split-lines "a\n\n\n")
;; => ["a"]

(join ", " ["a" "b" "c"])
;; => "a, b, c"

(join "-" [1 2 3])
;; => "1-2-3"

(trim "\n\tworld\r\n")
;; => "world"

(replace "hello" "l" "L")
;; => "heLLo"

(replace "aaa" "a" "b")
;; => "bbb"

(upcase "hello")
;; => "HELLO"

(upper-case "world")
;; => "WORLD"

(downcase "HELLO")
;; => "hello"

(lower-case "WORLD")
;; => "world"

(starts-with? "hello" "he")
;; => true

(starts-with? "hello" "lo")
;; => false

(starts-with? "hello" "")
;; => true

(ends-with? "hello" "lo")
;; => true

(ends-with? "hello" "he")
;; => false

(ends-with? "hello" "")
;; => true

(includes? "hello" "ll")
;; => true

(includes? "hello" "x")
;; => false

(includes? "hello" "")
;; => true

(index-of "hello" "l")
;; => 2

(index-of "hello" "x")
;; => nil

(index-of "hello" "l" 3)
;; => 3

(index-of "hello" "")
;; => 0

(last-index-of "hello" "l")
;; => 3

(last-index-of "hello" "x")
;; => nil

(last-index-of "hello" "l" 2)
;; => 2

(last-index-of "hello" "")
;; => 5

(last-index-of "aaa" "aa")
;; => 1

;; the same functions through every namespace prefix
(str/join "," [1 2])
;; => "1,2"

(string/upper-case "a")
;; => "A"

(clojure.string/split "a b" #" ")
;; => ["a" "b"]

(str/upcase "x")
;; => "X"

;; split: Java semantics (GAP-S15, GAP-S95): no trailing empties, "" stays [""]
(str/split "abc" #"")
;; => ["a" "b" "c"]

(str/split "a,b," #",")
;; => ["a" "b"]

(str/split "" #",")
;; => [""]

(str/split "," #",")
;; => []

(str/split ",a" #",")
;; => ["" "a"]

(str/split "a1b22c" #"\d+")
;; => ["a" "b" "c"]

;; split with a limit (GAP-S25)
(str/split "abc" #"" 2)
;; => ["a" "bc"]

(str/split "a,,b" #"," 0)
;; => ["a" "" "b"]

(str/split "a,,b" #"," 1)
;; => ["a,,b"]

(str/split "a,,b,," #"," -1)
;; => ["a" "" "b" "" ""]

(str/split "a,b,c" "," 2)
;; => ["a" "b,c"]

;; split: a multi-character plain string is refused (DIV-50)
(str/split "a..b" "..")
;; !! EvalError: needs a regex
;; hint=> #".."

(str/split "a b" 1)
;; !! EvalError: str/split expected a regex delimiter, got integer

;; split-lines: Clojure edge cases (GAP-S51)
(str/split-lines "")
;; => [""]

(str/split-lines "\n")
;; => []

(str/split-lines "a\r")
;; => ["a\r"]

;; join: nil and seqables (GAP-S26)
(str/join nil)
;; => ""

(str/join "," nil)
;; => ""

(str/join nil [1 2])
;; => "12"

(str/join "ab")
;; => "ab"

(str/join "," "ab")
;; => "a,b"

(str/join "," {:a 1})
;; => "[:a 1]"

(str/join ", " [nil :k 1.5 "s" [1 2]])
;; => ", :k, 1.5, s, [1 2]"

(str/join ["a" "b"] ", ")
;; !! EvalError: separator
;; hint=> the separator comes first

;; whitespace is Java's (GAP-S50): no-break space stays, em space goes
(str/blank? "\u00A0")
;; => false

(str/blank? "\u2003")
;; => true

(str/trim "\u00A0x\u00A0")
;; => "\u00A0x\u00A0"

(str/trim "\u2003x\u2003")
;; => "x"

(str/triml "  x  ")
;; => "x  "

(str/trimr "  x  ")
;; => "  x"

(str/blank? nil)
;; => true

(str/blank? "")
;; => true

(str/blank? " a ")
;; => false

(str/trim-newline "hello\r\n\n")
;; => "hello"

(str/trim-newline "hello  ")
;; => "hello  "

;; numbers are stringified as receivers (GAP-S139)
(str/lower-case 12)
;; => "12"

(str/includes? 123 "2")
;; => true

(str/replace 121 "1" "x")
;; => "x2x"

(str/index-of 123 "2")
;; => 1

;; nil is not a string
(str/upper-case nil)
;; !! EvalError: str/upper-case expected a string, got nil

(str/includes? nil "a")
;; !! EvalError: str/includes? expected a string, got nil

;; index-of: float from-index truncates (GAP-S124), negative from-index (GAP-S80)
(str/index-of "abcabc" "b" 1.9)
;; => 1

(str/last-index-of "ababa" "a" 3.9)
;; => 2

(str/last-index-of "abc" "a" -1)
;; => nil

(str/last-index-of "abc" "" -1)
;; => nil

(str/index-of "abc" "c" -5)
;; => 2

(str/index-of "abc" "" 10)
;; => 3

;; capitalize, reverse, replace-first, escape (Clojure functions PtcRunner lacks)
(str/capitalize "hELLO wORLD")
;; => "Hello world"

(str/capitalize "")
;; => ""

(str/reverse "abc")
;; => "cba"

(str/replace-first "aaa" "a" "b")
;; => "baa"

(str/replace-first "a1b2" #"\d" "#")
;; => "a#b2"

(str/escape "a<b>&" {\< "&lt;" \> "&gt;" \& "&amp;"})
;; => "a&lt;b&gt;&amp;"

(str/escape "abc" {"b" 1})
;; => "a1c"

;; replace with a regex: $1 group references (GAP-S73) and functions (GAP-S27)
(str/replace "a1" #"(\d)" "<$1>")
;; => "a<1>"

(str/replace "John Smith" #"(\w+) (\w+)" "$2 $1")
;; => "Smith John"

(str/replace "a-b" #"(?<x>\w)" "[${x}]")
;; => "[a]-[b]"

(str/replace "price" #"i" "\\$")
;; => "pr$ce"

(str/replace "a1" #"\d" "$$")
;; !! EvalError: invalid replacement string

(str/replace "a1" #"\d" "$2")
;; !! EvalError: no group 2

(str/replace "a1" #"\d" (fn [m] "X"))
;; => "aX"

(str/replace "a1b2" #"(\d)" (fn [[m g]] (str "<" g ">")))
;; => "a<1>b<2>"

(str/replace "a1" #"\d" (str/re-quote-replacement "$1\\"))
;; => "a$1\\"

(str/replace "hello" "" "-")
;; => "-h-e-l-l-o-"

(str/replace "abc" #"" "-")
;; => "-a-b-c-"

(str/replace "hello" "l" 1)
;; !! EvalError: str/replace expected a string as replacement, got integer

;; clojure.core/replace with a map or vector (GAP-S16)
(replace {1 :one 2 :two} [1 2 3])
;; => [:one :two 3]

(replace [:a :b] [0 1 5])
;; => [:a :b 5]

(replace {"a" "A"} ["a" "b"])
;; => ["A" "b"]

;; subs: signal values instead of failing (DIV-22)
(subs "hello" 1)
;; => "ello"

(subs "hello" 1 4)
;; => "ell"

(subs "abcdef" -1)
;; => ""

(subs "abc" 10)
;; => ""

(subs "abc" 4 4)
;; => ""

(subs "abc" 1 99)
;; => "bc"

(subs "abc" 2 1)
;; => ""

(subs "abc" 0 100)
;; => "abc"

(let [s "abcdef"] (subs s (.indexOf s "xyz")))
;; => ""

(subs nil 1)
;; !! EvalError: subs expected a string, got nil

;; code points, not UTF-16 units
(str/index-of "😀a" "a")
;; => 1

(subs "😀a" 1)
;; => "a"

(str/reverse "a😀")
;; => "😀a"
