;; Wrong tool calls: clear errors that name the tool and show its signature, raised before
;; the tool runs. Written literally, they are found before anything runs at all.

;; an unknown tool is found before any other tool runs (no partial side effects)
;; tools=> counter
(do (tool/counter) (tool/nope))
;; !! AnalysisError: Unknown tool: tool/nope
;; calls=> []

;; an unknown parameter written literally: found before the first tool call runs
;; tools=> counter search
(do (tool/counter) (tool/search {:qury "x"}))
;; !! AnalysisError: tool/search has no parameter :qury; its parameters: :query, :limit
;; hint=> Did you mean: :query?
;; calls=> []

;; the same in keyword/value style
;; tools=> search
(tool/search :query "x" :limt 3)
;; !! AnalysisError: tool/search has no parameter :limt
;; hint=> signature: tool/search(query :string, limit :int?) -> [:any]

;; a missing required parameter, when every key is written
;; tools=> search
(tool/search {:limit 2})
;; !! AnalysisError: tool/search is missing required parameter :query

;; no arguments at all for a tool that needs some
;; tools=> get-user
(tool/get-user)
;; !! AnalysisError: tool/get-user is missing required parameter :id

;; a literal of the wrong type
;; tools=> search
(tool/search {:query "x" :limit "3"})
;; !! AnalysisError: tool/search got a wrong argument: limit: expected :int, got string "3"

;; a positional argument: the hint shows the named form
;; tools=> get-user
(tool/get-user 5)
;; !! AnalysisError: tool/get-user takes named arguments: a map or keyword/value pairs
;; hint=> write (tool/get-user {:id 5})

;; several positional arguments
;; tools=> add
(tool/add 1 2 3)
;; !! AnalysisError: tool/add takes named arguments

;; an unknown parameter in a map built at run time: a ToolError before the tool runs
;; tools=> search
(let [args (assoc {:query "x"} :sort "asc")] (tool/search args))
;; !! ToolError: tool/search has no parameter :sort
;; calls=> []

;; a wrong type known only at run time
;; tools=> get-user
(let [id "7"] (tool/get-user {:id id}))
;; !! ToolError: tool/get-user got a wrong argument: id: expected :int, got string "7"
;; calls=> []

;; a missing parameter known only at run time
;; tools=> add
(tool/add (dissoc {:a 1 :b 2} :a))
;; !! ToolError: tool/add is missing required parameter :a

;; a positional value known only at run time
;; tools=> get-user
(let [x 5] (tool/get-user x))
;; !! ToolError: tool/get-user takes named arguments
;; hint=> write (tool/get-user {:id 5})

;; a function is not data: it cannot be passed to a tool
;; tools=> echo
(tool/echo {:f inc})
;; !! ToolError: tool/echo can only receive data

;; a tool that raises: a ToolError naming the tool and the host's message, no traceback
;; tools=> broken
(tool/broken)
;; !! ToolError: tool/broken failed (RuntimeError)
;; calls=> ["broken"]

;; the host's message comes through
;; tools=> get-user
(tool/get-user {:id 100})
;; !! ToolError: tool/get-user failed: no user with id 100

;; a tool returning something that is not data is an error, never a value to poke at
;; tools=> opaque
(tool/opaque)
;; !! ToolError: tool/opaque returned something that is not data

;; an earlier successful call stays in the log when a later one fails
;; tools=> counter broken
(do (tool/counter) (tool/broken) (tool/counter))
;; !! ToolError: tool/broken failed
;; calls=> ["counter" "broken"]
