"""Equality, ordering and logic builtins called directly."""
from __future__ import annotations

import math

import pytest

from hypothesis import given, settings
from hypothesis import strategies as st

from ptclisp.core import resolve
from ptclisp.errors import EvalError
from ptclisp.lang.values import kw, sort_key


def f(name):
    return resolve(None, name).fn


NAN = math.nan
scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 5), st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=3), st.sampled_from([kw("a"), kw("b")]),
)
values = st.recursive(scalars, lambda c: st.one_of(
    st.lists(c, max_size=3), st.dictionaries(st.sampled_from([kw("a"), kw("b"), "c"]), c, max_size=2)),
    max_leaves=6)


def test_arities():
    for name in ("=", "==", "not=", "<", ">", "<=", ">="):
        b = resolve(None, name)
        assert (b.min_args, b.max_args) == (1, None), name
    for name, n in (("compare", 2), ("not", 1), ("boolean", 1), ("identity", 1)):
        b = resolve(None, name)
        assert (b.min_args, b.max_args) == (n, n), name


def test_equality():
    eq = f("=")
    assert eq(1, 1.0) and eq(1, 1, 1) and eq(5)
    assert not eq(1, True) and not eq(0, False) and not eq(None, False)
    assert not eq(kw("a"), "a") and not eq(NAN, NAN)
    assert eq([1, {kw("a"): 1}], [1.0, {kw("a"): 1.0}])
    assert not eq(1, 1, 2)
    assert f("==")(1, 1.0)
    assert f("not=")(1, 2) and not f("not=")(1, 1.0) and f("not=")(NAN, NAN)


def test_ordering_numbers_and_chains():
    lt, gt, le, ge = f("<"), f(">"), f("<="), f(">=")
    assert lt(1, 2, 3) and not lt(1, 3, 2) and not lt(1, 1) and lt(1)
    assert gt(3, 2, 1) and not gt(1, 2)
    assert le(1, 1, 2) and not le(2, 1) and ge(3, 3, 1) and not ge(1, 2)
    assert lt(1, 2.5) and lt(-math.inf, 0) and lt(0, math.inf)


def test_nan_is_unordered():
    for op in ("<", ">", "<=", ">="):
        assert not f(op)(NAN, 0.0) and not f(op)(0.0, NAN) and not f(op)(NAN, None)
    assert not f("<")(1, 2, NAN) and not f(">=")(3, 2, NAN)


def test_mixed_types_use_the_total_order():
    lt = f("<")
    # spec 11.3: the runtime term order, numbers < nil/booleans/keywords < ... < strings
    assert not lt(None, 10) and not f(">")(5, None) and lt(1, None)
    assert lt("a", "b") and lt(kw("a"), kw("b")) and lt(None, "a")
    assert lt(False, True) and lt([1, 2], [1, 3])
    assert f("<=")(None, None)


def test_compare():
    cmp = f("compare")
    assert [cmp(1, 2), cmp(2, 1), cmp(2, 2.0)] == [-1, 1, 0]
    assert [cmp("a", "c"), cmp("b", "a"), cmp(kw("a"), kw("a"))] == [-1, 1, 0]
    assert [cmp(None, 1), cmp(1, None), cmp(None, None)] == [1, -1, 0]
    assert cmp(NAN, 1) == 0 and cmp(NAN, NAN) == 0


@given(values, values)
@settings(max_examples=200)
def test_ordered_comparisons_agree_with_compare(a, b):
    nums = [type(x) in (int, float) for x in (a, b)]
    if nums[0] != nums[1] and None not in (a, b):  # a number against a non-number, non-nil
        with pytest.raises(EvalError):
            f("<")(a, b)
        return
    lt, le, gt, ge = f("<")(a, b), f("<=")(a, b), f(">")(a, b), f(">=")(a, b)
    assert all(type(r) is bool for r in (lt, le, gt, ge))
    c = f("compare")(a, b)
    assert c in (-1, 0, 1)
    has_nan = any(type(x) is float and x != x for x in (a, b))
    if not has_nan:
        assert lt == (sort_key(a) < sort_key(b))
        assert gt == (sort_key(b) < sort_key(a))
        assert le == (lt or sort_key(a) == sort_key(b))
        if type(a) in (int, float) and type(b) in (int, float):
            assert c == (-1 if a < b else 1 if a > b else 0)
        elif lt:
            assert c == -1
        elif gt:
            assert c == 1


def test_logic():
    assert f("not")(None) and f("not")(False) and not f("not")(0) and not f("not")("")
    assert f("boolean")(0) is True and f("boolean")(None) is False and f("boolean")([]) is True
    marker = object()
    assert f("identity")(marker) is marker


def test_a_number_against_text_is_an_error_as_in_clojure():
    for op in ("<", ">", "<=", ">="):
        for other in ("7", kw("a"), True, [1]):
            with pytest.raises(EvalError, match="cannot compare number"):
                f(op)(10, other)
            with pytest.raises(EvalError, match="cannot compare number"):
                f(op)(other, 10)
