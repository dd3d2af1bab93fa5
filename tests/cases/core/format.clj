;; format: Java Formatter strings (spec 8.3; conformance gaps S65 S89 S96 S117; DIV-21).

;; spec 8.3 examples
(format "%s has %d items" "cart" 3)
;; => "cart has 3 items"

(format "%.2f" 3.14159)
;; => "3.14"

(format "%d in hex is %x" 255 255)
;; => "255 in hex is ff"

(format "%e" 1234.5)
;; => "1.234500e+03"

(format "%o" 8)
;; => "10"

(format "100%%")
;; => "100%"

;; DIV-21: %s of nil is ""
(format "%s" nil)
;; => ""

(format "%s and %s" "a" "b" "c")
;; => "a and b"

(format "%f" ##Inf)
;; => "Infinity"

(format "%f" ##-Inf)
;; => "-Infinity"

(format "%.1f" ##NaN)
;; => "NaN"

(format "%d" ##Inf)
;; !! EvalError: format %d expected an integer

;; width, padding and sign flags (GAP-S65)
(format "%02d" 3)
;; => "03"

(format "%-4s!" "x")
;; => "x   !"

(format "%5s" "x")
;; => "    x"

(format "%05.2f" 3.1)
;; => "03.10"

(format "%+d" 3)
;; => "+3"

(format "% d" 3)
;; => " 3"

(format "%04x" 15)
;; => "000f"

(format "%#x" 15)
;; => "0xf"

(format "%(d" -3)
;; => "(3)"

(format "%05d" -42)
;; => "-0042"

(format "%-6.2f|" 3.14159)
;; => "3.14  |"

;; boolean and newline conversions (GAP-S89)
(format "%b %B" nil true)
;; => "false TRUE"

(format "%b" 0)
;; => "true"

(format "a%nb")
;; => "a\nb"

;; nil with numeric conversions prints null, as Java (GAP-S117)
(format "%d" nil)
;; => "null"

(format "%x %f" nil nil)
;; => "null null"

;; more Java conversions and argument indexes (GAP-S96)
(format "%S" "ab")
;; => "AB"

(format "%,d" 1000)
;; => "1,000"

(format "%,d" -1234567)
;; => "-1,234,567"

(format "%,.2f" 1234.5)
;; => "1,234.50"

(format "%X" 255)
;; => "FF"

(format "%g" 1.0)
;; => "1.00000"

(format "%.2g" 12.34)
;; => "12"

(format "%G" 1.0)
;; => "1.00000"

(format "%g" 0.0001)
;; => "0.000100000"

(format "%g" 1234567.0)
;; => "1.23457e+06"

(format "%E" 1.0)
;; => "1.000000E+00"

(format "%e" 0.0)
;; => "0.000000e+00"

(format "%c" \A)
;; => "A"

(format "%c" 66)
;; => "B"

(format "%h" "abc")
;; => "17862"

(format "%H" "abc")
;; => "17862"

(format "%2$s %1$s" "a" "b")
;; => "b a"

(format "%2$04d %1$s" "x" 3)
;; => "0003 x"

(format "%s %<s" "a")
;; => "a a"

(format "%tY" (java.util.Date. 0))
;; => "1970"

(format "%tF %<tT" (java.util.Date. 90061000))
;; => "1970-01-02 01:01:01"

(format "%tB %<te, %<tY" (LocalDate/parse "2024-03-05"))
;; => "March 5, 2024"

(format "%tH" (LocalDate/parse "2024-03-05"))
;; !! EvalError: a date with a time of day

;; Java rounds half up on the decimal spelling of the double
(format "%.2f" 0.125)
;; => "0.13"

(format "%.2f" 2.675)
;; => "2.68"

(format "%.0f" 2.5)
;; => "3"

(format "%.2f" -0.001)
;; => "-0.00"

;; integers with %f, and integral floats with %d (PtcRunner accepts both)
(format "%.1f" 2)
;; => "2.0"

(format "%d" 3.0)
;; => "3"

;; a negative long prints its two's complement in hex and octal
(format "%x" -1)
;; => "ffffffffffffffff"

;; precision truncates strings
(format "%.3s" "abcdef")
;; => "abc"

;; errors
(format "%s %s" "a")
;; !! EvalError: format: no argument left for %s

(format "%q" 1)
;; !! EvalError: format: unknown conversion %q

(format "50% off")
;; !! EvalError: format: no argument left for % o

(format "%d" "x")
;; !! EvalError: format %d expected an integer, got string

(format "%-s" "x")
;; !! EvalError: the - flag needs a width

(format 1 2)
;; !! EvalError: format expected a format string, got integer
