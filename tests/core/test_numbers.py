"""Arithmetic builtins called directly: semantics, errors, caps and properties."""
from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ptclisp import messages
from ptclisp.core import resolve
from ptclisp.core.numbers import MAX_INT_BITS
from ptclisp.errors import EvalError


def f(name, ns=None):
    """The Python function behind a builtin name."""
    b = resolve(ns, name)
    assert b is not None, name
    return b.fn


def fails(fn, *args):
    with pytest.raises(EvalError) as info:
        fn(*args)
    return info.value


ints = st.integers(min_value=-10**30, max_value=10**30)
nonzero = ints.filter(lambda n: n != 0)
floats = st.floats(allow_nan=False, allow_infinity=False, min_value=-1e12, max_value=1e12)


def test_arities_follow_the_reference():
    arities = {"+": (0, None), "-": (1, None), "*": (0, None), "/": (1, None), "inc": (1, 1),
               "dec": (1, 1), "quot": (2, 2), "rem": (2, 2), "mod": (2, 2),
               "+'": (0, None), "-'": (1, None), "*'": (0, None), "inc'": (1, 1), "dec'": (1, 1)}
    for name, (lo, hi) in arities.items():
        b = resolve(None, name)
        assert (b.min_args, b.max_args) == (lo, hi), name


def test_plus_keeps_integers_exact_and_mixes_floats():
    add = f("+")
    assert add(1, 2) == 3 and type(add(1, 2)) is int
    assert add(2**70, 1) == 2**70 + 1
    assert add(1, 2.5) == 3.5
    assert add() == 0 and add(7) == 7
    assert add(0.1, 0.2, 0.3) == (0.1 + 0.2) + 0.3  # a left fold, never compensated
    assert add(10**400, 1.0) == math.inf  # a too-big integer meets a float: ##Inf, as on the JVM


def test_minus_times():
    sub, mul = f("-"), f("*")
    assert sub(5) == -5 and sub(10, 3, 2) == 5 and sub(1.5, 1) == 0.5
    assert mul() == 1 and mul(2, 3, 4) == 24 and mul(2, 1.5) == 3.0
    assert mul(10**400, -2.0) == -math.inf


def test_division_is_float_and_ieee_on_float_zero():
    div = f("/")
    assert div(10, 2) == 5.0 and type(div(10, 2)) is float
    assert div(2) == 0.5
    assert div(100, 2, 5) == 10.0
    assert div(1.0, 0.0) == math.inf and div(-1.0, 0.0) == -math.inf
    assert math.isnan(div(0.0, 0.0))
    assert div(1, -0.0) == -math.inf
    assert div(1.0, 0) == math.inf  # float dividend: float division (Clojure)
    assert div(10**400, 1) == math.inf
    assert div(1, 10**400) == 0.0


def test_integer_division_by_zero_is_an_arithmetic_error():
    for name in ("quot", "rem", "mod"):
        e = fails(f(name), 1, 0)
        assert e.message == messages.DIVIDE_BY_ZERO and e.code == "arithmetic"
    e = fails(f("/"), 1, 0)
    assert e.message == "Divide by zero" and e.hint == messages.HINT_DIVIDE_BY_ZERO
    assert fails(f("/"), 0).message == "Divide by zero"
    assert fails(f("quot"), 1.5, 0.0).message == "Divide by zero"


def test_quot_rem_mod_signs_match_clojure():
    quot, rem, mod = f("quot"), f("rem"), f("mod")
    assert [quot(-7, 2), quot(7, -2), quot(-7, -2)] == [-3, -3, 3]
    assert [rem(10, 3), rem(-10, 3), rem(10, -3)] == [1, -1, 1]
    assert [mod(10, 3), mod(-10, 3), mod(10, -3), mod(-10, -3)] == [1, 2, -2, -1]
    assert quot(7.5, 2) == 3.0 and type(quot(7.5, 2)) is float
    assert rem(-5.5, 2) == -1.5 and mod(-7.5, 2) == 0.5
    assert quot(2, math.inf) == 0.0
    assert math.isnan(rem(2, math.inf))


def test_quot_on_non_finite_is_an_error():
    e = fails(f("quot"), math.nan, 2)
    assert e.message == "quot expected finite numbers, got ##NaN"
    assert fails(f("rem"), math.inf, 2).message == "rem expected finite numbers, got ##Inf"


@given(ints, nonzero)
@settings(max_examples=200)
def test_quot_rem_identity_and_mod_is_floored(n, d):
    q, r, m = f("quot")(n, d), f("rem")(n, d), f("mod")(n, d)
    assert q * d + r == n
    assert abs(r) < abs(d) and (r == 0 or (r > 0) == (n > 0))
    assert m == n - d * (Fraction(n, d).__floor__())
    assert m == 0 or (m > 0) == (d > 0)


@given(floats, floats.filter(lambda x: abs(x) > 1e-6))
@settings(max_examples=200)
def test_float_rem_and_mod_have_clojure_signs(n, d):
    r, m = f("rem")(n, d), f("mod")(n, d)
    assert r == 0 or math.copysign(1, r) == math.copysign(1, n)
    assert abs(r) <= abs(d)
    assert abs(m) <= abs(d)


def test_inc_dec():
    assert f("inc")(5) == 6 and f("inc")(1.5) == 2.5
    assert f("dec")(5) == 4 and f("dec'")(0) == -1
    e = fails(f("inc"), None)
    assert e.message.startswith("inc expected a number, got nil") and e.hint == messages.HINT_NIL_NUMBER


def test_type_errors_name_the_function_and_hint():
    e = fails(f("+"), "a", 1)
    assert e.message == '+ expected numbers, got string: "a"'
    assert e.hint == messages.HINT_STR_JOIN and e.code == "type"
    assert "(parse-long s)" in fails(f("*"), 2, "3").hint
    assert "(parse-double s)" in fails(f("+"), "12.50", 1).hint  # text holding a number: not str
    assert fails(f("*"), 2, "x").hint == messages.HINT_PARSE_NUMBER
    assert fails(f("+"), 1, None).hint == messages.HINT_NIL_NUMBER
    assert fails(f("+"), 1, True).message == "+ expected numbers, got boolean: true"
    assert fails(f("+"), [1, 2]).message == "+ expected numbers, got vector: [1 2]"
    assert fails(f("-"), "a").message == '- expected numbers, got string: "a"'
    assert fails(f("/"), 1, "a").message == '/ expected numbers, got string: "a"'
    assert fails(f("+"), 1, 2, "x").message == '+ expected numbers, got string: "x"'


def test_integer_products_are_capped():
    mul = f("*")
    big = 1 << (MAX_INT_BITS // 2)
    assert mul(big, big // 2) == big * (big // 2)
    e = fails(mul, big, big * 2)
    assert e.code == "arithmetic"
    assert e.message == messages.int_too_large("*", MAX_INT_BITS)
    assert fails(mul, 1, big, big * 2).code == "arithmetic"
    top = (1 << MAX_INT_BITS) - 1  # the largest magnitude allowed: MAX_INT_BITS bits
    assert mul(top, -1) == -top
    assert fails(mul, top + 1, 1).code == "arithmetic"


@given(st.lists(st.one_of(ints, floats), min_size=0, max_size=6))
@settings(max_examples=150)
def test_plus_and_times_are_left_folds(xs):
    expect_sum, expect_prod = 0, 1
    for x in xs:
        expect_sum = expect_sum + x
        expect_prod = expect_prod * x
    assert f("+")(*xs) == expect_sum
    got = f("*")(*xs)
    assert got == expect_prod or (math.isnan(got) and math.isnan(expect_prod))
