;; Journaled tasks (spec 5.18-5.20). Cases with `;; tools=>` get a journal that lives across
;; the steps of the case; other cases run without one.

;; a task runs once; later calls with the same id return the journaled value
;; tools=> counter
(task "n" (tool/counter))
;; => 1
;; calls=> ["counter"]
(task "n" (tool/counter))
;; => 1
;; calls=> []
[(task "n" (tool/counter)) (task "m" (tool/counter))]
;; => [1 2]
;; calls=> ["counter"]

;; task-reset forgets a task, so it runs again
;; tools=> counter
(task "n" (tool/counter))
;; => 1
(task-reset "n")
;; => nil
(task "n" (tool/counter))
;; => 2

;; task-reset of an unknown id is a no-op
;; tools=> counter
(task-reset "never")
;; => nil

;; failures are not cached: the task runs again next time
;; tools=> counter broken
(task "t" (do (tool/counter) (tool/broken)))
;; !! ToolError: tool/broken failed
(task "t" (tool/counter))
;; => 2

;; fail is not cached either
;; tools=> counter
(task "t" (fail "not yet"))
;; failed=> "not yet"
(task "t" (tool/counter))
;; => 1

;; a task that succeeded stays cached even when the program fails later
;; tools=> counter broken
(do (task "first" (tool/counter)) (tool/broken))
;; !! ToolError: tool/broken failed
(task "first" (tool/counter))
;; => 1
;; calls=> []

;; ids computed at run time; non-string ids are printed like str
;; tools=> counter
(let [i 3] (task (str "step-" i) (tool/counter)))
;; => 1
(task "step-3" 99)
;; => 1

;; only data can be journaled
;; tools=> counter
(task "f" inc)
;; !! EvalError: task "f" must produce data
(task "g" {:ok [:a "b" 1.5 nil #{2}] :f [inc]})
;; !! EvalError: got a function
(task "h" {:ok [:a "b" 1.5 nil #{2}]})
;; => {:ok [:a "b" 1.5 nil #{2}]}

;; without a journal a task simply runs
(let [x (task "a" (+ 1 2))] [x (task "a" (* 2 x))])
;; => [3 6]

;; step-done returns the summary
(step-done "gather" "Found 3 users")
;; => "Found 3 users"

;; spec 5.19: several steps
(do
  (step-done "1" "Fetched 42 records from API")
  (step-done "2" "Filtered to 12 matching criteria"))
;; => "Filtered to 12 matching criteria"

;; shapes
(task "x")
;; !! AnalysisError: task expects (task id expr), got 1 argument

(step-done "x")
;; !! AnalysisError: step-done expects (step-done id summary), got 1 argument

(task-reset)
;; !! AnalysisError: task-reset expects (task-reset id), got 0 arguments

;; budget/remaining: {} when the host gave no budget (spec 9.5)
(budget/remaining)
;; => {}

(:turns (budget/remaining))
;; => nil
