"""`ptclisp mcp --transport http` as a shared service: the lisp_eval handler over a session store,
with per-client limits, metrics and one structured log line per call.

`ServiceOptions` is what the command line gives; `Service` holds the store, the metrics and the
per-client counters of one server; `ServiceLispEval` is lisp_eval with them. The HTTP side
(authentication, request ids, session ids, /healthz, /metrics, graceful shutdown) is http.py.
A call's identity arrives as headers the HTTP gate sets (never the client's own): the client
(`x-ptclisp-client`), the request id (`x-request-id`) and the MCP session id.
"""
from __future__ import annotations

import hashlib
import json
import logging
import os
import time
from dataclasses import dataclass, field
from typing import Any

from mcp.server.mcpserver import Context
from mcp.types import CallToolResult, TextContent

from .. import Limits, PtcError, Session
from ..host.saving import SaveError
from ..llm import format_error_for_llm
from . import messages as M
from .memory import MemoryMeter, session_bound
from .results import argument_error, error_result
from .server import SESSION_HEADER, LispEval
from .store import HAVE_REDIS, LockLost, SessionBusy, SessionStore, StoreUnavailable, open_store

__all__ = ["ServiceOptions", "options_from", "ServiceConfigError", "Service", "ServiceLispEval", "JsonFormatter", "CLIENT_HEADER",
           "REQUEST_ID_HEADER", "DAY"]

log = logging.getLogger("ptclisp.mcp.service")
CLIENT_HEADER = "x-ptclisp-client"
REQUEST_ID_HEADER = "x-request-id"
DAY = 24 * 3600.0


@dataclass
class ServiceOptions:
    """How the service runs: its store, time to live, tokens and per-client limits."""

    store_url: str | None = None  # None: sessions in this process's memory
    session_ttl: float = DAY
    tokens: list[str] = field(default_factory=list)  # empty: no authentication
    calls_per_minute: int | None = None
    max_runs: int | None = None  # concurrent runs of one client on one replica
    lock_timeout: float | None = None  # None: from the run's timeout (lock_seconds)


def lock_seconds(limits: Limits) -> float:
    """How long a call may hold its session: well past the run's own timeout."""
    return max(30.0, 3 * float(limits.timeout or 10) + 10)


class ServiceConfigError(ValueError):
    """A service option that cannot be used; the message says why (for the command line)."""


def options_from(*, store_url: str | None = None, session_ttl: float = DAY,
                 token_env: str | None = None, calls_per_minute: int | None = None,
                 max_runs: int | None = None, environ=None) -> ServiceOptions:
    """ServiceOptions from the command line's values; ServiceConfigError when one is unusable."""
    tokens: list[str] = []
    if token_env is not None:
        value = (environ if environ is not None else os.environ).get(token_env, "")
        tokens = [t.strip() for t in value.split(",") if t.strip()]
        if not tokens:
            raise ServiceConfigError(M.no_token(token_env))
    if store_url is not None and not store_url.startswith(_STORE_SCHEMES):
        raise ServiceConfigError(M.bad_store_url(store_url))
    if store_url is not None and not store_url.startswith("memory:") and not HAVE_REDIS:
        raise ServiceConfigError(M.NO_REDIS)
    return ServiceOptions(store_url=store_url, session_ttl=session_ttl, tokens=tokens,
                          calls_per_minute=calls_per_minute, max_runs=max_runs)


_STORE_SCHEMES = ("redis://", "rediss://", "unix://", "memory:")


class SavedUnreadable(Exception):
    """The text in the store is not a saved session this server can load."""


class Service:
    """The shared parts of one server: the store, the metrics, the per-client run counts."""

    def __init__(self, options: ServiceOptions, limits: Limits, tools=(), upstreams=None,
                 metrics=None):
        self.options, self.limits = options, limits
        self.tools, self.upstreams = list(tools), upstreams
        self.metrics = metrics
        self.lock_timeout = options.lock_timeout or lock_seconds(limits)
        self.store: SessionStore = open_store(
            options.store_url, self.new_session, save_text, ttl=options.session_ttl,
            wait=self.lock_timeout, lock_timeout=self.lock_timeout,
            observe=metrics.store_op if metrics is not None else None)
        self.running: dict[str, int] = {}  # client -> runs in progress here (event loop only)
        self.draining = False

    def new_session(self, text: str | None) -> Session:
        """A Session with the server's tools and limits, from saved text or empty."""
        if text is None:
            return Session(tools=self.tools, limits=self.limits, upstreams=self.upstreams)
        try:
            return Session.load(text, tools=self.tools, limits=self.limits,
                                upstreams=self.upstreams)
        except (ValueError, TypeError, KeyError, PtcError) as e:
            raise SavedUnreadable(str(e)) from None

    def session_key(self, client: str, session_id: str) -> str:
        """The store key: the client (with authentication) and the MCP session id."""
        owner = client if self.options.tokens else "anon"
        return f"{owner}:{session_id}"


def save_text(session: Session) -> tuple[str, list[str]]:
    """The session's EDN text, and the places left out because they are not data."""
    try:
        return session.save(), []
    except SaveError as e:
        return session.save(skip_unsaveable=True), e.names


class ServiceLispEval(LispEval):
    """lisp_eval over a session store, with per-client limits, metrics and a log line per call."""

    def __init__(self, tools=(), limits: Limits | None = None, *, keep_session: bool = False,
                 upstreams=None, service: Service):
        super().__init__(tools, limits, keep_session=keep_session, upstreams=upstreams)
        self.service = service

    @property
    def card_note(self) -> str:
        """What the tool's description adds: functions do not last in a store of text."""
        saved = self.service.options.store_url is not None and \
            not self.service.options.store_url.startswith("memory:")
        return "\n\n" + M.CARD_FUNCTIONS_NOT_KEPT if self.keep_session and saved else ""

    async def __call__(self, program: Any = None, context: Any = None,
                       ctx: Context | None = None) -> CallToolResult:
        """Admit the call under the client's limits, run it, log and count it."""
        headers = (ctx.headers if ctx is not None else None) or {}
        client = headers.get(CLIENT_HEADER, "-")
        sid = headers.get(SESSION_HEADER)
        metrics, t = self.service.metrics, time.perf_counter()
        if metrics is not None:
            metrics.call("lisp_eval")
        result, status = await self._admit(client)
        if result is None:
            self.service.running[client] = self.service.running.get(client, 0) + 1
            try:
                result, status = await self._serve(program, context, ctx, client, sid)
            except Exception:  # a bug of ours: logged with its traceback, the model learns little
                log.exception("lisp_eval failed")
                result, status = _error(M.INTERNAL_KIND, M.INTERNAL, ""), "internal"
            finally:
                self._release(client)
        seconds = time.perf_counter() - t
        if metrics is not None:
            metrics.run(status, seconds)
        log.info("lisp_eval", extra={"request_id": headers.get(REQUEST_ID_HEADER, "-"),
                                     "client": client, "session": _digest(sid),
                                     "status": status, "duration_ms": round(seconds * 1000, 2)})
        return result

    def _release(self, client: str) -> None:
        left = self.service.running.get(client, 1) - 1
        if left > 0:
            self.service.running[client] = left
        else:
            self.service.running.pop(client, None)

    async def _admit(self, client: str):
        """(None, "") if the client may run now, else (a tool error, "limited")."""
        opts, metrics = self.service.options, self.service.metrics
        if opts.max_runs is not None and self.service.running.get(client, 0) >= opts.max_runs:
            if metrics is not None:
                metrics.limit("concurrent_runs")
            return _error(M.LIMIT_KIND, M.too_many_runs(opts.max_runs), M.HINT_RUNS), "limited"
        if opts.calls_per_minute is not None:
            try:
                n = await self.service.store.count_call(client)
            except StoreUnavailable:
                return _error(M.STORE_KIND, M.STORE_DOWN, M.HINT_STORE), "store_error"
            if n > opts.calls_per_minute:
                if metrics is not None:
                    metrics.limit("calls_per_minute")
                return (_error(M.LIMIT_KIND, M.rate_limited(opts.calls_per_minute), M.HINT_RATE),
                        "limited")
        return None, ""

    async def _serve(self, program, context, ctx, client: str, sid: str | None):
        """(answer, status) of one admitted call."""
        if not isinstance(program, str):
            return argument_error(M.bad_program(M.json_type(program)), M.HINT_PROGRAM), "error"
        if context is not None and not isinstance(context, dict):
            return argument_error(M.bad_context(M.json_type(context)), M.HINT_CONTEXT), "error"
        if not self.keep_session or sid is None:
            result = await LispEval.__call__(self, program, context, ctx)
            return result, "error" if result.is_error else "ok"
        return await self._stored(program, context, self.service.session_key(client, sid))

    async def _stored(self, program: str, context, key: str):
        """Run in the stored session under key and keep it; store troubles are tool errors."""
        store = self.service.store
        try:
            async with store.hold(key) as held:
                meter = MemoryMeter(session_bound(self.limits))
                # a cancelled call stops its run and waits for it; nothing is committed
                result = await self._kept_call(held.session, meter, program, context)
                if result is None:  # cancelled before its run began: the store keeps its text
                    return _error(M.INTERNAL_KIND, M.INTERNAL, ""), "cancelled"
                try:
                    dropped = await held.commit()
                except StoreUnavailable:
                    return _error(M.STORE_KIND, M.STORE_DOWN_AFTER, M.HINT_STORE), "store_error"
                except LockLost:
                    return (_error(M.STORE_KIND, M.lock_lost(self.service.lock_timeout),
                                   M.HINT_LOCK_LOST), "lock_lost")
        except SessionBusy:
            return (_error(M.BUSY_KIND, M.session_busy(self.service.lock_timeout), M.HINT_BUSY),
                    "busy")
        except StoreUnavailable:
            return _error(M.STORE_KIND, M.STORE_DOWN, M.HINT_STORE), "store_error"
        except SavedUnreadable as e:
            log.error("unreadable saved session %s: %s", key, e)
            return _error(M.STORE_KIND, M.STORE_BAD_TEXT, M.HINT_STORE), "store_error"
        await self._count_active()
        if dropped and not result.is_error:
            text = result.content[0].text + "\n" + M.not_kept(dropped)
            result = CallToolResult(content=[TextContent(type="text", text=text)],
                                    is_error=False)
        return result, "error" if result.is_error else "ok"

    async def _count_active(self) -> None:
        metrics = self.service.metrics
        if metrics is not None and metrics.enabled:
            try:
                metrics.active(await self.service.store.active())
            except StoreUnavailable:
                pass  # the gauge keeps its last value


def _error(kind: str, message: str, hint: str) -> CallToolResult:
    error = {"kind": kind, "message": message}
    if hint:
        error["hint"] = hint
    return error_result(format_error_for_llm(error))


def _digest(session_id: str | None) -> str:
    """A session's name in logs: a digest, since the id itself lets its holder in."""
    return hashlib.sha256(session_id.encode()).hexdigest()[:12] if session_id else "-"


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
