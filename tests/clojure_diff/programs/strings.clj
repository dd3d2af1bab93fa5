;; Strings and clojure.string.

;; str concatenates, nil is empty
[(str "a" 1 :k nil 2.5) (str) (str nil) (str [1 2]) (str true)]

;; subs and count
[(subs "hello" 1) (subs "hello" 1 3) (count "hello")]

;; case changes and trimming
[(str/upper-case "abc") (str/lower-case "ABC") (str/capitalize "hELLO") (str/trim "  a b  ")
 (str/triml "  a ") (str/trimr " a  ")]

;; split and join
[(str/split "a,b,,c" #",") (str/split "a  b c" #"\s+") (str/join ", " ["x" "y" "z"]) (str/join [1 2 3])]

;; replace with strings and regexes
[(str/replace "a-b-c" "-" "+") (str/replace "a1b22" #"\d+" "#") (str/replace-first "aaa" "a" "b")]

;; predicates and searching
[(str/includes? "hello" "ell") (str/starts-with? "hello" "he") (str/ends-with? "hello" "lo")
 (str/blank? "  ") (str/blank? "a") (str/index-of "hello" "l") (str/last-index-of "hello" "l")
 (str/index-of "hello" "z")]

;; split-lines and reverse
[(str/split-lines "a\nb\nc") (str/reverse "abc")]

;; regular expressions
[(re-find #"\d+" "ab123cd45") (re-seq #"\d+" "ab123cd45") (re-matches #"[a-z]+" "abc")
 (re-matches #"[a-z]+" "abc1") (re-find #"(\w+)@(\w+)" "me@host")]

;; format
[(format "%d items" 3) (format "%.2f" 3.14159) (format "%5s|%-5s|" "ab" "cd") (format "%05d" 42)]

;; name, keyword and pr-str
[(name :abc) (name "s") (keyword "k") (pr-str "a" 1 nil) (pr-str [1 "b" :c])]

;; parse-long and parse-double
[(parse-long "42") (parse-long "4x") (parse-double "2.5") (parse-double "x")]

;; word frequencies
(->> (str/split "the cat and the hat" #" ")
     (frequencies)
     (filter (fn [[_ n]] (> n 1)))
     (into {}))

;; characters of a string
(map (fn [c] (str c c)) "abc")

;; building a string with apply str
(apply str (interpose "-" ["2024" "01" "31"]))
