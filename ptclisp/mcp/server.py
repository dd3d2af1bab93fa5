"""The MCP server: one tool, `lisp_eval`, on the official MCP Python SDK (`MCPServer`, 2.x).

Stateless by default: every call runs in a fresh Session with the host tools and the limits.
With `keep_session` each client connection gets one Session (stdio: the process's one client;
HTTP: one per Mcp-Session-Id, at most MAX_SESSIONS kept), so `def`s and *1 *2 *3 persist; a
connection's calls run one at a time.
Programs run on worker threads (`Session.arun`), async host tools on the server's event loop;
the loop keeps serving while a program runs. What grows with a call's input runs off the loop too:
a `context` is counted (at most `max_collection_size` items) and converted on a worker thread, and
so are the kept-session check and the answer's text. A call the client cancels
(`notifications/cancelled`) is stopped and waited for: it keeps nothing (`Session.cancel`), the
session-memory check still runs, and the connection's next call starts only once it has ended.
"""
from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
import signal
import sys
from collections.abc import Iterable
from typing import Any

import anyio
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.tools import Tool as MCPTool
from mcp.types import CallToolResult, ToolAnnotations

from .. import Limits, Session, SessionBusyError, Tool, __version__
from ..llm import format_error_for_llm
from ..llm.lisp_tool import TOOL_NAME
from . import messages as M
from .description import describe
from .memory import MemoryMeter, items, session_bound
from .results import argument_error, error_result, tool_result
from .stdio import MAX_REQUEST_MB, stdio_streams

__all__ = ["LispEval", "build_server", "serve", "input_schema"]

log = logging.getLogger("ptclisp.mcp")
MAX_SESSIONS = 64  # kept sessions (--session over HTTP); the least recently used goes first
SESSION_HEADER = "mcp-session-id"


def input_schema() -> dict:
    """The JSON schema of lisp_eval's arguments, as advertised in tools/list."""
    return {
        "type": "object",
        "properties": {
            "program": {"type": "string", "description": M.PROGRAM_DESCRIPTION},
            "context": {"type": "object", "additionalProperties": True,
                        "description": M.CONTEXT_DESCRIPTION},
        },
        "required": ["program"],
    }


class LispEval:
    """The lisp_eval tool: runs one program per call, statelessly or in the connection's Session."""

    def __init__(self, tools: Iterable[Tool] = (), limits: Limits | None = None, *,
                 keep_session: bool = False, upstreams=None):
        self.tools = list(tools)
        self.upstreams = upstreams  # ptclisp.upstream.Upstreams shared by every run, or None
        self.limits = limits or Limits()
        self.keep_session = keep_session
        # connection key -> (Session, lock, MemoryMeter), least recently used first; touched
        # only on the event loop's thread
        self._sessions: dict = {}

    async def __call__(self, program: Any = None, context: Any = None,
                       ctx: Context | None = None) -> CallToolResult:
        """Check the arguments, run the program, answer with its feedback or its error."""
        if not isinstance(program, str):
            return argument_error(M.bad_program(M.json_type(program)), M.HINT_PROGRAM)
        if context is not None and not isinstance(context, dict):
            return argument_error(M.bad_context(M.json_type(context)), M.HINT_CONTEXT)
        try:
            if not self.keep_session:
                call = _Call()
                return await _to_the_end(self._run_fresh(program, context, call), call)
            session, lock, meter = self._session_of(ctx)
            async with lock:  # a call during a run waits here, for the run and its check
                return await self._kept_call(session, meter, program, context)
        except SessionBusyError:  # the host runs this Session elsewhere too
            return error_result(format_error_for_llm({
                "kind": M.SESSION_BUSY_KIND, "message": M.SESSION_BUSY,
                "hint": M.HINT_SESSION_BUSY}))
        except Exception:  # a bug of ours: logged with its traceback, the model learns little
            log.exception("lisp_eval failed")
            return error_result(format_error_for_llm({"kind": M.INTERNAL_KIND,
                                                      "message": M.INTERNAL}))
        finally:
            _flush_stdout()

    def observe(self, result) -> None:
        """What a run came to, for a server that counts it (the service's metrics); nothing here."""

    async def _run_fresh(self, program: str, context, call: "_Call") -> CallToolResult | None:
        """Run in a fresh Session made (context converted) off the event loop."""
        refused = await _off_loop(self._context_refused, context)
        if refused is not None:
            return refused
        try:
            call.session = await _off_loop(functools.partial(
                Session, data=context, tools=self.tools, limits=self.limits,
                upstreams=self.upstreams))
        except TypeError as e:  # data too deep to convert
            return argument_error(str(e), M.HINT_CONTEXT_DATA)
        if call.cancelled:
            return None
        result = await call.session.arun(program)
        self.observe(result)
        return await _off_loop(tool_result, result)

    async def _kept_call(self, session: Session, meter: MemoryMeter, program: str,
                         context) -> CallToolResult | None:
        """A call in a kept session; when cancelled, its run is stopped and waited for."""
        call = _Call()
        call.session = session
        return await _to_the_end(self._run_kept(session, meter, program, context, call), call)

    async def _run_kept(self, session: Session, meter: MemoryMeter, program: str,
                        context, call: "_Call") -> CallToolResult | None:
        """Run in a kept session; a run that leaves memory over its bound is undone."""
        refused = await _off_loop(self._context_refused, context)
        if refused is not None:
            return refused
        try:
            await _off_loop(setattr, session, "data", context)
        except TypeError as e:  # data too deep to convert
            return argument_error(str(e), M.HINT_CONTEXT_DATA)
        if call.cancelled:
            return None
        before, history = dict(session.memory), list(session.history)
        result = await session.arun(program)
        self.observe(result)
        if result.error is None and await _off_loop(meter.over, session.memory):
            session.memory, session.history = before, history
            return error_result(format_error_for_llm({
                "kind": M.LIMIT_KIND, "message": M.session_memory_full(meter.cap),
                "hint": M.HINT_SESSION_MEMORY}))
        return await _off_loop(functools.partial(tool_result, result, memory_before=before,
                                                 kept=True))

    def _context_refused(self, context) -> CallToolResult | None:
        """The error answer for a context over the bound (max_collection_size items), or None."""
        cap = session_bound(self.limits)
        if context is None or cap is None or items(context, cap) <= cap:
            return None
        return argument_error(M.context_too_big(cap), M.HINT_CONTEXT_SIZE)

    def _session_of(self, ctx: Context | None):
        """(Session, lock, memory meter) of the client connection that sent this call.

        stdio serves one connection per process; over HTTP a connection is its Mcp-Session-Id.
        At most MAX_SESSIONS are kept: the least recently used one is dropped first."""
        headers = ctx.headers if ctx is not None else None
        key = headers.get(SESSION_HEADER) if headers is not None else None
        entry = self._sessions.pop(key, None)
        if entry is None:
            entry = (Session(tools=self.tools, limits=self.limits, upstreams=self.upstreams),
                     anyio.Lock(),
                     MemoryMeter(session_bound(self.limits)))
        self._sessions[key] = entry  # most recently used last
        while len(self._sessions) > MAX_SESSIONS:
            self._sessions.pop(next(iter(self._sessions)))
        return entry


class _Call:
    """One lisp_eval call: whether its client cancelled it, and the Session that runs it."""

    __slots__ = ("cancelled", "session")

    def __init__(self):
        self.cancelled = False
        self.session: Session | None = None

    def cancel(self) -> None:
        """The client cancelled the call: stop its run, which then keeps nothing."""
        self.cancelled = True
        if self.session is not None:
            self.session.cancel()


async def _to_the_end(work, call: _Call):
    """work's answer; when the call is cancelled, its run is stopped and waited for (shielded:
    the session's lock is held, and its memory check made, until the run has ended)."""
    task = asyncio.ensure_future(work)
    try:
        return await asyncio.shield(task)
    except anyio.get_cancelled_exc_class():
        call.cancel()
        with anyio.CancelScope(shield=True):
            with contextlib.suppress(Exception):
                await task
        raise


async def _off_loop(fn, *args):
    """fn(*args) on a worker thread: work that grows with a call's input keeps off the loop."""
    return await anyio.to_thread.run_sync(fn, *args)


def _flush_stdout():
    """Write out what host code printed while fd 1 still points at stderr."""
    with contextlib.suppress(Exception):
        sys.stdout.flush()


def build_server(tools: Iterable[Tool] = (), limits: Limits | None = None, *,
                 keep_session: bool = False, log_level: str = "WARNING",
                 upstreams=None, handler_class=None,
                 catalog_budget: int | None = None) -> MCPServer:
    """An MCPServer with the one tool lisp_eval (described for these tools and limits).

    upstreams: a ptclisp.upstream.Upstreams: programs reach them with tool/call (aggregator).
    handler_class: LispEval or a subclass of it (handler.ServiceLispEval), called as LispEval.
    catalog_budget: tokens the tools may take in the description before they are indexed."""
    tools = list(tools)
    handler = (handler_class or LispEval)(tools, limits, keep_session=keep_session,
                                          upstreams=upstreams)
    catalog = upstreams.catalog_text(budget=catalog_budget) if upstreams is not None else None
    description = describe(tools, handler.limits, session=keep_session, catalog=catalog,
                           catalog_budget=catalog_budget)
    description += getattr(handler, "card_note", "")  # what a subclass adds (service.py)
    reaches_out = bool(tools) or upstreams is not None
    tool = MCPTool.from_function(
        handler.__call__, name=TOOL_NAME, description=description,
        annotations=ToolAnnotations(read_only_hint=not reaches_out, open_world_hint=reaches_out),
        structured_output=False)
    # the arguments are checked by lisp_eval itself, so a wrong one gets a helpful tool error
    tool.parameters = input_schema()
    return MCPServer(M.SERVER_NAME, version=__version__, instructions=M.SERVER_INSTRUCTIONS,
                     tools=[tool], log_level=log_level)


def serve(server: MCPServer, *, transport: str = "stdio", host: str = "127.0.0.1",
          port: int = 8000, max_request_mb: int = MAX_REQUEST_MB) -> int:
    """Serve until the client closes stdin (stdio), or SIGTERM/SIGINT arrives; returns 0 (or
    exits the process with 0 on a signal).

    While serving stdio the SDK points fd 1 at stderr (the protocol has its own copy), so what
    host tools print lands on stderr; each call flushes sys.stdout so that nothing buffered is
    written after the SDK points fd 1 back at the protocol.
    max_request_mb caps one JSON-RPC line (stdio) or request body (HTTP); a longer one is
    answered with an error without being kept (stdio.py)."""
    anyio.run(_serve, server, transport, host, port, max_request_mb * 1024 * 1024)
    return 0


async def _serve(server: MCPServer, transport: str, host: str, port: int, max_bytes: int):
    async with anyio.create_task_group() as tg:
        tg.start_soon(_exit_on_signal)
        if transport == "stdio":
            lowlevel = server._lowlevel_server  # the SDK's own run_stdio_async, on our streams
            async with stdio_streams(max_bytes) as (read_stream, write_stream):
                await lowlevel.run(read_stream, write_stream,
                                   lowlevel.create_initialization_options())
        else:
            await server.run_streamable_http_async(host=host, port=port,
                                                   max_request_body_size=max_bytes)
        tg.cancel_scope.cancel()


async def _exit_on_signal():
    """Exit at once on SIGTERM/SIGINT.

    A cancel cannot end the server: the SDK reads stdin on a thread that only a new line or
    EOF wakes. Exiting closes the sockets of the isolation workers, which then stop too (a busy
    one when its run's deadline passes)."""
    with anyio.open_signal_receiver(signal.SIGTERM, signal.SIGINT) as signals:
        async for signum in signals:
            log.info("stopping on signal %d", signum)
            _flush_stdout()
            logging.shutdown()
            os._exit(0)
