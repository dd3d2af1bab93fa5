"""Math Functions, bit operations and constants called directly."""
from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ptclisp import messages
from ptclisp.core import REGISTRY, resolve
from ptclisp.errors import EvalError

INF, NAN = math.inf, math.nan
MIN64, MAX64 = -(1 << 63), (1 << 63) - 1


def f(name, ns=None):
    return resolve(ns, name).fn


def fails(fn, *args):
    with pytest.raises(EvalError) as info:
        fn(*args)
    return info.value


def same(a, b) -> bool:
    """Equal and of the same type; NaN equals NaN."""
    if type(a) is float and type(b) is float and a != a and b != b:
        return True
    return type(a) is type(b) and a == b


def test_math_section_is_registered_with_reference_arities():
    arities = {"abs": (1, 1), "ceil": (1, 1), "floor": (1, 1), "round": (1, 1), "trunc": (1, 1),
               "sqrt": (1, 1), "pow": (2, 2), "quot": (2, 2), "min": (1, None), "max": (1, None),
               "double": (1, 1), "float": (1, 1), "int": (1, 1), "bit-and": (2, None),
               "bit-or": (2, None), "bit-xor": (2, None), "bit-and-not": (2, None),
               "bit-not": (1, 1), "bit-shift-left": (2, 2), "bit-shift-right": (2, 2),
               "bit-set": (2, 2), "bit-clear": (2, 2), "bit-flip": (2, 2), "bit-test": (2, 2)}
    assert len(arities) == 24
    for name, (lo, hi) in arities.items():
        b = resolve(None, name)
        assert (b.min_args, b.max_args) == (lo, hi), name


def test_rounding_returns_integers_and_keeps_special_values():
    assert [f("floor")(3.7), f("floor")(-3.2), f("ceil")(3.2), f("ceil")(-3.7)] == [3, -4, 4, -3]
    assert [f("trunc")(3.7), f("trunc")(-3.7)] == [3, -3]
    assert all(type(f(n)(2.5)) is int for n in ("floor", "ceil", "round", "trunc"))
    assert f("floor")(10**30) == 10**30
    for n in ("floor", "ceil", "round", "trunc"):
        assert same(f(n)(INF), INF) and same(f(n)(NAN), NAN)
    assert fails(f("round"), None).message.startswith("round expected a number, got nil")


def test_round_goes_half_away_from_zero():
    rnd = f("round")
    assert [rnd(2.5), rnd(-2.5), rnd(3.5), rnd(-1.5), rnd(0.5), rnd(-0.5)] == [3, -3, 4, -2, 1, -1]
    assert rnd(0.49999999999999994) == 0  # the floor(x + 0.5) trap
    assert rnd(4503599627370497.0) == 4503599627370497


@given(st.floats(allow_nan=False, allow_infinity=False))
@settings(max_examples=300)
def test_round_matches_decimal_half_up(x):
    assert f("round")(x) == int(Decimal(x).to_integral_value(rounding=ROUND_HALF_UP))


def test_sqrt_and_pow():
    assert same(f("sqrt")(16), 4.0) and same(f("sqrt")(-1), NAN) and same(f("sqrt")(INF), INF)
    assert same(f("sqrt")(10**400), INF)
    pow_ = f("pow")
    assert same(pow_(2, 10), 1024.0) and same(pow_(2, -1), 0.5) and same(pow_(-2, 3), -8.0)
    java_table = [((-1, 0.5), NAN), ((0, -1), INF), ((1, NAN), NAN), ((1, INF), NAN),
                  ((-1, INF), NAN), ((-0.0, -3), -INF), ((-0.0, -2), INF), ((NAN, 0), 1.0),
                  ((10, 400), INF), ((-10, 401), -INF), ((0.5, INF), 0.0), ((2, -INF), 0.0),
                  ((-INF, 3), -INF), ((-INF, -3), -0.0), ((INF, -1), 0.0)]
    for (x, y), want in java_table:
        assert same(pow_(x, y), want), (x, y)


def test_min_max():
    mx, mn = f("max"), f("min")
    assert mx(1, 5, 3) == 5 and mn(1, 5, 3) == 1 and mx(7) == 7
    assert same(mx(1, 2.5), 2.5) and same(mn(2, 1.5), 1.5)
    assert same(mx(1, NAN, 3), NAN) and same(mn(NAN, 1), NAN) and same(mx("a", NAN), NAN)
    assert same(mx(1, 1.0), 1.0) and same(mn(1.0, 1), 1)  # ties: the later argument, as in Clojure
    assert mx(None, 1) is None and mn(None, 1) == 1 and mx("a", "b") == "b" and mn(True, False) is False


def test_coercions():
    assert same(f("double")(5), 5.0) and same(f("float")(1), 1.0) and same(f("double")(10**400), INF)
    e = fails(f("double"), "1.5")
    assert e.hint == messages.hint_number_text("1.5") and "(parse-double s)" in e.hint and e.code == "type"
    assert fails(f("double"), "x").hint == messages.HINT_PARSE_NUMBER
    it = f("int")
    assert [it(3.7), it(-3.7), it(42), it(NAN), it("A"), it("\n")] == [3, -3, 42, 0, 65, 10]
    assert it(2147483647) == 2147483647 and it(-2147483648) == -2147483648
    for bad in (2147483648, -2147483649, INF, -INF, 1e10):
        e = fails(it, bad)
        assert e.code == "arithmetic" and e.message.startswith("Value out of range for int: ")
    assert fails(it, "12").code == "type"


def test_math_namespace_aliases():
    for name in ("abs", "ceil", "floor", "round", "sqrt", "pow", "max", "min"):
        alias = REGISTRY[f"math/{name}"]
        assert alias.fn is not resolve(None, name).fn
        assert resolve("Math", name) is alias and resolve("math", name) is alias
    assert f("abs", "Math")(-7) == 7 and f("min", "Math")(3, 2, 1) == 1 and f("max", "Math")(1) == 1
    assert same(f("pow", "Math")(2, 3), 8.0) and f("round", "Math")(-1.5) == -2


def test_constants_are_marked_for_the_analyzer():
    for ns in ("Double", None):
        for name, want in (("POSITIVE_INFINITY", INF), ("NEGATIVE_INFINITY", -INF), ("NaN", NAN)):
            b = resolve(ns, name)
            assert "constant" in b.flags and (b.min_args, b.max_args) == (0, 0)
            assert same(b.fn(), want)


def wrap64(n):
    n &= (1 << 64) - 1
    return n - (1 << 64) if n >= 1 << 63 else n


longs = st.integers(MIN64, MAX64)


@given(longs, longs)
@settings(max_examples=150)
def test_bit_ops_agree_with_64_bit_semantics(x, y):
    assert f("bit-and")(x, y) == x & y
    assert f("bit-or")(x, y) == x | y
    assert f("bit-xor")(x, y) == x ^ y
    assert f("bit-and-not")(x, y) == x & ~y
    assert f("bit-not")(x) == ~x
    n = y & 63
    assert f("bit-shift-left")(x, y) == wrap64(x << n)
    assert f("bit-shift-right")(x, y) == x >> n
    assert f("bit-set")(x, y) == wrap64(x | (1 << n))
    assert f("bit-clear")(x, y) == wrap64(x & ~(1 << n))
    assert f("bit-flip")(x, y) == wrap64(x ^ (1 << n))
    assert f("bit-test")(x, y) is bool((x >> n) & 1)


def test_bit_ops_examples_and_errors():
    assert [f("bit-and")(12, 10), f("bit-or")(12, 10), f("bit-xor")(12, 10)] == [8, 14, 6]
    assert f("bit-and")(15, 7, 3) == 3 and f("bit-and-not")(15, 9) == 6
    assert f("bit-shift-left")(1, 63) == MIN64 and f("bit-shift-left")(1, 64) == 1
    assert f("bit-shift-right")(-2, 64) == -2 and f("bit-test")(1, 64) is True
    e = fails(f("bit-and"), 1.0, 1)
    assert e.message == "bit-and expected a 64-bit integer, got float: 1.0" and e.code == "type"
    assert e.hint == messages.HINT_BIT_OPS
    assert fails(f("bit-shift-left"), 1 << 63, 1).code == "type"
    assert fails(f("bit-test"), 1, True).code == "type"
