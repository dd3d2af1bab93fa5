;; Math Functions: abs floor ceil round trunc sqrt pow min max double float int, bit-*,
;; the Math/ aliases and the Double constants

(abs -5)
;; => 5

(abs 5)
;; => 5

(abs -2.5)
;; => 2.5

(abs -9223372036854775808)
;; => 9223372036854775808

(abs "x")
;; !! EvalError: abs expected a number, got string: "x"

(floor 3.7)
;; => 3

(floor -3.2)
;; => -4

(floor 5)
;; => 5

(ceil 3.2)
;; => 4

(ceil -3.7)
;; => -3

(ceil 4.0)
;; => 4

;; rounding passes special values through (PtcRunner DIV-43)
(floor ##Inf)
;; => ##Inf

(round 3.5)
;; => 4

(round 3.4)
;; => 3

(round 2.5)
;; => 3

(round -2.5)
;; => -3

(round -1.5)
;; => -2

(round -2.4)
;; => -2

(round 0.49999999999999994)
;; => 0

(round 7)
;; => 7

(round ##NaN)
;; => ##NaN

(round nil)
;; !! EvalError: round expected a number, got nil

(trunc 3.7)
;; => 3

(trunc -3.7)
;; => -3

(trunc 9)
;; => 9

(sqrt 16)
;; => 4.0

(sqrt 2)
;; => 1.4142135623730951

(sqrt -1)
;; => ##NaN

(sqrt ##Inf)
;; => ##Inf

(sqrt 0)
;; => 0.0

(pow 2 10)
;; => 1024.0

(pow 2 0.5)
;; => 1.4142135623730951

(pow 2 -1)
;; => 0.5

(pow 10 400)
;; => ##Inf

;; java.lang.Math.pow special cases (PtcRunner GAP-J13)
(pow -1 0.5)
;; => ##NaN

(pow 0 -1)
;; => ##Inf

(pow 1 ##NaN)
;; => ##NaN

(pow 1 ##Inf)
;; => ##NaN

(pow -1 ##Inf)
;; => ##NaN

(pow -0.0 -3)
;; => ##-Inf

(pow ##NaN 0)
;; => 1.0

(pow -2 3)
;; => -8.0

(max 1 5 3)
;; => 5

(max 7)
;; => 7

(max 1 2.5)
;; => 2.5

(min 1 5 3)
;; => 1

(min 2 1.5 3)
;; => 1.5

(max 1 ##NaN 3)
;; => ##NaN

(min ##NaN 1)
;; => ##NaN

(max)
;; !! AnalysisError: Wrong number of args (0)

;; min and max order mixed values by the total order (numbers before nil), but a number
;; against a value that is neither a number nor nil is an error, as for <
(max "a" "b")
;; => "b"

(max :a :b)
;; => :b

(max nil 1)
;; => nil

(min nil 1)
;; => 1

(max "a" 1)
;; !! EvalError: max cannot compare number 1 with string "a"

(min 3 "2")
;; !! EvalError: min cannot compare number 3 with string "2"
;; hint=> "2" is text holding a number: read it first with (parse-long s)

(max 1 nil :a)
;; !! EvalError: max cannot compare number 1 with keyword :a

(min true false)
;; => false

(apply max [3 9 2])
;; => 9

(double 5)
;; => 5.0

(double 2.5)
;; => 2.5

(float 1)
;; => 1.0

(float ##Inf)
;; => ##Inf

(double "1.5")
;; !! EvalError: double expected a number, got string: "1.5"
;; hint=> parse-double

(int 3.7)
;; => 3

(int -3.7)
;; => -3

(int 42)
;; => 42

(int ##NaN)
;; => 0

(int \A)
;; => 65

(int \newline)
;; => 10

(int Double/POSITIVE_INFINITY)
;; !! EvalError: Value out of range for int: ##Inf

(int 2147483648)
;; !! EvalError: Value out of range for int: 2147483648

(int -2147483649)
;; !! EvalError: Value out of range for int: -2147483649

(int 2147483647)
;; => 2147483647

(int "12")
;; !! EvalError: int expected a number or a character, got string: "12"

;; bitwise operations on 64-bit integers (spec 8.4a)
(bit-and 12 10)
;; => 8

(bit-and 15 7 3)
;; => 3

(bit-or 12 10)
;; => 14

(bit-xor 12 10)
;; => 6

(bit-and-not 15 9)
;; => 6

(bit-not 0)
;; => -1

(bit-not 5)
;; => -6

(bit-shift-left 1 4)
;; => 16

(bit-shift-right 256 4)
;; => 16

(bit-shift-right -16 2)
;; => -4

(bit-set 0 3)
;; => 8

(bit-clear 15 1)
;; => 13

(bit-flip 0 2)
;; => 4

(bit-test 5 0)
;; => true

(bit-test 5 1)
;; => false

(bit-and 7)
;; !! AnalysisError: Wrong number of args (1)

(bit-and 1.0 1)
;; !! EvalError: bit-and expected a 64-bit integer, got float: 1.0

;; like Clojure on the JVM: 64-bit wrap-around, shift counts and bit indexes modulo 64
(bit-shift-left 1 63)
;; => -9223372036854775808

(bit-shift-left 1 64)
;; => 1

(bit-shift-left 1 -1)
;; => -9223372036854775808

(bit-shift-right 8 -1)
;; => 0

(bit-shift-right -2 64)
;; => -2

(bit-set 0 64)
;; => 1

(bit-set 1 -1)
;; => -9223372036854775807

(bit-clear -1 64)
;; => -2

(bit-test 1 64)
;; => true

(bit-and 9223372036854775808 1)
;; !! EvalError: bit-and expected a 64-bit integer, got integer: 9223372036854775808

;; Math/ aliases (spec 9.8)
(Math/sqrt 9)
;; => 3.0

(Math/abs -7)
;; => 7

(Math/pow 2 3)
;; => 8.0

(Math/floor -1.2)
;; => -2

(Math/ceil 1.2)
;; => 2

(str (Math/ceil 1.2))
;; => "2"

(Math/round -1.5)
;; => -2

(Math/round 1)
;; => 1

(Math/min 3 2 1)
;; => 1

(Math/max 1)
;; => 1

(Math/max 1 2.0)
;; => 2.0

(Math/cbrt 8)
;; !! AnalysisError

;; Double constants, with or without the Double/ prefix
Double/POSITIVE_INFINITY
;; => ##Inf

Double/NEGATIVE_INFINITY
;; => ##-Inf

Double/NaN
;; => ##NaN

[POSITIVE_INFINITY NEGATIVE_INFINITY]
;; => [##Inf ##-Inf]

(NaN? NaN)
;; => true

(map #(* % Double/POSITIVE_INFINITY) [1 -1])
;; => [##Inf ##-Inf]

(max nil 1 :a)
;; !! EvalError: max cannot compare number 1 with keyword :a
