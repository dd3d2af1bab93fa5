;; Reader: literals evaluate to themselves (spec 2, 3).

nil
;; => nil

true
;; => true

false
;; => false

;; integers, with a sign
[0 42 -17 +5 1000000]
;; => [0 42 -17 5 1000000]

;; integers of any size (literals up to 100 digits)
123456789012345678901234567890
;; => 123456789012345678901234567890

1234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890
;; => 1234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890

;; floats, with exponents
[3.14 -0.5 1.0 2.5e10 1.23e-4 1E3 1.]
;; => [3.14 -0.5 1.0 25000000000.0 0.000123 1000.0 1.0]

##Inf
;; => ##Inf

##-Inf
;; => ##-Inf

##NaN
;; => ##NaN

(/ 1.0 0.0)
;; => ##Inf

;; strings and their escapes
["hello" "" "tab\there" "quote: \"" "backslash: \\"]
;; => ["hello" "" "tab\there" "quote: \"" "backslash: \\"]

(count "line1\nline2\r")
;; => 12

(count "\b\f")
;; => 2

"\u00e9\u03bb"
;; => "éλ"

;; a string may hold a literal newline
(count "a
b")
;; => 3

(= "a
b" "a\nb")
;; => true

;; character literals read as one-character strings
\a
;; => "a"

[\Z \5 \λ \( \; \" \\ \,]
;; => ["Z" "5" "λ" "(" ";" "\"" "\\" ","]

\newline
;; => "\n"

[\space \tab \return \backspace \formfeed]
;; => [" " "\t" "\r" "\b" "\f"]

\u0041
;; => "A"

;; \r is the letter r; \return is the carriage return
[\r \n \t]
;; => ["r" "n" "t"]

(= \a "a")
;; => true

(count (filter #(= \r %) "raspberry"))
;; => 3

;; keywords
[:name :user-id :else :a? :save! :x_y :+ :<=> :1]
;; => [:name :user-id :else :a? :save! :x_y :+ :<=> :1]

(:name {:name "Alice" :age 30})
;; => "Alice"
