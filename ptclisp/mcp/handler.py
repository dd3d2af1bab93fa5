"""lisp_eval of the shared service: admitted under the client's limits, run in its stored session,
kept within the quotas, counted and logged (service.py holds what it runs over).

Admission reserves the client's run on this replica before anything is awaited, so two calls
arriving together cannot both pass a check made before either counted; with Redis the client's
runs are also held as leased slots shared by every replica. A kept session is saved within the
cap on one session (a `*N` too big to keep is left out and named, memory too big undoes the
call), and the client is told exactly what was kept: a refused, lost or unconfirmed save says
so, and the session then is as it was before the call.
"""
from __future__ import annotations

import contextlib
import logging
import time
from typing import Any

import anyio
from mcp.server.mcpserver import Context
from mcp.types import CallToolResult, TextContent

from .. import Limits
from ..host.saving import SaveTooBig, save_bounded, saved_size
from ..llm import format_error_for_llm
from . import messages as M
from .memory import MemoryMeter, session_bound
from .results import argument_error, error_result
from .server import SESSION_HEADER, LispEval
from .service import CLIENT_HEADER, REQUEST_ID_HEADER, SavedUnreadable, Service
from .store import (LockLost, QuotaExceeded, SaveUnconfirmed, SessionBusy, SessionStore,
                    StoreUnavailable)

__all__ = ["ServiceLispEval"]

log = logging.getLogger("ptclisp.mcp.service")


class ServiceLispEval(LispEval):
    """lisp_eval over a session store, with per-client limits, metrics and a log line per call."""

    def __init__(self, tools=(), limits: Limits | None = None, *, keep_session: bool = False,
                 upstreams=None, service: Service):
        super().__init__(tools, limits, keep_session=keep_session, upstreams=upstreams)
        self.service = service

    def observe(self, result) -> None:
        """Count the program's tool calls and the sandbox limit that stopped it."""
        if self.service.metrics is not None:
            self.service.metrics.program(result, gateway=self.upstreams is not None)

    @property
    def card_note(self) -> str:
        """What the tool's description adds: functions do not last in a store of text."""
        return ("\n\n" + M.CARD_FUNCTIONS_NOT_KEPT
                if self.keep_session and self.service.store.keeps_text else "")

    async def __call__(self, program: Any = None, context: Any = None,
                       ctx: Context | None = None) -> CallToolResult:
        """Admit the call under the client's limits, run it, log and count it."""
        headers = (ctx.headers if ctx is not None else None) or {}
        client = headers.get(CLIENT_HEADER, "-")
        sid = headers.get(SESSION_HEADER)
        metrics, t = self.service.metrics, time.perf_counter()
        answer = self._reserve(client)  # before the first await: no two calls pass together
        if answer is None:
            try:
                answer = await self._admitted(program, context, ctx, client, sid)
            except Exception:  # a bug of ours: logged with its traceback, the model learns little
                log.exception("lisp_eval failed")
                answer = _error(M.INTERNAL_KIND, M.INTERNAL, ""), "internal"
            finally:
                self._release(client)
        result, status = answer
        seconds = time.perf_counter() - t
        if metrics is not None:
            metrics.run(status, seconds)
        log.info("lisp_eval", extra={"request_id": headers.get(REQUEST_ID_HEADER, "-"),
                                     "client": client, "session": self.service.digest(sid),
                                     "status": status, "duration_ms": round(seconds * 1000, 2)})
        return result

    def _reserve(self, client: str):
        """None with one run of client counted here, or (a tool error, "limited")."""
        cap, running = self.service.options.max_runs, self.service.running
        if cap is not None and running.get(client, 0) >= cap:
            return self._limited("concurrent_runs", M.too_many_runs(cap), M.HINT_RUNS)
        running[client] = running.get(client, 0) + 1
        return None

    def _release(self, client: str) -> None:
        left = self.service.running.get(client, 1) - 1
        if left > 0:
            self.service.running[client] = left
        else:
            self.service.running.pop(client, None)

    def _limited(self, which: str, message: str, hint: str, kind: str = M.LIMIT_KIND):
        if self.service.metrics is not None:
            self.service.metrics.limit(which)
        return _error(kind, message, hint), "limited"

    async def _admitted(self, program, context, ctx, client: str, sid: str | None):
        """(answer, status) of a call reserved here: the rate, the shared run slot, the run."""
        opts, store = self.service.options, self.service.store
        if opts.calls_per_minute is not None:
            try:
                n = await store.count_call(client)
            except StoreUnavailable:
                return _error(M.STORE_KIND, M.STORE_DOWN, M.HINT_STORE), "store_error"
            if n > opts.calls_per_minute:
                return self._limited("calls_per_minute", M.rate_limited(opts.calls_per_minute),
                                     M.HINT_RATE)
        slot = store.run_slot(client, opts.max_runs) if opts.max_runs is not None else \
            contextlib.nullcontext(True)
        try:
            async with slot as held:
                if not held:
                    return self._limited("concurrent_runs", M.too_many_runs(opts.max_runs),
                                         M.HINT_RUNS)
                return await self._serve(program, context, ctx, client, sid)
        except StoreUnavailable:
            return _error(M.STORE_KIND, M.STORE_DOWN, M.HINT_STORE), "store_error"

    async def _serve(self, program, context, ctx, client: str, sid: str | None):
        """(answer, status) of one admitted call."""
        if not isinstance(program, str):
            return argument_error(M.bad_program(M.json_type(program)), M.HINT_PROGRAM), "error"
        if context is not None and not isinstance(context, dict):
            return argument_error(M.bad_context(M.json_type(context)), M.HINT_CONTEXT), "error"
        if not self.keep_session or sid is None:
            result = await LispEval.__call__(self, program, context, ctx)
            return result, "error" if result.is_error else "ok"
        return await self._stored(program, context, client, sid)

    async def _stored(self, program: str, context, client: str, sid: str):
        """Run in the stored session and keep it; store troubles and quotas are tool errors."""
        store = self.service.store
        try:
            async with store.hold(self.service.session_key(client, sid), client) as held:
                session = held.session
                before, history = dict(session.memory), list(session.history)
                meter = MemoryMeter(session_bound(self.limits))
                # a cancelled call stops its run and waits for it; nothing is committed
                result = await self._kept_call(session, meter, program, context)
                if result is None:  # cancelled before its run began: the store keeps its text
                    return _error(M.INTERNAL_KIND, M.INTERNAL, ""), "cancelled"
                if result.is_error:  # nothing changed: nothing to save
                    return result, "error"
                try:
                    notes = await self._keep(held, store)
                except BaseException:
                    session.memory, session.history = before, history  # the memory store's
                    raise
        except SessionBusy:
            return (_error(M.BUSY_KIND, M.session_busy(self.service.wait), M.HINT_BUSY), "busy")
        except SaveUnconfirmed:
            return _error(M.STORE_KIND, M.STORE_DOWN_AFTER, M.HINT_STORE), "store_error"
        except StoreUnavailable:
            return _error(M.STORE_KIND, M.STORE_DOWN, M.HINT_STORE), "store_error"
        except LockLost:
            return _error(M.STORE_KIND, M.LOCK_LOST, M.HINT_LOCK_LOST), "lock_lost"
        except SaveTooBig as e:
            return self._limited("session_size", M.session_too_big(e.chars, e.cap),
                                 M.HINT_SESSION_TOO_BIG)
        except QuotaExceeded as e:
            return self._quota_error(e, sid)
        except SavedUnreadable as e:
            log.error(M.store_bad_text_log(str(e)), extra={"session": self.service.digest(sid)})
            return _error(M.STORE_KIND, M.STORE_BAD_TEXT, M.HINT_STORE), "store_error"
        await self._count_active()
        if notes:
            text = result.content[0].text + "\n" + "\n".join(notes)
            result = CallToolResult(content=[TextContent(type="text", text=text)],
                                    is_error=False)
        return result, "ok"

    async def _keep(self, held, store: SessionStore) -> list[str]:
        """Commit the held session within the cap on one session; the notes telling what was
        not kept (functions; a *N too big)."""
        cap = store.quotas.session_chars
        if store.keeps_text:
            saved = await anyio.to_thread.run_sync(_saved_text, held.session, cap)
            await held.commit(saved[0], saved[1])
            not_data, too_big = saved[2], saved[3]
        else:
            chars, too_big = await anyio.to_thread.run_sync(saved_size, held.session, cap)
            for place in too_big:  # kept as nil, as a store of text would
                held.session.history[int(place[1:]) - 1] = None
            await held.commit(chars)
            not_data = []
        notes = [M.not_kept(not_data)] if not_data else []
        if too_big:
            notes.append(M.history_not_kept(too_big, cap))
        return notes

    def _quota_error(self, e: QuotaExceeded, sid: str):
        if e.which == "saved_chars":  # a saved text past the cap: not ours (tampered?)
            log.error(M.store_bad_text_log(f"{e.needed:,} bytes"),
                      extra={"session": self.service.digest(sid)})
            return _error(M.STORE_KIND, M.STORE_BAD_TEXT, M.HINT_STORE), "store_error"
        if e.which == "client_sessions":
            return self._limited(e.which, M.client_sessions_full(e.cap), M.HINT_CLIENT_SESSIONS)
        if e.which == "client_chars":
            return self._limited(e.which, M.client_store_full(e.needed, e.cap),
                                 M.HINT_CLIENT_STORE)
        return self._limited(e.which, M.STORE_FULL, M.HINT_STORE_FULL, M.STORE_KIND)

    async def _count_active(self) -> None:
        metrics = self.service.metrics
        if metrics is not None and metrics.enabled:
            try:
                metrics.active(await self.service.store.active())
            except StoreUnavailable:
                pass  # the gauge keeps its last value


def _saved_text(session, cap: int):
    """(bytes, text, places not data, *N too big) of the session saved within cap bytes."""
    saved = save_bounded(session, cap)
    size = len(saved.text.encode("utf-8"))
    if size > cap:
        raise SaveTooBig(size, cap)
    return size, saved.text, saved.not_data, saved.too_big


def _error(kind: str, message: str, hint: str) -> CallToolResult:
    error = {"kind": kind, "message": message}
    if hint:
        error["hint"] = hint
    return error_result(format_error_for_llm(error))
