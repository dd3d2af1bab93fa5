"""The stdio reader's JSON (the standard library, then the SDK's message types) against the
SDK's own reader (validate_json) on generated lines: the same message, or both refused.

The fast reader exists for memory (docs/upstreams.md, "A hostile server's answers"); it must
not read anything the SDK would read differently: byte-order marks, lone surrogates, nesting
past 200 levels, trailing text, ids of the wrong type."""
from __future__ import annotations

import json
import os

from hypothesis import given, settings
from hypothesis import strategies as st
from mcp.shared.message import SessionMessage
from mcp_types import jsonrpc_message_adapter

from ptclisp.upstream.transports import _parse

EXAMPLES = 2000 if os.environ.get("PTCLISP_FUZZ") == "long" else 200

scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.integers(min_value=-2 ** 70, max_value=2 ** 70),
                    st.floats(allow_nan=False), st.text(max_size=8))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                        st.dictionaries(st.text(max_size=5), inner, max_size=4)),
                      max_leaves=20)
ids = st.one_of(st.integers(-5, 10 ** 6), st.text(max_size=6), st.floats(allow_nan=False), st.booleans(), st.none())
messages = st.one_of(
    st.builds(lambda i, r: {"jsonrpc": "2.0", "id": i, "result": r}, ids, st.dictionaries(st.text(max_size=5), values, max_size=4)),
    st.builds(lambda i, r: {"jsonrpc": "2.0", "id": i, "result": r}, ids, values),
    st.builds(lambda i, c, m: {"jsonrpc": "2.0", "id": i, "error": {"code": c, "message": m}}, ids, st.integers(), st.text(max_size=8)),
    st.builds(lambda m, p: {"jsonrpc": "2.0", "method": m, "params": p}, st.sampled_from(
        ["notifications/message", "notifications/progress", "ping", "x"]), st.dictionaries(st.text(max_size=5), values, max_size=3)),
    st.builds(lambda i, m: {"jsonrpc": "2.0", "id": i, "method": m}, ids, st.text(max_size=6)),
    values,
)


def nested(depth: int) -> bytes:
    return ('{"jsonrpc": "2.0", "id": 1, "result": {"x": ' + "[" * depth + "]" * depth + "}}").encode()


EDITS = [
    lambda b: b, lambda b: b"\xef\xbb\xbf" + b, lambda b: b + b"x", lambda b: b[:-1], lambda b: b + b"  ",
    lambda b: b.replace(b'"2.0"', b'"1.0"'), lambda b: b.replace(b"}", b'"s": "\\ud800"}', 1),
    lambda b: b.replace(b"}", b'"s": "\\ud83d\\ude00"}', 1), lambda b: b.replace(b"{", b"[", 1),
]


def same(line: bytes) -> None:
    try:
        expected = jsonrpc_message_adapter.validate_json(line, by_name=False)
    except ValueError:
        expected = None
    got = _parse(line)
    if expected is None:
        assert not isinstance(got, SessionMessage), (line[:200], got)
    else:
        assert isinstance(got, SessionMessage), (line[:200], got)
        assert got.message == expected and type(got.message) is type(expected)


@settings(max_examples=EXAMPLES, deadline=None)
@given(messages, st.booleans(), st.sampled_from(range(len(EDITS))))
def test_the_stdio_reader_reads_what_the_sdk_reads(message, ascii_only, edit):
    line = json.dumps(message, ensure_ascii=ascii_only).encode("utf-8", "surrogatepass")
    same(EDITS[edit](line))


def test_nesting_is_refused_where_the_sdk_refuses_it():
    for depth in (1, 150, 196, 197, 198, 199, 200, 201, 1000, 5000):
        same(nested(depth))
