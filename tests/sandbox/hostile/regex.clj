;; catastrophic backtracking: the regex timeout stops it, never the host
(re-find #"(a|aa)+c" (apply str (map (constantly "a") (range 40))))
;; !! LimitExceeded regex_timeout|timeout

(re-seq #"(x+x+)+y" (apply str (map (constantly "x") (range 5000))))
;; !! LimitExceeded regex_timeout|timeout

(re-matches #"(a|a)+b" (apply str (map (constantly "a") (range 60))))
;; !! LimitExceeded regex_timeout|timeout

(clojure.string/replace (apply str (map (constantly "a") (range 40))) #"(a|aa)+c" "x")
;; !! LimitExceeded regex_timeout|timeout

(clojure.string/split (apply str (map (constantly "a") (range 40))) #"(a|aa)+c")
;; !! LimitExceeded regex_timeout|timeout

(re-find (re-pattern "(a|aa)+c") (apply str (map (constantly "a") (range 40))))
;; !! LimitExceeded regex_timeout|timeout

;; the same pattern again and again: each call is bounded, the run by the timeout
(count (filter (fn [i] (re-find #"(a|aa)+c" "aaaaaaaaaaaaaaaaaaaaaaaaaaaa")) (range 1000)))
;; !! LimitExceeded regex_timeout|timeout

;; a lower regex_timeout is honoured
;; limits: regex_timeout=0.05 timeout=5.0
(re-find #"(a|aa)+c" (apply str (map (constantly "a") (range 60))))
;; !! LimitExceeded regex_timeout

;; patterns the engine handles without blowing up
(re-find #"(a+)+b" (apply str (map (constantly "a") (range 30))))
;; => nil

(re-matches #"(.*a){20}" "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa")
;; => ["aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" "a"]

;; a pattern whose counted repetitions expand too far is refused before it runs
(re-pattern (apply str (map (constantly "(") (range 100000))))
;; !! EvalError: too complex

(re-find #"(a{1000}){1000}" "a")
;; ~> error

(re-pattern "[")
;; !! EvalError: invalid regex

;; a match list bigger than the collection limit
(count (re-seq #"a" (apply str (map (constantly "a") (range 2000000)))))
;; !! LimitExceeded max_collection_size|max_string_chars|timeout

;; a replacement function that never returns
(clojure.string/replace "aaaa" #"a" (fn [m] (loop [] (recur))))
;; !! LimitExceeded timeout

;; a replacement that grows the string past the limit
(clojure.string/replace (apply str (map (constantly "a") (range 100000))) #"a" "$0$0$0$0$0$0$0$0$0$0$0$0")
;; !! LimitExceeded max_string_chars|max_collection_size|timeout
