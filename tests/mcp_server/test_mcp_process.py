"""`ptclisp mcp` as a process: the protocol stream, logs, shutdown, process isolation.

Linux only (processes are found through /proc), like the isolation tests of the sandbox.
"""
from __future__ import annotations

import os
import signal
import socket
import sys
import time

import anyio
import pytest
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

from ptclisp import messages as core_messages
from mcp_harness import TOOLS_FILE, RawServer, alive, call, children_running, connect, descendants

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


def _all_gone(pids, within: float = 10.0) -> set:
    """The pids still alive after waiting up to `within` seconds for them to go."""
    deadline = time.monotonic() + within
    left = set(pids)
    while left and time.monotonic() < deadline:
        left = {p for p in left if alive(p)}
        time.sleep(0.05)
    return left


def test_protocol_on_stdout_logs_on_stderr_and_exit_on_eof():
    srv = RawServer("--tools", str(TOOLS_FILE))
    srv.send("this line is not JSON")  # ignored; the server keeps reading
    hello = srv.initialize()
    assert hello["result"]["serverInfo"]["name"] == "ptclisp"
    reply = srv.lisp_eval(1, {"program": "(:name (tool/get-user {:id 7}))"})
    assert reply["result"] == {"content": [{"type": "text", "text": '"Ada"'}], "isError": False}
    assert srv.request(2, "no/such/method")["error"]["code"] == -32601
    assert srv.lisp_eval(3, [1, 2])["error"]["code"] == -32602  # arguments not an object
    failed = srv.lisp_eval(4, {"program": "(tool/get-user {:id 99})"})["result"]
    assert failed["isError"] and failed["content"][0]["text"].startswith("ToolError")
    assert "Traceback" not in failed["content"][0]["text"]
    assert srv.lisp_eval(5, {"program": "(+ 1 2)"})["result"]["content"][0]["text"] == "3"
    srv.process.stdin.close()
    assert srv.process.wait(timeout=15) == 0
    assert srv.process.stdout.read() == ""  # every line written was one JSON-RPC message
    err = srv.process.stderr.read()
    assert "get_user called" in err  # the tool's print
    assert "WARNING ptclisp: tool get-user raised" in err  # the host's log, with traceback
    assert "KeyError: 99" in err


def test_isolation_a_crashed_worker_does_not_take_the_server_down():
    async def body():
        async with connect("--isolation", "process", "--timeout", "20") as s:
            assert await call(s, "(+ 1 2)") == (False, "3")
            [server] = children_running("--isolation")
            outcome = {}

            async def runaway():
                outcome["reply"] = await call(s, "(loop [i 0] (recur (inc i)))")

            async with anyio.create_task_group() as tg:
                tg.start_soon(runaway)
                with anyio.fail_after(15):
                    while "reply" not in outcome:  # kill the workers (not the zygote) until
                        await anyio.sleep(0.3)     # the one running the loop is gone
                        for pid in _grandchildren(server):
                            os.kill(pid, signal.SIGKILL)
            is_error, text = outcome["reply"]
            assert is_error and text.startswith("InternalError")
            assert core_messages.ISOLATION_WORKER_DIED in text
            assert await call(s, "(* 6 7)") == (False, "42")
            survivors.update(descendants(server) | {server})

    survivors: set = set()
    anyio.run(body)
    assert not _all_gone(survivors)  # the client closed stdin: server, zygote, workers all gone


def _grandchildren(pid: int) -> set:
    """Processes two levels below pid (the zygote's workers)."""
    children = {p for p in descendants(pid) if _parent(p) == pid}
    return {p for p in descendants(pid) if _parent(p) in children}


def _parent(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return int(f.read().rsplit(")", 1)[1].split()[1])
    except OSError:
        return None


def test_sigterm_stops_the_server_and_its_workers():
    srv = RawServer("--isolation", "process")
    srv.initialize()
    assert srv.lisp_eval(1, {"program": "(+ 40 2)"})["result"]["content"][0]["text"] == "42"
    procs = descendants(srv.process.pid)
    assert procs  # the zygote and its warm workers
    srv.process.send_signal(signal.SIGTERM)
    assert srv.process.wait(timeout=15) == 0
    assert not _all_gone(procs)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_http_transport_keeps_one_session_per_connection():
    port = _free_port()
    srv = RawServer("--transport", "http", "--port", str(port), "--session")
    url = f"http://127.0.0.1:{port}/mcp"

    async def body():
        with anyio.fail_after(30):
            while True:  # until the server listens
                try:
                    await (await anyio.connect_tcp("127.0.0.1", port)).aclose()
                    break
                except OSError:
                    await anyio.sleep(0.1)
        async with streamable_http_client(url) as (r1, w1), ClientSession(r1, w1) as one, \
                streamable_http_client(url) as (r2, w2), ClientSession(r2, w2) as two:
            await one.initialize()
            await two.initialize()
            assert (await call(one, "(def x 1)"))[0] is False
            is_error, text = await call(two, "x")
            assert is_error and "Unable to resolve symbol: x" in text  # another connection
            assert await call(two, "(def x 2) (* x 10)") == (False, "20\n;; x = 2")
            assert await call(one, "x") == (False, "1")
    try:
        anyio.run(body)
    finally:
        srv.process.send_signal(signal.SIGTERM)
        assert srv.process.wait(timeout=15) == 0
