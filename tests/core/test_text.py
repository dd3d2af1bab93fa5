"""str, pr-str, printing, names, keyword/symbol/type and the parsers, called directly."""
from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ptclisp.run import budget
from ptclisp import messages
from ptclisp.core import resolve
from ptclisp.errors import EvalError, LimitExceeded
from ptclisp.lang.data_reader import RegexLiteral
from ptclisp.lang.values import Keyword, Symbol, Var, kw


def f(name, ns=None):
    return resolve(ns, name).fn


def fails(fn, *args):
    with pytest.raises(EvalError) as info:
        fn(*args)
    return info.value


class _Limits:
    max_steps = None
    timeout = None
    max_depth = 100
    max_collection_size = 2000
    max_print_chars = 50
    regex_timeout = None


@pytest.fixture
def meter():
    b = budget.Budget(_Limits())
    prev = budget.install(b)
    yield b
    budget.install(prev)


def test_str_of_scalars():
    s = f("str")
    assert s() == "" and s(None) == "" and s("a", None, "b") == "ab"
    assert s(42) == "42" and s(True, False) == "truefalse" and s(kw("a")) == ":a"
    assert s(Symbol("foo")) == "foo" and s(Symbol("b", "a")) == "a/b" and s(Var("x")) == "#'x"
    assert s(RegexLiteral("a+")) == "a+"


def test_str_of_floats_is_javas_double_to_string():
    s = f("str")
    cases = {1.0: "1.0", 1.5: "1.5", -0.25: "-0.25", 1e21: "1.0E21", 0.0001: "1.0E-4",
             12345678.9: "1.23456789E7", 1234567.0: "1234567.0", 0.001: "0.001", -0.0: "-0.0",
             math.inf: "Infinity", -math.inf: "-Infinity", math.nan: "NaN", 5.0: "5.0"}
    for x, text in cases.items():
        assert s(x) == text, x


def test_str_of_collections_and_big_integers():
    s = f("str")
    assert s([1, "a", kw("b"), None]) == '[1 "a" :b nil]'
    assert s({kw("b"): 2, kw("a"): 1}) == "{:a 1 :b 2}"
    assert s(frozenset({3})) == "#{3}"
    big = 10**5000 + 7
    assert s(big) == "1" + "0" * 4999 + "7"


def test_str_is_charged_against_the_size_limit(meter):
    s = f("str")
    assert len(s("x" * 1600, "y" * 400)) == 2000
    with pytest.raises(LimitExceeded):
        s("x" * 1600, "y" * 401)
    assert len(f("pr-str")("x" * 1000, "y" * 900)) == 1905


def test_pr_str():
    p = f("pr-str")
    assert p("hello") == '"hello"' and p(None) == "nil" and p() == ""
    assert p(1, "a", None) == '1 "a" nil'
    assert p({kw("a"): {kw("c"): 3, kw("b"): 2}}) == "{:a {:b 2 :c 3}}"
    assert p(["a\nb"]) == '["a\\nb"]'


def test_println_print_prn_record_one_line_and_return_nil(meter):
    assert f("println")("Found:", 42) is None
    assert f("println")("a", None, [1, "x"], kw("k")) is None
    assert f("print")("x =", 1) is None
    assert f("prn")("a", 1) is None
    assert f("println")() is None
    assert meter.prints == ["Found: 42", 'a nil [1 "x"] :k', "x = 1", '"a" 1', ""]


def test_println_cuts_a_huge_value_to_the_print_budget(meter):
    f("println")(list(range(100000)))
    assert len(meter.prints) == 1 and len(meter.prints[0]) <= 50
    printed = meter.prints[0]  # the cut notation: the items shown, then "... N more]"
    shown = printed[1:printed.index(" ...")].split()
    assert shown[:3] == ["0", "1", "2"]
    assert printed.endswith(f" ... {100000 - len(shown)} more]")
    with pytest.raises(LimitExceeded):
        f("println")("x" * 40)


def test_name():
    n = f("name")
    assert n(kw("foo")) == "foo" and n("bar") == "bar" and n(Symbol("y", "x")) == "y"
    e = fails(n, None)
    assert e.message.startswith("name expected a keyword, symbol or string, got nil")
    assert fails(n, 42).message == "name expected a keyword, symbol or string, got integer: 42"


def test_keyword():
    k = f("keyword")
    assert k("foo") is Keyword("foo") and k(kw("bar")) is kw("bar") and k(None) is None
    assert k("user_id") is kw("user_id") and k("valid?") is kw("valid?") and k(Symbol("s")) is kw("s")
    assert [k(1), k(True), k([1]), k(1.5)] == [None, None, None, None]
    e = fails(k, "a/b")
    assert e.message == messages.namespaced_keyword("a/b") and e.code == "value"
    for bad in ("", "+", "first name", "1a", "a.b"):
        e = fails(k, bad)
        assert e.message == messages.invalid_keyword(bad) and e.hint == messages.HINT_KEYWORD_NAME


def test_symbol():
    s = f("symbol")
    assert s("foo") == Symbol("foo") and s(kw("bar")) == Symbol("bar") and s("a", "b") == Symbol("b", "a")
    assert s(None, "b") == Symbol("b") and s("x/y") == Symbol("y", "x")
    assert fails(s, 1).code == "type" and fails(s, "") .code == "type" and fails(s, "a", 1).code == "type"


def test_type():
    t = f("type")
    assert t(None) is None
    expected = [(1, "number"), (1.5, "number"), ("a", "string"), (True, "boolean"),
                (kw("a"), "keyword")]
    for v, name in expected:
        assert t(v) is kw(name)
    assert t([1]) is kw("vector") and t((1,)) is kw("vector") and t({}) is kw("map")
    assert t(frozenset()) is kw("set") and t(Symbol("a")) is kw("symbol")
    assert t(RegexLiteral("a")) is kw("regex") and t(f("inc")) is kw("function")


def test_parse_long():
    p = f("parse-long")
    assert resolve(None, "parse-int") is resolve(None, "parse-long")
    good = {"42": 42, "-17": -17, "+5": 5, "007": 7, "9223372036854775807": 2**63 - 1,
            "-9223372036854775808": -2**63, "0": 0}
    for text, n in good.items():
        assert p(text) == n
    for bad in ("4.2", " 1", "1 ", "", "1_000", "9223372036854775808", "-9223372036854775809",
                "0x10", "١٢", "+", "1" * 5000):
        assert p(bad) is None, bad
    assert [p(42), p(None), p(kw("a"))] == [None, None, None]


@given(st.integers(-2**63, 2**63 - 1))
@settings(max_examples=150)
def test_parse_long_reads_back_str(n):
    assert f("parse-long")(f("str")(n)) == n


@given(st.floats(allow_nan=False))
@settings(max_examples=150)
def test_parse_double_reads_back_str(x):
    assert f("parse-double")(f("str")(x)) == x


def test_parse_double():
    p = f("parse-double")
    good = {"3.14": 3.14, "-0.5": -0.5, "1.23e-4": 1.23e-4, "42": 42.0, " 1.5": 1.5, "1.5 ": 1.5,
            "\t1.5": 1.5, ".5": 0.5, "1.": 1.0, "0x1.0p0": 1.0, "1.5d": 1.5, "2f": 2.0,
            "Infinity": math.inf, "-Infinity": -math.inf, "+1E3": 1000.0}
    for text, x in good.items():
        assert p(text) == x and type(p(text)) is float, text
    assert math.isnan(p("NaN"))
    for bad in ("abc", "1.5x", "", " ", "1e", "e5", "inf", "nan", "1,5", "0x10"):
        assert p(bad) is None, bad
    assert [p(None), p(42)] == [None, None]


def test_parse_boolean():
    p = f("parse-boolean")
    assert p("true") is True and p("false") is False
    assert [p("TRUE"), p("yes"), p(None), p(True), p("")] == [None] * 5


def test_java_integer_parsers():
    pi, pl = f("parseInt", "Integer"), f("parseLong", "Long")
    assert pi("42") == 42 and pi("-2147483648") == -2**31 and pi("ff", 16) == 255
    assert pl("101", 2) == 5 and pl("9223372036854775807") == 2**63 - 1 and pl("-zz", 36) == -1295
    for bad in ("x", "", " 1", "2147483648", "1.0", None, 5):
        e = fails(pi, bad)
        assert e.message == messages.cannot_parse("Integer/parseInt", bad, "a 32-bit integer")
        assert e.hint == messages.HINT_JAVA_PARSE
    assert fails(pi, "0x10", 16).code == "value" and fails(pi, "19", 8).code == "value"
    assert fails(pl, "9223372036854775808").code == "value"
    e = fails(pl, "12", 99)
    assert e.message == messages.radix_out_of_range("Long/parseLong", 99)


def test_java_double_and_boolean_parsers():
    pd, pf, pb = f("parseDouble", "Double"), f("parseFloat", "Float"), f("parseBoolean", "Boolean")
    assert pd("3.14") == 3.14 and pd(" 1.5") == 1.5 and pd("0x1.0p0") == 1.0 and pf("1.5 ") == 1.5
    for bad in ("x", "", None):
        assert fails(pd, bad).message == messages.cannot_parse("Double/parseDouble", bad, "a number")
    assert fails(pf, "x").code == "value"
    assert [pb("true"), pb("TRUE"), pb("TrUe"), pb("x"), pb(""), pb(None)] == [True, True, True, False, False, False]
    e = fails(pb, True)
    assert e.message == 'Boolean/parseBoolean expected a string, got boolean: true'
