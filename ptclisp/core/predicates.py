"""Type predicates (nil? number? map? ...) and numeric predicates (zero? even? ...).

Numeric predicates answer false for non-numbers instead of failing (PtcRunner DIV-31), so they
are safe inside filter. A character is a one-character string, so char? and string? overlap.
"""
from __future__ import annotations

import math


from ..lang.values import MAP_TYPES, SET_TYPES, VECTOR_TYPES, Keyword, Symbol, pvector
from .endless import Endless
from .registry import builtin

_NUM = frozenset((int, float))
# exact types for `type(x) in ...` tests: pyrsistent's PVector is an abstract base class whose
# concrete (C) type differs, so it is added explicitly
VECTOR_CLASSES = frozenset(VECTOR_TYPES) | {type(pvector())}
_VECTORS = VECTOR_CLASSES
_MAPS = frozenset(MAP_TYPES)
_SETS = frozenset(SET_TYPES)
_COLLS = _VECTORS | _MAPS | _SETS
_SEQABLE = _COLLS | {str, type(None)}


def is_regex(x) -> bool:
    """True for regex values (they carry their source as `ptc_regex_source`)."""
    return isinstance(getattr(x, "ptc_regex_source", None), str)


def is_fn(x) -> bool:
    """True for functions: builtins and closures, not keywords or collections."""
    return callable(x) and type(x) is not Keyword and not is_regex(x)


def _pred(name, doc, examples, sig=None, aliases=(), flags=""):
    """Register a one-argument predicate."""
    return builtin(name, arity=1, doc=doc, example=examples, signature=sig or f"({name} x)",
                   aliases=aliases, flags=flags)


# ---------------------------------------------------------------- scalars


@_pred("nil?", "True if x is nil.", (("(nil? nil)", "true"), ("(nil? false)", "false")),
       flags="pure")
def is_nil(x):
    return x is None


@_pred("some?", "True if x is not nil.", (("(some? 0)", "true"), ("(some? nil)", "false")),
       flags="pure")
def is_some(x):
    return x is not None


@_pred("true?", "True if x is exactly true.", (("(true? true)", "true"), ("(true? 1)", "false")),
       flags="pure")
def is_true(x):
    return x is True


@_pred("false?", "True if x is exactly false.",
       (("(false? false)", "true"), ("(false? nil)", "false")), flags="pure")
def is_false(x):
    return x is False


@_pred("boolean?", "True if x is true or false.",
       (("(boolean? false)", "true"), ("(boolean? nil)", "false")), flags="pure")
def is_boolean(x):
    return type(x) is bool


@_pred("number?", "True for integers and floats (##Inf and ##NaN included).",
       (("(number? 1.5)", "true"), ('(number? "1")', "false"), ("(number? ##NaN)", "true")),
       flags="pure")
def is_number(x):
    return type(x) in _NUM


@_pred("int?", "True for integers.", (("(int? 42)", "true"), ("(int? 42.0)", "false")),
       aliases=("integer?",), flags="pure")
def is_int(x):
    return type(x) is int


@_pred("float?", "True for floats, ##Inf and ##NaN included.",
       (("(float? 1.5)", "true"), ("(float? 1)", "false"), ("(float? ##Inf)", "true")),
       aliases=("double?",), flags="pure")
def is_float(x):
    return type(x) is float


@_pred("rational?", "True for integers (there are no ratios).",
       (("(rational? 3)", "true"), ("(rational? 0.5)", "false")))
def is_rational(x):
    return type(x) is int


@_pred("ratio?", "Always false: there are no ratios.", ("(ratio? 0.5)", "false"))
def is_ratio(x):
    return False


@_pred("decimal?", "Always false: there are no BigDecimals.", ("(decimal? 1.5)", "false"))
def is_decimal(x):
    return False


@_pred("nat-int?", "True for integers >= 0.", (("(nat-int? 0)", "true"), ("(nat-int? -1)", "false")))
def is_nat_int(x):
    return type(x) is int and x >= 0


@_pred("pos-int?", "True for integers > 0.", (("(pos-int? 5)", "true"), ("(pos-int? 0)", "false")))
def is_pos_int(x):
    return type(x) is int and x > 0


@_pred("neg-int?", "True for integers < 0.", (("(neg-int? -5)", "true"), ("(neg-int? -5.0)", "false")))
def is_neg_int(x):
    return type(x) is int and x < 0


@_pred("string?", "True for strings (a character is a one-character string).",
       (('(string? "a")', "true"), ("(string? :a)", "false")), flags="pure")
def is_string(x):
    return type(x) is str


@_pred("char?", "True for one-character strings (how characters are represented).",
       (("(char? \\a)", "true"), ('(char? "ab")', "false")))
def is_char(x):
    return type(x) is str and len(x) == 1


@_pred("keyword?", "True for keywords.", (("(keyword? :a)", "true"), ('(keyword? "a")', "false")),
       flags="pure")
def is_keyword(x):
    return type(x) is Keyword


@_pred("simple-keyword?", "True for keywords (there are no namespaced ones).",
       (("(simple-keyword? :a)", "true"), ('(simple-keyword? "a")', "false")))
def is_simple_keyword(x):
    return type(x) is Keyword


@_pred("qualified-keyword?", "Always false: there are no namespaced keywords.",
       ("(qualified-keyword? :a)", "false"))
def is_qualified_keyword(x):
    return False


@_pred("ident?", "True for keywords and symbols.", (("(ident? :a)", "true"), ("(ident? \"a\")", "false")))
def is_ident(x):
    return type(x) is Keyword or type(x) is Symbol


@_pred("simple-symbol?", "True for symbols without a namespace.",
       (("(simple-symbol? 'a)", "true"), ("(simple-symbol? 'a/b)", "false")))
def is_simple_symbol(x):
    return type(x) is Symbol and x.ns is None


@_pred("qualified-symbol?", "True for symbols with a namespace.",
       (("(qualified-symbol? 'a/b)", "true"), ("(qualified-symbol? 'a)", "false")))
def is_qualified_symbol(x):
    return type(x) is Symbol and x.ns is not None


@_pred("symbol?", "True for symbols (quoted names such as 'foo).",
       (("(symbol? 'foo)", "true"), ("(symbol? :foo)", "false")))
def is_symbol(x):
    return type(x) is Symbol


@_pred("regex?", "True for regular expressions.",
       (('(regex? #"a+")', "true"), ('(regex? "a+")', "false")))
def regex_p(x):
    return is_regex(x)


@_pred("fn?", "True for functions (builtins, fn, defn, #()); not keywords or maps.",
       (("(fn? inc)", "true"), ("(fn? #(+ % 1))", "true"), ("(fn? :a)", "false")))
def fn_p(x):
    return is_fn(x)


@_pred("ifn?", "True for anything callable: functions, keywords, maps, sets and vectors.",
       (("(ifn? :a)", "true"), ("(ifn? {:a 1})", "true"), ("(ifn? 1)", "false")))
def ifn_p(x):
    return type(x) in _COLLS or is_fn(x) or type(x) is Keyword


# ---------------------------------------------------------------- collections


@_pred("vector?", "True for vectors.", (("(vector? [1])", "true"), ("(vector? #{1})", "false")),
       flags="pure")
def is_vector(x):
    return type(x) in _VECTORS


@_pred("map?", "True for maps.", (("(map? {:a 1})", "true"), ("(map? [[:a 1]])", "false")),
       flags="pure")
def is_map(x):
    return type(x) in _MAPS


@_pred("set?", "True for sets.", (("(set? #{1})", "true"), ("(set? [1])", "false")))
def is_set(x):
    return type(x) in _SETS


@_pred("coll?", "True for vectors, maps and sets (not strings).",
       (("(coll? {:a 1})", "true"), ('(coll? "abc")', "false")), flags="pure")
def is_coll(x):
    return type(x) in _COLLS or type(x) is Endless


@_pred("sequential?", "True for vectors (the ordered collections).",
       (("(sequential? [1 2])", "true"), ("(sequential? #{1})", "false")))
def is_sequential(x):
    return type(x) in _VECTORS or type(x) is Endless


@_pred("seq?", "True for vectors: map, filter and friends return vectors, not lazy seqs.",
       (("(seq? [1 2])", "true"), ("(seq? {:a 1})", "false")))
def is_seq(x):
    return type(x) in _VECTORS or type(x) is Endless


@_pred("seqable?", "True for what seq accepts: collections, strings and nil.",
       (('(seqable? "abc")', "true"), ("(seqable? nil)", "true"), ("(seqable? 1)", "false")))
def is_seqable(x):
    return type(x) in _SEQABLE or type(x) is Endless


@_pred("associative?", "True for maps and vectors (what assoc accepts).",
       (("(associative? [1])", "true"), ("(associative? #{1})", "false")))
def is_associative(x):
    return type(x) in _VECTORS or type(x) in _MAPS


@_pred("counted?", "True for vectors, maps and sets.",
       (("(counted? #{1})", "true"), ('(counted? "ab")', "false")))
def is_counted(x):
    return type(x) in _COLLS


@_pred("indexed?", "True for vectors.", (("(indexed? [1])", "true"), ("(indexed? {:a 1})", "false")))
def is_indexed(x):
    return type(x) in _VECTORS


@_pred("reversible?", "True for vectors.",
       (("(reversible? [1])", "true"), ("(reversible? #{1})", "false")))
def is_reversible(x):
    return type(x) in _VECTORS


@_pred("sorted?", "Always false: there are no sorted collections.", ("(sorted? [1 2])", "false"))
def is_sorted(x):
    return False


@_pred("any?", "Always true, for any value (nil too).", (("(any? nil)", "true"), ("(any? 1)", "true")))
def any_p(x):
    return True


@_pred("list?", "Always false: there are no lists, (list 1 2) is a vector.",
       (("(list? [1 2])", "false"), ("(list? (list 1 2))", "false")))
def is_list(x):
    return False


@_pred("map-entry?", "Always false: map entries are plain [k v] vectors.",
       ("(map-entry? (first (seq {:a 1})))", "false"))
def is_map_entry(x):
    return False


# ---------------------------------------------------------------- numeric predicates


@_pred("zero?", "True if x is zero; false for non-numbers.",
       (("(zero? 0)", "true"), ("(zero? 0.0)", "true"), ("(zero? nil)", "false")),
       flags="pure boolean")
def is_zero(x):
    return type(x) in _NUM and x == 0


@_pred("pos?", "True if x is greater than zero; false for non-numbers.",
       (("(pos? 3)", "true"), ("(pos? 0)", "false"), ("(pos? ##Inf)", "true")),
       flags="pure boolean")
def is_pos(x):
    return type(x) in _NUM and x > 0


@_pred("neg?", "True if x is less than zero; false for non-numbers.",
       (("(neg? -1)", "true"), ("(neg? 0)", "false"), ('(neg? "-1")', "false")),
       flags="pure boolean")
def is_neg(x):
    return type(x) in _NUM and x < 0


def _whole(x):
    """x as an int when it is an integer or a whole float, else None."""
    if type(x) is int:
        return x
    if type(x) is float and x.is_integer():
        return int(x)
    return None


@_pred("even?", "True for even integers (whole floats too); false otherwise.",
       (("(even? 4)", "true"), ("(even? 4.0)", "true"), ("(even? 3)", "false"),
        ("(even? 4.5)", "false")), flags="pure boolean")
def is_even(x):
    n = _whole(x)
    return n is not None and n % 2 == 0


@_pred("odd?", "True for odd integers (whole floats too); false otherwise.",
       (("(odd? 3)", "true"), ("(odd? 4)", "false"), ("(odd? nil)", "false")), flags="pure boolean")
def is_odd(x):
    n = _whole(x)
    return n is not None and n % 2 == 1


# whole collections at once for map/filter/remove (seqs_base.results): no call per integer
is_even.ptc_many = lambda xs: [x % 2 == 0 if type(x) is int else is_even(x) for x in xs]
is_odd.ptc_many = lambda xs: [x % 2 == 1 if type(x) is int else is_odd(x) for x in xs]


@_pred("infinite?", "True for ##Inf and ##-Inf.",
       (("(infinite? (/ 1.0 0.0))", "true"), ("(infinite? 1e308)", "false")))
def is_infinite(x):
    return type(x) is float and math.isinf(x)


@_pred("NaN?", "True for ##NaN.", (("(NaN? ##NaN)", "true"), ("(NaN? 1.0)", "false")))
def is_nan(x):
    return type(x) is float and x != x
