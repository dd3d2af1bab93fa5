;; letfn (a macro: let over named fns), with-out-str (a special form), declare and defn-.

(letfn [(sq [x] (* x x)) (sum-sq [xs] (reduce + (map sq xs)))] (sum-sq [1 2 3]))
;; => 14

;; a letfn function calls itself by name
(letfn [(fact [n] (if (<= n 1) 1 (* n (fact (dec n)))))] (map fact [0 5 10]))
;; => [1 120 3628800]

;; inside a defn called in a loop
(defn norms [rows] (letfn [(len [v] (Math/sqrt (reduce + (map #(* % %) v))))] (mapv len rows)))
;; => #'norms
(norms [[3 4] [6 8] [0 0]])
;; => [5.0 10.0 0.0]

;; calling a later letfn function (mutual recursion) is refused before anything runs: the let it
;; becomes would not see it, or would call an outer function of that name
(letfn [(ev? [n] (if (zero? n) true (od? (dec n)))) (od? [n] (if (zero? n) false (ev? (dec n))))] (ev? 4))
;; !! AnalysisError: letfn: ev? calls od?, which is defined after it
;; hint=> for functions that call each other use defn

(letfn (f [x] x) (f 1))
;; !! AnalysisError: letfn expects (letfn [(name [params*] body*) ...] body*), its first argument must be a vector

(letfn [f [x] x] (f 1))
;; !! AnalysisError: letfn expects

(letfn [] 5)
;; => 5

;; ---------------------------------------------------------------- with-out-str

;; what println, print, prn, pr, printf and newline would print, as one string; nothing printed
(with-out-str (println "a" 1) (print "b") (prn "c") (pr :d) (printf "%d%%" 5) (newline))
;; => "a 1\nb\"c\"\n:d5%\n"
;; prints=> []

;; prints outside it are untouched, and nesting captures the inner text only once
(do (println "before") (def s (with-out-str (print "x") (with-out-str (print "hidden")) (print "y"))) (println "after") s)
;; => "xy"
;; prints=> ["before" "after"]

(with-out-str)
;; => ""

;; an error inside it ends the program; later prints go out as usual
(with-out-str (print "x") (/ 1 0))
;; !! EvalError: Divide by zero

(with-out-str (println "ok"))
;; => "ok\n"

;; recur cannot leave it
(loop [i 0] (with-out-str (if (< i 3) (recur (inc i)) i)))
;; !! AnalysisError

;; in a function called in a loop
(defn label [x] (with-out-str (printf "<%s>" x)))
;; => #'label
(map label [1 :a "s"])
;; => ["<1>" "<:a>" "<s>"]

;; the print limit still holds inside it
(with-out-str (dotimes [i 100000] (print "xxxxxxxxxx")))
;; !! LimitExceeded

;; ---------------------------------------------------------------- declare and defn-

(declare helper)
;; => nil

(do (declare b) (defn a [n] (if (pos? n) (b (dec n)) :a)) (defn b [n] (if (pos? n) (a (dec n)) :b)) [(a 3) (a 4)])
;; => [:b :a]

(declare "x")
;; !! AnalysisError: declare expects (declare name*), its arguments must be plain names

(defn- twice [x] (* 2 x))
;; => #'twice
(twice 21)
;; => 42
