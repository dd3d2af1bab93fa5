"""clojure.walk in Python: identity walks rebuild equal data, any depth, key conversions.

Behaviour on PTC programs is pinned by tests/cases/core/walk.clj.
"""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from ptclisp import messages
from ptclisp.core import CORE, registry
from ptclisp.errors import EvalError
from ptclisp.lang.values import Keyword, equal, freeze, kw

walk, prewalk, postwalk = (CORE[n].fn for n in ("walk", "prewalk", "postwalk"))
keywordize = registry.resolve("walk", "keywordize-keys").fn
stringify = registry.resolve("walk", "stringify-keys").fn

scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=3),
                    st.text(alphabet="abc", min_size=1, max_size=3).map(Keyword))
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(scalars, inner, max_size=4),
        st.frozensets(scalars, max_size=4),
    ),
    max_leaves=20,
)


@settings(max_examples=150)
@given(values)
def test_identity_walks_rebuild_equal_data(v):
    ident = lambda x: x  # noqa: E731
    assert equal(postwalk(ident, v), v)
    assert equal(prewalk(ident, v), v)
    assert equal(walk(ident, ident, v), v)


@settings(max_examples=100)
@given(values)
def test_postwalk_sees_children_before_parents(v):
    seen = []

    def record(x):
        seen.append(freeze(x))
        return x

    postwalk(record, v)
    assert seen[-1] == freeze(v)  # the root comes last
    seen.clear()
    prewalk(record, v)
    assert seen[0] == freeze(v)  # and first in pre-order


def test_registered_in_both_namespaces():
    for name in ("walk", "prewalk", "postwalk"):
        assert registry.resolve(None, name).fn is registry.resolve("clojure.walk", name).fn
        assert registry.resolve("walk", name).ns == "clojure.walk"


def test_any_depth_without_python_recursion():
    deep = 0
    for _ in range(50_000):
        deep = [deep]
    out = postwalk(lambda x: x + 1 if type(x) is int else x, deep)
    for _ in range(50_000):
        out = out[0]
    assert out == 1
    assert prewalk(lambda x: x, deep) is not deep


def test_key_conversions_go_through_every_level():
    data = {"a": [{"b": 1}, frozenset({"s"})], 1: {"c": {kw("d"): 2}}}
    assert keywordize(data) == {kw("a"): [{kw("b"): 1}, frozenset({"s"})],
                                1: {kw("c"): {kw("d"): 2}}}
    assert stringify(keywordize(data)) == {"a": [{"b": 1}, frozenset({"s"})],
                                           1: {"c": {"d": 2}}}


def test_a_map_entry_must_stay_a_pair():
    with pytest.raises(EvalError) as e:
        walk(lambda entry: entry[0], lambda x: x, {kw("a"): 1})
    assert e.value.message == messages.kv_bad_entry("walk", kw("a"))
    assert walk(lambda entry: None, lambda x: x, {kw("a"): 1}) == {}
