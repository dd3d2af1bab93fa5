"""The byte caps of the MCP transports (a message over max_response_bytes is refused as it is
read, before it is decoded) and transparent restarts, against hostile and dying fixture servers.

A flood is 50 MB; the cap here is 100,000 bytes, so "read near the cap" means at most the cap
plus one read (64 KiB) plus the small messages of the start (initialize, tools/list).
"""
from __future__ import annotations

import time

import pytest

import ptclisp
import ptclisp.upstream as U
from ptclisp.upstream import mcp_client
from ptclisp.upstream import messages as M

from conftest import ENV, config, run
from hostile_http import FLOOD_BYTES, serve

CAP = 100_000
NEAR_CAP = CAP + 64 * 1024 + 20_000  # the cap, one read, the start's messages


def result(host, program):
    r = run(host, program)
    assert r.ok, r.error
    return r.to_python()


def call(server, tool, args="{}"):
    return f'(tool/call {{:server "{server}" :tool "{tool}" :args {args}}})'


@pytest.fixture()
def shop():
    with U.load(config(max_response_bytes=CAP), environ=ENV) as ups:
        yield ups


@pytest.fixture()
def hostile():
    server = serve()
    cfg = {"upstreams": {"evil": {"transport": "mcp_http", "allow_insecure_http": True,
                                  "url": f"http://127.0.0.1:{server.server_address[1]}/mcp"}},
           "limits": {"max_response_bytes": CAP}}
    with U.load(cfg) as ups:
        yield ups, server
    server.shutdown()


# ------------------------------------------------------------------ stdio

@pytest.mark.parametrize("id_last", ["false", "true"])
def test_a_50_mb_stdio_answer_is_refused_near_the_cap(shop, id_last):
    conn = shop.connections["shop"]
    first = result(shop, call("shop", "pid"))["value"]
    out = result(shop, call("shop", "flood", f"{{:megabytes 50 :id_last {id_last}}}"))
    assert out == {"ok": False, "reason": "response_too_large",
                   "message": M.too_large("shop", "flood", CAP)}
    assert conn.bytes_read < NEAR_CAP  # of 50 MB written
    # the server was ended; the next call starts a fresh one, transparently
    again = result(shop, call("shop", "pid"))
    assert again["ok"] is True and again["value"] != first


def test_an_oversized_answer_in_pmap_fails_only_its_call(shop):
    # the flood's line starts with its id, so its call is told apart from the other one; that
    # one either was waiting when the connection ended under it, or was sent after, to a fresh
    # server (pmap does not order them)
    result(shop, call("shop", "pid"))
    program = ('(pmap tool/call [{:server "shop" :tool "flood" :args {:megabytes 50}} '
               '{:server "shop" :tool "slow" :args {:seconds 1}}])')
    flood, slow = result(shop, program)
    assert flood == {"ok": False, "reason": "response_too_large",
                     "message": M.too_large("shop", "flood", CAP)}
    reset = M.unavailable("shop", M.reset_after_oversized(f"over {CAP} bytes"))
    assert slow in ({"ok": True, "value": "done", "value_kind": "json"},
                    {"ok": False, "reason": "upstream_unavailable", "message": reset})
    assert result(shop, call("shop", "get_order", "{:id 2}"))["value"]["id"] == 2


# ------------------------------------------------------------------ Streamable HTTP

@pytest.mark.parametrize("tool", ["flood_json", "flood_length", "flood_sse"])
def test_a_50_mb_http_answer_is_refused_near_the_cap(hostile, tool, caplog):
    ups, server = hostile
    assert result(ups, call("evil", "ok"))["value"] == "fine"
    out = result(ups, call("evil", tool))
    assert out == {"ok": False, "reason": "response_too_large",
                   "message": M.too_large("evil", tool, CAP)}
    assert ups.connections["evil"].bytes_read < NEAR_CAP
    # the client hung up: the server could not write its 50 MB (localhost buffers hold a few)
    deadline = time.monotonic() + 10
    while tool not in server.sent and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.sent[tool] < FLOOD_BYTES
    # the SDK's log of the refused body as a parse failure (with a traceback) is dropped
    assert [r.getMessage() for r in caplog.records if r.exc_info] == []
    # the same connection goes on
    assert result(ups, call("evil", "ok"))["value"] == "fine"
    assert ups.connections["evil"].starts == 1


def test_an_event_stream_is_capped_per_event_not_in_total(hostile):
    # 30 events of 10 KB (LF and CRLF ends) and the answer: 300 KB in all, over the 100 KB cap
    ups, _ = hostile
    assert result(ups, call("evil", "chatty"))["value"] == "done"
    assert ups.connections["evil"].bytes_read > 3 * CAP


# ------------------------------------------------------------------ restarts

def test_a_crash_between_calls_costs_the_program_nothing():
    with U.load(config(), environ=ENV) as ups:
        conn = ups.connections["shop"]
        first = result(ups, call("shop", "pid"))["value"]
        assert result(ups, call("shop", "die_soon"))["value"] == "bye"
        deadline = time.monotonic() + 10
        while conn._link.alive and time.monotonic() < deadline:  # the exit is noticed
            time.sleep(0.05)
        assert not conn._link.alive
        second = result(ups, call("shop", "pid"))
        assert second["ok"] is True and second["value"] != first and conn.starts == 2


def test_a_crash_loop_is_not_restarted_forever(monkeypatch):
    monkeypatch.setattr(mcp_client, "MAX_RESTARTS", 1)
    with U.load(config(), environ=ENV) as ups:
        s = ptclisp.Session(upstreams=ups)
        program = f'(mapv :message (for [_ (range 4)] {call("shop", "crash")}))'
        messages = s.run(program).to_python()
        # the first start and one restart crash; then calls fail at once, without a start
        crashed = M.unavailable("shop", M.CRASHED + "; it exited with code 3")  # os._exit(3)
        assert messages == [crashed] * 2 + [
            M.unavailable("shop", M.restart_limit(1, mcp_client.RESTART_WINDOW))] * 2
        assert ups.connections["shop"].starts == 2


def test_an_http_upstream_restarted_between_calls_costs_the_program_nothing():
    import subprocess
    import sys
    from conftest import SERVER, free_port, wait_for_port
    port = free_port()

    def start():
        process = subprocess.Popen([sys.executable, SERVER, "http", str(port), "crm"],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for_port(port, process)
        return process

    cfg = {"upstreams": {"crm": {"transport": "mcp_http", "allow_insecure_http": True,
                                 "url": f"http://127.0.0.1:{port}/mcp"}}}
    process = start()
    try:
        with U.load(cfg) as ups:
            get = call("crm", "get_account", "{:customer_id 11}")
            assert result(ups, get)["value"]["name"] == "Bo"
            process.terminate()
            process.wait(10)
            # down: the request never reached a server, so it is not an answer lost
            out = result(ups, get)
            assert out["reason"] == "upstream_unavailable" and \
                out["message"].startswith(M.unavailable("crm", M.NOT_STARTED))
            process = start()
            assert result(ups, get)["value"]["name"] == "Bo"
            starts = ups.connections["crm"].starts
            process.terminate()
            process.wait(10)
            process = start()
            # a new server between two calls: the old MCP session is unknown to it (404), so
            # the call is sent again in a fresh one
            assert result(ups, get)["value"]["name"] == "Bo"
            assert ups.connections["crm"].starts == starts + 1
    finally:
        process.terminate()
        process.wait(10)


def test_the_new_fault_texts():
    assert M.unavailable("shop", M.restart_limit(3, 60.0)) == (
        "upstream 'shop' is unavailable: it was restarted 3 times within 60 s; it is not "
        "restarted again until that many restarts are older than that")
    assert M.unavailable("shop", M.reset_after_oversized("over 100 bytes")) == (
        "upstream 'shop' is unavailable: the connection was reset after an answer over 100 bytes "
        "(it restarts on the next call)")
    assert M.not_started("") == "it could not be started"
    assert M.not_started("Connection refused") == "it could not be started (Connection refused)"
