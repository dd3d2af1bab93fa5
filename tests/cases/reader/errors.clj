;; Reader errors: each names what is wrong and where (spec 2, 3, 14).

;; an unclosed delimiter names its opener
(let [x 1]
  (+ x 1)
;; !! ReadError: unclosed '(' opened at line 1, column 1

(str "(" \( ; (
;; !! ReadError: unclosed '(' opened at line 1, column 1

[1 2
;; !! ReadError: unclosed '[' opened at line 1, column 1

(+ 1 2))
;; !! ReadError: Unmatched delimiter: )

;; a missing closer is placed by indentation: the form ends before the line indented outside it
(defn f [x]
  (+ x 1)
;; then call it
(f 2)
;; !! ReadError: unclosed '(' opened at line 1, column 1
;; hint=> add ')' at line 2, column 10, after `(+ x 1)`, to close '(' opened at line 1, column 1: line 4 is indented outside it

(defn total [orders]
  (->> orders
       (map :amount)
       (reduce +))
(total [{:amount 2}])
;; !! ReadError: unclosed '(' opened at line 1, column 1
;; hint=> add ')' at line 4, column 19, after `(reduce +))`, to close '(' opened at line 1, column 1: line 5 is indented outside it

;; two closers at one place, named innermost first
(defn f [x]
  (let [y (inc x)]
    (+ x y)
(f 2)
;; !! ReadError: unclosed '(' opened at line 2, column 3 (and 1 more unclosed before it)
;; hint=> add '))' at line 3, column 12, after `(+ x y)`, to close '(' opened at line 2, column 3 and '(' opened at line 1, column 1: line 4 is indented outside them

;; closers at two places
(def a (filter :ok
  [{:ok true}])
(defn g [x]
  (let [y x]
    y)
(g a)
;; !! ReadError: unclosed '(' opened at line 3, column 1 (and 1 more unclosed before it)
;; hint=> add ')' at line 2, column 16, after `[{:ok true}])`, to close '(' opened at line 1, column 1: line 3 is indented outside it; add ')' at line 5, column 7, after `y)`, to close '(' opened at line 3, column 1: line 6 is indented outside it

;; a missing ] found by indentation when the next closer mismatches
(let [a 1
      b 2
  (+ a b))
;; !! ReadError: mismatched ')': expected ']' to close '[' opened at line 1, column 6
;; hint=> add ']' at line 2, column 10, after `b 2`, to close '[' opened at line 1, column 6: line 3 is indented outside it

;; a multi-line string's lines do not count as indentation
(defn f [x]
  (str "a
(b" x)
(f 1)
;; !! ReadError: unclosed '(' opened at line 1, column 1
;; hint=> add ')' at line 3, column 7, after `(b" x)`, to close '(' opened at line 1, column 1: line 4 is indented outside it

;; when the missing closer goes at the end, or nothing is indented, the general hint stays
(let [x 1]
  (+ x 1)
;; !! ReadError: unclosed '(' opened at line 1, column 1
;; hint=> add the missing closing delimiter(s); every ( [ { needs its ) ] }

(def a [1 2])
(def b (map inc a)
(count b)
;; !! ReadError: unclosed '(' opened at line 2, column 1
;; hint=> add the missing closing delimiter(s); every ( [ { needs its ) ] }

;; a closer left over at the end of a line moves to where indentation puts it (paren trail)
(defn f [x]
  (let [y 1]
    (+ x y)
(f 2))
;; !! ReadError: unclosed '(' opened at line 1, column 1
;; hint=> add '))' at line 3, column 12, after `(+ x y)`, to close '(' opened at line 2, column 3 and '(' opened at line 1, column 1: line 4 is indented outside them; remove the ')' at line 4, column 6

;; the general hint stays when indentation disagrees with a closer inside a line
(defn f [x]
  (let [y 1]
    (+ x y)
(f 2)) (g 3)
;; !! ReadError: unclosed '(' opened at line 1, column 1
;; hint=> add the missing closing delimiter(s); every ( [ { needs its ) ] }

(+ 1 2]
;; !! ReadError: mismatched ']': expected ')' to close '(' opened at line 1, column 1

{:a 1 :a 2}
;; !! ReadError: Duplicate key: :a

#{1 2 1}
;; !! ReadError: Duplicate key: 1

{:a 1 :b}
;; !! ReadError: Map literal must contain an even number of forms

()
;; !! ReadError: empty list () is not supported

'(1 2)
;; !! ReadError: quoted collections are not supported

'[1]
;; !! ReadError: quoted collections are not supported

''a
;; !! ReadError: ' must be followed by a symbol or a literal

"abc
;; !! ReadError: unterminated string starting at line 1, column 1

"a\db"
;; !! ReadError: Unsupported escape character: \d

#"abc
;; !! ReadError: unterminated regex

\abc
;; !! ReadError: Unsupported character: \abc

1abc
;; !! ReadError: Invalid number: 1abc

a#b
;; !! ReadError: Invalid token: a#b

##Foo
;; !! ReadError: Unknown symbolic value: ##Foo

:
;; !! ReadError: Invalid keyword: :

;; integer literals are limited to 100 digits
12345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901
;; !! ReadError: number literal exceeds the limit of 100 digits
