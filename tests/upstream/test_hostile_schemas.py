"""Issue 26 items 2, 3 and 7 through a real upstream: input schemas with catastrophic patterns,
`uniqueItems` over thousands of maps, a `$ref` to itself, and answers nested past the stack.

Each call runs beside a heartbeat thread (10 ms ticks in this process): the host must never be
kept waiting more than FREEZE seconds, and the run must end within its limits (timeout 1 s,
tool_timeout 8 s, max_wall 10 s, as in the issue) plus the suite's margin. Before the fix these
froze the host 60 s, 116 s and 22.5 s, or answered RecursionError with a long traceback.
"""
from __future__ import annotations

import json
import os
import threading
import time

import pytest

import ptclisp
import ptclisp.upstream as U
from ptclisp.upstream import messages as M
from ptclisp.upstream import schema

import hostile_http

FREEZE = 1.0  # seconds the heartbeat may wait (a 2-core CI machine shared with other jobs)
MARGIN = float(os.environ.get("PTCLISP_SANDBOX_MARGIN", "2.5"))
LIMITS = dict(timeout=1.0, tool_timeout=8.0, max_wall=10.0)
EVIL = "^(a|a)*$"  # backtracks exponentially in `regex` too (its (a+)+ is optimised)
LONG = os.environ.get("PTCLISP_FUZZ") == "long"
DEEP_TEXT = "[" * 400_000 + "]" * 400_000  # under max_string_chars (the issue had 900,000)


def _tool(name, input_schema):
    return {"name": name, "description": name, "inputSchema": input_schema}


TOOLS = [
    _tool("pattern", {"type": "object", "properties": {"s": {"type": "string", "pattern": EVIL}}}),
    _tool("keys", {"type": "object", "patternProperties": {EVIL: {"type": "integer"}}}),
    _tool("closed", {"type": "object", "patternProperties": {EVIL: {"type": "integer"}},
                     "additionalProperties": False}),
    _tool("nested", {"type": "object", "properties": {"xs": {"type": "array", "items": {
        "type": "object", "properties": {"s": {"type": "string", "pattern": EVIL}}}}}}),
    _tool("unique", {"type": "object", "properties": {"xs": {"type": "array", "uniqueItems": True}}}),
    _tool("self", {"type": "object", "properties": {"x": {"$ref": "#"}}}),
    _tool("selfroot", {"$ref": "#", "type": "object"}),
    _tool("deep", {"type": "object"}),
]


class Handler(hostile_http.Handler):
    """The hostile server's protocol, with these tools; a call answers 'fine' or DEEP_TEXT."""

    def do_POST(self):  # noqa: N802 - the stdlib's name
        body = self.rfile.read(int(self.headers["Content-Length"]))
        message = json.loads(body)
        if "id" not in message:
            return self._send(202, b"", "application/json")
        method, rid = message["method"], message["id"]
        if method == "initialize":
            result = {"protocolVersion": message["params"]["protocolVersion"],
                      "capabilities": {"tools": {}}, "serverInfo": {"name": "schemas", "version": "1"}}
        elif method == "tools/list":
            result = {"tools": TOOLS}
        else:
            text = DEEP_TEXT if message["params"]["name"] == "deep" else "fine"
            result = {"content": [{"type": "text", "text": text}]}
        self._send(200, json.dumps({"jsonrpc": "2.0", "id": rid, "result": result}).encode(),
                   "application/json")


@pytest.fixture(scope="module")
def ups():
    server = hostile_http.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    cfg = {"upstreams": {"evil": {"transport": "mcp_http", "allow_insecure_http": True,
                                  "url": f"http://127.0.0.1:{server.server_address[1]}/mcp"}},
           "limits": {"max_response_bytes": 4_000_000}}
    with U.load(cfg) as loaded:
        yield loaded
    server.shutdown()


class Heartbeat:
    """A thread that wakes every 10 ms; `gap` is the longest it was kept waiting."""

    def __enter__(self):
        self.gap, self._stop = 0.0, False
        self._thread = threading.Thread(target=self._beat, daemon=True)
        self._thread.start()
        return self

    def _beat(self):
        last = time.perf_counter()
        while not self._stop:
            time.sleep(0.01)
            now = time.perf_counter()
            self.gap, last = max(self.gap, now - last), now

    def __exit__(self, *exc):
        self._stop = True
        self._thread.join()


def call_beating(ups, tool: str, args: str, isolation: str = "none"):
    program = f'(tool/call {{:server "evil" :tool "{tool}" :args {args}}})'
    session = ptclisp.Session(upstreams=ups, limits=ptclisp.Limits(**LIMITS, isolation=isolation))
    session.run("nil")  # discovery and a warm worker: not the call's time
    with Heartbeat() as hb:
        start = time.perf_counter()
        r = session.run(program)
        took = time.perf_counter() - start
    assert hb.gap < FREEZE, f"host frozen {hb.gap:.2f} s"
    assert took < LIMITS["max_wall"] + MARGIN
    return r


A30 = '"' + "a" * 30 + '!"'
KEY = ("a" * 30) + "!"
REJECTED = [  # (tool, args, what the rejection says)
    ("pattern", f"{{:s {A30}}}", M.schema_pattern_too_slow(EVIL, schema.REGEX_SECONDS)),
    ("keys", f'{{"{KEY}" 1}}', M.schema_pattern_too_slow(EVIL, schema.REGEX_SECONDS)),
    ("closed", f'{{"{KEY}" 1}}', M.schema_pattern_too_slow(EVIL, schema.REGEX_SECONDS)),
    ("nested", f"{{:xs [{{:s {A30}}} {{:s {A30}}}]}}", M.schema_pattern_too_slow(EVIL, schema.REGEX_SECONDS)),
    ("unique", "{:xs (conj (mapv (fn [i] {:i i :tags [i true]}) (range 4000)) {:tags [0 true] :i 0})}",
     "fails the schema's uniqueItems"),
    ("self", "{:x {:x {:x 1}}}", "1 is not of type object"),
    ("selfroot", "{:x 1}", M.schema_too_deep(schema.MAX_NESTING)),
]
if LONG:  # more lengths and places, and the isolated mode for each
    REJECTED += [("pattern", '{:s "' + "a" * n + '!"}', M.schema_pattern_too_slow(EVIL, schema.REGEX_SECONDS))
                 for n in (40, 200, 5000)]
    REJECTED += [("keys", "{" + " ".join(f'"{"a" * 30}!{i}" {i}' for i in range(20)) + "}",
                  M.schema_pattern_too_slow(EVIL, schema.REGEX_SECONDS))]
MODES = ("none", "process") if LONG else ("none",)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("tool,args,says", REJECTED, ids=[f"{t}{i}" for i, (t, _, _) in enumerate(REJECTED)])
def test_a_hostile_schema_is_a_clear_rejection_and_no_freeze(ups, tool, args, says, mode):
    r = call_beating(ups, tool, args, mode)
    assert r.status == "error" and r.error.kind == "ToolError", r
    assert r.error.code == "tool-args" and says in r.error.message, r.error.message
    assert "Recursion" not in r.error.message


def test_the_same_schemas_accept_what_they_allow(ups):
    for tool, args in [("pattern", '{:s "aaaa"}'), ("keys", '{"aaa" 1 "b" "x"}'),
                       ("unique", "{:xs (mapv (fn [i] {:i i :tags [i true]}) (range 6000))}"),
                       ("self", "{:x {:x {}}}")]:
        r = call_beating(ups, tool, args)
        assert r.ok and r.value[ptclisp.kw("ok")] is True, (tool, r.error or r.value)


def test_an_answer_nested_past_the_stack_stays_text(ups, caplog):
    r = call_beating(ups, "deep", "{}")
    assert r.ok, r.error
    out = r.to_python()
    assert out["ok"] is True and out["value_kind"] == "text" and out["value"] == DEEP_TEXT
    assert "Traceback" not in caplog.text and "RecursionError" not in caplog.text
