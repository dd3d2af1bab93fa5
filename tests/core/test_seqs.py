"""The sequence library called directly with Python values (the case files under
tests/cases/core/seqs_*.clj cover the same ground through `ptclisp.run`).

Expected values come from the spec (sections 3.4, 3.9, 7.5, 8.1, 11) and Clojure 1.11.
"""
from __future__ import annotations

import math

import pytest
from hypothesis import given, settings, strategies as st
from pyrsistent import pvector

from ptclisp.run import budget
from ptclisp import messages
from ptclisp.core import CORE
from ptclisp.errors import EvalError, LimitExceeded
from ptclisp.lang.values import HashMap, equal, kw

A, B, C = kw("a"), kw("b"), kw("c")


def call(name, *args):
    """Call the builtin `name` with PTC values."""
    return CORE[name].fn(*args)


def same(got, want):
    """values.equal, and numbers of the same type (1 is not 1.0 here)."""
    if isinstance(want, (int, float)) and not isinstance(want, bool):
        return type(got) is type(want) and got == want
    return equal(got, want)


def raises(kind, name, *args):
    """The error raised by calling name; fails if none."""
    with pytest.raises(kind) as info:
        call(name, *args)
    return info.value


# ---------------------------------------------------------------- views


def test_maps_are_seen_as_entries_sorted_by_key():
    m = {B: 2, A: 1, C: 3}
    assert same(call("seq", m), [[A, 1], [B, 2], [C, 3]])
    assert same(call("vec", {"b": 1, "a": 2}), [["a", 2], ["b", 1]])
    assert same(call("map", lambda e: e[0], HashMap({B: 1, A: 2})), [A, B])


def test_sets_are_seen_in_the_total_order():
    assert call("seq", frozenset({3, 1, 2})) == [1, 2, 3]
    assert same(call("vec", frozenset({"b", A, 1})), [1, A, "b"])


def test_strings_are_seen_as_characters():
    assert call("first", "hello") == "h"
    assert call("map", lambda c: c, "abc") == ["a", "b", "c"]
    assert call("count", "e\u0301x") == 2  # a combining accent stays with its letter
    assert call("seq", "e\u0301x") == ["e\u0301", "x"]


def test_every_vector_representation_is_accepted():
    for v in ([1, 2, 3], (1, 2, 3), pvector([1, 2, 3])):
        assert call("rest", v) == [2, 3]
        assert type(call("rest", v)) is list
        assert call("last", v) == 3
        assert call("reverse", v) == [3, 2, 1]
        assert call("sort", v) == [1, 2, 3]


def test_inputs_are_never_mutated():
    v, m, s = [3, 1, 2], {A: 1}, frozenset({1})
    call("sort", v), call("conj", v, 4), call("into", m, [[B, 2]]), call("conj", s, 2)
    call("conj", m, [B, 2]), call("reverse", v), call("into", v, [9])
    assert v == [3, 1, 2] and m == {A: 1} and s == frozenset({1})


# ---------------------------------------------------------------- access


@pytest.mark.parametrize("name,args,want", [
    ("first", ([],), None), ("second", ([1],), None), ("last", (None,), None),
    ("rest", ([],), []), ("next", ([1],), None), ("butlast", ([1],), None),
    ("nth", ([1, 2, 3], 1), 2), ("nth", ([1, 2], -1), None), ("nth", ([1, 2], 5, A), A),
    ("nth", (None, 0), None), ("nth", ([10, 20], 1.0), 20), ("nthnext", ([1, 2], 2), None),
    ("peek", ([],), None), ("pop", ([],), None), ("pop", ([1],), []),
    ("subvec", ([0, 1, 2, 3, 4], 1, 3), [1, 2]), ("subvec", ([1, 2, 3], -1, 9), [1, 2, 3]),
    ("take-last", (2, []), None), ("take-last", (0, [1]), None), ("take", (-1, [1, 2]), []),
    ("drop", (-1, [1, 2]), [1, 2]), ("take", (1.0, [10, 20]), [10]),
    ("empty", ("abc",), None), ("empty", (1,), None), ("not-empty", ([],), None),
])
def test_access_boundaries(name, args, want):
    assert same(call(name, *args), want)


@pytest.mark.parametrize("name", ["first", "second", "last", "rest", "next", "butlast",
                                  "reverse", "distinct"])
def test_positional_helpers_refuse_maps_and_sets(name):
    err = raises(EvalError, name, {A: 1})
    assert err.message == messages.seq_unordered_map(name)
    assert err.hint == messages.HINT_UNORDERED_MAP and err.code == "type"
    err = raises(EvalError, name, frozenset({1}))
    assert err.message == messages.seq_unordered_set(name)
    assert err.hint == messages.HINT_UNORDERED_SET


def test_find_and_contains():
    assert call("find", {A: None}, A) == [A, None]
    assert call("find", {"a": 1}, A) == [A, 1]
    assert call("find", [10, 20], 2) is None
    err = raises(EvalError, "find", frozenset({1}), 1)
    assert err.message == messages.seq_find_not_associative(frozenset({1}))
    assert err.hint == messages.HINT_FIND
    assert call("contains?", [1, 2], 2) is True  # membership on vectors (DIV-27)
    assert call("contains?", [1], True) is False
    assert call("contains?", "abc", 1) is True and call("contains?", "abc", 3) is False
    err = raises(EvalError, "contains?", "abc", "b")
    assert err.message == messages.seq_contains_string_key("b")
    assert err.hint == messages.HINT_CONTAINS_STRING


# ---------------------------------------------------------------- range


def test_range_forms():
    assert call("range", 5) == [0, 1, 2, 3, 4]
    assert call("range", 10, 0, -2) == [10, 8, 6, 4, 2]
    assert same(call("range", 0.0, 3), [0.0, 1.0, 2.0])
    assert type(call("range", 0.0, 3)[1]) is float
    tenths = call("range", 0, 1, 0.1)
    assert len(tenths) == 11 and tenths[3] == 0.1 + 0.1 + 0.1  # repeated addition, like Clojure
    assert call("range", 5, 5, 0) == []


@pytest.mark.parametrize("args,message", [
    ((1, 5, 0), messages.seq_range_zero_step()),
    ((0, math.inf), messages.seq_range_infinite(0, math.inf)),
    ((None,), messages.type_error("range", "numbers", None)),
    ((True,), messages.type_error("range", "numbers", True)),
])
def test_range_errors(args, message):
    assert raises(EvalError, "range", *args).message == message


def test_range_size_is_charged_before_building():
    from ptclisp import Limits
    prev = budget.install(budget.Budget(Limits(max_collection_size=1000)))
    try:
        with pytest.raises(LimitExceeded):
            call("range", 10 ** 12)
        with pytest.raises(LimitExceeded):
            call("range", 0, 1e9, 0.5)
        with pytest.raises(LimitExceeded):
            call("combinations", list(range(40)), 20)
        assert len(call("range", 1000)) == 1000
    finally:
        budget.install(prev)


# ---------------------------------------------------------------- building


def test_conj_grows_a_persistent_vector_linearly():
    v = []
    for i in range(200):
        v = call("conj", v, i)
    assert list(v) == list(range(200))
    assert type(v).__name__ == "PVector"  # past the small-vector threshold
    assert list(call("reduce", CORE["conj"].fn, [], list(range(100)))) == list(range(100))


def test_conj_on_each_collection():
    assert call("conj", None, A, B) == [A, B]
    assert call("conj") == []
    assert call("conj", frozenset({1}), 2, 2) == frozenset({1, 2})
    assert equal(call("conj", {A: 1}, [B, 2], {C: 3}, None), {A: 1, B: 2, C: 3})
    assert raises(EvalError, "conj", {A: 1}, B).message == messages.seq_conj_map_entry(B)
    assert raises(EvalError, "conj", {A: 1}, [1, 2, 3]).code == "type"


def test_into_each_target():
    assert call("into", [1], (2, 3)) == [1, 2, 3]
    assert call("into", None, [1, 2]) == [1, 2]
    assert call("into", frozenset(), "ab") == frozenset({"a", "b"})
    assert equal(call("into", {}, [[A, 1], [B, 2]]), {A: 1, B: 2})
    assert equal(call("into", HashMap({A: 1}), {B: 2}), {A: 1, B: 2})
    assert call("into", frozenset(), {A: 1}) == frozenset({(A, 1)})
    big = call("into", list(range(100)), [100])
    assert list(big) == list(range(101))


def test_set_members_are_frozen():
    s = call("set", [[1, 2], [1, 2], {A: 1}])
    assert len(s) == 2 and call("contains?", s, [1, 2])
    assert call("hash-set", pvector([1])) == frozenset({(1,)})


def test_distinct_keeps_booleans_apart_from_numbers():
    assert call("distinct", [1, True, 1.0, False, 0]) == [1, True, False, 0]
    assert call("distinct?", 1, True) is True
    assert call("distinct?", 1, 1.0) is False
    assert call("distinct?", math.nan, math.nan) is True


# ---------------------------------------------------------------- higher-order functions


def test_reduce_follows_clojure_on_empty_input():
    plus = lambda *xs: sum(xs)  # noqa: E731 - a variadic + with identity 0
    assert call("reduce", plus, []) == 0
    assert call("reduce", plus, None) == 0
    assert call("reduce", plus, [5]) == 5
    assert call("reduce", plus, 7, []) == 7
    assert call("reduce", lambda a, b: a - b, 10, [1, 2, 3]) == 4


@pytest.mark.parametrize("name,shape", [
    ("filter", "(filter pred coll)"), ("map", "(map f coll)"), ("reduce", "(reduce f coll)"),
    ("remove", "(remove pred coll)"), ("some", "(some pred coll)"),
    ("sort-by", "(sort-by keyfn coll)"), ("group-by", "(group-by f coll)"),
])
def test_swapped_arguments_get_a_hint(name, shape):
    odd = CORE["odd?"].fn if "odd?" in CORE else (lambda x: x % 2 == 1)
    err = raises(EvalError, name, [1, 2], odd)
    assert err.message.startswith(f"{name} expected a collection, got function")
    assert err.hint == messages.seq_fn_first(name, shape)
    assert "the function comes first" in err.hint


def test_keyword_in_collection_place_also_hints():
    err = raises(EvalError, "filter", [{A: 1}], A)
    assert err.message == messages.not_seqable("filter", A)
    assert err.hint == messages.seq_fn_first("filter", "(filter pred coll)")


def test_non_collection_without_function_has_no_hint():
    err = raises(EvalError, "filter", lambda x: x, 5)
    assert err.hint is None and err.code == "type"


def test_map_with_several_collections_stops_at_the_shortest():
    assert call("map", lambda a, b: a + b, [1, 2, 3, 4], [10, 20]) == [11, 22]
    assert call("map", lambda a, b: [a, b], "ab", [1, 2]) == [["a", 1], ["b", 2]]
    assert call("map", A, [{A: 1}, {}], [8, 9]) == [1, 9]


def test_maps_sets_and_vectors_are_functions():
    assert call("map", {A: 1, B: 2}, [A, C, B]) == [1, None, 2]
    assert call("filter", frozenset({A, B}), [A, C, B]) == [A, B]
    assert call("map", [10, 20], [0, 1]) == [10, 20]
    assert call("keep", {A: 1, B: None, C: False}, [A, B, C]) == [1, False]


def test_mapcat_result_must_be_a_collection():
    err = raises(EvalError, "mapcat", lambda x: x + 1, [1])
    assert err.message == messages.seq_mapcat_result(2)
    assert call("mapcat", lambda x: None, [1, 2]) == []
    assert call("mapcat", lambda x: x, ["ab", "c"]) == ["a", "b", "c"]


# ---------------------------------------------------------------- slicing and combining


def test_partition_forms():
    assert call("partition", 3, 1, [A], [1, 2, 3, 4]) == [[1, 2, 3], [2, 3, 4], [3, 4, A]]
    assert call("partition", 3, 3, None, [1, 2]) == [[1, 2]]
    assert call("partition", -1, [1, 2, 3]) == []
    assert call("partition-all", 2, 1, [1, 2, 3]) == [[1, 2], [2, 3], [3]]
    err = raises(EvalError, "partition", 0, [1])
    assert err.message == messages.seq_positive("partition", "size", 0) and err.code == "value"


def test_flatten_and_tree_seq_handle_deep_nesting():
    deep = [1]
    for _ in range(5000):
        deep = [deep]
    assert call("flatten", deep) == [1]
    assert call("flatten", [1, frozenset({2}), {A: [3]}, "s"]) == [1, frozenset({2}), {A: [3]}, "s"]
    assert call("flatten", "ab") == [] and call("flatten", 1) == []
    nodes = call("tree-seq", lambda x: isinstance(x, list), lambda x: x, deep)
    assert len(nodes) == 5002


def test_tree_seq_treats_a_character_as_a_leaf():
    string_p = lambda x: isinstance(x, str)  # noqa: E731
    assert call("tree-seq", string_p, lambda s: call("seq", s), "ab") == ["ab", "a", "b"]


def test_combinations_and_zips():
    assert call("combinations", [1, 2, 3], 2) == [[1, 2], [1, 3], [2, 3]]
    assert call("combinations", [1, 2], 0) == [[]]
    assert equal(call("zipmap", [A, B, A], [1, 2, 3]), {A: 3, B: 2})
    assert call("zip", [1, 2, 3], "ab") == [[1, "a"], [2, "b"]]
    assert call("interleave") == [] and call("interleave", [1, 2]) == [1, 2]


# ---------------------------------------------------------------- ordering


def test_sort_uses_the_total_order_for_mixed_values():
    assert call("sort", [B, "a", 2, None, True, 1.5]) == [1.5, 2, B, None, True, "a"]
    out = call("sort", [math.nan, 1, -1])
    assert out[:2] == [-1, 1] and math.isnan(out[2])


def test_sort_comparators():
    gt = lambda a, b: a > b  # noqa: E731 - a boolean comparator like `>`
    assert call("sort", gt, [1, 3, 2]) == [3, 2, 1]
    assert call("sort", lambda a, b: b - a, [1, 3, 2]) == [3, 2, 1]
    assert call("sort", lambda a, b: False, [3, 1, 2]) == [3, 1, 2]
    assert call("sort", kw("desc"), [1, 3, 2]) == [3, 2, 1]
    assert call("sort", None, [2, 1]) == [1, 2]
    err = raises(EvalError, "sort", kw("up"), [1])
    assert err.message == messages.seq_bad_comparator("sort", kw("up"))
    err = raises(EvalError, "sort", lambda a, b: "x", [1, 2])
    assert err.message == messages.seq_comparator_result("sort", "x")


def test_sort_by_is_stable_in_both_directions():
    rows = [{"k": 1, "id": 1}, {"k": 0, "id": 2}, {"k": 1, "id": 3}, {"k": 0, "id": 4}]
    ids = lambda rs: [r["id"] for r in rs]  # noqa: E731
    assert ids(call("sort-by", "k", rows)) == [2, 4, 1, 3]
    assert ids(call("sort-by", kw("k"), kw("desc"), rows)) == [1, 3, 2, 4]
    assert ids(call("sort-by", kw("k"), lambda a, b: a > b, rows)) == [1, 3, 2, 4]


def test_min_max_key_ties_go_last_but_min_max_by_ties_go_first():
    assert call("max-key", len, "aa", "bb", "c") == "bb"
    assert call("min-key", len, "a", "bb", "c") == "c"
    rows = [{A: 1, B: 1}, {A: 1, B: 2}]
    assert call("max-by", A, rows) is rows[0]
    assert call("min-by", A, rows) is rows[0]


# ---------------------------------------------------------------- aggregation


def test_aggregators_skip_nil_and_refuse_other_non_numbers():
    assert call("sum-by", A, [{A: 10}, {A: None}, {B: 5}]) == 10
    assert same(call("avg-by", A, [{A: 10}, {A: None}, {A: 20}]), 15.0)
    assert call("sum-by", [A, B], [{A: {B: 2}}, {A: {B: 3}}, {A: None}]) == 5
    err = raises(EvalError, "sum-by", A, [{A: "10"}, {A: 20}])
    assert err.code == "arithmetic" and err.message == messages.seq_not_number("sum-by", "10")
    assert err.hint == messages.HINT_NOT_NUMBER
    assert raises(EvalError, "sum", [True]).code == "arithmetic"
    assert raises(EvalError, "sum-by", A, "abc").message == messages.not_seqable("sum-by", "abc")
    assert call("avg", []) is None and call("sum", []) == 0


def test_flexible_keys_in_aggregators():
    rows = [{"price": 2}, {kw("price"): 1}, {"unit_price": 5}]
    assert call("sum-by", kw("price"), rows) == 3
    assert call("sum-by", "price", rows) == 3
    assert call("sum-by", kw("unit-price"), rows) == 5
    assert call("min-by", "price", rows) == {kw("price"): 1}
    assert call("sort-by", "price", rows[:2]) == [rows[1], rows[0]]


def test_group_by_and_frequencies_freeze_keys():
    g = call("group-by", A, [{A: [1, 2]}, {A: [1, 2]}, {A: None}])
    assert len(g[(1, 2)]) == 2 and g[None] == [{A: None}]
    f = call("frequencies", [[1, 2], [1, 2], {A: 1}])
    assert f[(1, 2)] == 2 and type(f) is dict
    assert call("frequencies", "hello")["l"] == 2


# ---------------------------------------------------------------- properties

_scalars = st.one_of(st.none(), st.booleans(), st.integers(-50, 50),
                     st.floats(allow_nan=False, width=32), st.text(max_size=3),
                     st.sampled_from([A, B, C]))
_values = st.recursive(_scalars, lambda inner: st.lists(inner, max_size=3), max_leaves=6)


@settings(max_examples=60, deadline=None)
@given(st.lists(_values, max_size=12))
def test_sort_orders_and_keeps_every_item(xs):
    from ptclisp.lang.values import sort_key
    out = call("sort", xs)
    assert len(out) == len(xs)
    keys = [sort_key(x) for x in out]
    assert keys == sorted(keys)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-5, 5), max_size=20), st.integers(-3, 25))
def test_take_drop_split_agree(xs, n):
    assert call("take", n, xs) + call("drop", n, xs) == xs
    assert call("split-at", n, xs) == [call("take", n, xs), call("drop", n, xs)]
    assert [x for g in call("partition-all", max(n, 1), xs) for x in g] == xs


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 4), max_size=20))
def test_counting_functions_agree(xs):
    freq = call("frequencies", xs)
    assert sum(freq.values()) == len(xs)
    assert call("distinct", xs) == list(dict.fromkeys(xs))
    assert sorted(call("group-by", lambda x: x % 2, xs).get(0, [])) == sorted(x for x in xs if x % 2 == 0)
    assert call("sort-by", lambda x: -x, xs) == sorted(xs, key=lambda x: -x)
    assert call("dedupe", xs) == [x for i, x in enumerate(xs) if i == 0 or xs[i - 1] != x]


# ---------------------------------------------------------------- describe


def _d(x, **opts):
    return call("describe", x, {kw(k): v for k, v in opts.items()}) if opts else call("describe", x)


def test_describe_summarizes_rows_of_maps():
    rows = [{"event": "turn", "fail": None}, {"event": "turn", "fail": {"reason": "x"}}]
    r = _d(rows)
    assert r[kw("type")] == "vector" and r[kw("count")] == 2 and r[kw("scanned")] == 2
    assert r[kw("item_types")] == {"map": 2} and r[kw("key_types")] == {"string": 4}
    event = r[kw("keys")]["event"]
    assert event[kw("present")] == 2 and same(event[kw("pct")], 100.0)
    assert event[kw("distinct_count")] == 1 and event[kw("non_empty")] == 2
    assert r[kw("keys")]["fail"][kw("types")] == {"map": 1, "nil": 1}


def test_describe_scalars_and_numeric_strings():
    r = _d("42")
    assert r[kw("type")] == "string" and r[kw("sample")] == "42"
    assert same(r[kw("range")][kw("min")], 42.0)
    long = _d("x" * 200)
    assert long[kw("sample")].endswith("...(200 chars)") and long[kw("examples")] == [long[kw("sample")]]
    assert _d(math.nan)[kw("type")] == "nan" and kw("range") not in _d([math.inf])


def test_describe_single_map_has_no_presence():
    r = _d({"a": 1, B: None})
    assert r[kw("key_types")] == {"keyword": 1, "string": 1}
    assert r[kw("keys")][":b"][kw("types")] == {"nil": 1}
    assert kw("present") not in r[kw("keys")]["a"]


def test_describe_disambiguates_colliding_labels():
    keys = _d({":a": 1, A: 2, "1": 3, 1: 4})[kw("keys")]
    assert keys["string::a"][kw("examples")] == [1] and keys["keyword::a"][kw("examples")] == [2]
    assert keys["string:1"][kw("examples")] == [3] and keys["integer:1"][kw("examples")] == [4]
    prefix = "a" * 130
    long_keys = _d({prefix + "x": 1, prefix + "y": 2})[kw("keys")]
    assert len(long_keys) == 2 and all(k.startswith("string:") and "#" in k for k in long_keys)


def test_describe_caps_are_reported():
    r = _d({f"k{i:03}": i for i in range(150, 0, -1)})
    assert len(r[kw("keys")]) == 100 and "k001" in r[kw("keys")] and "k101" not in r[kw("keys")]
    assert r[kw("truncated")] is True and r[kw("caps_hit")] == ["max_keys"]
    r = _d([{"i": i} for i in range(1001)])
    assert r[kw("count")] == 1000 and r[kw("count_capped")] is True
    assert r[kw("caps_hit")] == ["max_items"]
    r = _d([{"id": i} for i in range(60)])
    assert r[kw("keys")]["id"][kw("distinct_count")] == 50
    assert r[kw("keys")]["id"][kw("distinct_capped")] is True
    r = _d(frozenset(range(1001)))
    assert r[kw("scanned")] == 1000 and r[kw("count")] == 1001


def test_describe_paths():
    rows = [{"data": {"tool_calls": [1], "limits_hit": []}},
            {"data": {"tool_calls": [], "limits_hit": ["x"]}}]
    paths = _d(rows, paths=True, depth=3)[kw("paths")]
    assert paths["data"][kw("present")] == 2
    assert paths["data.tool_calls"][kw("types")] == {"vector": 2}
    assert paths["data.tool_calls"][kw("non_empty")] == 1
    fan = _d([{"a": [{"b": 1}, {"b": 2}]}, {"a": []}], paths=True, depth=2)[kw("paths")]
    assert fan["a.b"][kw("present")] == 1 and same(fan["a.b"][kw("pct")], 50.0)
    assert fan["a.b"][kw("value_count")] == 2
    dotted = _d({"a.b": 1, "a": {"b": 2}}, paths=True, depth=2)[kw("paths")]
    assert dotted["a\\.b"][kw("examples")] == [1] and dotted["a.b"][kw("examples")] == [2]
    capped = _d([{f"k{i}": i} for i in range(305)], paths=True)
    assert len(capped[kw("paths")]) == 300 and "max_paths" in capped[kw("caps_hit")]
    deep = _d([{"items": [{"id": i} for i in range(600)]} for _ in range(20)], paths=True, depth=2)
    assert "max_path_values" in deep[kw("caps_hit")]
    assert deep[kw("paths")]["items.id"][kw("value_count")] <= 10_000


def test_persistent_vectors_are_frozen_like_other_vectors():
    pv = pvector([1, 2])
    assert call("frequencies", [pv, [1, 2]]) == {(1, 2): 2}
    assert list(call("group-by", lambda x: pv, [1, 2])) == [(1, 2)]
    assert call("set", [pv, (1, 2)]) == frozenset({(1, 2)})
    assert call("distinct", [pv, [1, 2]]) == [pv]


# ---------------------------------------------------------------- registry examples


def _seq_examples():
    import inspect
    from ptclisp.core import REGISTRY
    for b in REGISTRY.values():
        if inspect.getmodule(b.fn).__name__.rsplit(".", 1)[-1].startswith("seqs"):
            for source, expected in b.examples:
                yield pytest.param(source, expected, id=f"{b.name}: {source}")


@pytest.mark.parametrize("source,expected", list(_seq_examples()))
def test_registry_examples_run(source, expected):
    import ptclisp
    from ptclisp.lang.data_reader import read_value
    result = ptclisp.run(source)
    assert result.error is None, result.error and result.error.render()
    assert equal(result.value, read_value(expected))
