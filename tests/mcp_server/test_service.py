"""`ptclisp mcp --transport http` as a shared service (#28), against a real Redis server and real
replicas, driven by the official MCP client SDK: sessions shared by replicas, a replica killed
between calls, the bearer token, per-client limits, /healthz, /metrics, JSON logs with request
ids, graceful shutdown.

Linux only (the replicas are processes found and signalled like test_mcp_process's); the tests
that need Redis skip, saying why, only when redis-server is missing (.ci/run installs it).
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time

import anyio
import httpx2
import pytest
import redis as redis_client
from prometheus_client.parser import text_string_to_metric_families

from ptclisp.llm import format_error_for_llm
from ptclisp.mcp import messages as M
from mcp_harness import command
from service_harness import NO_REDIS, SLOW_TOOLS, Redis, Replica, call, mcp_session

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux processes")
needs_redis = pytest.mark.skipif(shutil.which("redis-server") is None, reason=NO_REDIS)

TOKENS = {"PTCLISP_TEST_TOKENS": "token-a,token-b"}


@pytest.fixture
def redis(tmp_path):
    server = Redis(tmp_path).start()
    yield server
    server.stop()


@pytest.fixture
def replicas(tmp_path):
    """start(*args) -> a Replica; every one started is stopped at the end."""
    started = []

    def start(*args, env=None):
        replica = Replica(*args, log=tmp_path / f"replica{len(started)}.log", env=env)
        started.append(replica)
        return replica
    yield start
    for replica in started:
        replica.kill()


def run(body, within: float = 90):
    async def bounded():
        with anyio.fail_after(within):
            await body()
    anyio.run(bounded)


def stored(redis, *, token=True):
    """The shared-service replica arguments over this Redis."""
    args = ["--session", "--session-store", redis.url, "--tools", str(SLOW_TOOLS)]
    return args + (["--auth-token-env", "PTCLISP_TEST_TOKENS"] if token else [])


# ---------------------------------------------------------------- sessions shared by replicas

@needs_redis
def test_a_def_through_one_replica_is_read_through_the_other(redis, replicas):
    a, b = replicas(*stored(redis), env=TOKENS), replicas(*stored(redis), env=TOKENS)

    async def body():
        async with mcp_session([a.port], "token-a") as (s, route):
            assert await call(s, "(def xs [1 2 3]) (def total 6)") == (
                False, "#'total\n;; total = 6\n;; xs = [1 2 3]")
            route.target = b.port
            assert await call(s, "(+ total (count xs))") == (False, "9")
            assert await call(s, "*1") == (False, "9")  # the history travels too
            route.target = a.port
            assert await call(s, "[*1 *2]") == (False, "[9 9]")
    run(body)


@needs_redis
def test_a_replica_killed_between_two_calls_loses_nothing(redis, replicas):
    a, b = replicas(*stored(redis), env=TOKENS), replicas(*stored(redis), env=TOKENS)

    async def body():
        async with mcp_session([a.port], "token-a") as (s, route):
            assert (await call(s, "(def user {:name \"Ada\" :langs #{\"lisp\"}})"))[0] is False
            a.kill()  # SIGKILL: nothing of the session was left to save
            route.target = b.port
            assert await call(s, "(:name user)") == (False, '"Ada"')
            assert await call(s, "(contains? (:langs user) \"lisp\")") == (False, "true")
    run(body)


@needs_redis
def test_calls_of_one_session_are_serialized_across_replicas(redis, replicas):
    a, b = replicas(*stored(redis), env=TOKENS), replicas(*stored(redis), env=TOKENS)
    n = 8

    async def body():
        async with mcp_session([a.port, b.port], "token-a") as (s, _):
            assert (await call(s, "(def n 0)"))[0] is False
            # each call reads n, waits, then writes n + 1: without the lock updates get lost
            bump = "(let [seen n] (tool/nap {:seconds 0.05}) (def n (inc seen)))"
            async with anyio.create_task_group() as tg:
                for _ in range(n):
                    tg.start_soon(call, s, bump)
            assert await call(s, "n") == (False, str(n))
    run(body)


@needs_redis
def test_functions_are_reported_not_kept_and_a_failed_call_changes_nothing(redis, replicas):
    a = replicas(*stored(redis, token=False))

    async def body():
        async with mcp_session([a.port]) as (s, _):
            (tool,) = (await s.list_tools()).tools
            assert tool.description.endswith("\n\n" + M.CARD_FUNCTIONS_NOT_KEPT)
            is_error, text = await call(s, "(defn twice [x] (* 2 x)) (def k 1) (twice k)")
            assert is_error is False
            assert text.endswith(M.not_kept(["memory twice holds #fn[twice]"]))
            is_error, text = await call(s, "twice")
            assert is_error and "Unable to resolve symbol: twice" in text
            assert (await call(s, "(def k 2) (/ 1 0)"))[0] is True
            assert await call(s, "k") == (False, "1")
    run(body)


@needs_redis
def test_a_session_is_saved_as_its_edn_text_with_the_time_to_live(redis, replicas):
    a = replicas(*stored(redis, token=False), "--session-ttl", "120")

    async def body():
        async with mcp_session([a.port]) as (s, _):
            assert (await call(s, "(def greeting \"hi\")"))[0] is False
            db = redis_client.Redis(port=redis.port, decode_responses=True)
            (key,) = db.keys("ptclisp:session:*")
            text = db.get(key)
            assert text.startswith(";; ptclisp session\n") and ':memory {"greeting" "hi"}' in text
            assert 100 < db.ttl(key) <= 120
            db.close()
    run(body)


# ---------------------------------------------------------------- the token and the limits

@needs_redis
def test_requests_without_the_bearer_token_get_401(redis, replicas):
    a = replicas(*stored(redis), env=TOKENS)
    body_json = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": "Basic token-a"}):
        r = httpx2.post(f"{a.url}/mcp", json=body_json, headers={
            "Accept": "application/json, text/event-stream", **headers})
        assert r.status_code == 401
        assert r.json() == {"error": "unauthorized", "message": M.UNAUTHORIZED}
        assert r.headers["www-authenticate"].startswith("Bearer")
    assert httpx2.get(f"{a.url}/healthz").status_code == 200  # probes need no token

    async def body():
        for token in ("token-a", "token-b"):  # each token of the list is let in
            async with mcp_session([a.port], token) as (s, _):
                assert await call(s, "(+ 1 2)") == (False, "3")
    run(body)


async def _within_one_minute():
    """Wait, if need be, so that the next 15 s stay within one clock minute (the counters')."""
    if time.time() % 60 > 45:
        await anyio.sleep(60.5 - time.time() % 60)


@needs_redis
def test_calls_per_minute_are_limited_per_client_across_replicas(redis, replicas):
    args = [*stored(redis), "--calls-per-minute", "3"]
    a, b = replicas(*args, env=TOKENS), replicas(*args, env=TOKENS)
    refused = (True, format_error_for_llm({"kind": M.LIMIT_KIND, "message": M.rate_limited(3),
                                           "hint": M.HINT_RATE}))

    async def body():
        async with mcp_session([a.port, b.port], "token-a") as (s, _):
            await _within_one_minute()
            answers = [await call(s, f"(* {i} 2)") for i in range(4)]
            assert answers == [(False, "0"), (False, "2"), (False, "4"), refused]
        async with mcp_session([b.port], "token-b") as (s, _):  # another client is not limited
            assert await call(s, "(+ 1 1)") == (False, "2")
    run(body)


@needs_redis
def test_concurrent_runs_are_limited_per_client(redis, replicas):
    a = replicas(*stored(redis), "--max-concurrent-runs", "1", env=TOKENS)
    refused = (True, format_error_for_llm({"kind": M.LIMIT_KIND, "message": M.too_many_runs(1),
                                           "hint": M.HINT_RUNS}))

    async def body():
        async with mcp_session([a.port], "token-a") as (s1, _), \
                mcp_session([a.port], "token-a") as (s2, _), \
                mcp_session([a.port], "token-b") as (s3, _):
            answers = {}

            async def slow():
                answers["slow"] = await call(s1, "(tool/nap {:seconds 2})")
            async with anyio.create_task_group() as tg:
                tg.start_soon(slow)
                await anyio.sleep(0.7)  # the slow call is running
                answers["same client"] = await call(s2, "1")
                answers["other client"] = await call(s3, "2")
            assert answers == {"slow": (False, "2"), "same client": refused,
                               "other client": (False, "2")}
    run(body)


# ---------------------------------------------------------------- operations

@needs_redis
def test_healthz_follows_the_store(redis, replicas, tmp_path):
    a = replicas(*stored(redis, token=False))
    assert httpx2.get(f"{a.url}/healthz").json() == {"status": "ok"}
    redis.stop()
    r = httpx2.get(f"{a.url}/healthz", timeout=30)
    assert (r.status_code, r.json()) == (503, {"status": M.HEALTH_DOWN})

    async def body():
        async with mcp_session([a.port]) as (s, _):
            assert await call(s, "(+ 1 2)") == (True, format_error_for_llm(
                {"kind": M.STORE_KIND, "message": M.STORE_DOWN, "hint": M.HINT_STORE}))
    run(body)
    again = Redis(tmp_path, port=redis.port).start()  # the same address again
    try:
        assert httpx2.get(f"{a.url}/healthz", timeout=30).status_code == 200
    finally:
        again.stop()


def _samples(text: str) -> dict:
    out = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            out[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return out


@needs_redis
def test_metrics_count_runs_limits_sessions_and_store_latency(redis, replicas):
    a = replicas(*stored(redis), "--calls-per-minute", "4", env=TOKENS)

    async def body():
        async with mcp_session([a.port], "token-a") as (s, _):
            await _within_one_minute()
            assert (await call(s, "(def x (tool/wait {:seconds 0}))"))[0] is False
            assert (await call(s, "(+ x (tool/nap {:seconds 0}) (tool/nap {:seconds 0}))"))[0] is False
            assert (await call(s, "(/ 1 0)"))[0] is True
            assert (await call(s, "x"))[0] is False
            assert (await call(s, "x"))[0] is True  # the fifth call of the minute
    run(body)
    r = httpx2.get(f"{a.url}/metrics")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
    got = _samples(r.text)
    # the tools the programs called, by tool (not the lisp_eval calls: runs_total counts those)
    assert got[("ptclisp_tool_calls_total", (("tool", "wait"),))] == 1
    assert got[("ptclisp_tool_calls_total", (("tool", "nap"),))] == 2
    assert got[("ptclisp_runs_total", (("status", "ok"),))] == 3
    assert got[("ptclisp_runs_total", (("status", "error"),))] == 1
    assert got[("ptclisp_runs_total", (("status", "limited"),))] == 1
    assert got[("ptclisp_limit_hits_total", (("limit", "calls_per_minute"),))] == 1
    assert got[("ptclisp_run_duration_seconds_count", ())] == 5
    assert got[("ptclisp_sessions_active", ())] == 1
    # a failed program changes nothing, so nothing is saved after it
    assert got[("ptclisp_store_latency_seconds_count", (("op", "save"),))] == 3
    assert got[("ptclisp_store_latency_seconds_count", (("op", "load"),))] == 4


@needs_redis
def test_json_logs_carry_the_request_id(redis, replicas):
    a = replicas(*stored(redis, token=False), "--log-format", "json", "--log-level", "INFO")

    async def body():
        async with mcp_session([a.port], headers={"X-Request-Id": "req-42"}) as (s, _):
            assert await call(s, "(+ 1 2)") == (False, "3")
    run(body)
    r = httpx2.get(f"{a.url}/healthz", headers={"X-Request-Id": "probe-7"})
    assert r.headers["x-request-id"] == "probe-7"
    a.terminate()
    lines = [json.loads(line) for line in a.stderr().splitlines() if line.startswith("{")]
    calls = [x for x in lines if x["message"] == "lisp_eval"]
    assert len(calls) == 1 and calls[0]["request_id"] == "req-42"
    assert calls[0]["status"] == "ok" and calls[0]["duration_ms"] > 0
    probes = [x for x in lines if x.get("path") == "/healthz"]
    assert probes and probes[0]["request_id"] == "probe-7" and probes[0]["code"] == 200


@needs_redis
def test_graceful_shutdown_lets_a_running_program_finish(redis, replicas):
    a = replicas(*stored(redis, token=False), "--timeout", "10")
    answers = []

    async def body():
        async with mcp_session([a.port]) as (s, _):
            await s.list_tools()  # the client checks results against it: not asked while stopping
            async with anyio.create_task_group() as tg:
                async def slow():
                    answers.append(await call(s, "(def slept (tool/nap {:seconds 2})) slept"))
                tg.start_soon(slow)
                await anyio.sleep(0.8)  # the program is running
                a.process.send_signal(signal.SIGTERM)
    try:
        run(body)
    except BaseException:  # the client's closing DELETE finds the server gone: not the point
        pass
    assert answers == [(False, "2\n;; slept = 2")]
    assert not Replica.listening(a.port)
    assert a.process.wait(timeout=30) == 0


# ---------------------------------------------------------------- the command line

@pytest.mark.parametrize("args, message", [
    (["--transport", "http", "--auth-token-env", "PTCLISP_UNSET_TOKEN"],
     M.no_token("PTCLISP_UNSET_TOKEN")),
    (["--transport", "http", "--session-store", "mysql://x"], M.bad_store_url("mysql://x")),
    (["--session-store", "redis://127.0.0.1:1/0"], M.SERVICE_NEEDS_HTTP),
])
def test_unusable_service_options_stop_the_command(args, message):
    done = subprocess.run(command(*args), capture_output=True, text=True, timeout=60,
                          env={k: v for k, v in os.environ.items() if k != "PTCLISP_UNSET_TOKEN"})
    assert done.returncode == 2
    assert done.stderr.strip() == f"ptclisp: {message}"


def test_the_gate_without_redis_ids_get_delete_and_memory_sessions(replicas):
    a = replicas("--session", "--tools", str(SLOW_TOOLS))  # sessions in memory: no Redis needed
    accept = {"Accept": "application/json, text/event-stream"}
    listing = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    r = httpx2.post(f"{a.url}/mcp", json=listing, headers={**accept, "mcp-session-id": "a b"})
    assert (r.status_code, r.json()) == (400, {"error": "bad session id",
                                               "message": M.BAD_SESSION_ID})
    r = httpx2.post(f"{a.url}/mcp", json=listing, headers=accept)
    assert r.status_code == 200 and len(r.headers["mcp-session-id"]) == 32  # one is given
    assert httpx2.get(f"{a.url}/mcp", headers={"mcp-session-id": "abc"}).status_code == 405

    async def body():
        async with mcp_session([a.port]) as (s, _):
            assert (await call(s, "(defn f [x] (inc x))"))[0] is False
            assert await call(s, "(f 1)") == (False, "2")  # the memory store keeps functions
            (tool,) = (await s.list_tools()).tools
            assert M.CARD_FUNCTIONS_NOT_KEPT not in tool.description
    run(body)
    r = httpx2.get(f"{a.url}/metrics")  # metrics without Redis too
    assert _samples(r.text)[("ptclisp_runs_total", (("status", "ok"),))] == 2


def test_sandbox_limits_are_counted_by_limit(replicas):
    a = replicas("--tools", str(SLOW_TOOLS), "--max-steps", "1000", "--timeout", "0.2")

    async def body():
        async with mcp_session([a.port]) as (s, _):
            assert (await call(s, "(loop [i 0] (recur (inc i)))"))[0] is True  # max_steps
            assert (await call(s, "(count (range 100))"))[0] is False
            assert (await call(s, '(tool/wait {:seconds 0}) (reduce + (range 10))'))[0] is False
    run(body)
    got = _samples(httpx2.get(f"{a.url}/metrics").text)
    assert got[("ptclisp_limit_hits_total", (("limit", "max_steps"),))] == 1
    assert ("ptclisp_limit_hits_total", (("limit", "timeout"),)) not in got
    assert got[("ptclisp_tool_calls_total", (("tool", "wait"),))] == 1
    assert got[("ptclisp_runs_total", (("status", "error"),))] == 1


def test_the_start_up_line_says_where_what_store_and_which_limits(replicas):
    a = replicas("--session", "--session-store", "memory://", "--calls-per-minute", "7",
                 "--timeout", "0.5")
    run(lambda: anyio.sleep(0))
    line = next(x for x in a.stderr().splitlines() if "serving lisp_eval at" in x)
    assert f"serving lisp_eval at http://127.0.0.1:{a.port}/mcp;" in line
    for fact in ("store memory (this process)", "auth none", "calls per minute 7",
                 "timeout 0.5", "max connections 512", "client 32 sessions, 32 MB"):
        assert fact in line, (fact, line)


def test_a_redis_password_never_shows_in_the_start_up_line():
    from ptclisp.mcp.service import shown_store_url
    assert shown_store_url("redis://user:hunter2@db.internal:6379/0") == \
        "redis://user:***@db.internal:6379/0"
    assert shown_store_url("redis://db:6379") == "redis://db:6379"
    assert shown_store_url(None) == "memory (this process)"


@needs_redis
def test_a_request_body_over_max_request_mb_is_refused_with_413(replicas):
    a = replicas("--max-request-mb", "1")
    accept = {"Accept": "application/json, text/event-stream"}
    big = {"jsonrpc": "2.0", "id": 1, "method": "tools/call",
           "params": {"name": "lisp_eval", "arguments": {"program": "1", "context": {
               "blob": "x" * (2 * 1024 * 1024)}}}}
    assert httpx2.post(f"{a.url}/mcp", json=big, headers=accept).status_code == 413
    small = {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}
    assert httpx2.post(f"{a.url}/mcp", json=small, headers=accept).status_code == 200
