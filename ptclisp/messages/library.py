"""Texts of the builtins that show no value: maps, sequences, numbers, strings, regex, dates."""
from __future__ import annotations

import re


# ---------------------------------------------------------------- maps, function combinators, walk


def kv_index_out_of_bounds(who: str, i, n) -> str:
    """assoc/update past the end of a vector (index n appends, beyond is an error)."""
    return f"{who}: index {i} out of bounds for a vector of {n} items"


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


HINT_NOT_NUMBER = ("only nil and missing values are skipped; convert text first "
                   "with parse-long or parse-double")


def seq_range_zero_step() -> str:
    return "range with a step of 0 never reaches its end"


HINT_RANGE_ZERO_STEP = "use a non-zero step: PTC-Lisp has no infinite sequences"


HINT_FIND = "to search with a predicate use (first (filter pred coll))"


HINT_CONTAINS_STRING = "to test for a substring use (str/includes? s sub)"


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


HINT_COMPARE_MIXED = ("< > <= >= min and max order a number only against numbers (or nil); "
                      "compare, sort and sort-by order values of any kinds")
HINT_DIVIDE_BY_ZERO = "check the divisor first: (if (zero? d) default (/ n d))"
HINT_BIG_INT = "such a big integer is not supported: use floats (1.0) for huge magnitudes"
HINT_INT_RANGE = "int converts to a 32-bit integer: use long, quot or round for bigger numbers"
HINT_LONG_RANGE = "long converts to a 64-bit integer: use quot or round for bigger numbers"
HINT_KEYWORD_NAME = "keep it a string key: maps are read with string keys too, e.g. (get m \"first name\")"
HINT_JAVA_PARSE = "parse-long and parse-double return nil instead of failing"
HINT_BIT_OPS = "bit operations work on 64-bit integers"
DIVIDE_BY_ZERO = "Divide by zero"


def int_too_large(who: str, limit_bits: int) -> str:
    """An integer result over the big-integer cap."""
    return (f"{who} would produce an integer of more than {limit_bits} bits "
            f"(about {int(limit_bits * 0.30103)} digits)")


# ---------------------------------------------------------------- strings, regex, json, sets, interop, dates, discovery


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


def substring_range(start, end, length) -> str:
    return f".substring: begin {start}, end {end}, length {length} is out of range"


HINT_SUBSTRING = "(subs s start end) returns \"\" instead of failing on indexes out of range"


def char_at_range(index, length) -> str:
    return f".charAt: index {index} is out of range for a string of length {length}"


HINT_DATE = ('dates look like "2024-01-31" (LocalDate) or "2024-01-31T14:30:00Z" (instant, '
             "offset optional)")


def date_compare_mixed(method: str, a: str, b: str) -> str:
    return f"{method}: cannot compare {a} with {b} — use same types"


def date_out_of_range(who: str) -> str:
    return f"{who}: the date is out of the supported range (years 1 to 9999)"


def json_too_deep(limit: int) -> str:
    return f"json/generate-string: the value is nested more than {limit} levels deep"


def doc_unknown(name: str) -> str:
    return f"no documentation for {name}: it is not a builtin"


HINT_DOC = "(apropos \"word\") searches the builtins; (dir clojure.string) lists a namespace"


def dir_unknown(name: str, namespaces) -> str:
    return f"unknown namespace {name}; known namespaces: {', '.join(namespaces)}"


APROPOS_QUERY = "apropos needs a non-empty string to search for"
SEARCH_TOOLS_QUERY = "search-tools needs a non-empty string saying what the tool does"
NO_HOST_TOOLS = "no tools in this session"
TOOL_DOC_WRITES = "  Writes: this tool changes data."
TOOL_DOC_READS = "  Reads only: this tool changes nothing."


def tool_doc_param(name: str, type_text: str, required: bool, default: str | None,
                   description: str | None) -> str:
    """One argument's line in `(doc tool/NAME)`: type, required or default, description."""
    text = f"    :{name} {type_text}" + ("" if required else " (optional)")
    if default is not None:
        text += f", default {default}"
    return text + (f" - {description}" if description else "")


def tool_doc_call(example: str) -> str:
    return f"  Call: {example}"


def no_source(name: str) -> str:
    return f"no source available for {name}: builtins are implemented by the host"


def _clip(text: str, n: int = 60) -> str:
    return text if len(text) <= n else text[:n] + "..."


# ---------------------------------------------------------------- infinite sequences, reduced (core/endless)


def infinite_seq(who: str, what: str) -> str:
    """A consumer that would read all of an infinite sequence."""
    return f"{who} cannot read all of the infinite sequence {what}: it never ends"


HINT_INFINITE = ("read a bounded part of it: (take n xs), (take-while pred xs), (first xs), "
                 "(nth xs i), (zipmap ks xs), (map f finite-coll xs); or give a count: "
                 "(repeat n x), (repeatedly n f)")
HINT_INFINITE_FOR = ("stop it with :while: (for [x xs :while (< x 10)] x), or bind a bounded "
                     "part: (for [x (take 10 xs)] x)")
HINT_INFINITE_REDUCE = ("stop it with (reduced acc) in the function, or take a bounded part "
                        "first: (reduce f init (take n xs))")


def infinite_result(what: str) -> str:
    """A program whose value is an infinite sequence."""
    return f"the program's value is the infinite sequence {what}: it cannot be given whole"


def infinite_stopped(what: str) -> str:
    """An infinite sequence whose making failed in an earlier run, read again."""
    return f"the infinite sequence {what} failed while being made before: make it again"


def hint_never_stopped(who: str, what: str) -> str:
    """A bounded consumer of an infinite sequence whose test stayed true too long."""
    return (f"{who} kept reading the infinite sequence {what}: its test never turned false; "
            f"check the test, or bound it first with (take n xs)")


HINT_INFINITE_STOPPED = "make it again with the expression that made it, e.g. (def xs (iterate f x))"
