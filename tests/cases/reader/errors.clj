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
