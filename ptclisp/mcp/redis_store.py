"""The Redis session store (`--session-store redis://HOST:PORT/DB`): sessions as EDN text, shared
by every replica, each within its quotas.

- **The lock of a session** is a lease: `SET` with an expiry of `lease` seconds (10 by default),
  renewed every quarter of it while the call runs, so it lives as long as its call and no longer:
  a replica that dies leaves a lock that expires within one lease, and the next call takes it.
  The lock's value is the call's own random token; renewing, saving and releasing each check it
  in one atomic script, so a call whose lock went to another call can neither renew it nor save.
- **Store hiccups**: taking the lock, saving and taking a run slot are idempotent scripts (the
  same token, the same save id), retried when a reply is late or lost; so a late reply neither
  leaves an orphan lock nor makes a save that was applied look lost. A save the store never
  confirms is `SaveUnconfirmed`.
- **Quotas**: the save script counts, per client and in all, the sessions and the bytes of saved
  text (`ptclisp:usage:CLIENT`, `ptclisp:total`), forgetting sessions past their time to live as
  it goes; a save past a quota is refused (`QuotaExceeded`) and the session stays as it was. A
  new session past a sessions quota, or in a full store, is refused before its program runs.
  Redis out of memory (`maxmemory` with `noeviction`) is `QuotaExceeded("store_memory")`.
- **Loading** reads the text's length first: a text past the cap on one session is refused
  before it crosses the network (a tampered store).
- **Run slots**: a client's concurrent runs, counted across replicas in a sorted set of leases
  (`ptclisp:runs:CLIENT`), renewed while the run lasts, so a dead replica's slots expire.
"""
from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from contextlib import asynccontextmanager
from typing import AsyncIterator

import anyio

from .store import (PREFIX, Factory, Held, LockLost, QuotaExceeded, Quotas, SaveUnconfirmed,
                    SessionBusy, SessionStore, StoreUnavailable)

try:  # the `service` extra; without it only the memory store exists
    import redis.asyncio as aioredis
    from redis.exceptions import OutOfMemoryError, RedisError
    HAVE_REDIS = True
except ModuleNotFoundError:  # pragma: no cover - depends on the install
    aioredis = None
    HAVE_REDIS = False

    class RedisError(Exception):  # type: ignore[no-redef]
        """Stands in for redis.exceptions.RedisError when the client is not installed."""

    class OutOfMemoryError(RedisError):  # type: ignore[no-redef]
        """Stands in for redis.exceptions.OutOfMemoryError."""

__all__ = ["RedisStore", "HAVE_REDIS", "IO_TIMEOUT", "ATTEMPTS"]

IO_TIMEOUT = 2.0  # seconds one Redis operation may take
ATTEMPTS = 3  # tries of an idempotent operation whose reply was late or lost

_LIB = """
local P = '""" + PREFIX + """'
local function now()
  local t = redis.call('TIME')
  return tonumber(t[1]) + tonumber(t[2]) / 1000000
end
local function num(x) return tonumber(x or '0') or 0 end
local function forget(k)
  local size = num(redis.call('hget', P .. 'sizes', k))
  local owner = redis.call('hget', P .. 'owners', k)
  if owner then
    redis.call('hincrby', P .. 'usage:' .. owner, 'sessions', -1)
    redis.call('hincrby', P .. 'usage:' .. owner, 'chars', -size)
    redis.call('hincrby', P .. 'total', 'sessions', -1)
    redis.call('hincrby', P .. 'total', 'chars', -size)
  end
  redis.call('hdel', P .. 'sizes', k)
  redis.call('hdel', P .. 'owners', k)
  redis.call('hdel', P .. 'saves', k)
  redis.call('zrem', P .. 'active', k)
end
local function sweep(t, ttl)
  local old = redis.call('zrangebyscore', P .. 'active', '-inf', t - ttl, 'LIMIT', 0, 100)
  for _, k in ipairs(old) do forget(k) end
end
local function usage(client)
  local u = redis.call('hmget', P .. 'usage:' .. client, 'sessions', 'chars')
  local a = redis.call('hmget', P .. 'total', 'sessions', 'chars')
  return num(u[1]), num(u[2]), num(a[1]), num(a[2])
end
"""

# KEYS: session; ARGV: max bytes, key, client, ttl, quotas (client sessions, store sessions,
# store bytes, client bytes) -> {1, text} | {0} (new, may start) | {-9, length} | {-1..-4, n}
_LOAD = _LIB + """
local n = redis.call('strlen', KEYS[1])
if n > tonumber(ARGV[1]) then return {-9, n} end
if n > 0 then return {1, redis.call('get', KEYS[1])} end
sweep(now(), tonumber(ARGV[4]))
local ms, mc, as, ac = usage(ARGV[3])
if ms + 1 > tonumber(ARGV[5]) then return {-1, ms + 1} end
if as + 1 > tonumber(ARGV[6]) then return {-3, as + 1} end
if ac >= tonumber(ARGV[7]) then return {-4, ac} end
if mc >= tonumber(ARGV[8]) then return {-2, mc} end
return {0}
"""

# KEYS: lock, session; ARGV: token, text, ttl, key, client, save id, quotas (client sessions,
# client bytes, store sessions, store bytes) -> 1 saved | 0 lock lost | -1..-4 quota {code, n}
_SAVE = _LIB + """
if redis.call('hget', P .. 'saves', ARGV[4]) == ARGV[6] then return {1, 0} end
if redis.call('get', KEYS[1]) ~= ARGV[1] then return {0, 0} end
local t, key, client = now(), ARGV[4], ARGV[5]
sweep(t, tonumber(ARGV[3]))
if redis.call('exists', KEYS[2]) == 0 or redis.call('hget', P .. 'owners', key) ~= client then
  forget(key)
end
local size = string.len(ARGV[2])
local old = redis.call('hget', P .. 'sizes', key)
local ms, mc, as, ac = usage(client)
local delta, fresh = size, 1
if old then delta, fresh = size - tonumber(old), 0 end
if fresh == 1 and ms + 1 > tonumber(ARGV[7]) then return {-1, ms + 1} end
if delta > 0 and mc + delta > tonumber(ARGV[8]) then return {-2, mc + delta} end
if fresh == 1 and as + 1 > tonumber(ARGV[9]) then return {-3, as + 1} end
if delta > 0 and ac + delta > tonumber(ARGV[10]) then return {-4, ac + delta} end
redis.call('set', KEYS[2], ARGV[2], 'EX', ARGV[3])
redis.call('hset', P .. 'sizes', key, size)
redis.call('hset', P .. 'owners', key, client)
redis.call('hset', P .. 'saves', key, ARGV[6])
redis.call('zadd', P .. 'active', t, key)
redis.call('hincrby', P .. 'usage:' .. client, 'sessions', fresh)
redis.call('hincrby', P .. 'usage:' .. client, 'chars', delta)
redis.call('hincrby', P .. 'total', 'sessions', fresh)
redis.call('hincrby', P .. 'total', 'chars', delta)
return {1, 0}
"""

# KEYS: session; ARGV: key
_DROP = _LIB + """
redis.call('del', KEYS[1])
forget(ARGV[1])
return 1
"""

# KEYS: lock; ARGV: token, lease ms -> 1 held (taken now, or already ours) | 0 another's
_LOCK = """
local v = redis.call('get', KEYS[1])
if not v then redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
if v == ARGV[1] then redis.call('pexpire', KEYS[1], ARGV[2]) return 1 end
return 0
"""
_RENEW = """
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end
return 0
"""
_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0
"""

# KEYS: runs of a client; ARGV: token, cap, lease ms -> 1 held | 0 all slots taken
_SLOT = """
local t = redis.call('TIME')
local ms = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('zremrangebyscore', KEYS[1], '-inf', ms)
if not redis.call('zscore', KEYS[1], ARGV[1]) and
   redis.call('zcard', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('zadd', KEYS[1], ms + tonumber(ARGV[3]), ARGV[1])
redis.call('pexpire', KEYS[1], 2 * tonumber(ARGV[3]))
return 1
"""
_SLOT_RELEASE = """
return redis.call('zrem', KEYS[1], ARGV[1])
"""

_QUOTAS = {-1: "client_sessions", -2: "client_chars", -3: "store_sessions", -4: "store_chars"}


class RedisStore(SessionStore):
    """Sessions as EDN text in Redis, locked per call across replicas, within quotas."""

    keeps_text = True

    def __init__(self, url: str, factory: Factory, *, ttl: float, wait: float, lease: float,
                 quotas: Quotas = Quotas(), observe: Callable[[str, float], None] | None = None,
                 io_timeout: float = IO_TIMEOUT):
        if aioredis is None:
            raise ModuleNotFoundError("redis", name="redis")
        self.url, self.factory, self.quotas = url, factory, quotas
        self.ttl, self.wait, self.lease = ttl, wait, lease
        self.observe = observe or (lambda op, seconds: None)
        self.client = aioredis.from_url(url, decode_responses=True, socket_timeout=io_timeout,
                                        socket_connect_timeout=io_timeout)
        script = self.client.register_script
        self._load, self._save, self._drop = script(_LOAD), script(_SAVE), script(_DROP)
        self._lock, self._renew, self._release = script(_LOCK), script(_RENEW), script(_RELEASE)
        self._slot, self._slot_release = script(_SLOT), script(_SLOT_RELEASE)

    async def _op(self, op: str, call, attempts: int = 1):
        """Await call() timed as op; a Redis error is StoreUnavailable (out of memory:
        QuotaExceeded). An idempotent call is tried up to `attempts` times."""
        for attempt in range(attempts):
            t = time.perf_counter()
            try:
                return await call()
            except OutOfMemoryError:
                raise QuotaExceeded("store_memory") from None
            except (RedisError, OSError) as e:
                if attempt + 1 == attempts:
                    raise StoreUnavailable(str(e)) from None
            finally:
                self.observe(op, time.perf_counter() - t)

    @asynccontextmanager
    async def hold(self, key: str, client: str) -> AsyncIterator[Held]:
        """The saved session under key (new if none), this call holding its lock."""
        lock, token = f"{PREFIX}lock:{key}", secrets.token_hex(16)
        await self._acquire(lock, token)
        renewing = asyncio.ensure_future(self._keep_lock(lock, token))
        try:
            text = await self._read(key, client)
            session = await anyio.to_thread.run_sync(self.factory, text)
            yield Held(session, self._keeper(lock, token, key, client), text is None)
        finally:
            renewing.cancel()
            with anyio.CancelScope(shield=True):
                try:
                    await self._op("unlock", lambda: self._release(keys=[lock], args=[token]))
                except StoreUnavailable:
                    pass  # the lock expires within one lease

    async def _read(self, key: str, client: str) -> str | None:
        """The saved text (None: a new session this client may start)."""
        q = self.quotas
        got = await self._op("load", lambda: self._load(
            keys=[f"{PREFIX}session:{key}"],
            args=[q.session_chars, key, client, int(self.ttl), q.client_sessions,
                  q.store_sessions, q.store_chars, q.client_chars]), ATTEMPTS)
        code = int(got[0])
        if code == 1:
            return got[1]
        if code == -9:
            raise QuotaExceeded("saved_chars", int(got[1]), q.session_chars)
        if code < 0:
            raise QuotaExceeded(_QUOTAS[code], int(got[1]), _cap(q, _QUOTAS[code]))
        return None

    def _keeper(self, lock: str, token: str, key: str, client: str):
        async def keep(session, chars: int, text: str | None) -> None:
            q, save_id = self.quotas, secrets.token_hex(8)  # one id for the tries of one save
            try:
                got = await self._op("save", lambda: self._save(
                    keys=[lock, f"{PREFIX}session:{key}"],
                    args=[token, text, int(self.ttl), key, client, save_id, q.client_sessions,
                          q.client_chars, q.store_sessions, q.store_chars]), ATTEMPTS)
            except StoreUnavailable as e:
                raise SaveUnconfirmed(str(e)) from None
            code = int(got[0])
            if code == 0:
                raise LockLost()
            if code < 0:
                raise QuotaExceeded(_QUOTAS[code], int(got[1]), _cap(q, _QUOTAS[code]))
        return keep

    async def _acquire(self, lock: str, token: str) -> None:
        """Take the lock, retrying until `wait` seconds pass (then SessionBusy); a reply that
        came too late is made good by the next try (the same token finds the lock its own)."""
        deadline, pause = time.monotonic() + self.wait, 0.005
        ms = int(self.lease * 1000)
        while True:
            try:
                if await self._op("lock", lambda: self._lock(keys=[lock], args=[token, ms]),
                                  ATTEMPTS):
                    return
            except StoreUnavailable:
                with anyio.CancelScope(shield=True):  # it may have been taken: give it back
                    try:
                        await self._op("unlock", lambda: self._release(keys=[lock],
                                                                      args=[token]))
                    except StoreUnavailable:
                        pass  # then it expires within one lease
                raise
            if time.monotonic() >= deadline:
                raise SessionBusy()
            await anyio.sleep(pause)
            pause = min(pause * 2, 0.1)

    async def _keep_lock(self, lock: str, token: str) -> None:
        """Renew the lock every quarter lease while the call runs; stop once it is another's."""
        ms = int(self.lease * 1000)
        while True:
            await anyio.sleep(self.lease / 4)
            try:
                if not await self._op("renew", lambda: self._renew(keys=[lock],
                                                                   args=[token, ms])):
                    return  # lost: the save will be refused
            except StoreUnavailable:
                pass  # try again at the next beat; the lease outlasts a few missed ones

    @asynccontextmanager
    async def run_slot(self, client: str, cap: int) -> AsyncIterator[bool]:
        """One of client's cap run slots across replicas, leased and renewed while held."""
        runs, token = f"{PREFIX}runs:{client}", secrets.token_hex(16)
        ms = int(self.lease * 1000)

        async def take():
            return await self._op("slot", lambda: self._slot(keys=[runs],
                                                             args=[token, cap, ms]), ATTEMPTS)
        if not await take():
            yield False
            return

        async def keep():
            while True:
                await anyio.sleep(self.lease / 4)
                try:
                    await take()
                except StoreUnavailable:
                    pass
        renewing = asyncio.ensure_future(keep())
        try:
            yield True
        finally:
            renewing.cancel()
            with anyio.CancelScope(shield=True):
                try:
                    await self._op("slot", lambda: self._slot_release(keys=[runs],
                                                                      args=[token]))
                except StoreUnavailable:
                    pass  # it expires within one lease

    async def drop(self, key: str) -> None:
        """Delete the saved session under key and its accounting."""
        await self._op("drop", lambda: self._drop(keys=[f"{PREFIX}session:{key}"], args=[key]))

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


def _cap(q: Quotas, which: str) -> int:
    return {"client_sessions": q.client_sessions, "client_chars": q.client_chars,
            "store_sessions": q.store_sessions, "store_chars": q.store_chars}[which]
