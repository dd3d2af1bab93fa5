"""Any arguments to the string, regex, format, JSON, set, interop, date and discovery builtins
end in a value or a language error, never a stray Python exception."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ptclisp
from ptclisp.run import budget
from ptclisp.core import REGISTRY
from ptclisp.core.dates import DateTime, Duration, LocalDate
from ptclisp.core.regexp import make_regex
from ptclisp.errors import EvalError, LimitExceeded
from ptclisp.lang.values import Symbol, kw

MODULES = {"strings", "regexp", "strformat", "json_ns", "sets", "interop", "dates", "discovery"}


def _mine():
    seen = {}
    for b in REGISTRY.values():
        if b.fn.__module__.rsplit(".", 1)[-1] in MODULES:
            seen[id(b)] = b
    return sorted(seen.values(), key=lambda b: b.qualified)


_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 40), st.floats(allow_nan=True, allow_infinity=True),
    st.text(alphabet="ab,%$\\(){}[]1 -.:T\n", max_size=8),
    st.sampled_from(["%s", "%05.2f", "%d", "a{2}", "(a)?b", "2024-01-31", "1970-01-01T00:00:01Z",
                     "str/join", "clojure.set", "$1", "\\", "%tY", "%,d"]),
    st.sampled_from([kw("a"), kw("b-c"), Symbol("join", "str"), Symbol("nope")]),
    st.sampled_from([make_regex("a+"), make_regex("(a)(b)?"), make_regex("")]),
    st.sampled_from([LocalDate(3), DateTime(5_000), Duration(-7)]),
    # stand-ins for PTC functions: a real one ends in a value or a language error, never a
    # Python exception, so the stand-ins must not raise Python errors either
    st.sampled_from([lambda *a: None, lambda *a: len(a), lambda *a: kw("r")]),
)
_values = st.recursive(
    _scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=3),
                            st.dictionaries(st.one_of(st.none(), st.integers(-2, 2), st.text(max_size=2),
                                                      st.sampled_from([kw("a"), kw("k")])),
                                            inner, max_size=3),
                            st.frozensets(st.integers(-2, 2), max_size=3)),
    max_leaves=6,
)


@pytest.fixture(autouse=True)
def meter():
    prev = budget.install(budget.Budget(ptclisp.Limits(max_collection_size=100_000,
                                                       max_print_chars=None)))
    yield
    budget.install(prev)


@pytest.mark.parametrize("b", _mine(), ids=lambda b: b.qualified)
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_no_python_exception_escapes(b, data):
    hi = b.max_args if b.max_args is not None else b.min_args + 3
    n = data.draw(st.integers(b.min_args, hi))
    args = data.draw(st.lists(_values, min_size=n, max_size=n))
    try:
        b.fn(*args)
    except (EvalError, LimitExceeded) as e:
        assert e.message and "Error" not in e.message and "<class" not in e.message, e.message
