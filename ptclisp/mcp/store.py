"""Where `ptclisp mcp` keeps sessions between calls: one small interface, two implementations.

- `MemoryStore` (the default): the Session objects in this process, as `--session` always kept
  them (functions included), at most MAX_SESSIONS, each dropped after its time to live.
- `RedisStore` (`--session-store redis://HOST:PORT/DB`): each session as the readable EDN text
  `Session.save` writes, under its key, with a time to live; any replica serves any call.
  A call holds the session's lock (SET NX with an expiry); the save after the call is refused
  when the lock is no longer this call's (`LockLost`), so a slow call never overwrites a
  newer session. An unreachable store is `StoreUnavailable`.

A store also counts calls per client per minute (shared by the replicas with Redis) and how many
sessions are active. Every method runs on the server's event loop.
"""
from __future__ import annotations

import abc
import hashlib
import secrets
import time
from collections.abc import Callable
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator

import anyio

try:  # the `service` extra; without it only the memory store exists
    import redis.asyncio as aioredis
    from redis.exceptions import RedisError
    HAVE_REDIS = True
except ModuleNotFoundError:  # pragma: no cover - depends on the install
    aioredis = None
    HAVE_REDIS = False

    class RedisError(Exception):  # type: ignore[no-redef]
        """Stands in for redis.exceptions.RedisError when the client is not installed."""

__all__ = ["SessionStore", "MemoryStore", "RedisStore", "Held", "StoreUnavailable", "LockLost",
           "SessionBusy", "open_store", "client_key", "HAVE_REDIS", "MAX_SESSIONS", "PREFIX"]

MAX_SESSIONS = 64  # sessions the memory store keeps; the least recently used goes first
PREFIX = "ptclisp:"  # every Redis key this server writes starts so
Factory = Callable[[Any], Any]  # saved text or None -> a Session


class StoreUnavailable(Exception):
    """The session store did not answer (or answered with an error)."""


class LockLost(Exception):
    """The session's lock expired while the call ran; its save was refused."""


class SessionBusy(Exception):
    """Another call held the session's lock for longer than a call waits."""


class Held:
    """One call's hold on a session: the Session to run in, and `commit` to keep it."""

    def __init__(self, session, commit: Callable):
        self.session = session
        self._commit = commit

    async def commit(self) -> list[str]:
        """Keep the session as it is now; returns the places that could not be kept."""
        return await self._commit(self.session)


class SessionStore(abc.ABC):
    """Sessions by key, held by one call at a time, with a time to live."""

    ttl: float

    @abc.abstractmethod
    def hold(self, key: str) -> Any:
        """An async context manager yielding a Held for key (SessionBusy, StoreUnavailable)."""

    @abc.abstractmethod
    async def drop(self, key: str) -> None:
        """Forget the session under key (the client ended it)."""

    @abc.abstractmethod
    async def ping(self) -> None:
        """Return when the store answers; StoreUnavailable otherwise."""

    @abc.abstractmethod
    async def count_call(self, client: str) -> int:
        """Count one call of client in the current minute; returns the minute's count."""

    @abc.abstractmethod
    async def active(self) -> int:
        """How many sessions are alive (used within their time to live)."""

    async def aclose(self) -> None:
        """Release connections."""


class MemoryStore(SessionStore):
    """Session objects in this process (functions kept), LRU-bounded, each with a time to live."""

    def __init__(self, factory: Factory, *, ttl: float, wait: float,
                 max_sessions: int = MAX_SESSIONS):
        self.factory, self.ttl, self.wait, self.max_sessions = factory, ttl, wait, max_sessions
        self._entries: dict[str, list] = {}  # key -> [Session, anyio.Lock, last used]; LRU order
        self._calls: dict[str, tuple[int, int]] = {}  # client -> (minute, count)

    @asynccontextmanager
    async def hold(self, key: str) -> AsyncIterator[Held]:
        """The key's Session (a new one if absent or expired), locked for this call."""
        entry = self._entry(key)
        with anyio.move_on_after(self.wait) as scope:
            await entry[1].acquire()
        if scope.cancelled_caught:
            raise SessionBusy(key)
        try:
            entry[2] = time.monotonic()
            yield Held(entry[0], self._keep)
        finally:
            entry[1].release()

    async def _keep(self, session) -> list[str]:
        return []  # the object itself stays: nothing is lost

    def _entry(self, key: str) -> list:
        now = time.monotonic()
        entry = self._entries.pop(key, None)
        if entry is None or (now - entry[2] > self.ttl and not entry[1].locked()):
            entry = [self.factory(None), anyio.Lock(), now]
        self._entries[key] = entry  # most recently used last
        for old in list(self._entries):
            if len(self._entries) <= self.max_sessions:
                break
            if not self._entries[old][1].locked():
                del self._entries[old]
        return entry

    async def drop(self, key: str) -> None:
        """Forget the session under key."""
        self._entries.pop(key, None)

    async def ping(self) -> None:
        """The process's memory always answers."""

    async def count_call(self, client: str) -> int:
        """Calls of client in this minute, on this replica."""
        minute = int(time.time() // 60)
        last, n = self._calls.get(client, (minute, 0))
        n = n + 1 if last == minute else 1
        self._calls[client] = (minute, n)
        if len(self._calls) > 10 * self.max_sessions:  # forget clients of past minutes
            self._calls = {c: v for c, v in self._calls.items() if v[0] == minute}
        return n

    async def active(self) -> int:
        """Sessions kept and not expired."""
        now = time.monotonic()
        return sum(1 for e in self._entries.values() if now - e[2] <= self.ttl)


_SAVE_IF_OWNER = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  redis.call('set', KEYS[2], ARGV[2], 'EX', ARGV[3])
  return 1
end
return 0
"""
_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0
"""


class RedisStore(SessionStore):
    """Sessions as EDN text in Redis, locked per call across replicas."""

    def __init__(self, url: str, factory: Factory, save: Callable, *, ttl: float, wait: float,
                 lock_timeout: float, observe: Callable[[str, float], None] | None = None,
                 io_timeout: float = 2.0):
        if aioredis is None:
            raise ModuleNotFoundError("redis", name="redis")
        self.url, self.factory, self.save = url, factory, save
        self.ttl, self.wait, self.lock_timeout = ttl, wait, lock_timeout
        self.observe = observe or (lambda op, seconds: None)
        self.client = aioredis.from_url(url, decode_responses=True, socket_timeout=io_timeout,
                                        socket_connect_timeout=io_timeout)
        self._save_script = self.client.register_script(_SAVE_IF_OWNER)
        self._release_script = self.client.register_script(_RELEASE)

    async def _op(self, op: str, call):
        """Await call() timed as op; a Redis error is StoreUnavailable."""
        t = time.perf_counter()
        try:
            return await call()
        except (RedisError, OSError) as e:
            raise StoreUnavailable(str(e)) from None
        finally:
            self.observe(op, time.perf_counter() - t)

    @asynccontextmanager
    async def hold(self, key: str) -> AsyncIterator[Held]:
        """The saved session under key (new if none), this call holding its lock."""
        lock, token = f"{PREFIX}lock:{key}", secrets.token_hex(16)
        await self._acquire(lock, token)
        try:
            text = await self._op("load", lambda: self.client.get(f"{PREFIX}session:{key}"))
            session = await anyio.to_thread.run_sync(self.factory, text)

            async def keep(session) -> list[str]:
                text, dropped = await anyio.to_thread.run_sync(self.save, session)
                kept = await self._op("save", lambda: self._save_script(
                    keys=[lock, f"{PREFIX}session:{key}"], args=[token, text, int(self.ttl)]))
                if not kept:
                    raise LockLost(key)
                await self._touch(key)
                return dropped

            yield Held(session, keep)
        finally:
            with anyio.CancelScope(shield=True):
                try:
                    await self._op("unlock", lambda: self._release_script(keys=[lock],
                                                                          args=[token]))
                except StoreUnavailable:
                    pass  # the lock expires by itself

    async def _acquire(self, lock: str, token: str) -> None:
        """Take the lock (SET NX PX), retrying until `wait` seconds pass (then SessionBusy)."""
        deadline, pause = time.monotonic() + self.wait, 0.005
        ms = int(self.lock_timeout * 1000)
        while True:
            if await self._op("lock", lambda: self.client.set(lock, token, nx=True, px=ms)):
                return
            if time.monotonic() >= deadline:
                raise SessionBusy(lock)
            await anyio.sleep(pause)
            pause = min(pause * 2, 0.1)

    async def _touch(self, key: str) -> None:
        """Mark key active now and forget sessions idle past their time to live."""
        now, active = time.time(), f"{PREFIX}active"

        async def run():
            async with self.client.pipeline(transaction=False) as pipe:
                pipe.zadd(active, {key: now})
                pipe.zremrangebyscore(active, "-inf", now - self.ttl)
                await pipe.execute()
        await self._op("touch", run)

    async def drop(self, key: str) -> None:
        """Delete the saved session under key."""
        await self._op("drop", lambda: self.client.delete(f"{PREFIX}session:{key}"))
        await self._op("drop", lambda: self.client.zrem(f"{PREFIX}active", key))

    async def ping(self) -> None:
        """PING the server."""
        await self._op("ping", self.client.ping)

    async def count_call(self, client: str) -> int:
        """INCR the client's counter of this minute (it expires after two)."""
        key = f"{PREFIX}calls:{client}:{int(time.time() // 60)}"

        async def run():
            async with self.client.pipeline(transaction=False) as pipe:
                pipe.incr(key)
                pipe.expire(key, 120)
                return (await pipe.execute())[0]
        return int(await self._op("count", run))

    async def active(self) -> int:
        """Sessions used within their time to live (all replicas)."""
        now = time.time()
        return int(await self._op("active", lambda: self.client.zcount(
            f"{PREFIX}active", now - self.ttl, "+inf")))

    async def aclose(self) -> None:
        """Close the connection pool."""
        await self.client.aclose()


def client_key(token: str) -> str:
    """A short stable name of a client's token (never the token itself)."""
    return hashlib.sha256(token.encode()).hexdigest()[:16]


def open_store(url: str | None, factory: Factory, save: Callable, *, ttl: float, wait: float,
               lock_timeout: float, observe=None) -> SessionStore:
    """The store a --session-store URL names: None or memory:// -> memory, redis:// -> Redis."""
    if url is None or url.startswith("memory:"):
        return MemoryStore(factory, ttl=ttl, wait=wait)
    return RedisStore(url, factory, save, ttl=ttl, wait=wait, lock_timeout=lock_timeout,
                      observe=observe)
