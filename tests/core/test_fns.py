"""Function combinators and apply in Python: composition laws, arity checks, messages.

Behaviour on PTC programs is pinned by tests/cases/core/fns.clj.
"""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from ptclisp import messages
from ptclisp.core import CORE
from ptclisp.core.fns import need_fn, spread_args
from ptclisp.errors import EvalError
from ptclisp.lang.values import kw

fn = {n: CORE[n].fn for n in ("apply", "comp", "partial", "complement", "constantly", "juxt",
                              "every-pred", "some-fn", "fnil", "inc", "+", "vector")}
inc, plus, vector = fn["inc"], fn["+"], fn["vector"]
ints = st.integers(-1000, 1000)


@settings(max_examples=100)
@given(ints, ints)
def test_comp_is_right_to_left(x, k):
    f = lambda y: y * 3  # noqa: E731
    g = lambda y: y + k  # noqa: E731
    assert fn["comp"](f, g)(x) == f(g(x))
    assert fn["comp"](f, g, inc)(x) == f(g(inc(x)))
    assert fn["comp"]()(x) == x


@settings(max_examples=100)
@given(st.lists(ints, max_size=5), st.lists(ints, max_size=5))
def test_partial_and_apply_agree_with_a_direct_call(fixed, more):
    assert fn["partial"](plus, *fixed)(*more) == plus(*fixed, *more)
    assert fn["apply"](plus, *fixed, more) == plus(*fixed, *more)


@settings(max_examples=100)
@given(st.lists(ints, max_size=4))
def test_every_pred_and_some_fn_are_and_and_or(xs):
    pos = lambda x: x > 0  # noqa: E731
    even = lambda x: x % 2 == 0  # noqa: E731
    assert fn["every-pred"](pos, even)(*xs) == all(pos(x) and even(x) for x in xs)
    assert bool(fn["some-fn"](pos, even)(*xs)) == any(pos(x) or even(x) for x in xs)
    for x in xs:
        assert fn["complement"](pos)(x) is (not pos(x))


def test_juxt_returns_a_fresh_vector_of_every_result():
    j = fn["juxt"](plus, vector)
    assert j(1, 2, 3) == [6, [1, 2, 3]]
    assert type(j(1)) is list


def test_fnil_patches_only_nil_and_only_given_positions():
    assert fn["fnil"](vector, 1, 2)(None, False, None) == [1, False, None]
    assert fn["fnil"](plus, 10)(None, 5) == 15
    assert fn["fnil"](plus, 10)() == 0


def test_builtins_passed_as_values_check_their_arity():
    with pytest.raises(EvalError) as e:
        fn["comp"](inc)(1, 2)
    assert e.value.code == "arity"
    assert e.value.message == messages.wrong_arity(2, "inc")
    with pytest.raises(EvalError):
        fn["apply"](inc, [1, 2])


def test_need_fn_accepts_every_callable_value():
    assert need_fn(kw("a"), "t", "")({kw("a"): 1}) == 1
    assert need_fn({1: 2}, "t", "")(1) == 2
    assert need_fn(frozenset({3}), "t", "")(3) == 3
    assert need_fn([10, 20], "t", "")(1) == 20
    for bad in (None, 5, "s", True):
        with pytest.raises(EvalError) as e:
            need_fn(bad, "comp", "(comp f g)")
        assert e.value.message.startswith("comp expected a function, got ")
        assert e.value.hint == messages.hint_usage("(comp f g)")


def test_apply_spreads_nil_strings_sets_and_map_entries():
    assert list(spread_args(None)) == []
    assert list(spread_args("ab")) == ["a", "b"]
    assert sorted(spread_args(frozenset({2, 1}))) == [1, 2]
    assert list(spread_args({kw("b"): 2, kw("a"): 1})) == [(kw("a"), 1), (kw("b"), 2)]
    with pytest.raises(EvalError) as e:
        spread_args(5)
    assert e.value.hint == messages.HINT_APPLY_LAST


def test_constantly_ignores_any_arguments():
    c = fn["constantly"]([1])
    assert c() == [1] and c(1, 2, 3) == [1]
