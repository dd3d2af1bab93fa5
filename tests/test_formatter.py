"""The value printer and the data reader: printed forms pinned to the spec, PtcRunner's
`Format.to_clojure` examples and Clojure; truncation notes; budgets; the round trip."""
from __future__ import annotations

import math

import immutables
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pyrsistent import pvector

from ptclisp.lang import forms as F
from ptclisp import messages
from ptclisp.errors import ReadError
from ptclisp.lang.printer import format_float, format_string, format_value, render_value
from ptclisp.lang.data_reader import read_value, value_from_form
from ptclisp.lang.values import MAP_TYPES, MISSING, SET_TYPES, Keyword, Symbol, Var, equal, kw, map_get, sym


class _Fn:
    """A stand-in for an evaluator closure or builtin carrying the printing hooks."""

    def __init__(self, name=None, params=None):
        if name is not None:
            self.ptc_name = name
        if params is not None:
            self.ptc_params = params

    def __call__(self, *args):
        return None


class _Regex:
    def __init__(self, source):
        self.ptc_regex_source = source


# ---------------------------------------------------------------- printed forms

SCALARS = [
    (None, "nil"), (True, "true"), (False, "false"),
    (0, "0"), (42, "42"), (-17, "-17"), (1000000, "1000000"),
    (10 ** 30, "1000000000000000000000000000000"),
    # spec 3.3 float literals, printed the way Clojure prints them
    (3.14, "3.14"), (-0.5, "-0.5"), (1.0, "1.0"), (2.5e10, "2.5E10"), (1.23e-4, "1.23E-4"),
    (0.001, "0.001"), (1e7, "1.0E7"), (9999999.0, "9999999.0"), (100.0, "100.0"),
    (-0.0, "-0.0"), (1.1 + 2.2, "3.3000000000000003"),
    (math.inf, "##Inf"), (-math.inf, "##-Inf"), (math.nan, "##NaN"),
    # spec 3.4 strings and their escapes
    ("hello", '"hello"'), ("", '""'), ("line1\nline2", '"line1\\nline2"'),
    ("tab\there", '"tab\\there"'), ('quote: "', '"quote: \\""'), ("backslash: \\", '"backslash: \\\\"'),
    ("cr\r", '"cr\\r"'), ("λ", '"λ"'),
    (kw("keyword"), ":keyword"), (kw("order-id"), ":order-id"),
    (sym("foo"), "'foo"), (sym("str/join"), "'str/join"), (Var("x"), "#'x"),
]


@pytest.mark.parametrize("value,text", SCALARS, ids=[t for _, t in SCALARS])
def test_scalars(value, text):
    assert format_value(value) == text


COLLECTIONS = [
    ([1, 2, 3], "[1 2 3]"),
    ((1, 2, 3), "[1 2 3]"),
    (pvector([1, 2, 3]), "[1 2 3]"),
    ([], "[]"), ({}, "{}"), (frozenset(), "#{}"),
    ({kw("id"): 101, kw("count"): 45}, "{:count 45 :id 101}"),
    ({"name": "Alice", "age": 30}, '{"age" 30 "name" "Alice"}'),
    ([{kw("a"): 1}, {kw("b"): 2}], "[{:a 1} {:b 2}]"),
    ({kw("title"): "Hello", kw("_body"): "secret"}, '{:_body "secret" :title "Hello"}'),
    (immutables.Map({kw("b"): 2, kw("a"): 1}), "{:a 1 :b 2}"),
    (frozenset({3, 1, 2}), "#{1 2 3}"),
    (frozenset({"b", kw("a"), 1}), '#{1 :a "b"}'),  # numbers < keywords < strings (spec 11.3)
    ({(1, 2): kw("v")}, "{[1 2] :v}"),
    ([None, True, [kw("x"), "y"]], '[nil true [:x "y"]]'),
]


@pytest.mark.parametrize("value,text", COLLECTIONS, ids=[t for _, t in COLLECTIONS])
def test_collections(value, text):
    assert format_value(value) == text


def test_hooks_for_functions_regexes_and_opaque_values():
    assert format_value(_Fn(params=["x"])) == "#fn[x]"  # PtcRunner: closures show params
    assert format_value(_Fn(params=["x", "y"])) == "#fn[x y]"
    assert format_value(_Fn(name="inc")) == "#fn[inc]"
    assert format_value(_Fn()) == "#fn[anonymous]"
    assert format_value({kw("f"): _Fn(params=["x"])}) == "{:f #fn[x]}"
    assert format_value(_Regex("\\d+")) == '#"\\d+"'
    assert format_value(_Regex('a"b')) == '#"a\\"b"'  # a bare quote is escaped to read back
    assert format_value(object()) == "#<value>"


def test_compact_floats_drop_ieee_noise():
    assert render_value(1.1 + 2.2, compact_floats=True) == ("3.3", False)
    assert render_value(0.1 + 0.2, compact_floats=True) == ("0.3", False)
    assert format_float(1 / 3, compact=True) == "0.333333333333"
    assert format_float(1e-11, compact=True) == "1.0E-11"  # never rounded away to 0.0


def test_separator_for_caller_output():
    assert render_value([1, 2, 3], separator=", ") == ("[1, 2, 3]", False)
    assert render_value({kw("a"): 1, kw("b"): [1, 2]}, separator=", ")[0] == "{:a 1, :b [1, 2]}"


def test_big_integers_past_python_digit_limit():
    n = 7 * 10 ** 9999 + 3
    text = format_value(n)
    assert len(text) == 10000 and text.startswith("7000") and text.endswith("0003")
    assert format_value(-n) == "-" + text


# ---------------------------------------------------------------- truncation


def test_limit_note_says_how_many_items_or_keys_are_left_out_inside_the_cut_collection():
    assert render_value([1, 2, 3, 4, 5], limit=2) == ("[1 2 ... 3 more]", True)
    assert render_value(frozenset({1, 2, 3}), limit=1) == ("#{1 ... 2 more}", True)
    assert render_value({kw("a"): 1, kw("b"): 2, kw("c"): 3}, limit=2) == ("{:a 1 :b 2 ... 1 more key}", True)
    assert render_value({kw("a"): 1, kw("b"): 2, kw("c"): 3}, limit=1) == ("{:a 1 ... 2 more keys}", True)
    assert render_value([1, 2], limit=2) == ("[1 2]", False)
    assert render_value([[1, 2, 3]], limit=2) == ("[[1 2 ... 1 more]]", True)
    assert render_value([{kw("a"): [1, 2, 3], kw("b"): 2, kw("c"): 3}], limit=1) == (
        "[{:a [1 ... 2 more] ... 2 more keys}]", True)  # every level, each with its own count
    assert format_value(list(range(5)), limit=0) == "[... 5 more]"


def test_string_cut_note():
    assert render_value("very long string here", max_chars=22) == ('"ver..." (3/21 chars)', True)
    text, cut = render_value("x" * 2000, max_chars=40)
    assert cut and text == '"' + "x" * 17 + '..." (17/2000 chars)' and len(text) <= 40


def test_collections_close_early_within_budget():
    text, cut = render_value(list(range(1000)), max_chars=50)
    assert cut and text == "[0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 ... 985 more]"
    text, cut = render_value({kw(f"k{i}"): i for i in range(100)}, max_chars=40)
    assert cut and text.startswith("{:k0 0 :k1 1") and text.endswith(" more keys}") and len(text) <= 40


def test_one_long_string_does_not_hide_its_siblings():
    text, cut = render_value({kw("body"): "x" * 5000, kw("id"): 1, kw("title"): "A title"},
                             max_chars=200)
    assert cut and ":id 1" in text and ':title "A title"' in text and "/5000 chars)" in text


def test_hard_cut_of_an_atom_that_cannot_fit():
    text, cut = render_value(10 ** 100, max_chars=40)
    assert cut and text == "1" + "0" * 21 + "... (22/101 chars)"


def test_deep_nesting_prints_without_recursion():
    v = []
    for _ in range(10_000):
        v = [v]
    text = format_value(v)
    assert text == "[" * 10_001 + "]" * 10_001
    text, cut = render_value(v, max_chars=100)
    assert cut and len(text) <= 100 and "[... 1 more]" in text
    assert format_value(v, limit=3).startswith("[[[")


_PRINTABLE_VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=80),
              st.sampled_from([kw("a"), kw("order-id"), sym("s")])),
    lambda inner: st.one_of(
        st.lists(inner, max_size=12),
        st.dictionaries(st.one_of(st.text(max_size=10), st.sampled_from([kw("k"), kw("z")]),
                                  st.integers()), inner, max_size=8),
        st.frozensets(st.integers() | st.text(max_size=5), max_size=8)),
    max_leaves=60)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_PRINTABLE_VALUES, st.integers(min_value=16, max_value=600),
       st.one_of(st.none(), st.integers(min_value=0, max_value=20)))
def test_budget_is_never_exceeded_and_cuts_are_flagged(value, max_chars, limit):
    full = format_value(value)
    text, cut = render_value(value, limit=limit, max_chars=max_chars)
    assert len(text) <= max_chars
    if not cut:
        assert text == full
    if limit is None and len(full) <= max_chars:
        assert text == full and not cut


# ---------------------------------------------------------------- data forms back to values


def test_value_from_forms():
    assert value_from_form(F.Lit(42)) == 42
    vec = value_from_form(F.Vector((F.Lit(1), F.Vector((F.Lit("a"),)))))
    assert vec == [1, ["a"]]
    m = value_from_form(F.Map((F.Lit(kw("a")), F.Lit(1), F.Vector((F.Lit(1),)), F.Lit(2))))
    assert m == {kw("a"): 1, (1,): 2} and type(m) is dict
    s = value_from_form(F.Set((F.Lit(1), F.Vector((F.Lit(2),)))))
    assert s == frozenset({1, (2,)})
    assert value_from_form(F.Quote(F.Sym("foo"))) == Symbol("foo")
    assert value_from_form(F.Quote(F.Sym("join", "str"))) == Symbol("join", "str")
    assert value_from_form(F.VarQuote(F.Sym("x"))) == Var("x")
    assert value_from_form(F.Regex("\\d+")).ptc_regex_source == "\\d+"
    for name, value in [("nil", None), ("true", True), ("false", False)]:
        assert value_from_form(F.Sym(name)) is value


def test_deep_forms_build_without_recursion():
    form = F.Lit(1)
    for _ in range(10_000):
        form = F.Vector((form,))
    v = value_from_form(form)
    depth = 0
    while isinstance(v, list):
        v, depth = v[0], depth + 1
    assert depth == 10_000 and v == 1


@pytest.mark.parametrize("form,fragment", [
    (F.List((F.Sym("f"), F.Lit(1))), messages.DATA_LIST),
    (F.Vector((F.List((F.Sym("+"),)),)), messages.DATA_LIST),
    (F.FnLit((F.Sym("inc"), F.Sym("%"))), messages.DATA_FN),
    (F.Sym("foo"), "found the symbol foo"),
    (F.Quote(F.List(())), messages.DATA_QUOTED),
    (F.Map((F.Lit(1), F.Lit(2), F.Lit(1), F.Lit(3))), "Duplicate key: 1"),
    (F.Set((F.Lit(1), F.Lit(1))), "Duplicate set member: 1"),
    (F.Map((F.Lit(1),)), messages.READ_VALUE_ODD_MAP),
])
def test_non_data_is_a_read_error(form, fragment):
    with pytest.raises(ReadError) as info:
        value_from_form(form)
    assert fragment in info.value.message
    assert "Python" not in info.value.message


# ---------------------------------------------------------------- the round trip


@pytest.mark.parametrize("text", [t for _, t in SCALARS + COLLECTIONS])
def test_printed_forms_read_back(text):
    assert format_value(read_value(text)) == text


@pytest.mark.parametrize("text,fragment", [
    ("(+ 1 2)", messages.DATA_LIST), ("foo", "found the symbol foo"), ("1 2", "found 2"),
    ("", "found nothing"), ("#(inc %)", messages.DATA_FN),
])
def test_read_value_rejects_code(text, fragment):
    with pytest.raises(ReadError) as info:
        read_value(text)
    assert fragment in info.value.message


def _same(a, b) -> bool:
    """Structural equality that also tells ints from floats and NaN from NaN."""
    stack = [(a, b)]
    while stack:
        x, y = stack.pop()
        if type(x) is float or type(y) is float:
            if type(x) is not float or type(y) is not float:
                return False
            if not (x == y or (x != x and y != y)):
                return False
        elif isinstance(x, (list, tuple)):
            if not isinstance(y, (list, tuple)) or len(x) != len(y):
                return False
            stack.extend(zip(x, y))
        elif isinstance(x, MAP_TYPES):
            if not isinstance(y, MAP_TYPES) or len(x) != len(y):
                return False
            for k, v in x.items():
                w = map_get(y, k, MISSING)
                if w is MISSING:
                    return False
                stack.append((v, w))
        elif not equal(x, y) or type(x) is not type(y) and not isinstance(x, SET_TYPES):
            return False
    return True


_KW_NAME = st.text("abcxyzABC0123456789-_?!+*<>=", min_size=1, max_size=8)
_SYM_NAME = st.builds(lambda a, b: a + b, st.sampled_from("abfqxyzQ"),
                      st.text("abc019-_?!*<>=.", max_size=6))


def _readable_values():
    """Every kind of value the reader can produce."""
    floats = st.floats(allow_nan=True, allow_infinity=True)
    atoms = st.one_of(
        st.none(), st.booleans(), st.integers(min_value=-10 ** 60, max_value=10 ** 60), floats,
        st.text(max_size=30), _KW_NAME.map(Keyword),
        _SYM_NAME.filter(lambda s: s not in ("nil", "true", "false")).map(Symbol),
        _SYM_NAME.map(Var))
    keys = st.one_of(st.integers(), st.text(max_size=8), _KW_NAME.map(Keyword))
    return st.recursive(
        atoms,
        lambda inner: st.one_of(
            st.lists(inner, max_size=6),
            st.dictionaries(keys, inner, max_size=5),
            st.frozensets(keys, max_size=5),
            st.lists(keys, max_size=4).map(tuple).map(lambda t: {t: 1})),
        max_leaves=25)


READABLE_VALUES = _readable_values()


@settings(max_examples=200, deadline=None)
@given(READABLE_VALUES)
def test_round_trip(value):
    assert _same(read_value(format_value(value)), value)


def test_string_literal_escapes():
    assert format_string('a"b\\c\n') == '"a\\"b\\\\c\\n"'
    assert format_string("\x00\x1b") == '"\x00\x1b"'  # only the reader's five escapes
