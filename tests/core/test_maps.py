"""Map builtins in Python: flexible writes, immutability, growth into HAMTs, order, messages.

Most behaviour is pinned by tests/cases/core/maps.clj; this file holds what a case file
cannot say: properties over generated maps, input immutability and representation changes.
"""
from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings, strategies as st

from ptclisp.run import budget
from ptclisp import messages
from ptclisp.core import CORE
from ptclisp.core.maps import resolve_key, twin_of
from ptclisp.core.support import sorted_items, sorted_keys
from ptclisp.errors import EvalError, LimitExceeded
from ptclisp import Limits
from ptclisp.lang.values import HashMap, Keyword, kw, sort_key

get, assoc, dissoc, update = (CORE[n].fn for n in ("get", "assoc", "dissoc", "update"))
assoc_in, update_in, get_in = (CORE[n].fn for n in ("assoc-in", "update-in", "get-in"))
merge, merge_with, select_keys = (CORE[n].fn for n in ("merge", "merge-with", "select-keys"))
keys, vals, reduce_kv = (CORE[n].fn for n in ("keys", "vals", "reduce-kv"))
inc = CORE["inc"].fn
plus = CORE["+"].fn

names = st.text(alphabet="ab-_", min_size=1, max_size=4)
flex_keys = st.one_of(names, names.map(Keyword))
flex_maps = st.dictionaries(flex_keys, st.integers(), max_size=8)


# ---------------------------------------------------------------- flexible keys


@settings(max_examples=150)
@given(flex_maps, flex_keys, st.integers())
def test_assoc_then_get_finds_the_value_and_adds_at_most_one_key(m, k, v):
    out = assoc(m, k, v)
    assert get(out, k) == v
    assert len(out) <= len(m) + 1


@settings(max_examples=150)
@given(flex_maps, flex_keys)
def test_dissoc_removes_the_key_and_its_twin_only(m, k):
    out = dissoc(m, k)
    gone = {k, twin_of(k)}
    assert not gone & set(out)
    assert {x: v for x, v in m.items() if x not in gone} == dict(out)


@settings(max_examples=150)
@given(flex_maps, flex_keys)
def test_update_writes_where_get_reads(m, k):
    out = update(m, k, lambda old: ("seen", old))
    assert get(out, k) == ("seen", get(m, k))
    assert len(out) == len(m) + (resolve_key(m, k) not in m)


def test_set_style_writes_replace_the_twin_key():
    assert assoc({"count": 1}, kw("count"), 2) == {"count": 2}
    assert assoc_in({"a": {"b": 1}}, [kw("a"), kw("b")], 5) == {"a": {"b": 5}}
    assert merge({"name": "A"}, {kw("name"): "B"}) == {"name": "B"}
    assert assoc({"order_id": 1}, kw("order-id"), 2) == {"order_id": 1, kw("order-id"): 2}


def test_modifications_write_back_to_the_key_they_read():
    assert update({"order_id": 1}, kw("order-id"), inc) == {"order_id": 2}
    assert update_in({"a_b": {"c": 1}}, [kw("a-b"), kw("c")], inc) == {"a_b": {"c": 2}}
    assert assoc_in({"a_b": {"c": 1}}, [kw("a-b"), kw("d")], 0) == {"a_b": {"c": 1, kw("d"): 0}}


@settings(max_examples=100)
@given(flex_maps)
def test_merge_into_empty_keeps_every_key(m):
    assert merge({}, m) == m


def test_exact_key_wins_over_flexible_match():
    m = {kw("a"): 1, "a": 2}
    assert assoc(m, "a", 9) == {kw("a"): 1, "a": 9}
    assert assoc(m, kw("a"), 9) == {kw("a"): 9, "a": 2}


def test_vector_keys_are_frozen():
    assert assoc({(1, 2): 0}, [1, 2], 5) == {(1, 2): 5}
    assert get(assoc({}, [1, 2], 5), [1, 2]) == 5


# ---------------------------------------------------------------- immutability


INPUTS = [
    {kw("a"): 1, kw("b"): [1, 2]},
    HashMap({kw("a"): 1, kw("b"): [1, 2]}),
]


@pytest.mark.parametrize("m", INPUTS, ids=["dict", "hamt"])
def test_inputs_are_never_mutated(m):
    before = copy.deepcopy(dict(m))
    assoc(m, kw("c"), 3)
    dissoc(m, kw("a"))
    update(m, kw("a"), inc)
    assoc_in(m, [kw("b"), 0], 9)
    update_in(m, [kw("b"), 1], inc)
    merge(m, {kw("a"): 5})
    merge_with(plus, m, {kw("a"): 5})
    assert dict(m) == before


def test_vector_inputs_are_never_mutated():
    v = [1, 2, 3]
    assoc(v, 0, 9)
    update(v, 1, inc)
    assoc(v, 3, 4)
    assert v == [1, 2, 3]


# ---------------------------------------------------------------- growth and representation


def test_assoc_grows_into_a_hamt_and_keeps_every_key():
    m = {}
    for i in range(1000):
        m = assoc(m, i, i * i)
    assert type(m) is HashMap
    assert len(m) == 1000 and m[999] == 999 * 999


def test_dissoc_on_a_large_dict_keeps_the_rest():
    m = {i: i for i in range(100)}
    out = dissoc(m, 5, 7, 1000)
    assert len(out) == 98 and 5 not in out and out[6] == 6
    assert len(m) == 100


def test_merge_into_a_hamt_uses_the_hamt():
    m = HashMap({i: i for i in range(100)})
    out = merge(m, {1000: 1})
    assert type(out) is HashMap and len(out) == 101


@settings(max_examples=100)
@given(st.lists(st.dictionaries(names.map(Keyword), st.integers(), max_size=20), min_size=2, max_size=4))
def test_merge_of_keyword_maps_is_dict_union(ms):
    want = {}
    for m in ms:
        want.update(m)
    assert dict(merge(*ms)) == want


def test_assoc_vector_beyond_count_is_an_index_error():
    with pytest.raises(EvalError) as e:
        assoc([1, 2], 3, 0)
    assert e.value.code == "index"
    assert e.value.message == messages.kv_index_out_of_bounds("assoc", 3, 2)


def test_persistent_vectors_are_assoc_targets():
    from ptclisp.lang.values import pvector
    v = pvector(range(50))
    out = assoc(v, 10, "x")
    assert out[10] == "x" and v[10] == 10 and len(out) == 50


# ---------------------------------------------------------------- order


@settings(max_examples=100)
@given(st.dictionaries(st.one_of(st.integers(), names, names.map(Keyword), st.booleans()),
                       st.integers(), max_size=10))
def test_keys_vals_and_entries_follow_the_total_order(m):
    ks = sorted_keys(m)
    assert [sort_key(k) for k in ks] == sorted(sort_key(k) for k in m)
    assert keys(m) == (ks or None)
    assert vals(m) == ([m[k] for k in ks] or None)
    assert sorted_items(m) == [(k, m[k]) for k in ks]
    assert reduce_kv(lambda acc, k, v: acc + [k], [], m) == ks


# ---------------------------------------------------------------- messages


def test_messages_talk_lisp():
    cases = [
        (lambda: get(kw("a"), {}), "get expected a map, vector, set or string, got keyword: :a"),
        (lambda: assoc({}, kw("a"), 1, kw("b")), "assoc: no value supplied for key: :b"),
        (lambda: assoc_in({kw("a"): 5}, [kw("a"), kw("b")], 1),
         "assoc-in cannot go into integer 5 at path [:a]: only maps and vectors hold keys"),
        (lambda: get_in({}, "a.b"), 'get-in expected a path vector, got string: "a.b"'),
        (lambda: merge([1], [2]), "merge expected maps, got vector: [1]"),
        (lambda: CORE["key"].fn(5), "key: a map entry must be a [key value] pair, got integer: 5"),
        (lambda: update({}, kw("a"), 5), "update expected a function, got integer: 5"),
        (lambda: select_keys({}, kw("a")), "select-keys expected a vector of keys, got keyword: :a"),
    ]
    for thunk, text in cases:
        with pytest.raises(EvalError) as e:
            thunk()
        assert e.value.message == text
        assert e.value.hint


def test_update_hint_for_an_extra_argument_meant_as_default():
    with pytest.raises(EvalError) as e:
        update({kw("n"): 1}, kw("n"), inc, 99)
    assert e.value.code == "arity"
    assert e.value.hint == messages.HINT_UPDATE_EXTRA_ARGS


def test_swapped_arguments_get_the_swapped_hint():
    for thunk in (lambda: get(kw("a"), {}), lambda: assoc(kw("a"), {}, 1),
                  lambda: dissoc(kw("a"), {})):
        with pytest.raises(EvalError) as e:
            thunk()
        assert "swapped" in e.value.hint


# ---------------------------------------------------------------- robustness


def _my_builtins():
    mods = {"ptclisp.core.maps", "ptclisp.core.fns", "ptclisp.core.walk"}
    from ptclisp.core import REGISTRY
    return sorted({b.qualified: b for b in REGISTRY.values() if b.fn.__module__ in mods}.values(),
                  key=lambda b: b.qualified)


_scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.sampled_from(["", "a", "a-b"]),
                     st.sampled_from([kw("a"), kw("a-b"), kw("a_b")]),
                     st.sampled_from([inc, plus, CORE["vector"].fn, CORE["identity"].fn]))
_values = st.recursive(
    _scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=3),
                            st.dictionaries(_scalars.filter(lambda x: not callable(x)), inner,
                                            max_size=3),
                            st.frozensets(st.integers(-2, 2), max_size=3)),
    max_leaves=8,
)


_COMBINATORS = {"comp", "partial", "complement", "constantly", "juxt", "every-pred", "some-fn",
                "fnil"}


@pytest.mark.parametrize("b", _my_builtins(), ids=lambda b: b.qualified)
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_no_python_exception_escapes(b, data):
    hi = b.max_args if b.max_args is not None else b.min_args + 3
    n = data.draw(st.integers(b.min_args, hi))
    args = data.draw(st.lists(_values, min_size=n, max_size=n))
    # each example runs under its own meter, as in a program: (prewalk vector x) never ends
    # and must meet the limits, not eat the machine's memory
    previous = budget.install(budget.Budget(Limits(timeout=1.0, max_collection_size=100_000)))
    try:
        out = b.fn(*args)
        if b.name in _COMBINATORS:  # call the function it built too
            out(*data.draw(st.lists(_values, max_size=3)))
    except (EvalError, LimitExceeded) as e:
        assert e.message and "Error" not in e.message and "<" not in e.message, e.message
    finally:
        budget.install(previous)
