"""Upstreams under Limits(isolation="process"): tool/call and discovery in the worker answer
exactly as in-process (whose answers test_calls.py checks against the fixtures)."""
from __future__ import annotations

import pytest

import ptclisp
from ptclisp import errors, messages
from ptclisp.sandbox.worker_catalog import CATALOG_TOOL, host_call
from ptclisp.upstream import messages as M

from conftest import run

ISOLATED = ptclisp.Limits(isolation="process")

PROGRAMS = [
    '(dir "catalog")',
    '(dir "catalog" {:limit 2 :offset 1})',
    '(count (dir clojure.set))',
    '(doc "catalog/list_products")',
    "(doc catalog/get_product)",
    '(doc "catalog/get_prodct")',  # an error naming near tools
    '(apropos "product")',
    '(take 3 (apropos "order"))',
    "(mapv :name (tool/servers))",
    '(:value (tool/call {:server "shop" :tool "get_order" :args {:id 3}}))',
    '(mapv (comp :id :value) (pmap tool/call (map (fn [i] {:server "crm" :tool "get_account" '
    ':args {:customer_id i}}) [10 12])))',
    '(tool/call {:server "shop" :tool "get_order" :args {:id "x"}})',  # rejected args: an error
]


def outcome(r):
    return (r.status, r.to_python() if r.ok else None, r.prints,
            (r.error.message, r.error.hint) if r.error else None)


@pytest.mark.parametrize("program", PROGRAMS)
def test_discovery_and_calls_answer_the_same_in_a_worker(host, program):
    assert outcome(run(host, program, limits=ISOLATED)) == outcome(run(host, program))


def test_what_a_worker_sees(host):
    r = run(host, '(dir "catalog" {:limit 2})', limits=ISOLATED)
    assert r.to_python() == ["dump - A large answer.", "get_product - One product by id."]
    r = run(host, '(doc "catalog/get_prodct")', limits=ISOLATED)
    assert r.error.message == M.unknown_upstream_tool("get_prodct", "catalog")
    r = run(host, '(doc "shop/get_order")', limits=ISOLATED)
    assert "Args: :id integer" in r.prints[0]


def test_the_call_cap_is_kept_by_the_host(host):
    program = '(mapv :ok (for [_ (range 7)] (tool/call {:server "shop" :tool "pid"})))'
    assert run(host, program, limits=ISOLATED).to_python() == [True] * 5 + [False] * 2


def test_the_host_refuses_a_malformed_discovery_request(host):
    session = ptclisp.Session(upstreams=host)
    assert host_call(session, ["dir_lines", "catalog", 1, 0]) == ["dump - A large answer."]
    for bad in (["close"], ["dir_lines", "catalog", [1], 0], [], "dir_lines"):
        with pytest.raises(errors.ToolError) as e:
            host_call(session, bad)
        assert e.value.message == messages.ISOLATION_BAD_DISCOVERY
    with pytest.raises(errors.ToolError):
        host_call(ptclisp.Session(), ["apropos_entries"])  # no upstreams
    assert CATALOG_TOOL.startswith("\0")  # no program can name it
    assert messages.ISOLATION_BAD_DISCOVERY == (
        "the isolated worker sent a malformed upstream discovery request")
