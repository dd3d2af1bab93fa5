"""`ptclisp mcp --transport http` as a shared service: the lisp_eval handler over a session store,
with per-client limits and quotas, metrics and one structured log line per call.

`ServiceOptions` is what the command line gives; `Service` holds the store, the metrics, the
server's secret and the per-client counters of one server; `handler.ServiceLispEval` is
lisp_eval with them. The HTTP side (authentication, request ids, session ids, /healthz,
/metrics, timeouts, graceful shutdown) is http.py. A call's identity arrives as headers the HTTP
gate sets (never the client's own): the client (`x-ptclisp-client`), the request id
(`x-request-id`) and the MCP session id.
"""
from __future__ import annotations

import json
import logging
import os
import secrets
from urllib.parse import urlsplit, urlunsplit
from dataclasses import dataclass, field

from .. import Limits, PtcError, Session
from . import messages as M
from .redis_store import HAVE_REDIS, RedisStore
from .store import MB, MemoryStore, Quotas, SessionStore, digest

__all__ = ["ServiceOptions", "options_from", "ServiceConfigError", "Service", "JsonFormatter",
           "CLIENT_HEADER", "REQUEST_ID_HEADER", "DAY", "LEASE", "SECRET_ENV", "wait_seconds",
           "SavedUnreadable"]

log = logging.getLogger("ptclisp.mcp.service")
CLIENT_HEADER = "x-ptclisp-client"
REQUEST_ID_HEADER = "x-request-id"
DAY = 24 * 3600.0
LEASE = 10.0  # seconds a session lock or run slot lasts unless renewed (--lease-seconds)
SECRET_ENV = "PTCLISP_SERVER_SECRET"  # where the server's secret is read (--secret-env)


@dataclass
class ServiceOptions:
    """How the service runs: its store, time to live, tokens, secret, limits and quotas."""

    store_url: str | None = None  # None: sessions in this process's memory
    session_ttl: float = DAY
    tokens: list[str] = field(default_factory=list)  # empty: no authentication
    calls_per_minute: int | None = None
    max_runs: int | None = None  # concurrent runs of one client, across replicas with Redis
    lease: float = LEASE
    quotas: Quotas = field(default_factory=Quotas)
    secret: bytes | None = None  # None: one made for this process (see docs/mcp.md)


def wait_seconds(limits: Limits) -> float:
    """How long a call waits for its session: as long as another call on it may run, and more."""
    longest = limits.max_wall if limits.max_wall is not None else 3 * float(limits.timeout or 10)
    return max(30.0, float(longest) + 10)


def shown_store_url(url: str | None) -> str:
    """The store's URL as a log may show it: memory, or the URL without its password."""
    if url is None or url.startswith("memory:"):
        return "memory (this process)"
    parts = urlsplit(url)
    if parts.password:
        netloc = parts.netloc.replace(f":{parts.password}@", ":***@")
        return urlunsplit(parts._replace(netloc=netloc))
    return url


class ServiceConfigError(ValueError):
    """A service option that cannot be used; the message says why (for the command line)."""


def options_from(*, store_url: str | None = None, session_ttl: float = DAY,
                 token_env: str | None = None, calls_per_minute: int | None = None,
                 max_runs: int | None = None, lease: float = LEASE,
                 quotas: Quotas | None = None, secret_env: str = SECRET_ENV,
                 environ=None) -> ServiceOptions:
    """ServiceOptions from the command line's values; ServiceConfigError when one is unusable."""
    env = environ if environ is not None else os.environ
    tokens: list[str] = []
    if token_env is not None:
        tokens = [t.strip() for t in env.get(token_env, "").split(",") if t.strip()]
        if not tokens:
            raise ServiceConfigError(M.no_token(token_env))
    if store_url is not None and not store_url.startswith(_STORE_SCHEMES):
        raise ServiceConfigError(M.bad_store_url(store_url))
    if store_url is not None and not store_url.startswith("memory:") and not HAVE_REDIS:
        raise ServiceConfigError(M.NO_REDIS)
    secret = env.get(secret_env, "").encode() or None
    return ServiceOptions(store_url=store_url, session_ttl=session_ttl, tokens=tokens,
                          calls_per_minute=calls_per_minute, max_runs=max_runs, lease=lease,
                          quotas=quotas or Quotas(), secret=secret)


_STORE_SCHEMES = ("redis://", "rediss://", "unix://", "memory:")


class SavedUnreadable(Exception):
    """The text in the store is not a saved session this server can load."""


class Service:
    """The shared parts of one server: the store, the metrics, the secret, the run counts."""

    def __init__(self, options: ServiceOptions, limits: Limits, tools=(), upstreams=None,
                 metrics=None):
        self.options, self.limits = options, limits
        self.tools, self.upstreams = list(tools), upstreams
        self.metrics = metrics
        self.secret = options.secret or secrets.token_bytes(32)
        if options.secret is None:
            log.warning(M.SECRET_MADE)
        self.wait = wait_seconds(limits)
        self.store: SessionStore = self._open_store(metrics)
        self.running: dict[str, int] = {}  # client -> runs in progress here (event loop only)
        self.draining = False

    def startup_facts(self) -> dict:
        """What the start-up line says of the service: store, auth, limits, quotas (name -> value)."""
        o, q, lim = self.options, self.options.quotas, self.limits
        facts = {"store": shown_store_url(o.store_url),
                 "auth": f"bearer token ({len(o.tokens)} accepted)" if o.tokens else "none",
                 "secret": "given" if o.secret is not None else "made for this process",
                 "session ttl": f"{o.session_ttl:g} s",
                 "calls per minute": o.calls_per_minute, "concurrent runs": o.max_runs,
                 "session": f"{q.session_chars // 1024} KB",
                 "client": f"{q.client_sessions} sessions, {q.client_chars // MB} MB",
                 "store quota": f"{q.store_sessions} sessions, {q.store_chars // MB} MB"}
        for name in ("timeout", "max_wall", "max_steps", "max_memory_mb", "max_tool_calls",
                     "isolation"):
            facts[name] = getattr(lim, name)
        return {k: ("none" if v is None else v) for k, v in facts.items()}

    def _open_store(self, metrics) -> SessionStore:
        """The store --session-store names: none or memory:// -> memory, redis:// -> Redis."""
        o = self.options
        if o.store_url is None or o.store_url.startswith("memory:"):
            return MemoryStore(self.new_session, ttl=o.session_ttl, wait=self.wait,
                               quotas=o.quotas)
        return RedisStore(o.store_url, self.new_session, ttl=o.session_ttl, wait=self.wait,
                          lease=o.lease, quotas=o.quotas,
                          observe=metrics.store_op if metrics is not None else None)

    def new_session(self, text: str | None) -> Session:
        """A Session with the server's tools and limits, from saved text or empty."""
        if text is None:
            return Session(tools=self.tools, limits=self.limits, upstreams=self.upstreams)
        try:
            return Session.load(text, tools=self.tools, limits=self.limits,
                                upstreams=self.upstreams,
                                max_chars=self.options.quotas.session_chars)
        except (ValueError, TypeError, KeyError, PtcError) as e:
            raise SavedUnreadable(str(e)) from None

    def session_key(self, client: str, session_id: str) -> str:
        """The store key: the client (with authentication) and the MCP session id."""
        owner = client if self.options.tokens else "anon"
        return f"{owner}:{session_id}"

    def digest(self, session_id: str | None) -> str:
        """A session's name in logs: a keyed digest, since the id itself lets its holder in."""
        return digest(self.secret, session_id)


_LOG_FIELDS = ("request_id", "client", "session", "status", "duration_ms", "method", "path",
               "code")


class JsonFormatter(logging.Formatter):
    """One JSON object per log line: time, level, logger, message and the call's fields."""

    def format(self, record: logging.LogRecord) -> str:
        """The record as one line of JSON."""
        out = {"ts": self.formatTime(record, "%Y-%m-%dT%H:%M:%S"), "level": record.levelname,
               "logger": record.name, "message": record.getMessage()}
        out.update({k: getattr(record, k) for k in _LOG_FIELDS if hasattr(record, k)})
        if record.exc_info:
            out["exception"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False, default=str)
