"""Every user-facing message text, in one place. Messages talk Lisp, never Python.

Each area (reader, analyzer, evaluator, builtins, tools, limits, llm) has its own section.
Tests pin these texts, so change them here and in the case files together.
"""
from __future__ import annotations

import re

from .lang import formatter, values  # both import this module: used at call time only

# ---------------------------------------------------------------- shared


def wrong_arity(n: int, name: str) -> str:
    """Clojure's wording for a call with the wrong number of arguments."""
    return f"Wrong number of args ({n}) passed to: {name}"


def unresolved(name: str) -> str:
    """Clojure's wording for an unknown symbol."""
    return f"Unable to resolve symbol: {name} in this context"


def did_you_mean(names) -> str:
    """A hint listing near names (no extra "?" after a name that ends in one, like set?)."""
    names = list(names)
    if not names:
        return ""
    return "Did you mean: " + ", ".join(names) + ("" if names[-1].endswith("?") else "?")


def hint_fn_arity(arity: int, args) -> str | None:
    """A two-parameter fn given one [k v] entry (mapped over a map): destructure it."""
    if arity == 2 and len(args) == 1 and isinstance(args[0], values.VECTOR_TYPES) and len(args[0]) == 2:
        return ("the fn takes 2 parameters but gets one [k v] entry per call over a map: "
                "destructure the entry with (fn [[k v]] ...)")
    return None


INTERNAL = "internal error in ptclisp (this is a bug in the interpreter, not in your program)"

# ---------------------------------------------------------------- limits


def limit_steps(n) -> str:
    return f"step limit exceeded: the program ran more than {n} evaluation steps"


def limit_timeout(seconds) -> str:
    return f"timeout: the program ran longer than {seconds:g} s"


def limit_max_wall(seconds, tool_seconds: float, tool: str | None = None) -> str:
    during = f" while tool/{tool} ran" if tool else ""
    return (f"max_wall: the run took longer than {seconds:g} s{during} "
            f"({tool_seconds:.2f} s of it waiting on tools)")


def limit_tool_timeout(name: str, seconds, took: float | None = None) -> str:
    if took is None:
        return f"tool_timeout: tool/{name} did not answer within {seconds:g} s"
    return f"tool_timeout: tool/{name} took {took:.2f} s, longer than {seconds:g} s"


HINT_MAX_WALL = ("the host's tools used the run's wall-clock time: the host can raise "
                 "Limits(max_wall=...) or make the tools faster; the program may call fewer tools")
HINT_TOOL_TIMEOUT = ("the host's tool is slow or stuck (not the program): the host can raise "
                     "Limits(tool_timeout=...) or give the tool's client its own timeout")


def limit_depth(n) -> str:
    return f"recursion depth limit exceeded: more than {n} nested calls"


def limit_size(what, n, limit) -> str:
    unit = "characters" if what == "string" else "items"
    return f"size limit exceeded: a {what} of {_count(n)} {unit} is over the limit of {limit}"


def _count(n) -> str:
    """A count as digits, or `about 10^k` past 15 digits (a size asked for with 1e300)."""
    n = int(n)
    if n < 10 ** 15:
        return str(n)
    return f"about 10^{int(n.bit_length() * 0.30103)}"


def limit_print(n) -> str:
    return f"print limit exceeded: the program printed more than {n} characters"


HINT_PRINT = "print less: summarize with count or take before println"
HINT_STEPS = "look for a loop that never ends, or process fewer items (use take)"
HINT_TIMEOUT = "look for a loop that never ends, or process fewer items (use take)"
HINT_SIZE = "build smaller collections: use take, or filter before you map"
HINT_EXPORT = ("return a smaller or flatter value: summarize with count, take or select-keys; "
               "a part shared many times counts every time it appears")


def export_too_deep(depth) -> str:
    return f"the value is nested more than {depth} levels deep: too deep to leave the sandbox as data"


def export_too_big(items) -> str:
    return (f"the value has more than {items} items when written out (shared parts count each "
            f"time): too big to leave the sandbox as data")


def format_too_big(chars) -> str:
    return (f"the value prints as more than {chars} characters (shared parts count each time): "
            f"too big to print whole; pass max_chars to get a cut text")

# ---------------------------------------------------------------- evaluator and builtins


def _show(v, limit=40) -> str:
    try:
        text = formatter.format_value(v, max_chars=limit)
    except Exception:  # a broken value must not hide the real error
        text = "<value>"
    return text


def type_error(who: str, expected: str, got) -> str:
    return f"{who} expected {expected}, got {values.type_name(got)}: {_show(got)}"


def not_a_function(v) -> str:
    what = "nil" if v is None else f"{values.type_name(v)} {_show(v)}"
    return f"{what} cannot be called as a function"


HINT_NOT_CALLABLE = "only functions, keywords, maps and sets can be called: check the first item of the list"


def not_seqable(who: str, v) -> str:
    return f"{who} expected a collection, got {values.type_name(v)}: {_show(v)}"


def index_out_of_bounds(i, n) -> str:
    return f"index {_show(i)} out of bounds for a vector of {n} items"


def bad_args(who: str, args) -> str:
    kinds = ", ".join(values.type_name(a) for a in args)
    return f"{who} cannot be applied to arguments of types ({kinds})"

# ---------------------------------------------------------------- formatter: reading data back

DATA_LIST = "a list (a call such as (f x) is code, not data)"
DATA_FN = "a function literal #(...)"
DATA_QUOTED = "a quoted form other than a symbol or a literal"
DATA_OTHER = "a form that is not a data literal"
READ_VALUE_ODD_MAP = "a map literal needs an even number of forms (key value pairs)"


def read_value_count(n: int) -> str:
    """read_value got zero or several top-level forms."""
    return "expected one value, found nothing" if n == 0 else f"expected one value, found {n}"


def read_value_not_data(what: str) -> str:
    """read_value met code where it expects data."""
    return f"expected a data literal, found {what}"


def read_value_symbol(name: str) -> str:
    """read_value met a bare symbol."""
    return (f"expected a data literal, found the symbol {name} "
            f"(write '{name} for a symbol value, or \"{name}\" for a string)")


def read_value_duplicate(what: str, shown: str) -> str:
    """Clojure's reader rejects repeated map keys and set members."""
    return f"Duplicate {what}: {shown}"

# ---------------------------------------------------------------- maps, function combinators, walk
# (core/maps.py, core/fns.py, core/walk.py)


def kv_missing_value(who: str, key) -> str:
    """An odd key/value argument list: Clojure's wording, naming the builtin."""
    return f"{who}: no value supplied for key: {_show(key)}"


def kv_index_out_of_bounds(who: str, i, n) -> str:
    """assoc/update past the end of a vector (index n appends, beyond is an error)."""
    return f"{who}: index {i} out of bounds for a vector of {n} items"


def kv_not_nestable(who: str, path, v) -> str:
    """assoc-in/update-in met a value that holds no keys on the way down the path."""
    return (f"{who} cannot go into {values.type_name(v)} {_show(v)} at path {_show(path)}: "
            f"only maps and vectors hold keys")


def kv_bad_entry(who: str, v) -> str:
    """Something other than a [key value] pair where a map entry is needed."""
    return f"{who}: a map entry must be a [key value] pair, got {values.type_name(v)}: {_show(v)}"


def fn_expected(who: str, v) -> str:
    """A combinator got something that cannot be called."""
    return f"{who} expected a function, got {values.type_name(v)}: {_show(v)}"


def hint_usage(signature: str) -> str:
    """How the builtin is called."""
    return f"usage: {signature}"


def hint_swapped(signature: str) -> str:
    """The arguments look swapped."""
    return f"the arguments look swapped; usage: {signature}"


HINT_PATH = "a path is a vector of keys: (get-in m [:a :b]); for one key use (get m :a)"
HINT_UPDATE_EXTRA_ARGS = ("extra arguments of update are passed to the function: (update m k f x) "
                          "calls (f old x); for a default value use (fnil f default)")
HINT_MERGE_VECTORS = "merge combines maps; to join vectors use (into v1 v2) or (concat v1 v2)"
HINT_APPLY_LAST = ("the last argument of apply is the list of arguments: (apply f [x y]) "
                   "or (apply f x [y z])")
HINT_VECTOR_APPEND = "an index equal to the count appends; use conj to add at the end"
HINT_NOT_NESTABLE = ("the path goes deeper than the data: check the path, or set the value "
                     "itself with a shorter path")

# ---------------------------------------------------------------- sequence library (core/seqs*)


def seq_fn_first(who: str, shape: str) -> str:
    """Hint for swapped arguments: shape is the right call, e.g. "(filter pred coll)"."""
    name, fn, *_, coll = shape.strip("()").split()
    return (f"({name} {coll} {fn})? the function comes first: {shape}; "
            f"in a pipeline, ->> puts the value last where {name} wants it (-> puts it first)")


def seq_unordered_map(who: str) -> str:
    return f"{who} does not accept a map directly: maps are unordered"


def seq_unordered_set(who: str) -> str:
    return f"{who} does not accept a set directly: sets are unordered"


HINT_UNORDERED_MAP = "take an ordered view first: (seq m), (entries m), (keys m) or (vals m)"
HINT_UNORDERED_SET = "take an ordered view first: (sort s) or (seq s)"


def seq_bad_comparator(who: str, got) -> str:
    return (f"{who} expected a comparator (:asc, :desc or a function of 2 arguments), "
            f"got {values.type_name(got)}: {_show(got)}")


def seq_comparator_result(who: str, got) -> str:
    return (f"{who}: the comparator returned {values.type_name(got)} {_show(got)}, "
            f"expected a number or a boolean")


def seq_not_number(who: str, got) -> str:
    return f"{who} expected numbers, got {values.type_name(got)}: {_show(got)}"


HINT_NOT_NUMBER = ("only nil and missing values are skipped; convert text first "
                   "with parse-long or parse-double")


def seq_conj_map_entry(got) -> str:
    return f"conj on a map expected a [key value] pair or a map, got {values.type_name(got)}: {_show(got)}"


def seq_into_map_entry(got) -> str:
    return f"into a map expected [key value] pairs, got {values.type_name(got)}: {_show(got)}"


def seq_positive(who: str, what: str, got) -> str:
    return f"{who} expected a positive {what}, got {_show(got)}"


def seq_range_zero_step() -> str:
    return "range with a step of 0 never reaches its end"


HINT_RANGE_ZERO_STEP = "use a non-zero step: PTC-Lisp has no infinite sequences"


def seq_range_infinite(start, end) -> str:
    return f"range from {_show(start)} to {_show(end)} would never end"


def seq_find_not_associative(got) -> str:
    return f"find works on maps and vectors, not on a {values.type_name(got)}"


HINT_FIND = "to search with a predicate use (first (filter pred coll))"


def seq_contains_string_key(got) -> str:
    return f"contains? on a string expects an integer index, got {values.type_name(got)}: {_show(got)}"


HINT_CONTAINS_STRING = "to test for a substring use (str/includes? s sub)"


def seq_mapcat_result(got) -> str:
    return f"mapcat expected the function to return a collection, got {values.type_name(got)}: {_show(got)}"


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


def show_value(v) -> str:
    return _show(v)


def duplicate_key(key) -> str:
    return f"Duplicate key: {_show(key)}"


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
    "letfn": "use let with fn values, or defn",
    "try": "try/catch is not supported: check values with if, nil? and some?",
    "throw": "use (fail value) to end the program as failed",
    "atom": "mutable state is not supported: use def, loop/recur or reduce",
    "swap!": "mutable state is not supported: use def, loop/recur or reduce",
    "reset!": "mutable state is not supported: use def",
    "set!": "mutable state is not supported: use def, let or loop/recur",
    "in": "to test membership use (contains? #{1 2} x) for sets and map keys, or (some #{x} coll)",
    "includes": "use (contains? coll k) for keys, (some #{x} coll) for values, str/includes? for text",
}

# ---------------------------------------------------------------- builtins: numbers, comparison, text

HINT_STR_JOIN = "use str to join strings: (str \"a\" 1)"
HINT_PARSE_NUMBER = "use parse-long or parse-double to read a number from a string"
HINT_NIL_NUMBER = "a value is nil (a missing key?): give a default with (or x 0) or (fnil f 0)"
_NUMBER_TEXT = re.compile(r"\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*")


def number_parser(text) -> str | None:
    """parse-long or parse-double when text holds a number, else None."""
    if type(text) is not str or not _NUMBER_TEXT.fullmatch(text):
        return None
    return "parse-long" if text.strip().lstrip("+-").isdigit() else "parse-double"


def hint_number_text(text) -> str:
    """The hint for a number written as text where a number was needed."""
    parser = number_parser(text)
    if parser is None:
        return HINT_PARSE_NUMBER
    return f"{_show(text)} is text holding a number: read it first with ({parser} s)"


def compare_mixed(who: str, num, other) -> str:
    """An ordered comparison (< > <= >=, min, max) of a number against a non-number."""
    return (f"{who} cannot compare number {_show(num)} with "
            f"{values.type_name(other)} {_show(other)}")


def hint_compare_mixed(other) -> str:
    """The hint for compare_mixed: read numbers out of text; else say what orders mixed values."""
    if type(other) is str:
        return hint_number_text(other)
    return HINT_COMPARE_MIXED


HINT_COMPARE_MIXED = ("< > <= >= min and max order a number only against numbers (or nil); "
                      "compare, sort and sort-by order values of any kinds")
HINT_DIVIDE_BY_ZERO = "check the divisor first: (if (zero? d) default (/ n d))"
HINT_BIG_INT = "such a big integer is not supported: use floats (1.0) for huge magnitudes"
HINT_INT_RANGE = "int converts to a 32-bit integer: use long, quot or round for bigger numbers"
HINT_KEYWORD_NAME = "keep it a string key: maps are read with string keys too, e.g. (get m \"first name\")"
HINT_JAVA_PARSE = "parse-long and parse-double return nil instead of failing"
HINT_BIT_OPS = "bit operations work on 64-bit integers"
DIVIDE_BY_ZERO = "Divide by zero"


def int_too_large(who: str, limit_bits: int) -> str:
    """An integer result over the big-integer cap."""
    return (f"{who} would produce an integer of more than {limit_bits} bits "
            f"(about {int(limit_bits * 0.30103)} digits)")


def not_finite(who: str, v) -> str:
    """quot/rem/mod on ##NaN or an infinity."""
    return f"{who} expected finite numbers, got {_show(v)}"


def int_out_of_range(v) -> str:
    """Clojure's wording for (int x) outside the 32-bit range."""
    return f"Value out of range for int: {_show(v)}"


def invalid_keyword(s) -> str:
    """(keyword s) with a name outside the keyword character set."""
    return (f"invalid keyword name: {_show(s)} (a keyword starts with a letter and uses only "
            f"letters, digits, -, _, ? and !)")


def namespaced_keyword(s) -> str:
    """Namespaced keywords such as :a/b are not supported."""
    return f"namespaced keywords are not supported: {_show(s)}"


def cannot_parse(who: str, s, what: str) -> str:
    """A Java-shaped parser (Integer/parseInt...) given text that is not a number."""
    return f"{who} cannot parse {_show(s)} as {what}"


def radix_out_of_range(who: str, radix) -> str:
    """A parse radix outside 2..36."""
    return f"{who}: radix {_show(radix)} is out of range (2 to 36)"

# ---------------------------------------------------------------- reader (text -> forms)


def read_unclosed(opener: str, span, more: int = 0) -> str:
    """An opening delimiter that is never closed (the innermost one is named)."""
    also = f" (and {more} more unclosed before it)" if more else ""
    return f"unclosed '{opener}' opened at {span}{also}"


def read_unmatched(closer: str) -> str:
    """A closing delimiter with nothing open (Clojure's wording)."""
    return f"Unmatched delimiter: {closer}"


def read_mismatched(closer: str, opener: str, span) -> str:
    """A closing delimiter of the wrong kind: names both."""
    want = ")" if opener in ("(", "#(") else "]" if opener == "[" else "}"
    return f"mismatched '{closer}': expected '{want}' to close '{opener}' opened at {span}"


READ_ODD_MAP = "Map literal must contain an even number of forms"
READ_EMPTY_LIST = "empty list () is not supported"
READ_QUOTED_COLLECTION = ("quoted collections are not supported; only quoted symbols like 'github "
                          "are allowed")
READ_BAD_QUOTE = "' must be followed by a symbol or a literal"
READ_BACKSLASH = "a backslash must be followed by a character"


def read_duplicate_key(key_text: str) -> str:
    """A map or set literal that repeats a key (Clojure's wording)."""
    return f"Duplicate key: {key_text}"


def read_unterminated(what: str, span) -> str:
    """A string or regex literal without its closing quote."""
    return f"unterminated {what} starting at {span}"


def read_bad_escape(escape: str) -> str:
    """An escape sequence strings do not have (Clojure's wording)."""
    return f"Unsupported escape character: {escape}"


def read_unsupported(what: str) -> str:
    """Clojure syntax that PTC-Lisp deliberately leaves out."""
    return f"{what} not supported"


def read_invalid_number(token: str) -> str:
    return f"Invalid number: {token}"


def read_invalid_token(token: str) -> str:
    return f"Invalid token: {token}"


def read_invalid_keyword(token: str) -> str:
    return f"Invalid keyword: {token}"


def read_invalid_char(token: str) -> str:
    return f"Unsupported character: {token}"


def read_invalid_special(token: str) -> str:
    return f"Unknown symbolic value: {token}"


def read_invisible(code: str) -> str:
    """An invisible or control character outside strings, shown by its code and name."""
    return f"unexpected invisible character {code}"


def read_unexpected(token: str) -> str:
    """A token the grammar does not allow here (a last resort: the cases above are clearer)."""
    return f"unexpected {token}"


def read_too_deep(limit: int) -> str:
    return f"nesting depth exceeds the limit of {limit}"


def read_too_many_digits(limit: int) -> str:
    return f"number literal exceeds the limit of {limit} digits"


def read_too_long(what: str, limit: int) -> str:
    return f"{what} literal exceeds the limit of {limit} characters"


HINT_UNCLOSED = "add the missing closing delimiter(s); every ( [ { needs its ) ] }"
HINT_UNMATCHED = "remove the extra closing delimiter, or add its opening one"
HINT_MISMATCHED = "each ( closes with ), [ with ], { and #{ with }"
HINT_ODD_MAP = "a map needs a value for every key: {:a 1 :b 2}"
HINT_DUPLICATE = "each key may appear only once in a map or set literal"
HINT_EMPTY_LIST = "use [] for an empty collection, or nil"
HINT_QUOTE = "write vectors and maps directly: [1 2] and {:a 1} evaluate to themselves"
HINT_STRING = 'close the string with "; write \\" for a quote inside it'
HINT_ESCAPE = ('strings know \\\\ \\" \\n \\t \\r \\b \\f \\uXXXX; a regex literal #"\\d+" '
               'keeps its backslashes')
HINT_NUMBER = "numbers look like 42, -17, 3.14, 2.5e10, ##Inf"
HINT_SYMBOL = "symbols use letters, digits and + - * / < > = ? ! _ % . & '"
HINT_KEYWORD = "keywords use letters, digits and + - * < > = ? ! _ after the colon"
HINT_CHAR = ("a character literal is one character (\\a, \\λ) or \\newline \\space \\tab "
             "\\return \\backspace \\formfeed \\uXXXX")
HINT_SPECIAL = "the symbolic values are ##Inf, ##-Inf and ##NaN"
HINT_INVISIBLE = "remove it: only spaces, tabs, newlines and commas separate forms"
HINT_READ_DEPTH = "flatten the program: name intermediate results with let"
HINT_LITERAL = "pass large data to the program as data instead of writing it in the source"

# the unsupported syntax, each with what to do instead: (what, hint)
READ_NOT_SUPPORTED = {
    "discard": ("the reader discard #_ is", "use ; to comment out a line"),
    "deref": ("deref @ is", "there are no atoms or refs: use let and def"),
    "syntax-quote": ("syntax-quote ` is", "there are no macros"),
    "unquote": ("unquote ~ is", "there are no macros"),
    "meta": ("metadata ^ is", "remove the ^ and its metadata"),
    "conditional": ("reader conditionals #?(...) are", "write the PTC-Lisp branch only"),
    "tagged": ("tagged literals like #inst are", "use a string, e.g. \"2024-01-01\""),
    "ns-map": ("namespaced maps #:ns{...} are", "write plain keys: {:a 1}"),
    "eval": ("read-eval #= is", "call the function directly"),
    "ratio": ("ratio literals like 1/3 are", "write (/ 1 3) or a float such as 0.333"),
    "bigdec": ("BigDecimal literals like 1.0M are", "drop the M: write 1.0"),
    "bigint": ("BigInt literals like 1N are", "drop the N: integers have any size"),
    "hex": ("hexadecimal literals like 0x1F are", "write the number in decimal"),
    "octal": ("octal literals like 017 are", "write the number in decimal, without a leading 0"),
    "radix": ("radix literals like 2r101 are", "write the number in decimal"),
    "auto-keyword": ("auto-resolved keywords like ::a are", "use a plain keyword such as :a"),
    "ns-keyword": ("namespaced keywords like :a/b are", "use a plain keyword such as :a-b"),
    "var-quote": ("#' of anything but a symbol is", "write #'name"),
}

# ---------------------------------------------------------------- strings, regex, json, sets,
# ---------------------------------------------------------------- interop, dates, discovery


def split_multichar(delim: str) -> str:
    return f"str/split needs a regex to split on several characters, got the string {_show(delim)}"


def hint_split_regex(delim: str) -> str:
    return f'write the delimiter as a regex literal: #"{delim}"'


HINT_JOIN_ORDER = "the separator comes first: (str/join \", \" coll)"
HINT_REGEX_ARG = 'write a regex literal such as #"\\d+", or build one with (re-pattern s)'


def regex_invalid(source: str, detail: str) -> str:
    return f'invalid regex #"{source}": {detail}'


def regex_too_complex(source: str, limit: int) -> str:
    return (f'regex #"{_clip(source)}" is too complex: its counted repetitions expand to more '
            f"than {limit} steps")


def regex_timeout(seconds) -> str:
    return f"regex timeout: one regex operation ran longer than {seconds:g} s"


HINT_REGEX_TIMEOUT = "simplify the pattern: avoid nested repetition like (a+)+ and use anchors"


def regex_replacement(text: str, detail: str) -> str:
    return f"invalid replacement string {_show(text)}: {detail}"


HINT_REPLACEMENT = "in a regex replacement $1 means group 1; write \\$ for a literal dollar sign"


def regex_no_group(n, count: int) -> str:
    return f"no group {n}: the regex has {count} group{'s' if count != 1 else ''}"


def format_missing_arg(spec: str) -> str:
    return f"format: no argument left for {spec}"


def format_unknown(spec: str) -> str:
    return f"format: unknown conversion {spec}"


HINT_FORMAT = ("conversions: %s %d %f %.2f %e %g %x %o %b %c %n %%, with flags like %-10s "
               "%05d %,d %+d and argument indexes like %1$s")


def format_bad_flags(spec: str, detail: str) -> str:
    return f"format: {detail} in {spec}"


def format_arg(spec: str, expected: str, got) -> str:
    return f"format {spec} expected {expected}, got {values.type_name(got)}: {_show(got)}"


def method_type(method: str, expected: str, got) -> str:
    return f"{method}: expected {expected}, got {values.type_name(got)}"


def substring_range(start, end, length) -> str:
    return f".substring: begin {start}, end {end}, length {length} is out of range"


HINT_SUBSTRING = "(subs s start end) returns \"\" instead of failing on indexes out of range"


def char_at_range(index, length) -> str:
    return f".charAt: index {index} is out of range for a string of length {length}"


def date_parse(who: str, text: str) -> str:
    return f"{who}: cannot parse {_show(text)} as a date"


HINT_DATE = ('dates look like "2024-01-31" (LocalDate) or "2024-01-31T14:30:00Z" (instant, '
             "offset optional)")


def date_from(who: str, got) -> str:
    return f"{who}: cannot make a date from {values.type_name(got)}: {_show(got)}"


def date_compare_mixed(method: str, a: str, b: str) -> str:
    return f"{method}: cannot compare {a} with {b} — use same types"


def date_out_of_range(who: str) -> str:
    return f"{who}: the date is out of the supported range (years 1 to 9999)"


def json_too_deep(limit: int) -> str:
    return f"json/generate-string: the value is nested more than {limit} levels deep"


def discovery_ref(who: str, got) -> str:
    return f"{who} expects a name such as clojure.string/join or \"str/join\", got {values.type_name(got)}"


def doc_unknown(name: str) -> str:
    return f"no documentation for {name}: it is not a builtin"


HINT_DOC = "(apropos \"word\") searches the builtins; (dir clojure.string) lists a namespace"


def dir_unknown(name: str, namespaces) -> str:
    return f"unknown namespace {name}; known namespaces: {', '.join(namespaces)}"


def discovery_option(who: str, key: str, expected: str, got) -> str:
    return f"{who} option {key} must be {expected}, got {_show(got)}"


APROPOS_QUERY = "apropos needs a non-empty string to search for"


def no_source(name: str) -> str:
    return f"no source available for {name}: builtins are implemented by the host"


def _clip(text: str, n: int = 60) -> str:
    return text if len(text) <= n else text[:n] + "..."


# ---------------------------------------------------------------- tools, signatures, journal,
# ---------------------------------------------------------------- parallel (tools.py, tooldef.py,
# ---------------------------------------------------------------- signatures.py, journal.py, parallel.py)

def _params_list(names) -> str:
    return ", ".join(":" + n for n in names)  # as the host declared them (one spelling, #19)


def tool_unknown_param(name: str, key: str, params) -> str:
    known = f"its parameters: {_params_list(params)}" if params else "it takes no parameters"
    return f"tool/{name} has no parameter :{key}; {known}"


def tool_missing_params(name: str, missing) -> str:
    word = "parameter" if len(missing) == 1 else "parameters"
    return f"tool/{name} is missing required {word} {_params_list(missing)}"


def tool_bad_arg(name: str, problems: str) -> str:
    return f"tool/{name} got a wrong argument: {problems}"


def tool_signature_hint(signature: str, usage: str) -> str:
    return f"signature: {signature}; call it as {usage}"


def tool_positional_fix(example: str, signature: str) -> str:
    return f"write {example} (signature: {signature})"


def tool_arg_not_data(name: str, value) -> str:
    return (f"tool/{name} can only receive data (maps, vectors, strings, numbers, booleans, nil), "
            f"got a {values.type_name(value)}")


def tool_not_data(name: str) -> str:
    return (f"tool/{name} returned something that is not data (tools return maps, vectors, strings, "
            f"numbers, booleans or nil); the host must fix the tool")


def tool_bad_result(name: str, problems: str) -> str:
    return f"tool/{name} returned a value that does not match its signature: {problems}"


TOOL_CANCELLED = "the call was cancelled"
HINT_TOOL_RESULT_SIZE = "ask the tool for less (a limit, a page, a filter), or process the data in parts"
PARALLEL_CANCELLED = "cancelled: another branch of the same pmap/pcalls failed"


def tool_not_callable(name: str) -> str:
    return f"tool {name} is not callable"


def tool_bad_name(name: str) -> str:
    return (f"tool name {name!r} is not a symbol name (letters, digits, - and _); "
            f"give the tool a name, e.g. tools={{\"search\": fn}}")


def tool_duplicate(name: str) -> str:
    return f"two tools are named {name} (snake_case and kebab-case names are the same name)"


def tool_bad_expose(name: str, value) -> str:
    return f"tool {name}: expose must be \"program\", \"native\" or \"both\", got {value!r}"


def tool_bad_preview(name: str, value) -> str:
    return f"tool {name}: preview must be \"metadata\", \"rows\" or a callable, got {value!r}"


def tool_preview_needs_cache(name: str, expose, cache) -> str:
    return (f"tool {name}: a preview needs expose=\"both\" and cache=True "
            f"(got expose={expose!r}, cache={cache!r})")


def tool_bad_preview_limit(name: str, value) -> str:
    return f"tool {name}: preview_limit must be a positive integer, got {value!r}"


def cache_bad_size(value) -> str:
    return f"the tool cache's max_entries must be a positive integer, got {value!r}"


def tool_bad_takes(value) -> str:
    return f"takes must be \"kwargs\" or \"dict\", got {value}"


def tool_signature_mismatch(tool: str, problems: list) -> str:
    """A Tool whose declared parameters the Python callable cannot take."""
    return (f"tool {tool}: the declared parameters do not fit the function: "
            + "; ".join(problems))


def tool_param_not_accepted(name: str) -> str:
    return f"the function has no parameter {name} (and no **kwargs)"


def tool_param_not_declared(name: str) -> str:
    return f"the function requires {name}, which the signature does not declare"


def tool_positional_only(fn: str, param: str) -> str:
    return (f"tool {fn}: parameter {param} is positional-only; tools receive named arguments "
            f"(give takes=\"dict\" to receive one dict)")


def sig_unexpected(text: str, pos: int) -> str:
    return f"signature \"{text}\": unexpected text at position {pos}: \"{text[pos:pos + 10]}\""


def sig_expected(text: str, pos: int, what: str) -> str:
    shown = text[pos:pos + 10] or "the end"
    return f"signature \"{text}\": expected {what} at position {pos}, found \"{shown}\""


def sig_empty_list(text: str, pos: int) -> str:
    return f"signature \"{text}\": [] at position {pos} needs an item type, e.g. [:any]"


def sig_bad_type(text: str, pos: int, name: str, fix: str | None) -> str:
    tail = f"; use {fix}" if fix else "; types are :string :int :float :bool :keyword :datetime :any :map"
    return f"signature \"{text}\": unknown type :{name} at position {pos}{tail}"


SIG_TYPE_FIXES = {"list": "[:type], e.g. [:int]", "array": "[:type], e.g. [:int]",
                  "tuple": "a map with named fields {a :int, b :string}", "object": "{field :type} or :map",
                  "str": ":string", "integer": ":int", "number": ":float", "boolean": ":bool",
                  "dict": ":map", "double": ":float", "text": ":string"}
SIG_EMPTY = "a signature cannot be empty"


def sig_expected_type(expected: str, got: str) -> str:
    return f"expected {expected}, got {got}"


def sig_missing_field(expected: str) -> str:
    return f"missing (expected {expected})"


def return_mismatch(signature: str, problems: str) -> str:
    return f"the program's value does not match the return signature {signature}: {problems}"


HINT_RETURN_SIGNATURE = "end the program with a value of exactly that shape (every field not marked ? is required)"


def task_not_data(task_id: str, value) -> str:
    return (f"task \"{task_id}\" must produce data to be journaled (maps, vectors, strings, numbers, "
            f"booleans, nil), got a {values.type_name(value)}")


def signal_in_parallel(kind: str, who: str) -> str:
    return f"{kind} cannot be used inside {who}; return a value from the function instead"


def parallel_branch(who: str, index: int) -> str:
    return f"{who} item {index}" if who == "pmap" else f"{who} function {index}"

# ---------------------------------------------------------------- sandbox (limits, isolation)


def limit_memory(mb) -> str:
    if mb is None:
        return "memory limit exceeded: the program ran out of memory"
    return f"memory limit exceeded: the program used more than {mb} MB"


HINT_MEMORY = "build smaller collections: use take, or filter before you map"


def limit_session_memory(mb, needed_mb) -> str:
    return (f"session memory limit exceeded: keeping this run's defs would make the session "
            f"hold about {needed_mb} MB, over the limit of {mb} MB; nothing was kept")


HINT_SESSION_MEMORY = ("keep less with def: store counts, ids or the few fields you need rather "
                       "than whole results, or (def name nil) to drop what you no longer need")
HINT_RECURSION = "use loop/recur for deep iteration instead of recursion, and keep data shallow"
ISOLATION_WORKER_DIED = "the isolated worker process stopped unexpectedly"


def isolation_lost_function(name: str) -> str:
    return (f"{name} was defined in a run whose worker process has since been stopped; "
            f"define it again")


ISOLATION_UNSUPPORTED = "process isolation needs a POSIX system (fork server and resource limits)"
HINT_SOURCE = "send a shorter program: leave big data in data/ or tool results instead of literals"


# ---------------------------------------------------------------- saved sessions (saving.py)


def save_place(where: str, value: str) -> str:
    """One value that cannot be saved, and where it is."""
    return f"{where} holds {value}"


def save_not_data(places) -> str:
    """A session with values that are not data (functions...)."""
    return ("cannot save the session: only data can be saved, but " + "; ".join(places)
            + ". Redefine these as data, or drop them, before saving.")


SAVED_NOT_SESSION = "not a saved ptclisp session (no {:format \"ptclisp-session\"} map)"


def saved_version(got, want: int) -> str:
    """A saved session of another format version."""
    return f"saved session version {got!r} is not supported (this ptclisp reads version {want})"


def api_not_saved_text(value) -> str:
    """Session.load given something other than text."""
    return f"Session.load expects the text Session.save returned, got {type(value).__name__}"


# ---------------------------------------------------------------- command line (cli.py)

def cli_cannot_read(path, reason: str) -> str:
    return f"cannot read {path}: {reason}"


def cli_not_utf8(path) -> str:
    return f"cannot read {path}: it is not UTF-8 text"


def cli_bad_json(path, line: int, column: int, reason: str) -> str:
    return f"{path} is not valid JSON (line {line}, column {column}): {reason}"


def cli_not_positive(text: str) -> str:
    return f"must be a positive number, got {text}"


def cli_mcp_missing(missing: str) -> str:
    return (f"`ptclisp mcp` needs the MCP SDK ({missing} is not installed): "
            "pip install 'ptclisp[mcp]'")


# ---------------------------------------------------------------- --tools MODULE (hostmodule.py)

def host_module_not_found(name: str) -> str:
    return (f"cannot import the tools module {name}: no module of that name "
            "(give a dotted module path importable from here, or a path to a .py file)")


def host_file_not_found(path) -> str:
    return f"cannot load the tools file {path}: no such file"


def host_file_not_python(path) -> str:
    return f"cannot load the tools file {path}: it is not a Python source file"


def host_module_failed(name, reason: str) -> str:
    return f"the tools module {name} failed to load: {reason}"


def host_tools_bad_type(name: str, type_name: str) -> str:
    return (f"TOOLS in {name} is a {type_name}; make it a dict of name -> function "
            "or a list of functions")


def host_tools_invalid(name: str, reason: str) -> str:
    return f"the tools of {name} cannot be used: {reason}"


def cli_data_not_map(path, got: str) -> str:
    """--data given JSON whose top level is not an object."""
    return (f"{path} holds a JSON {got}, but --data needs a JSON object whose keys become "
            f'data/ names: wrap it, e.g. {{"items": [...]}}, and read it as data/items')


def cli_bad_limit(text: str, names) -> str:
    """--limit given something other than NAME=VALUE with a known limit name."""
    return f"--limit {text}: expected NAME=VALUE with NAME one of {', '.join(names)}"


def repl_banner(version: str) -> str:
    return f"ptclisp {version} (Ctrl-D to quit, Ctrl-C to cancel the input, *e holds the last error)"


REPL_CANCELLED = "(input cancelled)"
REPL_INTERRUPTED = "interrupted: the program was stopped and memory is unchanged"


def cli_failed(text: str) -> str:
    """The value of (fail x), labelled so it is not taken for an answer."""
    return f"failed: {text}"


# ---------------------------------------------------------------- host API misuse (session.py)

def api_not_limits(value) -> str:
    return f"limits must be a ptclisp.Limits, got {type(value).__name__}"


SESSION_BUSY = ("Session is already running a program: a Session runs one program at a time "
                "(use one Session per conversation, or wait for its run to end)")


def api_not_source(value) -> str:
    return f"a program is a str of PTC-Lisp source, got {type(value).__name__}"


# ---------------------------------------------------------------- upstreams (#20)

API_UPSTREAMS_NEED_PACKAGE = (
    "Session(upstreams=...) with a path or a dict needs the upstream layer: `import "
    "ptclisp.upstream` first (pip install 'ptclisp[mcp]'), or pass ptclisp.upstream.load(...)")


def cli_upstreams_missing(missing: str) -> str:
    return (f"--upstreams needs the MCP SDK and jsonschema ({missing} is not installed): "
            "pip install 'ptclisp[mcp]'")


def hint_repair(places, removals=()) -> str:
    """Where indentation puts missing closers: [(span, [(closer, opener, opener_span)],
    code before the place, the line indented outside them or None)], and [(span, closer)] of
    closers left over at the end of a line."""
    parts = []
    for span, closes, before, outside in places:
        shown = before if len(before) <= 30 else "…" + before[-29:]
        closers = "".join(c for c, _, _ in closes)
        openers = " and ".join(f"'{o}' opened at {s}" for _, o, s in closes)
        them = "it" if len(closes) == 1 else "them"
        why = f": line {outside} is indented outside {them}" if outside is not None else ""
        parts.append(f"add '{closers}' at {span}, after `{shown}`, to close {openers}{why}")
    parts += [f"remove the '{closer}' at {span}" for span, closer in removals]
    return "; ".join(parts)


# ---------------------------------------------------------------- data= at the door (#16, #19)

def api_data_not_data(name: str | None, keys, type_name: str) -> str:
    """Session(data=...) holding something that is not data: data/NAME, then the keys down to
    it (as Lisp text), and its Python type."""
    where = f"data/{name}" if name is not None else "data"
    if keys:
        where = f"(get-in {where} [{' '.join(keys)}])"
    return (f"{where} holds a Python {type_name}, which is not data: data= holds maps, lists, "
            f"strings, numbers, booleans, None, dates and Decimals; convert it first")


API_DATA_TOO_DEEP = "data= is nested too deeply to be read as data"


ISOLATION_BAD_DISCOVERY = "the isolated worker sent a malformed upstream discovery request"
