"""One tenant cannot starve, evict or trick another (#36): the shared service's quotas, saved
sizes, run slots, session locks and store hiccups, against a real redis-server and real
`ptclisp mcp --transport http` replicas (one Redis and one pair of replicas per module where the
tests can share them; the limits set low so the sizes stay small).

Calls are plain JSON-RPC POSTs with a session id of the test's choosing (the service runs the
SDK's transport stateless), so one session can be called through any replica, in parallel.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import shutil
import sys
import time

import anyio
import httpx2
import pytest
import redis as redis_client

from ptclisp.llm import format_error_for_llm
from ptclisp.mcp import messages as M
from service_harness import (NO_REDIS, SECRET, SLOW_TOOLS, DelayProxy, Redis, Replica,
                             raw_call)

pytestmark = [pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux processes"),
              pytest.mark.skipif(shutil.which("redis-server") is None, reason=NO_REDIS)]

TOKENS = [f"token-{i}" for i in range(16)]
ENV = {"PTCLISP_TEST_TOKENS": ",".join(TOKENS)}
SESSION_KB = 64  # the cap on one saved session
QUOTA_ARGS = ["--max-session-kb", str(SESSION_KB), "--client-sessions", "3",
              "--client-store-mb", "0.1", "--lease-seconds", "2"]


@pytest.fixture(scope="module")
def redis(tmp_path_factory):
    server = Redis(tmp_path_factory.mktemp("redis")).start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def pair(redis, tmp_path_factory):
    """Two replicas over the module's Redis, with low quotas, JSON logs at INFO."""
    logs = tmp_path_factory.mktemp("pair")
    args = stored(redis.url) + QUOTA_ARGS + ["--log-format", "json", "--log-level", "INFO"]
    replicas = [Replica(*args, log=logs / f"r{i}.log", env=ENV) for i in range(2)]
    yield replicas
    for r in replicas:
        r.kill()


@pytest.fixture
def replicas(tmp_path):
    """start(*args) -> a Replica of the test's own; every one started is stopped at the end."""
    started = []

    def start(*args):
        replica = Replica(*args, log=tmp_path / f"own{len(started)}.log", env=ENV)
        started.append(replica)
        return replica
    yield start
    for replica in started:
        replica.kill()


def stored(url: str) -> list[str]:
    return ["--session", "--session-store", url, "--tools", str(SLOW_TOOLS),
            "--auth-token-env", "PTCLISP_TEST_TOKENS"]


def run(body, within: float = 90):
    async def bounded():
        with anyio.fail_after(within):
            async with httpx2.AsyncClient(timeout=httpx2.Timeout(60)) as http:
                await body(http)
    anyio.run(bounded)


def refused(kind: str, message: str, hint: str) -> tuple[bool, str]:
    return True, format_error_for_llm({"kind": kind, "message": message, "hint": hint})


def client_part(token: str) -> str:
    """The client's name in store keys: HMAC-SHA256 of its token under the server's secret."""
    return "t:" + hmac.new(SECRET.encode(), token.encode(), hashlib.sha256).hexdigest()[:24]


def db(redis) -> redis_client.Redis:
    return redis_client.Redis(port=redis.port, decode_responses=True)


def unbound(answer, name: str) -> bool:
    """Whether the answer says name is not defined in the session."""
    return answer[0] is True and f"Unable to resolve symbol: {name}" in answer[1]


def big_string(n: int) -> str:
    """A program expression building an n-character string."""
    return f'(str/join (map (fn [_] "x") (range {n})))'


# ---------------------------------------------------------------- 1. what is saved, bounded

def test_a_repeated_long_keyword_is_refused_by_its_saved_size_and_the_session_kept(redis, pair):
    a, b = pair
    amplify = ('(def k (keyword (str/join (map (fn [_] "k") (range 20000))))) '
               "(def v (vec (map (fn [_] k) (range 200))))")  # 4 MB saved, a few KB held

    async def body(http):
        t = TOKENS[0]
        assert await raw_call(http, a.port, "(def notes 1)", sid="amp", token=t) == (
            False, "#'notes\n;; notes = 1")
        is_error, text = await raw_call(http, a.port, amplify, sid="amp", token=t)
        assert is_error and "LimitExceeded" in text and "was undone" in text
        assert f"over the {SESSION_KB * 1024:,} a session may take" in text
        assert await raw_call(http, b.port, "notes", sid="amp", token=t) == (False, "1")
        assert unbound(await raw_call(http, b.port, "v", sid="amp", token=t), "v")
        saved = db(redis).get(f"ptclisp:session:{client_part(t)}:amp")
        assert saved is not None and len(saved) < 1000
    run(body)


def test_shared_big_integers_are_refused_by_their_saved_size(pair):
    a, _ = pair
    program = ("(def n (reduce * (map (fn [_] 1024) (range 9900)))) "  # 2^99000: 29,803 digits
               "(def v (vec (map (fn [_] n) (range 3000))))")

    async def body(http):
        is_error, text = await raw_call(http, a.port, program, sid="ints", token=TOKENS[1])
        assert is_error and "was undone" in text
        assert unbound(await raw_call(http, a.port, "n", sid="ints", token=TOKENS[1]), "n")
    run(body, within=60)


# ---------------------------------------------------------------- 5. a big *1

def test_a_big_result_answers_with_its_value_and_says_star_1_is_not_kept(pair):
    a, b = pair
    program = f"(def small 7) (def big {big_string(1000)}) (vec (map (fn [_] big) (range 200)))"

    async def body(http):
        t = TOKENS[2]
        is_error, text = await raw_call(http, a.port, program, sid="hist", token=t)
        assert is_error is False
        assert text.startswith('["xxxx')  # the value, cut for the answer
        assert text.endswith(M.history_not_kept(["*1"], SESSION_KB * 1024))
        assert ";; small = 7" in text  # what the call defined is kept
        assert await raw_call(http, b.port, "[small (count big) *1]", sid="hist", token=t) == (
            False, "[7 1000 nil]")
    run(body)


# ---------------------------------------------------------------- 1, 3. quotas per client

def test_a_client_past_its_sessions_quota_is_refused_and_others_are_not(pair):
    a, b = pair
    full = refused(M.LIMIT_KIND, M.client_sessions_full(3), M.HINT_CLIENT_SESSIONS)

    async def body(http):
        t, other = TOKENS[3], TOKENS[4]
        assert (await raw_call(http, a.port, '(def notes "of the other")', sid="n",
                               token=other))[0] is False
        for i in range(3):
            assert (await raw_call(http, (a, b)[i % 2].port, f"(def i {i})", sid=f"s{i}",
                                   token=t))[0] is False
        for replica in (a, b):  # the fourth, through either replica: refused before it runs
            assert await raw_call(http, replica.port, "(def i 3)", sid="s3", token=t) == full
        assert await raw_call(http, a.port, "i", sid="s1", token=t) == (False, "1")
        assert await raw_call(http, b.port, "notes", sid="n", token=other) == (
            False, '"of the other"')
        r = await http.delete(f"{a.url}/mcp", headers={"mcp-session-id": "s0",
                                                       "Authorization": f"Bearer {t}"})
        assert r.status_code == 200  # the client ended one: it may start another
        assert (await raw_call(http, b.port, "(def i 3)", sid="s3", token=t))[0] is False
    run(body)


def test_a_client_past_its_bytes_quota_keeps_its_session_as_it_was(pair):
    a, b = pair  # 0.1 MB for the client: two sessions of 40,000 characters fit, not three

    async def body(http):
        t = TOKENS[5]
        for sid in ("b1", "b2"):
            assert (await raw_call(http, a.port, f"(def s {big_string(40000)}) 1", sid=sid,
                                   token=t))[0] is False
        assert (await raw_call(http, a.port, "(def before 1)", sid="b3", token=t))[0] is False
        is_error, text = await raw_call(http, b.port, f"(def s {big_string(40000)}) 1",
                                        sid="b3", token=t)
        assert is_error and "over its quota of 104,857" in text
        assert await raw_call(http, a.port, "before", sid="b3", token=t) == (False, "1")
        assert unbound(await raw_call(http, a.port, "s", sid="b3", token=t), "s")
    run(body)


def test_a_full_store_refuses_new_sessions_clearly_and_keeps_the_others(redis, replicas):
    url = redis.url[:-1] + "1"  # a database of its own: its totals start at zero
    r = replicas(*stored(url), "--store-mb", "0.06", "--max-session-kb", "64")
    store_full = refused(M.STORE_KIND, M.STORE_FULL, M.HINT_STORE_FULL)

    async def body(http):
        assert (await raw_call(http, r.port, f"(def s {big_string(40000)}) 1", sid="f1",
                               token=TOKENS[6]))[0] is False
        is_error, text = await raw_call(http, r.port, f"(def s {big_string(30000)}) 1",
                                        sid="f2", token=TOKENS[7])
        assert (is_error, text) == store_full  # the save of another client: refused
        assert await raw_call(http, r.port, "(count s)", sid="f1", token=TOKENS[6]) == (
            False, "40000")
    run(body)


def test_redis_out_of_memory_is_a_clear_store_full_error(redis, replicas):
    url = redis.url[:-1] + "2"
    r = replicas(*stored(url))
    conn = db(redis)

    async def body(http):
        assert (await raw_call(http, r.port, "(def x 1)", sid="m", token=TOKENS[8]))[0] is False
        conn.config_set("maxmemory", "1")  # noeviction, the default policy: writes refused
        try:
            answer = await raw_call(http, r.port, "(def x 2)", sid="m", token=TOKENS[8])
        finally:
            conn.config_set("maxmemory", "0")
        assert answer == refused(M.STORE_KIND, M.STORE_FULL, M.HINT_STORE_FULL)
        assert await raw_call(http, r.port, "x", sid="m", token=TOKENS[8]) == (False, "1")
    run(body)


def test_the_memory_store_never_evicts_another_clients_session(replicas):
    r = replicas("--session", "--auth-token-env", "PTCLISP_TEST_TOKENS")  # the default quotas
    full = refused(M.LIMIT_KIND, M.client_sessions_full(32), M.HINT_CLIENT_SESSIONS)

    async def body(http):
        assert (await raw_call(http, r.port, '(def notes "of b")', sid="notes",
                               token=TOKENS[1]))[0] is False
        answers = [await raw_call(http, r.port, f"(def i {i})", sid=f"a{i}", token=TOKENS[0])
                   for i in range(70)]  # once 64 sessions in all evicted the oldest
        assert [a[0] for a in answers] == [False] * 32 + [True] * 38
        assert answers[-1] == full
        assert await raw_call(http, r.port, "notes", sid="notes", token=TOKENS[1]) == (
            False, '"of b"')
        assert await raw_call(http, r.port, "i", sid="a0", token=TOKENS[0]) == (False, "0")
    run(body)


# ---------------------------------------------------------------- 2. concurrent runs

def test_concurrent_runs_hold_with_a_rate_limit_and_across_replicas(redis, replicas):
    args = [*stored(redis.url), "--max-concurrent-runs", "1", "--calls-per-minute", "100"]
    a, b = replicas(*args), replicas(*args)
    too_many = refused(M.LIMIT_KIND, M.too_many_runs(1), M.HINT_RUNS)

    async def body(http):
        answers = []

        async def one(i):
            port = (a, b)[i % 2].port
            answers.append(await raw_call(http, port, "(tool/nap {:seconds 1.5})",
                                          sid=f"c{i}", token=TOKENS[9]))
        async with anyio.create_task_group() as tg:
            for i in range(8):
                tg.start_soon(one, i)
        assert sorted(answers) == [(False, "1.5")] + [too_many] * 7
    run(body)


def test_a_killed_replicas_run_slot_expires_with_its_lease(redis, replicas):
    args = [*stored(redis.url), "--max-concurrent-runs", "1", "--lease-seconds", "1"]
    a, b = replicas(*args), replicas(*args)
    too_many = refused(M.LIMIT_KIND, M.too_many_runs(1), M.HINT_RUNS)

    async def body(http):
        async def doomed():
            try:
                await raw_call(http, a.port, "(tool/nap {:seconds 20})", sid="k1",
                               token=TOKENS[10])
            except httpx2.HTTPError:
                pass  # its replica is killed
        async with anyio.create_task_group() as tg:
            tg.start_soon(doomed)
            await anyio.sleep(1.0)
            assert await raw_call(http, b.port, "1", sid="k2", token=TOKENS[10]) == too_many
            a.kill()
        with anyio.fail_after(10):  # the slot's lease (1 s) ends; the next call gets it
            while (answer := await raw_call(http, b.port, "1", sid="k2",
                                            token=TOKENS[10])) == too_many:
                await anyio.sleep(0.2)
        assert answer == (False, "1")
    run(body)


# ---------------------------------------------------------------- 4. the session lock

def test_a_call_longer_than_the_lease_keeps_its_defs_and_a_second_call_waits_for_them(pair):
    a, b = pair  # a lease of 2 s, renewed while the call runs

    async def body(http):
        t, answers = TOKENS[11], {}

        async def first():
            answers["first"] = await raw_call(
                http, a.port, "(def before-nap 1) (tool/nap {:seconds 5}) (def after-nap 2)",
                sid="long", token=t)
        async with anyio.create_task_group() as tg:
            tg.start_soon(first)
            await anyio.sleep(1.0)
            answers["second"] = await raw_call(http, b.port, "[before-nap after-nap]",
                                               sid="long", token=t)
        assert answers["first"][0] is False and "after-nap = 2" in answers["first"][1]
        assert answers["second"] == (False, "[1 2]")  # it waited, and saw the first's defs
    run(body)


def test_a_killed_replicas_session_lock_is_taken_over_within_its_lease(redis, pair, replicas):
    _, b = pair
    doomed_replica = replicas(*stored(redis.url), *QUOTA_ARGS)

    async def body(http):
        t = TOKENS[12]
        assert (await raw_call(http, b.port, "(def kept 1)", sid="kill", token=t))[0] is False

        async def doomed():
            try:
                await raw_call(http, doomed_replica.port,
                               "(def lost 1) (tool/nap {:seconds 20})", sid="kill", token=t)
            except httpx2.HTTPError:
                pass
        async with anyio.create_task_group() as tg:
            tg.start_soon(doomed)
            await anyio.sleep(1.0)
            doomed_replica.kill()  # SIGKILL while it holds the session's lock
        with anyio.fail_after(12):  # the lock's lease is 2 s, not the old 30
            answer = await raw_call(http, b.port, "kept", sid="kill", token=t)
        assert answer == (False, "1")
        assert unbound(await raw_call(http, b.port, "lost", sid="kill", token=t), "lost")
    run(body)


@pytest.fixture
def proxied(redis, replicas):
    """(a replica whose Redis connection goes through a DelayProxy, the proxy)."""
    proxy = DelayProxy(redis.port)
    replica = replicas(*stored(proxy.url))
    yield replica, proxy
    proxy.stop()


def test_a_late_save_reply_is_told_as_kept_when_it_was(proxied):
    replica, proxy = proxied

    async def body(http):
        t = TOKENS[13]
        answers = []

        async def call():
            answers.append(await raw_call(http, replica.port,
                                          "(def v 1) (tool/nap {:seconds 1})", sid="late",
                                          token=t))
        async with anyio.create_task_group() as tg:
            tg.start_soon(call)
            await anyio.sleep(0.5)
            proxy.delay = 2.5  # the save's reply comes 2.5 s late (past the 2 s timeout)
            await anyio.sleep(1.5)
            proxy.delay = 0.0
        assert answers == [(False, "1\n;; v = 1")]
        assert await raw_call(http, replica.port, "v", sid="late", token=t) == (False, "1")
    run(body)


def test_a_late_lock_reply_leaves_no_orphan_lock(proxied):
    replica, proxy = proxied

    async def body(http):
        t = TOKENS[14]
        proxy.delay = 2.5  # the lock's reply comes late: the lock was taken all the same
        answers = []

        async def call():
            answers.append(await raw_call(http, replica.port, "(def w 1)", sid="orphan",
                                          token=t))
        async with anyio.create_task_group() as tg:
            tg.start_soon(call)
            await anyio.sleep(1.0)
            proxy.delay = 0.0
        assert answers == [(False, "#'w\n;; w = 1")]
        with anyio.fail_after(10):  # no lock left behind to wait for
            assert await raw_call(http, replica.port, "w", sid="orphan", token=t) == (
                False, "1")
    run(body)


# ---------------------------------------------------------------- 8. logs, keys, loading

def test_client_keys_are_keyed_by_the_server_secret_and_logs_hold_no_session_id(redis, pair):
    a, _ = pair
    t, sid = TOKENS[15], "the-secret-session-id-0123456789"

    async def body(http):
        assert (await raw_call(http, a.port, "(def x 1)", sid=sid, token=t))[0] is False
        key = f"ptclisp:session:{client_part(t)}:{sid}"
        unsalted = hashlib.sha256(t.encode()).hexdigest()[:16]
        conn = db(redis)
        assert conn.exists(key) and not any(unsalted in k for k in conn.keys("ptclisp:*"))
        conn.set(key, "(not a saved session")  # unreadable: logged, by digest only
        assert await raw_call(http, a.port, "x", sid=sid, token=t) == refused(
            M.STORE_KIND, M.STORE_BAD_TEXT, M.HINT_STORE)
    run(body)
    time.sleep(0.5)  # the log line is written after the answer
    lines = [json.loads(x) for x in a.stderr().splitlines() if x.startswith("{")]
    assert any(x["message"].startswith("unreadable saved session") for x in lines)
    assert sid not in a.stderr()


@pytest.mark.parametrize("tampered", [
    "1" * 1_000_000,  # an integer of a million digits (past the cap on one session)
    "1" * 40_000,  # within the cap, but longer than any integer a program can hold
    '"' + "y" * 2_000_000 + '"',  # a long string
], ids=["million-digits", "40000-digits", "long-string"])
def test_a_tampered_stored_session_is_refused_before_it_is_read(redis, pair, tampered):
    a, _ = pair
    t, sid = TOKENS[0], "tampered"
    text = ('{:format "ptclisp-session" :version 1 :signature nil :memory {"x" ' + tampered
            + '} :history [] :journal nil :summaries {}}')
    db(redis).set(f"ptclisp:session:{client_part(t)}:{sid}", text)

    async def body(http):
        with anyio.fail_after(5):
            assert await raw_call(http, a.port, "x", sid=sid, token=t) == refused(
                M.STORE_KIND, M.STORE_BAD_TEXT, M.HINT_STORE)
    run(body)
