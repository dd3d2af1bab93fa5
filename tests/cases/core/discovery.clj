;; REPL discovery (spec 9.7; DIV-51: doc prints and returns nil, the others return data).

;; doc prints the documentation; the name is not evaluated
(doc str/capitalize)
;; => nil
;; prints=> ["-------------------------\nclojure.string/capitalize\n(capitalize s)\n  s with its first character in upper case and the rest in lower case.\n  (str/capitalize \"hELLO world\") ;=> \"Hello world\"\n  (str/capitalize \"\") ;=> \"\""]

(doc "clojure.string/capitalize")
;; => nil
;; prints=> ["-------------------------\nclojure.string/capitalize\n(capitalize s)\n  s with its first character in upper case and the rest in lower case.\n  (str/capitalize \"hELLO world\") ;=> \"Hello world\"\n  (str/capitalize \"\") ;=> \"\""]

(doc nonexistent-fn)
;; !! EvalError: no documentation for nonexistent-fn

(doc subz)
;; !! EvalError: no documentation for subz
;; hint=> subs

;; dir: "name - doc" lines of a namespace, by any of its prefixes
(count (dir clojure.set))
;; => 12

(first (dir set))
;; => "difference - The set of the members of s1 that are in none of the other sets."

(dir json)
;; => ["generate-string - Encodes a value as a JSON string; nil when it holds something JSON cannot express." "parse-lines - A vector of the values of the JSON lines of s; blank lines are skipped, bad lines give nil." "parse-string - The value of the JSON text s (objects become maps with string keys); nil if s is not valid JSON."]

(some #(str/starts-with? % "capitalize") (dir str))
;; => true

(some #(str/starts-with? % "re-find") (dir regex))
;; => true

;; Java classes list their static members and methods
(some #(str/starts-with? % ".substring") (dir String))
;; => true

(some #(str/starts-with? % "parse") (dir LocalDate))
;; => true

(some #(str/starts-with? % ".plusDays") (dir java.time.LocalDate))
;; => true

(dir no-such-ns)
;; !! EvalError: unknown namespace no-such-ns

;; apropos: best matches first
(first (apropos "upper-case"))
;; => "str/upper-case - s in upper case (alias upcase)."

(some #(str/starts-with? % "json/parse-string") (apropos "json"))
;; => true

(<= (count (apropos "a")) 8)
;; => true

(count (apropos "string" {:limit 2}))
;; => 2

(apropos "")
;; !! EvalError: apropos needs a non-empty string

(apropos "x" {:limit 99})
;; !! EvalError: apropos option :limit must be an integer from 1 to 50

(apropos "zzqqxx")
;; => []

;; meta: a map
(:ns (meta str/join))
;; => "clojure.string"

(:arglists (meta subs))
;; => ["(subs s start)" "(subs s start end)"]

(:ref (meta LocalDate/parse))
;; => "java.time.LocalDate/parse"

;; ns-publics, all-ns, ns-name
(keys (ns-publics json))
;; => ["generate-string" "parse-lines" "parse-string"]

(:doc (get (ns-publics clojure.set) "union"))
;; => "The set of the members of all the sets."

(every? #(contains? (set (all-ns)) %) ["clojure.core" "clojure.string" "clojure.set" "json"])
;; => true

(ns-name str)
;; => "clojure.string"

(ns-name "set")
;; => "clojure.set"

(ns-name nowhere)
;; !! EvalError: unknown namespace nowhere

;; source: builtins have none
(source str/join)
;; => nil
;; prints=> ["no source available for str/join: builtins are implemented by the host"]

;; unknown members of a known namespace are reported before running
(str/capitalise "x")
;; !! AnalysisError: clojure.string

;; search-tools and (dir tool) with no tools in the session (tests/tools/test_tool_discovery.py
;; has a session with tools)
(search-tools "refund a payment")
;; => []

(dir tool)
;; => []

(search-tools "   ")
;; !! EvalError: search-tools needs a non-empty string saying what the tool does

(search-tools "x" {:limit 51})
;; !! EvalError: search-tools option :limit must be an integer from 1 to 50
