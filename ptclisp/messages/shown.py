"""Texts that show a value the program used (its type name and its printed text, cut short)."""
from __future__ import annotations

from ..lang.printer import format_value
from ..lang.values import VECTOR_TYPES, type_name
from .library import HINT_COMPARE_MIXED, HINT_PARSE_NUMBER, number_parser


def _show(v, limit=40) -> str:
    """The value as the program would print it, cut to about `limit` characters."""
    try:
        text = format_value(v, max_chars=limit)
    except Exception:  # a broken value must not hide the real error
        text = "<value>"
    return text


def show_value(v) -> str:
    """The value shown short, for a message built elsewhere."""
    return _show(v)


def hint_fn_arity(arity: int, args) -> str | None:
    """A two-parameter fn given one [k v] entry (mapped over a map): destructure it."""
    if arity == 2 and len(args) == 1 and isinstance(args[0], VECTOR_TYPES) and len(args[0]) == 2:
        return ("the fn takes 2 parameters but gets one [k v] entry per call over a map: "
                "destructure the entry with (fn [[k v]] ...)")
    return None


def type_error(who: str, expected: str, got) -> str:
    return f"{who} expected {expected}, got {type_name(got)}: {_show(got)}"


def not_a_function(v) -> str:
    what = "nil" if v is None else f"{type_name(v)} {_show(v)}"
    return f"{what} cannot be called as a function"


def not_seqable(who: str, v) -> str:
    return f"{who} expected a collection, got {type_name(v)}: {_show(v)}"


def index_out_of_bounds(i, n) -> str:
    return f"index {_show(i)} out of bounds for a vector of {n} items"


def bad_args(who: str, args) -> str:
    kinds = ", ".join(type_name(a) for a in args)
    return f"{who} cannot be applied to arguments of types ({kinds})"


def kv_missing_value(who: str, key) -> str:
    """An odd key/value argument list: Clojure's wording, naming the builtin."""
    return f"{who}: no value supplied for key: {_show(key)}"


def kv_not_nestable(who: str, path, v) -> str:
    """assoc-in/update-in met a value that holds no keys on the way down the path."""
    return (f"{who} cannot go into {type_name(v)} {_show(v)} at path {_show(path)}: "
            f"only maps and vectors hold keys")


def kv_bad_entry(who: str, v) -> str:
    """Something other than a [key value] pair where a map entry is needed."""
    return f"{who}: a map entry must be a [key value] pair, got {type_name(v)}: {_show(v)}"


def fn_expected(who: str, v) -> str:
    """A combinator got something that cannot be called."""
    return f"{who} expected a function, got {type_name(v)}: {_show(v)}"


def seq_bad_comparator(who: str, got) -> str:
    return (f"{who} expected a comparator (:asc, :desc or a function of 2 arguments), "
            f"got {type_name(got)}: {_show(got)}")


def seq_comparator_result(who: str, got) -> str:
    return (f"{who}: the comparator returned {type_name(got)} {_show(got)}, "
            f"expected a number or a boolean")


def seq_not_number(who: str, got) -> str:
    return f"{who} expected numbers, got {type_name(got)}: {_show(got)}"


def seq_conj_map_entry(got) -> str:
    return f"conj on a map expected a [key value] pair or a map, got {type_name(got)}: {_show(got)}"


def seq_into_map_entry(got) -> str:
    return f"into a map expected [key value] pairs, got {type_name(got)}: {_show(got)}"


def seq_positive(who: str, what: str, got) -> str:
    return f"{who} expected a positive {what}, got {_show(got)}"


def seq_range_infinite(start, end) -> str:
    return f"range from {_show(start)} to {_show(end)} would never end"


def seq_find_not_associative(got) -> str:
    return f"find works on maps and vectors, not on a {type_name(got)}"


def seq_contains_string_key(got) -> str:
    return f"contains? on a string expects an integer index, got {type_name(got)}: {_show(got)}"


def seq_mapcat_result(got) -> str:
    return f"mapcat expected the function to return a collection, got {type_name(got)}: {_show(got)}"


def duplicate_key(key) -> str:
    return f"Duplicate key: {_show(key)}"


def hint_number_text(text) -> str:
    """The hint for a number written as text where a number was needed."""
    parser = number_parser(text)
    if parser is None:
        return HINT_PARSE_NUMBER
    return f"{_show(text)} is text holding a number: read it first with ({parser} s)"


def compare_mixed(who: str, num, other) -> str:
    """An ordered comparison (< > <= >=, min, max) of a number against a non-number."""
    return (f"{who} cannot compare number {_show(num)} with "
            f"{type_name(other)} {_show(other)}")


def hint_compare_mixed(other) -> str:
    """The hint for compare_mixed: read numbers out of text; else say what orders mixed values."""
    if type(other) is str:
        return hint_number_text(other)
    return HINT_COMPARE_MIXED


def not_finite(who: str, v) -> str:
    """quot/rem/mod on ##NaN or an infinity."""
    return f"{who} expected finite numbers, got {_show(v)}"


def int_out_of_range(v) -> str:
    """Clojure's wording for (int x) outside the 32-bit range."""
    return f"Value out of range for int: {_show(v)}"


def char_out_of_range(v) -> str:
    """Clojure's wording for (char n) outside 0..65535."""
    return f"Value out of range for char: {_show(v)}"


def long_out_of_range(v) -> str:
    """Clojure's wording for (long x) outside the 64-bit range."""
    return f"Value out of range for long: {_show(v)}"


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


def split_multichar(delim: str) -> str:
    return f"str/split needs a regex to split on several characters, got the string {_show(delim)}"


def regex_replacement(text: str, detail: str) -> str:
    return f"invalid replacement string {_show(text)}: {detail}"


def format_arg(spec: str, expected: str, got) -> str:
    return f"format {spec} expected {expected}, got {type_name(got)}: {_show(got)}"


def method_type(method: str, expected: str, got) -> str:
    return f"{method}: expected {expected}, got {type_name(got)}"


def date_parse(who: str, text: str) -> str:
    return f"{who}: cannot parse {_show(text)} as a date"


def date_from(who: str, got) -> str:
    return f"{who}: cannot make a date from {type_name(got)}: {_show(got)}"


def discovery_ref(who: str, got) -> str:
    return f"{who} expects a name such as clojure.string/join or \"str/join\", got {type_name(got)}"


def discovery_option(who: str, key: str, expected: str, got) -> str:
    return f"{who} option {key} must be {expected}, got {_show(got)}"


def tool_arg_not_data(name: str, value) -> str:
    return (f"tool/{name} can only receive data (maps, vectors, strings, numbers, booleans, nil), "
            f"got a {type_name(value)}")


def task_not_data(task_id: str, value) -> str:
    return (f"task \"{task_id}\" must produce data to be journaled (maps, vectors, strings, numbers, "
            f"booleans, nil), got a {type_name(value)}")
