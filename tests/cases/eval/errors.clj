;; every unknown symbol is reported at once, before anything runs
(println "side effect") (foo 1) (bar)
;; !! AnalysisError: 2 problems: Unable to resolve symbol: foo in this context
;; prints=> []

(undefined-thing 1)
;; !! AnalysisError: Unable to resolve symbol: undefined-thing in this context

;; habits from other languages get a targeted hint
(len [1 2])
;; !! AnalysisError: Unable to resolve symbol: len in this context
;; hint=> use count

(lambda [x] x)
;; !! AnalysisError: Unable to resolve symbol: lambda
;; hint=> use fn

None
;; !! AnalysisError: Unable to resolve symbol: None
;; hint=> use nil

;; near names
(fliter odd? [1 2])
;; !! AnalysisError: Unable to resolve symbol: fliter
;; hint=> filter

(if)
;; !! AnalysisError: if expects (if test then else?), got 0 arguments

(if 1 2 3 4)
;; !! AnalysisError: if expects (if test then else?), got 4 arguments

(fn x)
;; !! AnalysisError: fn expects (fn name? [params*] body*), the parameters must be a vector

(defn f ([x] x) ([x y] y))
;; !! AnalysisError: multi-arity functions are not supported

(cond 1)
;; !! AnalysisError: cond expects (cond test expr ...), requires an even number of test/expression forms

(map and [true])
;; !! AnalysisError: Can't take value of a macro: and

(#(+ % #(- %)) 1)
;; !! AnalysisError: Nested #()s are not allowed

()
;; !! ReadError: empty list () is not supported

(tool/search {:q "x"})
;; !! AnalysisError: Unknown tool: tool/search
;; hint=> no tools are available

(inc 1 2)
;; !! AnalysisError: Wrong number of args (2) passed to: inc

(str/no-such "x")
;; !! AnalysisError: No such function clojure.string/no-such

(. "abc" toUpperCase)
;; !! AnalysisError: the (. object method) form is not supported

(.frobnicate "abc")
;; !! AnalysisError: Unsupported method: .frobnicate

'(1 2)
;; !! ReadError

;; runtime errors carry the failing form
(let [x "a"] (+ x 1))
;; !! EvalError: +

(/ 1 0)
;; !! EvalError: Divide by zero

;; limits
(loop [] (recur))
;; !! LimitExceeded: timeout

(defn down [n] (inc (down n))) (down 1)
;; !! LimitExceeded: recursion depth limit exceeded

;; a string over the size limit counts characters; a collection counts items
(apply str (range 1000000))
;; !! LimitExceeded: size limit exceeded: a string of 5888890 characters is over the limit of 1000000

(vec (range 2000000))
;; !! LimitExceeded: size limit exceeded: a vector of 2000000 items is over the limit of 1000000

;; fail and return are signals, not errors
(return 5)
;; => 5

(fail {:reason "bad"})
;; failed=> {:reason "bad"}

;; macros that nest their steps are bounded like written nesting
(cond false 1 false 2 :else 3)
;; => 3

;; issue 16: hints for the commonest model slips
(map (fn [k v] k) {:a 1})
;; !! EvalError: Wrong number of args (1) passed to: fn
;; hint=> the fn takes 2 parameters but gets one [k v] entry per call over a map: destructure the entry with (fn [[k v]] ...)

(map (fn [[k v]] k) {:a 1})
;; => [:a]

(nil 1)
;; !! AnalysisError: nil cannot be called as a function

(set! x 1)
;; !! AnalysisError: Unable to resolve symbol: set! in this context
;; hint=> mutable state is not supported: use def, let or loop/recur

(in 1 [1])
;; !! AnalysisError: Unable to resolve symbol: in in this context
;; hint=> to test membership use (contains? #{1 2} x) for sets and map keys, or (some #{x} coll)

;; every problem keeps its hint
(len (count None))
;; !! AnalysisError: 2 problems
;; hint=> use count: (count coll); use nil

;; a form we do not have whose insides bind names is reported alone, with its hint
(try (/ 1 0) (catch Exception e (str "failed: " (.getMessage e))))
;; !! AnalysisError: Unable to resolve symbol: try in this context
;; hint=> try/catch is not supported: check values with if, nil? and some?

(with-local-vars [x 1] (var-set x 2) x)
;; !! AnalysisError: Unable to resolve symbol: with-local-vars in this context
;; hint=> no mutable state

(throw (ex-info "no stock" {:sku 1}))
;; !! AnalysisError: Unable to resolve symbol: throw in this context
;; hint=> use (fail value) to end the program as failed

;; a program's own function of that name is called as usual
(defn try [x] (inc x))
(try 1)
;; => 2
