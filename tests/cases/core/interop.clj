;; Java String methods (spec 8.15; DIV-40, DIV-41; gap J05, J14).

;; spec 8.15 examples
(.indexOf "hello" "ll")
;; => 2

(.indexOf "hello" "x")
;; => -1

(.indexOf "hello" "l" 3)
;; => 3

(.lastIndexOf "hello" "l")
;; => 3

(.toLowerCase "Hello")
;; => "hello"

(.toUpperCase "Hello")
;; => "HELLO"

(.startsWith "hello" "he")
;; => true

(.endsWith "hello" "lo")
;; => true

(.contains "hello" "ell")
;; => true

(.length "hello")
;; => 5

(.substring "hello" 2)
;; => "llo"

(.substring "hello" 1 3)
;; => "el"

;; Java methods fail where the Clojure-named helpers give signal values
(.substring "hello" -1)
;; !! EvalError: .substring: begin -1, end 5, length 5 is out of range
;; hint=> subs

(.substring "abc" 2 1)
;; !! EvalError: out of range

(.substring "abc" 0 4)
;; !! EvalError: out of range

(.indexOf 123 "x")
;; !! EvalError: .indexOf: expected string, got integer

(.length nil)
;; !! EvalError: .length: expected string, got nil

;; finite float indexes truncate (J14)
(.substring "abcd" 1.9)
;; => "bcd"

(.substring "abcd" 1.0 3.0)
;; => "bc"

;; characters are one-character strings (DIV-40, DIV-41)
(.startsWith "abc" \a)
;; => true

(.length \a)
;; => 1

(.toUpperCase \a)
;; => "A"

;; overloads (J05): offsets, from-indexes, character codes
(.startsWith "abc" "b" 1)
;; => true

(.startsWith "abc" "a" -1)
;; => false

(.startsWith "abc" "" 4)
;; => false

(.lastIndexOf "ababa" "ba" 2)
;; => 1

(.lastIndexOf "abcabc" "b" -1)
;; => -1

(.lastIndexOf "abcabc" "b" 99)
;; => 4

(.lastIndexOf "abc" "" 2)
;; => 2

(.lastIndexOf "abc" "" 4)
;; => 3

(.indexOf "abc" 98)
;; => 1

(.indexOf "abc" 97 1)
;; => -1

(.lastIndexOf "abca" 97)
;; => 3

(.indexOf "abc" "" 10)
;; => 3

;; a few more String methods
(.trim "  hi \n")
;; => "hi"

(.isEmpty "")
;; => true

(.isBlank "  ")
;; => true

(.charAt "abc" 1)
;; => "b"

(.charAt "abc" 3)
;; !! EvalError: .charAt: index 3 is out of range

(.equals "a" "a")
;; => true

(.equals "1" 1)
;; => false

(.equalsIgnoreCase "Hello" "hELLO")
;; => true

;; Java compares character by character: ß is not SS
(.equalsIgnoreCase "Straße" "STRASSE")
;; => false

(.replace "a.b.c" "." "-")
;; => "a-b-c"

(.split "a1b22c" "\\d+")
;; => ["a" "b" "c"]

(.split "a,b,," ",")
;; => ["a" "b"]

(.matches "abc123" "[a-z]+\\d+")
;; => true

(.matches "abc123x" "[a-z]+\\d+")
;; => false

;; methods outside the allowlist are reported before running
(.toString "abc")
;; !! AnalysisError: Unsupported method: .toString

;; methods are functions: they can be passed around
(map #(.toUpperCase %) ["a" "b"])
;; => ["A" "B"]
