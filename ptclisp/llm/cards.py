"""The prose of the system prompt, card by card (assembled by `ptclisp.llm.prompt`).

Every fenced ```clojure block and every inline `(...)` here runs in the tests, in order, in one
session with the example tools `get-user`, `get-users`, `search` and the data `data/orders`.
The function list is not here: it is generated from the builtin registry.
"""
from __future__ import annotations

LANGUAGE = """\
You write PTC-Lisp, a small Clojure that runs in a sandbox and calls the host's tools.

Syntax:
- Clojure forms: `let`, `fn`, `#(...)`, `defn`, `if`/`when`/`cond`/`case`, `->`/`->>`, `loop`/`recur`, `for`, `doseq`.
- One or more top-level forms; the value of the last one is the program's result.
- Literals: nil, true, false, 42, 3.14, "text", :keyword, [1 2], {:a 1}, #{1 2}.
- Call a tool with one map of named arguments, spelled as its signature lists them: `(tool/get-user {:user_id 42})`. In signatures `T?` may be nil; `"a"|"b"` lists a string's only values.
- `data/orders` is a name your program reads directly, like a def: the host's input `orders`.
- Maps in tool results and data have keyword keys spelled as listed: `(:user_id m)`. (`(:user-id m)` finds it too.) `json/parse-string` gives string keys.
- `map`, `filter`, `for` are eager and return vectors. Pages: `loop`/`recur` until no next page.
- Round to 2 decimals: (/ (round (* x 100)) 100.0). Sets: `set/union`, `set/difference`, `set/intersection`.
- Strings: `str/join`; `str/split` takes a regex literal: `(str/split "a|b" #"\\|")`.
- Shown values are cut, saying so: `[1 2 ... 40 more]`, `{:a 1 ... 3 more keys}`.
- Not available: atoms, try/catch, throw, lazy-seq, macros, ns/require/import, I/O.

Functions (as in Clojure):"""

PREDICATES_NOTE = "- Predicates end in `?` as in Clojure: {names}"
DISCOVER = ('- Look up: `(doc str/join)`, `(dir str)`, `(apropos "sort")`; '
            '`(describe data/orders)` summarises data: a map of :type, :count, :item_types and, '
            'per key, :types and :examples.')

SINGLE_SHOT = """\
One program:
- You get exactly one program; its last value is the answer. Compute everything in it.
- When the task cannot be done, `(fail {:reason :not-found :message "no such user"})`.

```clojure
(->> data/orders
     (filter #(> (:total %) 100))
     (map :id))
```"""

MULTI_TURN = """\
Turns:
- Each turn runs one program. Next turn you see its prints (about 512 characters in all), its value if it printed nothing, and its new defs (about 250 each): print only what you need.
- `(def name value)` keeps a value for later turns; `*1`, `*2`, `*3` are the last three results.
- Several tool calls in one program are fine.

```clojure
;; look first
(def users (tool/get-users {:role "admin"}))
(println "admins:" (count users) "first:" (first users))
```"""

RETURN_RULES = """\
Finishing:
- `(return value)` ends the task: value is the final answer. `(fail {:reason :not-found :message "..."})` ends it as failed. Both stop the program at once.
- Return from the first program that can compute the answer: when the tool signatures, data samples and this message tell you enough, compute and `return` in one program. Look first (print, read it next turn) only for what you cannot know yet, and never print an answer instead of returning it.

```clojure
;; a later turn, after reading the output above
(return {:admins (count users)})
```"""

JOURNAL = """\
Journal (work that must not repeat):
- `(task "id" expr)` runs expr once and remembers its value; later runs with the same id reuse it, without calling tools again. Errors are not remembered.
- `(step-done "id" "summary")` records progress; `(task-reset "id")` forgets a task.
- Ids are string literals that name the intent and the data, e.g. "fetch-user-42", not "1". New arguments need a new id. Don't nest tasks; call `step-done` at top level.

```clojure
(def user (task "fetch-user-42" (tool/get-user {:user_id 42})))
(step-done "fetch-user-42" (str "fetched " (:name user)))
```"""

COMBINED_TURNS = """\
Programs:
- Call lisp_eval with a PTC-Lisp program to filter, join, count or transform data, or to call several tools at once. Its last value comes back to you (cut at about 512 characters: make the program compute the small answer).
- `(def name value)` keeps a value for later lisp_eval calls.

```clojure
(def users (tool/get-users {:role "admin"}))
(count users)
```"""

FORMAT_CONTENT = """\
Reply format: exactly one ```clojure block and no text outside it. Put your reasoning in `;;` comments inside the block.

```clojure
;; orders over 100
(count (filter #(> (:total %) 100) data/orders))
```"""

FORMAT_TOOL_CALL = """\
Reply format: call the lisp_eval tool with {"program": "<PTC-Lisp source>"}, one call per turn. It is the only native tool: call the host's tools inside the program. Never put code blocks in a reply."""

TOOL_CALL_DIRECT_ANSWER = """\
When you already know the answer you may also reply without a tool call: that reply is the final answer (JSON when an output shape is expected)."""

FORMAT_COMBINED = """\
Reply format: call the host's tools natively for single look-ups, or lisp_eval with {"program": "<PTC-Lisp source>"} for computation; lisp_eval goes alone in its turn. Inside a program the same tools are `(tool/get-user {:user_id 42})`.
Your final answer is a reply without any tool call: plain text, or JSON when an output shape is expected."""
