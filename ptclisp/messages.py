"""Every user-facing message text, in one place. Messages talk Lisp, never Python.

Each area (reader, analyzer, evaluator, builtins, tools, limits, llm) has its own section.
Tests pin these texts, so change them here and in the case files together.
"""
from __future__ import annotations

# ---------------------------------------------------------------- shared


def wrong_arity(n: int, name: str) -> str:
    """Clojure's wording for a call with the wrong number of arguments."""
    return f"Wrong number of args ({n}) passed to: {name}"


def unresolved(name: str) -> str:
    """Clojure's wording for an unknown symbol."""
    return f"Unable to resolve symbol: {name} in this context"


def did_you_mean(names) -> str:
    """A hint listing near names."""
    names = list(names)
    return "Did you mean: " + ", ".join(names) + "?" if names else ""


INTERNAL = "internal error in ptclisp (this is a bug in the interpreter, not in your program)"

# ---------------------------------------------------------------- limits


def limit_steps(n) -> str:
    return f"step limit exceeded: the program ran more than {n} evaluation steps"


def limit_timeout(seconds) -> str:
    return f"timeout: the program ran longer than {seconds:g} s"


def limit_depth(n) -> str:
    return f"recursion depth limit exceeded: more than {n} nested calls"


def limit_size(what, n, limit) -> str:
    return f"size limit exceeded: a {what} of {n} items is over the limit of {limit}"


def limit_print(n) -> str:
    return f"print limit exceeded: the program printed more than {n} characters"


HINT_PRINT = "print less: summarize with count or take before println"
HINT_STEPS = "look for a loop that never ends, or process fewer items (use take)"
HINT_TIMEOUT = "look for a loop that never ends, or process fewer items (use take)"
HINT_DEPTH = "use loop/recur for deep iteration instead of recursion"
HINT_SIZE = "build smaller collections: use take, or filter before you map"

# ---------------------------------------------------------------- evaluator and builtins


def _show(v, limit=40) -> str:
    from .formatter import format_value  # local: messages must not import the pipeline at load
    try:
        text = format_value(v, max_chars=limit)
    except Exception:  # a broken value must not hide the real error
        text = "<value>"
    return text


def type_error(who: str, expected: str, got) -> str:
    from .values import type_name
    return f"{who} expected {expected}, got {type_name(got)}: {_show(got)}"


def not_a_function(v) -> str:
    from .values import type_name
    return f"{type_name(v)} {_show(v)} cannot be called as a function"


HINT_NOT_CALLABLE = "only functions, keywords, maps and sets can be called: check the first item of the list"


def not_seqable(who: str, v) -> str:
    from .values import type_name
    return f"{who} expected a collection, got {type_name(v)}: {_show(v)}"


def index_out_of_bounds(i, n) -> str:
    return f"index {i} out of bounds for a vector of {n} items"


def bad_args(who: str, args) -> str:
    from .values import type_name
    kinds = ", ".join(type_name(a) for a in args)
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
    from .values import type_name
    return (f"{who} cannot go into {type_name(v)} {_show(v)} at path {_show(path)}: "
            f"only maps and vectors hold keys")


def kv_bad_entry(who: str, v) -> str:
    """Something other than a [key value] pair where a map entry is needed."""
    from .values import type_name
    return f"{who}: a map entry must be a [key value] pair, got {type_name(v)}: {_show(v)}"


def fn_expected(who: str, v) -> str:
    """A combinator got something that cannot be called."""
    from .values import type_name
    return f"{who} expected a function, got {type_name(v)}: {_show(v)}"


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

# ---------------------------------------------------------------- builtins: numbers, comparison, text

HINT_STR_JOIN = "use str to join strings: (str \"a\" 1)"
HINT_PARSE_NUMBER = "use parse-long or parse-double to read a number from a string"
HINT_NIL_NUMBER = "a value is nil (a missing key?): give a default with (or x 0) or (fnil f 0)"
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


# ---------------------------------------------------------------- sequence library (core/seqs*)


def seq_fn_first(who: str, shape: str) -> str:
    """Hint for swapped arguments: shape is the right call, e.g. "(filter pred coll)"."""
    name, fn, *_, coll = shape.strip("()").split()
    return f"({name} {coll} {fn})? the function comes first: {shape}"


def seq_unordered_map(who: str) -> str:
    return f"{who} does not accept a map directly: maps are unordered"


def seq_unordered_set(who: str) -> str:
    return f"{who} does not accept a set directly: sets are unordered"


HINT_UNORDERED_MAP = "take an ordered view first: (seq m), (entries m), (keys m) or (vals m)"
HINT_UNORDERED_SET = "take an ordered view first: (sort s) or (seq s)"


def seq_bad_comparator(who: str, got) -> str:
    from .values import type_name
    return (f"{who} expected a comparator (:asc, :desc or a function of 2 arguments), "
            f"got {type_name(got)}: {_show(got)}")


def seq_comparator_result(who: str, got) -> str:
    from .values import type_name
    return (f"{who}: the comparator returned {type_name(got)} {_show(got)}, "
            f"expected a number or a boolean")


def seq_not_number(who: str, got) -> str:
    from .values import type_name
    return f"{who} expected numbers, got {type_name(got)}: {_show(got)}"


HINT_NOT_NUMBER = ("only nil and missing values are skipped; convert text first "
                   "with parse-long or parse-double")


def seq_conj_map_entry(got) -> str:
    from .values import type_name
    return f"conj on a map expected a [key value] pair or a map, got {type_name(got)}: {_show(got)}"


def seq_into_map_entry(got) -> str:
    from .values import type_name
    return f"into a map expected [key value] pairs, got {type_name(got)}: {_show(got)}"


def seq_positive(who: str, what: str, got) -> str:
    return f"{who} expected a positive {what}, got {_show(got)}"


def seq_range_zero_step() -> str:
    return "range with a step of 0 never reaches its end"


HINT_RANGE_ZERO_STEP = "use a non-zero step: PTC-Lisp has no infinite sequences"


def seq_range_infinite(start, end) -> str:
    return f"range from {_show(start)} to {_show(end)} would never end"


def seq_find_not_associative(got) -> str:
    from .values import type_name
    return f"find works on maps and vectors, not on a {type_name(got)}"


HINT_FIND = "to search with a predicate use (first (filter pred coll))"


def seq_contains_string_key(got) -> str:
    from .values import type_name
    return f"contains? on a string expects an integer index, got {type_name(got)}: {_show(got)}"


HINT_CONTAINS_STRING = "to test for a substring use (str/includes? s sub)"


def seq_mapcat_result(got) -> str:
    from .values import type_name
    return f"mapcat expected the function to return a collection, got {type_name(got)}: {_show(got)}"
