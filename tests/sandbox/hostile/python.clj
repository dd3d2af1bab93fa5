;; no attribute access: the dot forms reach only the allowlisted methods
(. "x" __class__)
;; !! AnalysisError: not supported

(.__class__ "x")
;; !! AnalysisError: Unsupported method: .__class__

(.__globals__ inc)
;; !! AnalysisError: Unsupported method

(.__subclasses__ inc)
;; !! AnalysisError: Unsupported method

(.upper "abc")
;; !! AnalysisError: Unsupported method

(.__dict__ {:a 1})
;; !! AnalysisError: Unsupported method

;; no eval, import, require or I/O names
(__import__ "os")
;; !! AnalysisError: Unable to resolve symbol: __import__

(eval "(+ 1 2)")
;; !! AnalysisError: Unable to resolve symbol: eval

(import os)
;; !! AnalysisError: Unable to resolve symbol: import

(require 'clojure.java.io)
;; !! AnalysisError: Unable to resolve symbol: require

(load-string "(+ 1 2)")
;; !! AnalysisError: Unable to resolve symbol: load-string

(read-string "(+ 1 2)")
;; ~> any

(slurp "/etc/passwd")
;; !! AnalysisError: Unable to resolve symbol: slurp

(spit "/tmp/ptclisp-hostile" "y")
;; !! AnalysisError: Unable to resolve symbol: spit

(System/exit 0)
;; !! AnalysisError: System/exit

(java.lang.Runtime/getRuntime)
;; !! AnalysisError: Unable to resolve symbol

(Class/forName "java.lang.String")
;; !! AnalysisError: Unable to resolve symbol

(new java.io.File "/etc")
;; !! AnalysisError: Unable to resolve symbol

(clojure.core/eval 1)
;; !! AnalysisError: No such function clojure.core/eval

(resolve 'inc)
;; !! AnalysisError: Unable to resolve symbol: resolve

(deref #'inc)
;; !! AnalysisError: Unable to resolve symbol: deref

;; functions are opaque values: no keys, names or attributes
(get inc "__globals__")
;; !! EvalError: get expected a map

(keys inc)
;; !! EvalError: keys expected a map

(:__globals__ (fn [x] x))
;; => nil

(get "abc" "__class__")
;; => nil

(name inc)
;; !! EvalError: name expected

(str inc)
;; => "#fn[inc]"

(format "%s" (fn [x] x))
;; ~> any

;; format strings are Java-style: Python's {} fields are plain text
(format "{0.__class__}" "x")
;; => "{0.__class__}"

(format "{0.__init__.__globals__}" inc)
;; => "{0.__init__.__globals__}"

(format "%(x)s" {:x 1})
;; ~> error

(format "%1$s %1000000000$s" "a")
;; !! EvalError: no argument left

(format "%0100000000d" 1)
;; !! LimitExceeded max_string_chars|max_collection_size

(format "%.100000000f" 1.0)
;; !! LimitExceeded max_string_chars|max_collection_size

;; symbols and keywords built at run time stay data
(apply (symbol "eval") ["1"])
;; !! EvalError: expected a function

((symbol "inc") 1)
;; !! EvalError: cannot be called

((keyword "__class__") "x")
;; ~> any

;; dunder names are ordinary names of the program's own
(let [__import__ 5] __import__)
;; => 5

(defn __init__ [] 1) (__init__)
;; => 1

;; tool names with odd characters are unknown tools, found before anything runs
(tool/__class__ {})
;; !! AnalysisError: Unknown tool: tool/__class__

(tool/echo.__class__ {})
;; !! AnalysisError: Unknown tool

(tool/echo/__globals__ {})
;; ~> error

(tool/ {})
;; ~> error

(tool/__import__ {:name "os"})
;; !! AnalysisError: Unknown tool

;; dunder keys travel as plain data
(tool/echo {:__class__ 1})
;; => {:__class__ 1}
