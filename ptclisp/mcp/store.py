"""Where `ptclisp mcp` keeps sessions between calls: one small interface, two implementations.

- `MemoryStore` (the default): the Session objects in this process, as `--session` always kept
  them (functions included), each dropped after its time to live.
- `RedisStore` (redis_store.py, `--session-store redis://HOST:PORT/DB`): each session as the
  readable EDN text `Session.save` writes, under its key, with a time to live; any replica
  serves any call.

Both hold a session for one call at a time, and both keep each client within its quotas
(`Quotas`): sessions it keeps, characters its sessions take, and all clients together within the
store's. A store never evicts a live session to make room: a new session past a quota is refused
before its program runs (`QuotaExceeded`), and a save past one is refused with the session left
as it was. Sizes are in characters of saved text (what Redis holds; the memory store measures
its objects the same way, so a quota means the same with either store).

A store also counts calls per client per minute, holds per-client run slots (shared by the
replicas with Redis) and says how many sessions are active. Every method runs on the server's
event loop.
"""
from __future__ import annotations

import abc
import hashlib
import hmac
import time
from collections.abc import Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, AsyncIterator

import anyio

__all__ = ["SessionStore", "MemoryStore", "Held", "Quotas", "StoreUnavailable", "LockLost",
           "SessionBusy", "QuotaExceeded", "SaveUnconfirmed", "client_key", "digest", "PREFIX"]

PREFIX = "ptclisp:"  # every Redis key this server writes starts so
Factory = Callable[[Any], Any]  # saved text or None -> a Session
KB, MB = 1024, 1024 * 1024


@dataclass(frozen=True)
class Quotas:
    """What the store keeps, per session, per client and in all (sizes: characters saved)."""

    session_chars: int = 1 * MB  # one session's saved text (--max-session-kb)
    client_sessions: int = 32  # sessions one client keeps (--client-sessions)
    client_chars: int = 32 * MB  # what one client's sessions take together (--client-store-mb)
    store_sessions: int = 1024  # sessions of all clients (--max-sessions)
    store_chars: int = 1024 * MB  # what all sessions take together (--store-mb)


class StoreUnavailable(Exception):
    """The session store did not answer (or answered with an error)."""


class SaveUnconfirmed(StoreUnavailable):
    """The store did not confirm a save: whether it was applied is not known."""


class LockLost(Exception):
    """The session's lock went to another call while this one ran; its save was refused."""


class SessionBusy(Exception):
    """Another call held the session's lock for longer than a call waits."""


class QuotaExceeded(Exception):
    """A quota refused new state: `which` is "client_sessions", "client_chars",
    "store_sessions", "store_chars" or "store_memory" (Redis out of memory); `needed` and `cap`
    say how much (0 when unknown)."""

    def __init__(self, which: str, needed: int = 0, cap: int = 0):
        super().__init__(which)
        self.which, self.needed, self.cap = which, needed, cap


class Held:
    """One call's hold on a session: the Session to run in, and `commit` to keep it."""

    def __init__(self, session, commit: Callable, new: bool):
        self.session = session
        self._commit = commit
        self.new = new  # no saved session was found under the key

    async def commit(self, chars: int, text: str | None = None) -> None:
        """Keep the session as it is now: chars is its saved size, text its saved text
        (stores of text); QuotaExceeded, LockLost, StoreUnavailable or SaveUnconfirmed when
        it was not (certainly) kept."""
        await self._commit(self.session, chars, text)


class SessionStore(abc.ABC):
    """Sessions by key, held by one call at a time, with a time to live and quotas."""

    ttl: float
    quotas: Quotas
    keeps_text: bool = False  # sessions are kept as saved text (functions are not kept)

    @abc.abstractmethod
    def hold(self, key: str, client: str) -> Any:
        """An async context manager yielding a Held for key, of client (SessionBusy,
        StoreUnavailable, QuotaExceeded for a new session past a quota)."""

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

    def run_slot(self, client: str, cap: int) -> Any:
        """An async context manager holding one of client's cap run slots shared by every
        replica (True), or refusing (False); without a shared store, always True."""
        return _always()

    async def aclose(self) -> None:
        """Release connections."""


@asynccontextmanager
async def _always() -> AsyncIterator[bool]:
    yield True


class MemoryStore(SessionStore):
    """Session objects in this process (functions kept), within quotas, each with a time to
    live; a session past its time to live is forgotten, a live one never evicted."""

    def __init__(self, factory: Factory, *, ttl: float, wait: float,
                 quotas: Quotas = Quotas()):
        self.factory, self.ttl, self.wait, self.quotas = factory, ttl, wait, quotas
        self._entries: dict[str, _Entry] = {}
        self._calls: dict[str, tuple[int, int]] = {}  # client -> (minute, count)

    @asynccontextmanager
    async def hold(self, key: str, client: str) -> AsyncIterator[Held]:
        """The key's Session (a new one if absent or expired), locked for this call."""
        entry = self._entry(key, client)
        with anyio.move_on_after(self.wait) as scope:
            await entry.lock.acquire()
        if scope.cancelled_caught:
            raise SessionBusy()
        try:
            entry.used = time.monotonic()
            yield Held(entry.session, self._keeper(entry), entry.chars is None)
        finally:
            entry.lock.release()

    def _keeper(self, entry: "_Entry"):
        async def keep(session, chars: int, text) -> None:
            old = entry.chars or 0
            q, mine, total = self.quotas, self._chars(entry.client), self._chars(None)
            if mine - old + chars > q.client_chars:
                raise QuotaExceeded("client_chars", mine - old + chars, q.client_chars)
            if total - old + chars > q.store_chars:
                raise QuotaExceeded("store_chars", total - old + chars, q.store_chars)
            entry.chars = chars
        return keep

    def _entry(self, key: str, client: str) -> "_Entry":
        """key's entry, made if absent (QuotaExceeded past a sessions quota)."""
        now = time.monotonic()
        self._forget_expired(now)
        entry = self._entries.get(key)
        if entry is not None:
            return entry
        q = self.quotas
        mine = sum(1 for e in self._entries.values() if e.client == client)
        if mine >= q.client_sessions:
            raise QuotaExceeded("client_sessions", mine + 1, q.client_sessions)
        if len(self._entries) >= q.store_sessions:
            raise QuotaExceeded("store_sessions", len(self._entries) + 1, q.store_sessions)
        if self._chars(None) >= q.store_chars:
            raise QuotaExceeded("store_chars", self._chars(None), q.store_chars)
        if self._chars(client) >= q.client_chars:
            raise QuotaExceeded("client_chars", self._chars(client), q.client_chars)
        entry = self._entries[key] = _Entry(self.factory(None), client, now)
        return entry

    def _forget_expired(self, now: float) -> None:
        expired = [k for k, e in self._entries.items()
                   if now - e.used > self.ttl and not e.lock.locked()]
        for k in expired:
            del self._entries[k]

    def _chars(self, client: str | None) -> int:
        return sum(e.chars or 0 for e in self._entries.values()
                   if client is None or e.client == client)

    async def drop(self, key: str) -> None:
        """Forget the session under key."""
        entry = self._entries.get(key)
        if entry is not None and not entry.lock.locked():
            del self._entries[key]

    async def ping(self) -> None:
        """The process's memory always answers."""

    async def count_call(self, client: str) -> int:
        """Calls of client in this minute, on this replica."""
        minute = int(time.time() // 60)
        last, n = self._calls.get(client, (minute, 0))
        n = n + 1 if last == minute else 1
        self._calls[client] = (minute, n)
        if len(self._calls) > 10 * self.quotas.store_sessions:  # forget past minutes' clients
            self._calls = {c: v for c, v in self._calls.items() if v[0] == minute}
        return n

    async def active(self) -> int:
        """Sessions kept and not expired."""
        now = time.monotonic()
        return sum(1 for e in self._entries.values() if now - e.used <= self.ttl)


class _Entry:
    """One session of the memory store: the object, its lock, its client and size."""

    __slots__ = ("session", "lock", "client", "used", "chars")

    def __init__(self, session, client: str, now: float):
        self.session, self.client, self.used = session, client, now
        self.lock = anyio.Lock()
        self.chars: int | None = None  # saved size at the last commit; None: never committed


def client_key(token: str, secret: bytes) -> str:
    """A short stable name of a client's token, keyed by the server's secret (HMAC-SHA256):
    neither the token nor a digest anyone could compute from it."""
    return hmac.new(secret, token.encode(), hashlib.sha256).hexdigest()[:24]


def digest(secret: bytes, text: str | None) -> str:
    """A secret's name in logs (a session id): a keyed digest, never the text itself."""
    if not text:
        return "-"
    return hmac.new(secret, text.encode(), hashlib.sha256).hexdigest()[:12]
