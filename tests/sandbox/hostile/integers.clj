;; huge integers are refused before they are built
(reduce * (range 1 100000))
;; !! EvalError: bits

(reduce * (map (constantly 99999999999) (range 100000)))
;; !! EvalError: bits

;; repeated squaring
(loop [x 2 i 0] (if (< i 40) (recur (* x x) (inc i)) (count (str x))))
;; !! EvalError: bits

(quot (reduce * (range 1 20000)) 7)
;; !! EvalError: bits

(mod (reduce * (range 1 30000)) 1000007)
;; !! EvalError: bits

;; floats overflow to infinity instead
(Math/pow 10 10000)
;; => ##Inf

(double (reduce * (range 1 2000)))
;; => ##Inf

;; shifts take the count modulo 64, like the JVM
(bit-shift-left 1 100000000)
;; => 1

(bit-shift-left 1 1000)
;; => 1099511627776

;; number literals that are too long are read errors
(+ 1 {big})
;; expand: big=9*200000
;; !! ReadError: digits

1.{zeros}
;; expand: zeros=0*500000
;; !! ReadError: digits

;; parsing a huge number string gives nil, not a huge number
(parse-long (apply str (map (constantly "9") (range 100000))))
;; => nil

;; big but allowed integers print: 2999! has 9128 digits
(count (str (reduce * (range 1 3000))))
;; => 9128

(range 0 100000000000000000000)
;; ~> error

(nth [1 2 3] 100000000000000000000000)
;; => nil

(subs "abc" 0 100000000000000000000)
;; => "abc"

(reduce + (range 0 100000000000000000000 10000000000000000))
;; => 499950000000000000000000

;; issue 15: integers past CPython's int-to-text digit limit print in full (2999! has 9128 digits)
(count (format "%d" (reduce * (range 1 3000))))
;; => 9128

(count (format "%,d" (reduce * (range 1 3000))))
;; => 12170

(subs (format "%d" (reduce * (range 1 3000))) 0 20)
;; => "13831198678126180285"

(count (json/generate-string (reduce * (range 1 3000))))
;; => 9128

(json/generate-string [1 -2 3000000000000000000000])
;; => "[1,-2,3000000000000000000000]"

;; a size asked for with 1e300 is named, not spelled out in 301 digits
(range 1e300)
;; !! LimitExceeded max_collection_size: a vector of about 10^300 items

(vec (range 1e15))
;; !! LimitExceeded max_collection_size: a vector of about 10^15 items
