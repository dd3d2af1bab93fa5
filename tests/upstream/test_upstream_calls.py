"""Result.upstream_calls: one entry per tool/call to an upstream, as PtcRunner's aggregator
reports them (server, tool, status, duration_ms, result_bytes, oversize; reason and error on a
fault). Byte counts come from the fixtures: openapi_server.py answers json.dumps(body), and
plain_note answers only the text "order 4 ships monday"."""
from __future__ import annotations

import json

import ptclisp

from conftest import run
from openapi_server import PRODUCTS
from ptclisp.upstream import messages as M


def call(server, tool, args="{}"):
    return f'(tool/call {{:server "{server}" :tool "{tool}" :args {args}}})'


def entries(r):
    """The entries without their durations (checked apart: numbers, not values to pin)."""
    assert all(isinstance(e["duration_ms"], float) and e["duration_ms"] >= 0 for e in r.upstream_calls)
    return [{k: v for k, v in e.items() if k != "duration_ms"} for e in r.upstream_calls]


def test_each_call_is_recorded_with_its_outcome_and_bytes(host):
    program = "(do " + " ".join([call("shop", "plain_note", "{:id 4}"), call("shop", "big", "{:n 30000}"),
                                  call("catalog", "get_product", "{:id 42}"),
                                  call("catalog", "get_product", "{:id 3}"),
                                  call("shop", "plain_note", "{:id 4}"),
                                  call("shop", "plain_note", "{:id 4}")]) + ")"
    r = run(host, program)
    assert r.ok
    assert entries(r) == [
        {"server": "shop", "tool": "plain_note", "status": "ok",
         "result_bytes": len("order 4 ships monday"), "oversize": False},
        {"server": "shop", "tool": "big", "status": "error", "result_bytes": 0, "oversize": True,
         "reason": "response_too_large", "error": M.too_large("shop", "big", 20_000)},
        {"server": "catalog", "tool": "get_product", "status": "error", "result_bytes": 0,
         "oversize": False, "reason": "upstream_error",
         "error": M.upstream_error("catalog", "get_product", "HTTP 404 Not Found: no such product")},
        {"server": "catalog", "tool": "get_product", "status": "ok",
         "result_bytes": len(json.dumps(PRODUCTS[2]).encode()), "oversize": False},
        {"server": "shop", "tool": "plain_note", "status": "ok",
         "result_bytes": len("order 4 ships monday"), "oversize": False},
        # the host fixture allows 5 calls per program
        {"server": "shop", "tool": "plain_note", "status": "error", "result_bytes": 0,
         "oversize": False, "reason": "cap_exhausted", "error": M.cap_exhausted(5)},
    ]


def test_a_program_error_keeps_the_calls_made_before_it(host):
    # rejected arguments are a program error, not an upstream call: not recorded
    r = run(host, "(do " + call("shop", "plain_note", "{:id 4}") + call("shop", "get_order", '{:id "x"}') + ")")
    assert r.status == "error"
    assert [e["tool"] for e in r.upstream_calls] == ["plain_note"]
    # each run starts a new list; a run without upstream calls has none
    assert run(host, "(+ 1 2)").upstream_calls == []
    assert ptclisp.Session().run("1").upstream_calls == []


def test_recorded_under_process_isolation_too(host):
    r = run(host, f'(pmap tool/call [{{:server "shop" :tool "plain_note" :args {{:id 4}}}} '
                  f'{{:server "catalog" :tool "get_product" :args {{:id 3}}}}])',
            limits=ptclisp.Limits(isolation="process"))
    assert sorted((e["tool"], e["status"], e["result_bytes"]) for e in r.upstream_calls) == [
        ("get_product", "ok", len(json.dumps(PRODUCTS[2]).encode())),
        ("plain_note", "ok", len("order 4 ships monday"))]
