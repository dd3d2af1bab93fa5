;; tools that return something that is not data: a tool error naming the tool
(tool/cyc {})
;; !! ToolError: tool/cyc returned something that is not data

(tool/dcyc {})
;; !! ToolError: tool/dcyc returned something that is not data

(tool/opaque {})
;; !! ToolError: not data

(tool/gen {})
;; !! ToolError: not data

(tool/echo {:x (tool/cyc {})})
;; !! ToolError: tool/cyc

;; a result deeper than the program may walk
(tool/deep {})
;; ~> error

;; huge results are refused at the boundary
(count (tool/huge {}))
;; !! LimitExceeded max_collection_size

(count (tool/hugestr {}))
;; !! LimitExceeded max_string_chars|max_collection_size

;; 300,000 entries are under the 1,000,000-item default: done, or stopped by the clock when slow
(count (tool/wide {}))
;; ~> any

;; a result that shares structure: 2^60 leaves when walked
(tool/shared {})
;; !! LimitExceeded timeout|max_collection_size|max_memory_mb

(count (str (tool/shared {})))
;; !! LimitExceeded timeout|max_collection_size|max_string_chars|max_memory_mb

(= (tool/shared {}) (tool/shared {}))
;; !! LimitExceeded timeout|max_collection_size|max_memory_mb

;; a big integer result under the integer cap is a number like any other (past it, the door
;; refuses it: outside.clj)
(> (tool/bigint {}) 0)
;; => true

;; a tool that raises: the message is kept short
(tool/boom {})
;; !! ToolError: tool/boom failed

;; a slow synchronous tool (0.5 s): its time is the host's, not the program's (timeout)
(tool/slow {})
;; => 1

;; it cannot be interrupted; past tool_timeout the run fails once it returns
;; limits: tool_timeout=0.3
(tool/slow {})
;; !! LimitExceeded tool_timeout

;; the wall clock bounds the whole run, tools included
;; limits: max_wall=0.3
(pmap (fn [i] (tool/slow {})) (range 100))
;; !! LimitExceeded max_wall

;; limits: max_wall=0.7
(do (tool/slow {}) (tool/slow {}))
;; !! LimitExceeded max_wall

(map (fn [i] (tool/echo {:i i})) (range 100000))
;; !! LimitExceeded timeout|max_tool_calls

(loop [] (tool/echo {}) (recur))
;; !! LimitExceeded timeout|max_tool_calls

;; limits: max_tool_calls=10
(loop [] (tool/echo {}) (recur))
;; !! LimitExceeded max_tool_calls

;; functions cannot be sent to a tool
(tool/echo {:f inc})
;; !! ToolError: can only receive data

(tool/echo {:f {:g [(fn [x] x)]}})
;; !! ToolError: can only receive data

;; a tool that runs another program: the inner run has its own limits
(tool/nested-run {:src "(loop [] (recur))"})
;; => "LimitExceeded"

(tool/nested-run {:src "(tool/echo {})"})
;; => "AnalysisError"

;; sending big data to a tool is bounded by what the program may build
(tool/count {:xs (range 2000000)})
;; !! LimitExceeded max_collection_size

;; limits: timeout=3.0
(tool/count {:xs (range 500000)})
;; => 500000
