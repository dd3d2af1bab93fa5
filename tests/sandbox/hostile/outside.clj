;; Host work outside the evaluator (issue 26): values small to hold and huge to convert, and
;; values a run makes that must print and export. Each ends in a clear error, never a freeze.
;; a Decimal with a huge exponent: 34 s frozen before, blamed on the tool
(tool/hugedec {})
;; !! ToolError: tool/hugedec returned a number past the integer limit

(:price (tool/hugedec {}))
;; !! ToolError: past the integer limit

;; an int past the cap a program's own integers have: refused as the Decimal is
(tool/hugeint {})
;; !! ToolError: tool/hugeint returned a number past the integer limit

;; read in place by a pipeline: refused where it is read...
(->> (tool/hugeints {}) (map :n) (reduce + 0))
;; !! ToolError: tool/hugeints returned a number past the integer limit

;; ...and not where it is not
(->> (tool/hugeints {}) (map :id) (reduce + 0))
;; => 44850

(tool/snan {})
;; !! ToolError: signaling NaN

(count (tool/farrange {}))
;; !! ToolError: a sequence of 1,000,000,000,000 items

(tool/farday {})
;; !! ToolError: outside the years 1 to 9999

;; a tool failing at the door does not stop the next call
(do (try (tool/hugedec {}) (catch Exception e nil)) (tool/echo {:a 1}))
;; ~> any

(java.time.Instant/parse "9999-12-31T23:59:59.999999-23:59")
;; !! EvalError: out of the supported range

(parse "0001-01-01T00:00:00+00:01")
;; !! EvalError: out of the supported range

(str (java.time.Instant/parse "9999-12-31T23:59:59.999999+00:00"))
;; => "9999-12-31T23:59:59.999999Z"

(pr-str (java.util.Date. "9999-12-31T23:59:59-23:59"))
;; !! EvalError: out of the supported range

(.plusDays (java.time.LocalDate/parse "9999-12-31") 1)
;; !! EvalError: out of the supported range

(java.util.Date. 253402300800000)
;; !! EvalError: out of the supported range
