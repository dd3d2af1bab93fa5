"""Previews of cached tool results, cache hints and canonical arguments (PtcRunner v0.13.0's
NativePreview and KeyNormalizer.canonical_cache_key, without the quirks its notes list)."""
from __future__ import annotations

import logging

import pytest
from hypothesis import given, strategies as st

from ptclisp import Tool, format_value, kw, read_value
from ptclisp.llm import build_preview, cache_hint, canonical_args
from ptclisp.llm import messages as M
from ptclisp.llm.preview import MAX_PROPERTIES, infer_schema
from ptclisp.host.cache import cache_key


def tool(preview=None, limit=20, name="search_logs"):
    return Tool(lambda query: [], name=name, expose="both", cache=True, preview=preview,
                preview_limit=limit)


HINT = M.cache_hint('(tool/search-logs {:query "x"})')
CACHE_FIELDS = {"status": "ok", "full_result_cached": True, "cache_hint": HINT}

# ---------------------------------------------------------------- the inference table

TABLE = [
    ([], {"result_count": 0, "schema": {"type": "array", "items": {}}}),
    ([{"id": 1, "msg": "a"}, {"id": 2, "msg": "b"}],
     {"result_count": 2, "sample_keys": ["id", "msg"],
      "schema": {"type": "array", "items": {"type": "object",
                                            "properties": {"id": "integer", "msg": "string"}}}}),
    ([{"id": 1}, {"other": 2}],
     {"result_count": 2, "schema": {"type": "array", "items": {"type": "object"}}}),
    ([1, 2, 3], {"result_count": 3, "schema": {"type": "array", "items": {"type": "integer"}}}),
    ([1, 2.5], {"result_count": 2, "schema": {"type": "array", "items": {"type": "number"}}}),
    ([1, "a", None], {"result_count": 3,
                      "schema": {"type": "array", "items": {"type": "integer|null|string"}}}),
    ({"b": True, "a": [1], "c": {"d": 1}, "e": None, "f": 1.5},
     {"sample_keys": ["a", "b", "c", "e", "f"],
      "schema": {"type": "object", "properties": {"a": "array", "b": "boolean", "c": "object",
                                                  "e": "null", "f": "number"}}}),
    ({}, {"sample_keys": [], "schema": {"type": "object"}}),
    ("text", {"schema": {"type": "string"}}),
    (42, {"schema": {"type": "integer"}}),
    (False, {"schema": {"type": "boolean"}}),  # the reference said "null" here (a quirk)
    (None, {"schema": {"type": "null"}}),
]


@pytest.mark.parametrize("full, expected", TABLE)
def test_metadata_preview_inference_table(full, expected):
    status, preview = build_preview(tool(), full, {"query": "x"})
    assert status == "ok" and preview == {**expected, **CACHE_FIELDS}


def test_consistency_and_property_types_look_at_every_item():
    rows = [{"id": i, "v": 1} for i in range(6)] + [{"id": 6, "v": 1, "extra": 0}]
    assert infer_schema(rows) == {"type": "array", "items": {"type": "object"}}
    rows = [{"id": 1, "v": None}, {"id": 2, "v": 3}, {"id": 3, "v": 2.5}]
    assert infer_schema(rows)["items"]["properties"] == {"id": "integer", "v": "null|number"}


def test_more_than_twenty_properties_are_cut_inside_the_schema():
    wide = {f"k{i:02d}": i for i in range(25)}
    _, preview = build_preview(tool(), [wide, wide], {"query": "x"})
    items = preview["schema"]["items"]
    assert len(items["properties"]) == MAX_PROPERTIES and items["truncated"] is True
    assert preview["sample_keys"] == [f"k{i:02d}" for i in range(20)]
    assert "truncated" not in preview
    _, preview = build_preview(tool(), wide, {"query": "x"})
    assert preview["schema"]["truncated"] is True and len(preview["sample_keys"]) == 20


def test_keyword_keys_and_dates_are_json():
    import datetime as dt
    full = [{kw("id"): 1, kw("at"): dt.datetime(2026, 5, 3, 9, 14, tzinfo=dt.timezone.utc)}]
    _, preview = build_preview(tool("rows"), full, {"query": "x"})
    assert preview["rows"] == [{"id": 1, "at": "2026-05-03T09:14:00Z"}]
    assert preview["schema"]["items"]["properties"] == {"at": "string", "id": "integer"}


# ---------------------------------------------------------------- rows and custom previews


def test_rows_preview_keeps_the_first_rows():
    full = [{"id": i} for i in range(30)]
    status, preview = build_preview(tool("rows", limit=2), full, {"query": "x"})
    assert status == "ok" and preview == {
        "result_count": 30, "rows": [{"id": 0}, {"id": 1}], "sample_keys": ["id"],
        "schema": {"type": "array", "items": {"type": "object", "properties": {"id": "integer"}}},
        **CACHE_FIELDS}


def test_rows_preview_of_a_non_list_is_the_metadata_preview():
    assert build_preview(tool("rows"), {"a": 1}, {"query": "x"})[1] == build_preview(
        tool(), {"a": 1}, {"query": "x"})[1]


def test_custom_preview_is_merged_with_the_cache_fields_which_win():
    def custom(full):
        return {kw("top"): full[0], "status": "mine", 3: "three"}
    status, preview = build_preview(tool(custom), [{"id": 9}], {"query": "x"})
    assert status == "ok" and preview == {"top": {"id": 9}, "3": "three", **CACHE_FIELDS}


def test_custom_preview_with_keyword_keys_at_any_depth_is_json():
    def custom(full):
        return {kw("top"): {kw("id"): full[0]["id"], kw("tags"): [kw("a"), {kw("b"): 1}]}}
    status, preview = build_preview(tool(custom), [{"id": 9}], {"query": "x"})
    assert status == "ok" and preview == {"top": {"id": 9, "tags": ["a", {"b": 1}]}, **CACHE_FIELDS}


def test_naive_datetimes_are_iso_like_aware_ones():
    import datetime as dt
    naive, aware = dt.datetime(2026, 5, 3, 9, 14), dt.datetime(2026, 5, 3, 9, 14, tzinfo=dt.timezone.utc)
    status, preview = build_preview(tool(lambda full: {"naive": naive, "aware": aware}), [1], {"query": "x"})
    assert status == "ok" and preview["naive"] == preview["aware"] == "2026-05-03T09:14:00Z"
    odd = object()  # a part that is not data leaves its neighbours' dates converted
    _, preview = build_preview(tool("rows"), [{"at": naive, "odd": odd}, {"at": aware}], {"query": "x"})
    assert preview["rows"] == [{"at": "2026-05-03T09:14:00Z", "odd": odd}, {"at": "2026-05-03T09:14:00Z"}]


@pytest.mark.parametrize("custom, category", [
    (lambda full: 1 / 0, "raised"),
    (lambda full: ["not", "a", "map"], "non_map"),
    (lambda full: {"when": object()}, "non_encodable"),
    (lambda full: {"x": float("nan")}, "non_encodable"),
])
def test_custom_preview_falls_back_to_metadata_and_warns(custom, category, caplog):
    with caplog.at_level(logging.WARNING, logger="ptclisp.llm"):
        status, preview = build_preview(tool(custom), [1, 2], {"query": "x"})
    assert status == "fallback"
    assert preview == {"result_count": 2, "schema": {"type": "array", "items": {"type": "integer"}},
                       **CACHE_FIELDS}
    assert M.preview_fallback("search-logs", category) in caplog.text


# ---------------------------------------------------------------- cache hints


@pytest.mark.parametrize("name, args, call", [
    ("search-logs", {"query": "error code 42"}, '(tool/search-logs {:query "error code 42"})'),
    ("query", {"filter": {"name": "alice"}}, '(tool/query {:filter {:name "alice"}})'),
    ("q", {"text": 'she said "hi"'}, '(tool/q {:text "she said \\"hi\\""})'),
    ("q", {"ids": [1, 2, 3]}, "(tool/q {:ids [1 2 3]})"),
    ("q", {"ids": (1, 2)}, "(tool/q {:ids [1 2]})"),
    ("q", {"n": 1.0}, "(tool/q {:n 1})"),
    ("q", {"b": 2, "a": 1}, "(tool/q {:a 1 :b 2})"),
    ("q", {kw("q"): "x"}, '(tool/q {:q "x"})'),
    ("q", {"was_improved": True}, "(tool/q {:was-improved true})"),
    ("q", {"first name": "Ada"}, '(tool/q {"first name" "Ada"})'),
    ("q", {}, "(tool/q)"),
    ("grep-n", {"pattern": "x"}, '(tool/grep-n {:pattern "x"})'),
])
def test_cache_hint_table(name, args, call):
    assert cache_hint(name, args) == (
        f"Call lisp_eval and then call {call} to process the full cached result.")


# ---------------------------------------------------------------- canonical arguments


@pytest.mark.parametrize("a, b", [
    ({"order_id": 1}, {kw("order-id"): 1}),
    ({"n": 1.0}, {"n": 1}),
    ({"n": -0.0}, {"n": 0}),
    ({"n": 1e20}, {"n": 100000000000000000000}),
    ({"ids": (1, 2)}, {"ids": [1, 2]}),
    ({"tags": frozenset({"b", "a"})}, {"tags": ["a", "b"]}),
    ({"status": kw("active")}, {"status": "active"}),
    ({"f": {"a_b": [1.0]}}, {"f": {"a-b": [1]}}),
])
def test_canonically_equal_arguments(a, b):
    assert cache_key("t", a) == cache_key("t", b)


@pytest.mark.parametrize("a, b", [
    ({"n": True}, {"n": 1}),
    ({"n": False}, {"n": 0}),
    ({"n": 1.5}, {"n": 1}),
    ({"n": "1"}, {"n": 1}),
    ({"ids": [1, 2]}, {"ids": [2, 1]}),
    ({"n": None}, {}),
])
def test_canonically_different_arguments(a, b):
    assert cache_key("t", a) != cache_key("t", b)


def test_canonical_args_shape():
    assert canonical_args({"b_c": 1.0, kw("a"): [kw("x"), (2.0,)]}) == {"a": ["x", [2]], "b-c": 1}
    assert list(canonical_args({"b": 1, "a": 2})) == ["a", "b"]


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=3),
    max_leaves=12)


@given(st.dictionaries(st.text(max_size=8), _json, max_size=4))
def test_the_hint_reads_back_to_the_same_canonical_args(args):
    hint = cache_hint("t", args)
    call = hint[len("Call lisp_eval and then call (tool/t"):-len(") to process the full cached result.")]
    shown = read_value(call.strip()) if call.strip() else {}
    assert cache_key("t", shown) == cache_key("t", args)
    assert format_value(read_value(format_value(shown))) == format_value(shown)
