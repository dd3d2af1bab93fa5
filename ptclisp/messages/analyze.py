"""Texts of the analyzer and the evaluator: special forms, names, tools, destructuring, habits."""
from __future__ import annotations


HINT_NOT_CALLABLE = "only functions, keywords, maps and sets can be called: check the first item of the list"


# ---------------------------------------------------------------- analyzer and evaluator


def several_problems(items) -> str:
    return f"{len(items)} problems: " + "; ".join(items)


def got_args(n: int) -> str:
    return f"got {n} argument" + ("" if n == 1 else "s")


def bad_shape(name: str, shape: str, got: str) -> str:
    return f"{name} expects {shape}, {got}"


def usage(signature: str) -> str:
    return f"usage: {signature}"


def unsupported_form(text: str) -> str:
    return f"cannot evaluate this form: {text}"


def macro_as_value(name: str) -> str:
    return f"Can't take value of a macro: {name}"


HINT_MACRO_VALUE = "special forms like and/or/if cannot be passed as functions; wrap them: #(and %1 %2)"


def unknown_member(ns: str, name: str, members) -> str:
    members = list(members)
    shown = ", ".join(members[:40]) + (" ..." if len(members) > 40 else "")
    return f"No such function {ns}/{name}. {ns} has: {shown}"


def unknown_method(name: str) -> str:
    return f"Unsupported method: {name}"


HINT_METHODS = ("supported methods: .indexOf .lastIndexOf .substring .toUpperCase .toLowerCase "
                ".startsWith .endsWith .contains .length and the date methods; "
                "prefer the clojure.string functions")
DOT_FORM = "the (. object method) form is not supported"


def unknown_tool(name: str) -> str:
    return f"Unknown tool: tool/{name}"


def upstream_tool_hint(name: str) -> str:
    """tool/NAME unknown in a Session with upstreams: it may be an upstream's tool."""
    return (f'an upstream tool is called as (tool/call {{:server "..." :tool "{name}" :args {{...}}}}); '
            f'(apropos "{name}") finds its server')


def available_tools(names) -> str:
    names = list(names)
    if not names:
        return "no tools are available in this context"
    return "available tools: " + ", ".join(f"tool/{n}" for n in names)


def unknown_data(name: str) -> str:
    """data/name where the session's data has no such key."""
    return f"Unknown data: data/{name} is not a key of the data"


def available_data(names, limit: int = 12) -> str:
    """The data keys a program can read, when none is near the name it used."""
    names = list(names)
    if not names:
        return "the data is empty: no data/ names are available"
    more = f" and {len(names) - limit} more" if len(names) > limit else ""
    return "available data: " + ", ".join(f"data/{n}" for n in names[:limit]) + more


def api_not_data(value) -> str:
    """Session(data=...) given something other than a map."""
    return (f"data must be a mapping of names to values (read as data/name), "
            f"got {type(value).__name__}")


EMPTY_LIST = "an empty list () cannot be evaluated"
QUOTED_COLLECTION = "quoted lists and collections are not supported"
HINT_QUOTED_COLLECTION = "use a vector literal [1 2 3] instead of '(1 2 3)"


def bad_regex(pattern: str) -> str:
    return f'invalid regex #"{pattern}"'


NEEDS_BINDING_VECTOR = "the bindings must be a vector: [name value ...]"
NEEDS_ONE_BINDING = "the binding must be a vector of one name and one value: [name expr]"
NEEDS_PARAMS = "the parameters must be a vector: [x y]"


def odd_bindings(name: str) -> str:
    return f"{name} requires an even number of forms in its binding vector"


HINT_ODD_BINDINGS = "bindings come in pairs: [name1 value1 name2 value2]"
ODD_COND = "requires an even number of test/expression forms"
RECUR_OUTSIDE = "recur can only be used inside loop or fn"
RECUR_NOT_TAIL = "Can only recur from tail position"
HINT_RECUR = "make recur the last expression evaluated in the loop or fn body"


def recur_arity(expected: int, got: int) -> str:
    return f"Mismatched argument count to recur, expected: {expected} args, got: {got}"


def too_many_steps(name: str, n: int, limit: int) -> str:
    return f"{name} has {n} steps, over the limit of {limit}"


HINT_TOO_MANY_STEPS = "process a collection with map, reduce or loop instead of writing out each step"
BAD_AMPERSAND = "& must be followed by exactly one binding name at the end"


def bad_pattern(text: str) -> str:
    return f"unsupported binding form: {text}"


HINT_PATTERN = ("bind a name, a vector pattern [a b & rest] or a map pattern "
                "{:keys [a b] :or {a 0} :as m}")
MULTI_ARITY = "multi-arity functions are not supported"
HINT_MULTI_ARITY = "define one arity and use & rest for optional arguments"
NESTED_SHORT_FN = "Nested #()s are not allowed"
HINT_NESTED_SHORT_FN = "use (fn [x] ...) for the inner function"
EMPTY_SHORT_FN = "#() needs a body"


def reserved_name(name: str) -> str:
    return f"cannot redefine {name}"


CASE_CONSTANT = "case test values must be constants (keywords, strings, numbers, nil, booleans)"
HINT_CASE_CONSTANT = "use cond or condp to test computed values"


def bad_for_modifier(name: str, form: str) -> str:
    return f"unknown {form} modifier :{name} (use :let, :when or :while)"


HINT_DEF_ORDER = "def the name before using it, or check that the def ran"


def cannot_destructure(type_name: str, as_what: str) -> str:
    return f"cannot destructure a {type_name} as a {as_what}"


def odd_keyword_args(n: int) -> str:
    return f"keyword arguments must come in pairs, got {n} values"


def limit_source(n: int, limit: int) -> str:
    return f"program too long: {n} characters, over the limit of {limit}"


def limit_tool_calls(n: int) -> str:
    return f"tool call limit exceeded: more than {n} tool calls"


HINT_TOOL_CALLS = "batch work into fewer tool calls, or process fewer items"


def tool_failed(name: str, exc) -> str:
    text = str(exc).strip() or "the tool failed"
    if len(text) > 300:
        text = text[:297] + "..."
    return f"tool/{name} failed: {text}"


def tool_failed_quietly(name: str, kind: str) -> str:
    return f"tool/{name} failed ({kind})"


def tool_positional(name: str) -> str:
    return f"tool/{name} takes named arguments: a map or keyword/value pairs"


HINT_TOOL_ARGS = "call tools as (tool/name {:key value}) or (tool/name :key value)"

# habits from other languages -> what to write instead
HABITS = {
    "len": "use count: (count coll)",
    "length": "use count: (count coll)",
    "size": "use count: (count coll)",
    "None": "use nil",
    "null": "use nil",
    "undefined": "use nil",
    "True": "use true",
    "False": "use false",
    "lambda": "use fn: (fn [x] (* x 2)) or #(* % 2)",
    "def": "use defn to define functions: (defn name [args] body)",
    "print": "use println",
    "append": "use conj: (conj coll x)",
    "push": "use conj: (conj coll x)",
    ".map": "use map: (map f coll)",
    ".filter": "use filter: (filter f coll)",
    ".length": "use count: (count coll)",
    "elif": "use cond: (cond test1 expr1 test2 expr2 :else default)",
    "else": "use :else inside cond",
    "return!": "use (return value)",
    "lower": "use clojure.string/lower-case",
    "upper": "use clojure.string/upper-case",
    "sorted": "use sort or sort-by",
    "sum!": "use (reduce + coll) or (sum coll)",
    "try": "try/catch is not supported: check values with if, nil? and some?",
    "throw": "use (fail value) to end the program as failed",
    "atom": "mutable state is not supported: use def, loop/recur or reduce",
    "swap!": "mutable state is not supported: use def, loop/recur or reduce",
    "reset!": "mutable state is not supported: use def",
    "set!": "mutable state is not supported: use def, let or loop/recur",
    "in": "to test membership use (contains? #{1 2} x) for sets and map keys, or (some #{x} coll)",
    "includes": "use (contains? coll k) for keys, (some #{x} coll) for values, str/includes? for text",
}

LETFN_BINDINGS = "its first argument must be a vector of function specs like (f [x] body)"


def letfn_forward(name: str, later: str) -> str:
    return f"letfn: {name} calls {later}, which is defined after it"


HINT_LETFN_FORWARD = ("order the letfn functions so each calls only itself and those before it; "
                      "for functions that call each other use defn")


# clojure.core names left out on purpose -> what to write instead (the analyzer's hint for an
# unknown name; docs/divergences.md lists them, and a test checks both against this table)
_NO_RANDOM = "no randomness: a program gives the same answer every run; pick by position or sort"
_NO_MUTATION = ("no mutable state: build values with reduce, loop/recur or into; def a name to "
                "keep a value for later programs")
_NO_TRANSIENT = "no transients: conj, assoc and into in a reduce are already fast"
_NO_CONCURRENCY = "no threads or refs: pmap and pcalls run work in parallel"
_NO_IO = "no files or consoles: the program reaches the outside only through tool/ calls and data/"
_NO_EVAL = ("no eval or reader at run time: write the code itself; read numbers with parse-long "
            "or parse-double and JSON with json/parse-string")
_NO_MACROS = "no macros: write a function with defn"
_NO_TYPES = "no types or protocols: use maps with a :type key and case or cond on it"
_NO_NS = "no namespaces: str/, set/, walk/, json/ and math/ are always available without require"
_NO_EXCEPTIONS = "no exceptions: end the program with (fail {:reason ... :message ...}); check values with if"
_NO_DYNAMIC = "no dynamic vars: pass values as arguments or bind them with let"
_NO_LAZY = "no lazy sequences: collections are eager vectors; concat and map build them at once"
_NO_JAVA = "no Java objects: use the PTC-Lisp functions (type, string?, map?...); see (dir String)"
REFUSED = {
    **dict.fromkeys(("rand", "rand-int", "rand-nth", "shuffle", "random-sample", "random-uuid"),
                    _NO_RANDOM),
    **dict.fromkeys(("volatile!", "vswap!", "vreset!", "swap-vals!", "reset-vals!",
                     "compare-and-set!", "add-watch", "remove-watch", "set-validator!", "deref",
                     "get-validator", "while", "var-set", "with-local-vars", "alter-var-root"),
                    _NO_MUTATION),
    **dict.fromkeys(("transient", "persistent!", "conj!", "assoc!", "dissoc!", "pop!", "disj!"),
                    _NO_TRANSIENT),
    **dict.fromkeys(("future", "future-call", "promise", "deliver", "agent", "send", "send-off",
                     "await", "ref", "dosync", "alter", "commute", "ref-set", "locking",
                     "pvalues"), _NO_CONCURRENCY),
    **dict.fromkeys(("slurp", "spit", "read-line", "line-seq", "file-seq", "with-open",
                     "with-in-str", "load", "load-file", "tap>"), _NO_IO),
    **dict.fromkeys(("eval", "read-string", "load-string", "read", "macroexpand", "macroexpand-1"),
                    _NO_EVAL),
    "defmacro": _NO_MACROS,
    **dict.fromkeys(("defmulti", "defmethod", "defprotocol", "defrecord", "deftype", "extend",
                     "extend-type", "extend-protocol", "reify", "proxy", "defstruct", "struct",
                     "struct-map", "record?", "satisfies?"), _NO_TYPES),
    **dict.fromkeys(("ns", "require", "use", "import", "refer", "in-ns", "alias", "create-ns",
                     "find-ns", "the-ns", "resolve", "ns-resolve"), _NO_NS),
    **dict.fromkeys(("ex-info", "ex-message", "ex-data", "ex-cause", "assert"), _NO_EXCEPTIONS),
    **dict.fromkeys(("binding", "with-redefs", "with-bindings", "bound-fn"), _NO_DYNAMIC),
    **dict.fromkeys(("lazy-seq", "lazy-cat", "delay", "force", "realized?", "iteration"),
                    _NO_LAZY),
    **dict.fromkeys(("instance?", "class", "cast", "doto", "..", "memfn", "bean", "into-array",
                     "to-array", "make-array", "aget", "aset", "alength", "int-array",
                     "long-array", "double-array", "object-array"), _NO_JAVA),
    "time": "no timing: a program cannot read how long it ran; (System/currentTimeMillis) gives the clock",
    "sorted-map-by": "maps keep keys in one order: sort the entries with (sort-by key comparator (seq m))",
    "sorted-set-by": "sets keep one order: sort the items with (sort comparator s)",
    "transduce": "no transducers: (reduce f init (map g coll)) does the same",
    **dict.fromkeys(("eduction", "cat", "completing", "halt-when"),
                    "no transducers: (map g coll) and (filter p coll) are eager already"),
    "identical?": "values have no identity here: use =",
    "hash": "values have no Java hash here: use the value itself as a map key",
    "gensym": _NO_MACROS,
    "with-meta": "values carry no metadata: keep extra facts in a map",
    "vary-meta": "values carry no metadata: keep extra facts in a map",
    "re-matcher": "no matcher objects: use re-find, re-seq or re-matches",
    "re-groups": "no matcher objects: (re-find re s) returns the groups",
    "numerator": "there are no ratios: / gives a float",
    "denominator": "there are no ratios: / gives a float",
    "rationalize": "there are no ratios: / gives a float",
    "bigdec": "there are no decimals: use double, or round to cents with (/ (round (* x 100)) 100.0)",
    "subseq": "maps and sets are seen in key order: (filter (fn [[k v]] (> k x)) (seq m))",
    "rsubseq": "maps and sets are seen in key order: (reverse (filter (fn [[k v]] (> k x)) (seq m)))",
    "replicate": "use (repeat n x)",
}

DECLARE_NAMES = "its arguments must be plain names"

# Java static methods left out on purpose -> what to write instead (as REFUSED)
REFUSED_QUALIFIED = {
    **dict.fromkeys(("Math/random", "java.util.UUID/randomUUID", "UUID/randomUUID"), _NO_RANDOM),
    "Thread/sleep": "no waiting: a program runs at once; call the tools it needs in one program",
    "System/exit": "end the program with (return value) or (fail {:reason ... :message ...})",
    "System/nanoTime": "(System/currentTimeMillis) gives the clock in milliseconds",
    "System/getenv": _NO_IO,
    "System/getProperty": _NO_IO,
}
