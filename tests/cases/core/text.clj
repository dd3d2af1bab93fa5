;; str, pr-str, println/print/prn, name, keyword, symbol, type, parsing (spec 8.3, 8.9, 8.13)

(str)
;; => ""

(str "a" "b")
;; => "ab"

(str 42)
;; => "42"

(str nil)
;; => ""

(str "a" nil "b")
;; => "ab"

(str :a)
;; => ":a"

(str true false)
;; => "truefalse"

(str \a \b)
;; => "ab"

(str 1.0)
;; => "1.0"

(str 1.5 " " -0.25)
;; => "1.5 -0.25"

(str 1.0e21)
;; => "1.0E21"

(str 0.0001)
;; => "1.0E-4"

(str 12345678.9)
;; => "1.23456789E7"

(str 1234567.0)
;; => "1234567.0"

(str ##Inf "," ##-Inf "," ##NaN)
;; => "Infinity,-Infinity,NaN"

(str (/ 10 2))
;; => "5.0"

(str [1 2])
;; => "[1 2]"

(str [1 "a" :b nil])
;; => "[1 \"a\" :b nil]"

(str {:b 2 :a 1})
;; => "{:a 1 :b 2}"

(str #{3})
;; => "#{3}"

(str 'foo)
;; => "foo"

(str #"a+")
;; => "a+"

(str "Total: " (+ 1 2) " items")
;; => "Total: 3 items"

(apply str ["a" "b" "c"])
;; => "abc"

(apply str (map inc [1 2 3]))
;; => "234"

(str 123456789012345678901234567890)
;; => "123456789012345678901234567890"

(pr-str "hello")
;; => "\"hello\""

(pr-str nil)
;; => "nil"

(pr-str 1 "a" nil)
;; => "1 \"a\" nil"

(pr-str)
;; => ""

(pr-str {:b 2 :a 1})
;; => "{:a 1 :b 2}"

(pr-str {:a {:b 2 :c 3}})
;; => "{:a {:b 2 :c 3}}"

(pr-str [1 "a\nb"])
;; => "[1 \"a\\nb\"]"

(pr-str :k 1.5)
;; => ":k 1.5"

(println "Found:" 42)
;; => nil
;; prints=> ["Found: 42"]

(println "First:" {:id 1})
;; => nil
;; prints=> ["First: {:id 1}"]

(println "a" nil "b" [1 "x"] :k)
;; => nil
;; prints=> ["a nil b [1 \"x\"] :k"]

(println)
;; => nil
;; prints=> [""]

(do (println "one") (println "two") 3)
;; => 3
;; prints=> ["one" "two"]

(print "x =" 1)
;; => nil
;; prints=> ["x = 1"]

(prn "a" 1)
;; => nil
;; prints=> ["\"a\" 1"]

(doseq [x [1 2]] (println "item" x))
;; => nil
;; prints=> ["item 1" "item 2"]

(name :foo)
;; => "foo"

(name "bar")
;; => "bar"

(name :user-id)
;; => "user-id"

(name 'x/y)
;; => "y"

(name nil)
;; !! EvalError: name expected a keyword, symbol or string, got nil

(name 42)
;; !! EvalError: name expected a keyword, symbol or string, got integer: 42

(keyword "foo")
;; => :foo

(keyword :bar)
;; => :bar

(keyword nil)
;; => nil

(keyword "user_id")
;; => :user_id

(keyword "valid?")
;; => :valid?

(= (keyword "a") :a)
;; => true

(keyword 'sym)
;; => :sym

;; non-identifier values give nil, as in Clojure (PtcRunner's open bug GAP-S78)
[(keyword 1) (keyword true) (keyword [1])]
;; => [nil nil nil]

(keyword "a/b")
;; !! EvalError: namespaced keywords are not supported: "a/b"

(keyword "")
;; !! EvalError: invalid keyword name: ""

(keyword "+")
;; !! EvalError: invalid keyword name: "+"

(keyword "first name")
;; !! EvalError: invalid keyword name: "first name"
;; hint=> string key

(symbol "foo")
;; => 'foo

(symbol :bar)
;; => 'bar

(symbol "a" "b")
;; => 'a/b

(= (symbol "x") 'x)
;; => true

(symbol 1)
;; !! EvalError: symbol expected a non-empty string, keyword or symbol, got integer: 1

(type 1)
;; => :number

(type 1.5)
;; => :number

(type "a")
;; => :string

(type true)
;; => :boolean

(type [1])
;; => :vector

(type {:a 1})
;; => :map

(type #{1})
;; => :set

(type :a)
;; => :keyword

(type #"a")
;; => :regex

(type inc)
;; => :function

(type #(+ % 1))
;; => :function

(type nil)
;; => nil

(type 'a)
;; => :symbol

(parse-long "42")
;; => 42

(parse-long "-17")
;; => -17

(parse-long "+5")
;; => 5

(parse-long "007")
;; => 7

(parse-long "4.2")
;; => nil

(parse-long " 1")
;; => nil

(parse-long "")
;; => nil

(parse-long "1_000")
;; => nil

(parse-long "9223372036854775807")
;; => 9223372036854775807

(parse-long "9223372036854775808")
;; => nil

(parse-long "-9223372036854775809")
;; => nil

;; non-strings give nil (PtcRunner DIV-18)
[(parse-long 42) (parse-long nil) (parse-long :a)]
;; => [nil nil nil]

(parse-int "42")
;; => 42

(parse-double "3.14")
;; => 3.14

(parse-double "-0.5")
;; => -0.5

(parse-double "1.23e-4")
;; => 1.23e-4

(parse-double "42")
;; => 42.0

(parse-double "abc")
;; => nil

(parse-double "1.5x")
;; => nil

;; Java's decimal spellings, as in Clojure (PtcRunner's open bug GAP-S61)
[(parse-double " 1.5") (parse-double "1.5 ") (parse-double ".5") (parse-double "1.") (parse-double "0x1.0p0")]
;; => [1.5 1.5 0.5 1.0 1.0]

[(parse-double "Infinity") (parse-double "-Infinity")]
;; => [##Inf ##-Inf]

(parse-double "NaN")
;; => ##NaN

[(parse-double nil) (parse-double 42) (parse-double "")]
;; => [nil nil nil]

(parse-boolean "true")
;; => true

(parse-boolean "false")
;; => false

[(parse-boolean "TRUE") (parse-boolean "yes") (parse-boolean nil) (parse-boolean true)]
;; => [nil nil nil nil]

(Integer/parseInt "42")
;; => 42

(Integer/parseInt "-2147483648")
;; => -2147483648

(Integer/parseInt "ff" 16)
;; => 255

(Long/parseLong "101" 2)
;; => 5

(Long/parseLong "9223372036854775807")
;; => 9223372036854775807

;; the Java-shaped parsers keep Java's contract: bad input is an error (PtcRunner's open bug GAP-J01)
(Integer/parseInt "x")
;; !! EvalError: Integer/parseInt cannot parse "x" as a 32-bit integer
;; hint=> parse-long

(Integer/parseInt "2147483648")
;; !! EvalError: cannot parse "2147483648"

(Integer/parseInt " 1")
;; !! EvalError: cannot parse " 1"

(Integer/parseInt nil)
;; !! EvalError: cannot parse nil

(Integer/parseInt "0x10" 16)
;; !! EvalError: cannot parse "0x10"

(Long/parseLong "9223372036854775808")
;; !! EvalError: Long/parseLong cannot parse "9223372036854775808" as a 64-bit integer

(Long/parseLong "12" 99)
;; !! EvalError: radix 99 is out of range

(Double/parseDouble "3.14")
;; => 3.14

(Double/parseDouble " 1.5")
;; => 1.5

(Double/parseDouble "0x1.0p0")
;; => 1.0

(Double/parseDouble "x")
;; !! EvalError: Double/parseDouble cannot parse "x" as a number

(Double/parseDouble nil)
;; !! EvalError: cannot parse nil

(Float/parseFloat "2.5")
;; => 2.5

(Float/parseFloat "1.5 ")
;; => 1.5

(Boolean/parseBoolean "true")
;; => true

(Boolean/parseBoolean "TRUE")
;; => true

(Boolean/parseBoolean "TrUe")
;; => true

(Boolean/parseBoolean "x")
;; => false

(Boolean/parseBoolean "")
;; => false

(Boolean/parseBoolean nil)
;; => false

(Boolean/parseBoolean true)
;; !! EvalError: Boolean/parseBoolean expected a string, got boolean: true

;; values with their own text (dates) give it to str
(str "d=" (LocalDate/parse "2024-01-02"))
;; => "d=2024-01-02"
