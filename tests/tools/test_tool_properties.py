"""Properties of the boundary: JSON data crosses unchanged both ways; nothing else crosses."""
from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

import ptclisp

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8)
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=20,
)


def same(a, b) -> bool:
    """Equal as JSON data, keeping bool apart from numbers."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a):
        return math.isnan(b)
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(map(same, a, b))
    return type(a) is type(b) and a == b


@settings(max_examples=60, deadline=None)
@given(json_values)
def test_json_data_round_trips_through_a_tool(v):
    received = []

    def echo(args: dict):
        received.append(args)
        return args

    r = ptclisp.run("(tool/echo {:v data/v})", data={"v": v}, tools={"echo": echo})
    assert r.ok, r.error and r.error.render()
    assert same(received[0]["v"], v)
    assert same(r.to_python()["v"], v)


odd_values = st.one_of(
    st.builds(object), st.binary(max_size=4), st.complex_numbers(allow_nan=False),
    st.just(NotImplemented), st.just(Ellipsis), st.functions(), st.builds(type, st.just("T"), st.just(()), st.just({})),
)


@settings(max_examples=40, deadline=None)
@given(odd_values, json_values)
def test_anything_else_is_refused(odd, v):
    r = ptclisp.run("(tool/leak)", tools={"leak": lambda: {"ok": v, "bad": [odd]}})
    assert r.status == "error" and r.error.kind == "ToolError" and r.error.code == "tool-result"
