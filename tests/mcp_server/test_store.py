"""The session stores of `ptclisp mcp` (ptclisp/mcp/store.py) in-process: the memory store, and
the Redis store against a real redis-server (a lost lock, an unreachable store, busy sessions)."""
from __future__ import annotations

import shutil

import anyio
import pytest

from ptclisp import Session
from ptclisp.mcp import messages as M
from ptclisp.host.saving import save_bounded
from ptclisp.mcp.redis_store import RedisStore
from ptclisp.mcp.service import ServiceConfigError, options_from
from ptclisp.mcp.store import (PREFIX, LockLost, MemoryStore, QuotaExceeded, Quotas,
                               SessionBusy, StoreUnavailable)
from service_harness import NO_REDIS, Redis, free_port

needs_redis = pytest.mark.skipif(shutil.which("redis-server") is None, reason=NO_REDIS)


def new_session(text):
    return Session() if text is None else Session.load(text)


@pytest.fixture
def redis(tmp_path):
    server = Redis(tmp_path).start()
    yield server
    server.stop()


def redis_store(url, **kw):
    settings = dict(ttl=60, wait=0.3, lease=5)
    settings.update(kw)
    return RedisStore(url, new_session, **settings)


async def commit(held):
    """Save the held session; the places not kept as not data."""
    saved = save_bounded(held.session, 1 << 20)
    await held.commit(len(saved.text.encode()), saved.text)
    return saved.not_data


async def run_in(held, program):
    result = await held.session.arun(program)
    assert result.error is None, result.error
    return result.value


# ---------------------------------------------------------------- Redis

@needs_redis
def test_redis_store_keeps_a_session_between_holds_and_drops_functions(redis):
    async def body():
        store = redis_store(redis.url)
        async with store.hold("c:1", "c") as held:
            await run_in(held, '(def x 2) (defn f [y] y) (def tags #{:a}) (def pat #"a+")')
            assert await commit(held) == ["memory f holds #fn[f]"]
        async with store.hold("c:1", "c") as held:
            assert await run_in(held, '(str x (contains? tags :a) (re-find pat "caab"))') == "2trueaa"
            assert "f" not in held.session.memory
        async with store.hold("c:2", "c") as held:  # another key, another session
            assert "x" not in held.session.memory
        assert await store.active() == 1  # only c:1 was committed
        await store.drop("c:1")
        async with store.hold("c:1", "c") as held:
            assert held.session.memory == {}
        await store.aclose()
    anyio.run(body)


@needs_redis
def test_a_lost_lock_refuses_the_save_and_keeps_the_newer_session(redis):
    async def body():
        store = redis_store(redis.url)
        async with store.hold("k", "c") as held:
            await run_in(held, "(def v 1)")
            await commit(held)
        async with store.hold("k", "c") as held:
            await run_in(held, "(def v 2)")
            await store.client.delete(f"{PREFIX}lock:k")  # the lock expired meanwhile...
            async with store.hold("k", "c") as other:  # ...and another call took the session
                await run_in(other, "(def v 3)")
                await commit(other)
            with pytest.raises(LockLost):
                await commit(held)
        async with store.hold("k", "c") as held:
            assert held.session.memory["v"] == 3
        await store.aclose()
    anyio.run(body)


@needs_redis
def test_a_held_session_is_busy_for_another_call_until_released(redis):
    async def body():
        store = redis_store(redis.url, wait=0.2)
        async with store.hold("k", "c"):
            with pytest.raises(SessionBusy):
                async with store.hold("k", "c"):
                    pass
        async with store.hold("k", "c"):  # released: free again
            pass
        await store.aclose()
    anyio.run(body)


@needs_redis
def test_the_lock_expires_by_itself(redis):
    async def body():
        store = redis_store(redis.url, lease=0.3, wait=2)
        ttl = None
        async with store.hold("k", "c"):
            ttl = await store.client.pttl(f"{PREFIX}lock:k")
        assert 0 < ttl <= 300
        await store.aclose()
    anyio.run(body)


@needs_redis
def test_calls_are_counted_per_client_and_minute(redis):
    async def body():
        store = redis_store(redis.url)
        assert [await store.count_call("a") for _ in range(3)] == [1, 2, 3]
        assert await store.count_call("b") == 1
        (key,) = await store.client.keys(f"{PREFIX}calls:a:*")
        assert 0 < await store.client.ttl(key) <= 120
        await store.aclose()
    anyio.run(body)


def test_an_unreachable_redis_is_store_unavailable():
    async def body():
        store = redis_store(f"redis://127.0.0.1:{free_port()}/0")
        with pytest.raises(StoreUnavailable):
            await store.ping()
        with pytest.raises(StoreUnavailable):
            async with store.hold("k", "c"):
                pass
        with pytest.raises(StoreUnavailable):
            await store.count_call("a")
        await store.aclose()
    anyio.run(body)


# ---------------------------------------------------------------- memory

def test_memory_store_keeps_session_objects_functions_included():
    async def body():
        store = MemoryStore(new_session, ttl=60, wait=0.1)
        async with store.hold("k", "c") as held:
            await run_in(held, "(defn f [y] (* 2 y))")
            await held.commit(0)
        async with store.hold("k", "c") as held:
            assert await run_in(held, "(f 21)") == 42
            busy = []

            async def another_call():
                try:
                    async with store.hold("k", "c"):
                        pass
                except SessionBusy:
                    busy.append(True)
            async with anyio.create_task_group() as tg:
                tg.start_soon(another_call)
            assert busy == [True]
        assert await store.active() == 1
    anyio.run(body)


def test_memory_store_refuses_a_session_past_a_quota_and_never_evicts_another_clients():
    async def body():
        store = MemoryStore(new_session, ttl=60, wait=0.1,
                            quotas=Quotas(client_sessions=2, store_sessions=4))
        async with store.hold("b:notes", "b") as held:
            await run_in(held, '(def notes "of b")')
        for key in ("a:1", "a:2"):
            async with store.hold(key, "a") as held:
                await run_in(held, f"(def k \"{key}\")")
        with pytest.raises(QuotaExceeded) as e:  # a's third session: refused, nothing evicted
            async with store.hold("a:3", "a"):
                pass
        assert (e.value.which, e.value.cap) == ("client_sessions", 2)
        async with store.hold("c:1", "c"):  # the store's fourth
            pass
        with pytest.raises(QuotaExceeded) as e:
            async with store.hold("d:1", "d"):
                pass
        assert e.value.which == "store_sessions"
        async with store.hold("b:notes", "b") as held:
            assert held.session.memory["notes"] == "of b"
        await store.drop("a:1")  # a ended one: it may start another
        async with store.hold("a:3", "a") as held:
            assert held.new and held.session.memory == {}
        store.ttl = 0  # everything expired
        await anyio.sleep(0.01)
        async with store.hold("b:notes", "b") as held:
            assert held.session.memory == {}
    anyio.run(body)


def test_memory_store_keeps_each_client_within_its_bytes():
    async def body():
        store = MemoryStore(new_session, ttl=60, wait=0.1,
                            quotas=Quotas(client_chars=1000, store_chars=1300))
        async with store.hold("a:1", "a") as held:
            await held.commit(900)
        async with store.hold("a:2", "a") as held:
            with pytest.raises(QuotaExceeded) as e:
                await held.commit(200)
            assert (e.value.which, e.value.needed, e.value.cap) == ("client_chars", 1100, 1000)
        async with store.hold("a:1", "a") as held:  # the same session smaller: room again
            await held.commit(300)
        async with store.hold("b:1", "b") as held:
            await held.commit(900)
        async with store.hold("c:1", "c") as held:  # within c's quota, past the store's
            with pytest.raises(QuotaExceeded) as e:
                await held.commit(200)
            assert (e.value.which, e.value.needed) == ("store_chars", 1400)
    anyio.run(body)


def test_memory_store_counts_calls_per_client():
    async def body():
        store = MemoryStore(new_session, ttl=60, wait=0.1)
        assert [await store.count_call("a") for _ in range(3)] == [1, 2, 3]
        assert await store.count_call("b") == 1
    anyio.run(body)


# ---------------------------------------------------------------- options

@pytest.mark.parametrize("given, environ, message", [
    ({"token_env": "TOK"}, {}, M.no_token("TOK")),
    ({"token_env": "TOK"}, {"TOK": " , "}, M.no_token("TOK")),
    ({"store_url": "postgres://x"}, {}, M.bad_store_url("postgres://x")),
])
def test_unusable_options(given, environ, message):
    with pytest.raises(ServiceConfigError) as e:
        options_from(environ=environ, **given)
    assert str(e.value) == message


def test_tokens_are_read_from_the_variable_one_per_client():
    options = options_from(token_env="TOK", environ={"TOK": "alpha, beta"},
                           store_url="redis://127.0.0.1:6379/0", calls_per_minute=5)
    assert options.tokens == ["alpha", "beta"]
    assert (options.store_url, options.calls_per_minute) == ("redis://127.0.0.1:6379/0", 5)


# ---------------------------------------------------------------- the texts

@pytest.mark.parametrize("text, expected", [
    (M.rate_limited(3), "this client made more than 3 calls in this minute, so the program did "
                        "not run"),
    (M.too_many_runs(2), "this client already has 2 programs running here, so this one did not "
                         "run"),
    (M.session_busy(40.0), "another call on this session is still running (waited 40 s for it)"),
    (M.client_sessions_full(32), "this client already keeps 32 sessions in the store, its "
                                 "quota, so a new session cannot start and the program did not "
                                 "run"),
    (M.client_store_full(2000, 1500), "this client's sessions would take 2,000 bytes in the "
                                      "store, over its quota of 1,500, so this call's defs were "
                                      "not kept; the session is as before this call"),
    (M.session_too_big(1234567, 1048576), "the session would be saved as about 1,234,567 "
                                          "characters after this program, over the 1,048,576 a "
                                          "session may take, so the program was undone"),
    (M.STORE_FULL, "the session store is full, so this call's session was not kept (a new "
                   "session cannot start); the session is as before this call"),
    (M.LOCK_LOST, "the session store could not be reached to keep this call's hold on its "
                  "session, and another call took the session meanwhile, so this call's defs "
                  "were not kept; the session is the other call's"),
    (M.history_not_kept(["*1", "*3"], 1000), ";; not kept for the next call (too big to save; "
                                             "a session saves at most 1,000 characters): *1, *3 "
                                             "will be nil"),
    (M.not_kept(["memory f holds #fn[f]"]),
     ";; not kept for the next call (only data is saved between calls): memory f holds "
     "#fn[f]. Define functions again in the call that uses them."),
])
def test_service_texts(text, expected):
    assert text == expected


def test_service_texts_talk_lisp_not_python():
    texts = [M.STORE_DOWN, M.STORE_DOWN_AFTER, M.HINT_STORE, M.STORE_BAD_TEXT, M.HINT_BUSY,
             M.LOCK_LOST, M.HINT_LOCK_LOST, M.HINT_RATE, M.HINT_RUNS, M.UNAUTHORIZED,
             M.BAD_SESSION_ID, M.CARD_FUNCTIONS_NOT_KEPT, M.STORE_FULL, M.HINT_STORE_FULL,
             M.HINT_CLIENT_SESSIONS, M.HINT_CLIENT_STORE, M.HINT_SESSION_TOO_BIG]
    for text in texts:
        assert not any(word in text for word in ("Python", "Traceback", "Exception", "None"))


# ---------------------------------------------------------------- Redis: quotas, accounting

@needs_redis
def test_redis_quotas_count_sessions_and_bytes_and_forget_expired_sessions(redis):
    async def body():
        store = redis_store(redis.url, ttl=1, quotas=Quotas(client_sessions=2, client_chars=600))
        for key in ("a:1", "a:2"):
            async with store.hold(key, "a") as held:
                await run_in(held, "(def x 1)")
                await commit(held)
        with pytest.raises(QuotaExceeded) as e:  # a third session: refused before it runs
            async with store.hold("a:3", "a"):
                pass
        assert (e.value.which, e.value.cap) == ("client_sessions", 2)
        async with store.hold("b:1", "b") as held:  # another client is not counted with a
            await run_in(held, '(def s "' + "x" * 700 + '")')
            with pytest.raises(QuotaExceeded) as e:
                await commit(held)
            assert e.value.which == "client_chars" and e.value.needed > 600
        usage = await store.client.hgetall(f"{PREFIX}usage:a")
        assert usage["sessions"] == "2" and 0 < int(usage["chars"]) < 600
        await store.drop("a:1")
        assert (await store.client.hgetall(f"{PREFIX}usage:a"))["sessions"] == "1"
        await anyio.sleep(2.1)  # a:2 expires: the next load forgets it and its bytes
        async with store.hold("a:3", "a") as held:
            assert held.new
        assert await store.client.hgetall(f"{PREFIX}usage:a") == {"sessions": "0",
                                                                   "chars": "0"}
        assert await store.client.hgetall(f"{PREFIX}total") == {"sessions": "0", "chars": "0"}
        await store.aclose()
    anyio.run(body)


@needs_redis
def test_saving_a_session_again_counts_it_once(redis):
    async def body():
        store = redis_store(redis.url, quotas=Quotas(client_sessions=1))
        async with store.hold("a:1", "a") as held:
            await run_in(held, "(def x 1)")
            await commit(held)
            await commit(held)  # the same session saved again: still one session
        usage = await store.client.hgetall(f"{PREFIX}usage:a")
        assert usage["sessions"] == "1"
        await store.aclose()
    anyio.run(body)
