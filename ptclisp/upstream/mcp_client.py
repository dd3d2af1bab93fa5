"""One MCP client connection (stdio or Streamable HTTP) on the official SDK, owned by a task.

The SDK's ClientSession runs over our byte-counting transports (transports.py), which refuse a
message over the size cap before it is decoded. The transports and the session are async
context managers that must be entered and left in one task, so an owner task holds them open
until `close`; calls from other tasks of the same loop share the session.

A connection known to be dead (the server exited, an oversized answer ended it) is replaced by
the next call before it sends anything; a call whose request surely never reached the server
(the pipe was already broken, the HTTP connect failed, the HTTP session was gone) is sent once
more on a fresh connection. Restarts are bounded: at most MAX_RESTARTS in RESTART_WINDOW
seconds, so a server that keeps crashing makes calls fail fast instead of hang.
"""
from __future__ import annotations

import asyncio
import collections
import contextlib
import contextvars
import logging
import time

import anyio
import httpx2
from mcp import ClientSession
from mcp.client.stdio import get_default_environment
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError
from mcp.types import PaginatedRequestParams

from . import messages as M
from .config import Limits, Secrets, UpstreamSpec
from .redact import Redactor
from .screen import MARK, PARSE_ERROR, REFUSED, Screened
from .transports import CALL_NOTE, CappedTransport, Link, Note, capped_stdio

log = logging.getLogger("ptclisp.upstream")
CONNECTION_CLOSED = -32000
START_TIMEOUT = 20.0  # seconds to spawn, connect and initialize
CLOSE_TIMEOUT = 10.0  # the shutdown: stdin closed, a grace period, then the tree killed
MAX_RESTARTS = 3  # starts after the first within RESTART_WINDOW seconds
RESTART_WINDOW = 60.0


class ConnectionLost(Exception):
    """The upstream's connection ended (process exited, HTTP stream gone)."""


class RestartLimit(ConnectionLost):
    """The upstream was restarted MAX_RESTARTS times within RESTART_WINDOW seconds."""


class AnswerTooLarge(Exception):
    """The transport refused this call's answer for its size (before decoding it)."""


class AnswerRefused(Exception):
    """An answer the host would not read (too many blocks, nested too deep, not JSON-RPC, a
    listing past its caps): `reason` is the fault's, `detail` says why."""

    def __init__(self, reason: str, detail: str):
        super().__init__(detail)
        self.reason, self.detail = reason, detail


class McpConnection:
    """A lazily started, restartable client session to one MCP upstream."""

    def __init__(self, spec: UpstreamSpec, secrets: Secrets, limits: Limits,
                 redactor: Redactor | None = None):
        self.spec = spec
        self._secrets = secrets
        self._redactor = redactor or Redactor(secrets.values())
        self.limits = limits
        self.cap = limits.max_response_bytes  # bytes of one message from the server
        self._link = Link(alive=False)
        self._restarts: collections.deque = collections.deque()  # monotonic times of restarts
        self.session: ClientSession | None = None
        self._owner: asyncio.Task | None = None
        self._stop: asyncio.Event | None = None
        self._starting: asyncio.Lock | None = None
        self._ready: asyncio.Future | None = None  # the start under way (or the last one)
        self._scope: anyio.CancelScope | None = None  # the owner's: cancelling it ends the connection
        self.starts = 0  # how many times a connection was opened (restarts show here)

    def _open(self, link: Link):
        spec = self.spec
        if spec.transport == "mcp_stdio":
            # the SDK's small default set (PATH, HOME, USER, ...) and what the upstream declares:
            # nothing else of the host's environment (its API keys) reaches the server
            env = {**get_default_environment(), **self._secrets.env.get(spec.name, {})}
            return capped_stdio(spec.command, list(spec.args), env, spec.cwd, self.cap, link)
        headers = {**self._secrets.headers(spec), "Accept-Encoding": "identity"}
        client = httpx2.AsyncClient(headers=headers, transport=CappedTransport(self.cap, link),
                                    timeout=httpx2.Timeout(30.0, read=300.0))
        return _http(spec.url, client, self.cap)

    async def session_ready(self) -> ClientSession:
        """The live session, starting one when there is none.

        A start runs in the owner task, bounded there by START_TIMEOUT; callers only wait for
        it (a caller that gives up leaves it running, and the next caller waits for the same
        start), so the transport's own clean-up always ends a failed start's process. A
        connection its transport saw end (the server exited) is replaced first."""
        if self._starting is None:
            self._starting = asyncio.Lock()
        async with self._starting:
            if self.session is not None and not self._link.alive:
                self.session = None  # the server exited or its transport ended it
            if self.session is None:
                if self._ready is None or self._ready.done():
                    await self.reset()  # what is left of a connection that died
                    self._count_restart()
                    self._start()
                await asyncio.shield(self._ready)
            return self.session

    @property
    def needs_start(self) -> bool:
        """True when the next call would have to start a connection first."""
        return self.session is None or not self._link.alive

    def diagnosis(self, link: Link | None = None) -> str:
        """What the (last) connection's process left: its exit code and the last lines of its
        stderr, secrets redacted; "" for none (an HTTP upstream)."""
        link = link or self._link
        text = M.process_ended(link.exit_code, list(link.stderr))
        return self._redactor.message(text)

    def _lost(self, detail: str, link: Link) -> str:
        """The reason a start or connection failed, with the cap when one was hit."""
        if link.reason:  # the transport ended it: a message over the size cap
            return M.start_too_large(self.cap)
        why = self.diagnosis(link)
        if why:
            log.info("upstream %s: %s", self.spec.name, why)
        return f"{detail}{why}"

    @property
    def bytes_read(self) -> int:
        """Bytes of messages read from the server on the current (or last) connection."""
        return self._link.read

    def _count_restart(self) -> None:
        """RestartLimit when this start would be one restart too many."""
        if self.starts == 0 or self._link.reason:
            return  # the first start, or after a connection we ended (an oversized answer)
        now = time.monotonic()
        while self._restarts and now - self._restarts[0] > RESTART_WINDOW:
            self._restarts.popleft()
        if len(self._restarts) >= MAX_RESTARTS:
            raise RestartLimit(M.restart_limit(MAX_RESTARTS, RESTART_WINDOW))
        self._restarts.append(now)

    def _start(self) -> None:
        loop = asyncio.get_running_loop()
        self._ready = loop.create_future()
        self._ready.add_done_callback(_retrieved)  # a failure nobody waits for any more is fine
        self._stop = asyncio.Event()
        self._link = Link()
        # a context of its own: the calls' Notes must not reach the connection's own requests
        self._owner = loop.create_task(self._own(self._ready, self._stop, self._link),
                                       context=contextvars.Context())
        self.starts += 1

    async def _own(self, ready: asyncio.Future, stop: asyncio.Event, link: Link) -> None:
        # Ended by an anyio cancel scope, never by Task.cancel(): the transport's shielded
        # shutdown (which ends the server's process tree) then runs to its end.
        try:
            with anyio.CancelScope() as self._scope:
                async with self._open(link) as streams:
                    reader = Screened(streams[0], self.limits.max_content_blocks, link)
                    async with ClientSession(reader, streams[1]) as session:
                        with anyio.fail_after(START_TIMEOUT):
                            await session.initialize()
                        self.session = session
                        ready.set_result(None)
                        await stop.wait()
            if not ready.done():
                ready.set_exception(ConnectionLost(self._lost("", link)))
        except BaseException as e:  # noqa: BLE001 - the start failed or the connection died
            if not ready.done():
                ready.set_exception(ConnectionLost(self._lost(_short(e), link)))
            if isinstance(e, (KeyboardInterrupt, SystemExit)):
                raise
        finally:
            link.end()
            if self._ready is ready:  # not a newer connection's
                self.session = None

    async def call(self, tool: str, args: dict):
        """The CallToolResult of one call; ConnectionLost when the connection is gone,
        AnswerTooLarge when its answer was over the cap."""
        return await self.request(lambda session: session.call_tool(tool, args))

    async def resources(self) -> list:
        """Every resource the upstream lists (all pages, within the listing caps)."""
        return await self._pages("resources/list", lambda cursor: self.request(
            lambda session: session.list_resources(params=_page(cursor))), "resources")

    async def _pages(self, what: str, fetch, field: str) -> list:
        """The items of every page of a listing; AnswerRefused past max_list_pages pages or
        max_list_bytes bytes read from the server while listing."""
        out, cursor, pages = [], None, 0
        link, start = self._link, self._link.read - self._link.noise
        while True:
            page = await fetch(cursor)
            pages += 1
            if link is not self._link:  # a fresh connection: count its bytes from here
                link, start = self._link, 0
            read = link.read - link.noise - start  # notifications are dropped, not kept
            limits = self.limits
            if read > limits.max_list_bytes or (page.next_cursor and pages >= limits.max_list_pages):
                raise AnswerRefused("response_too_large", M.listing_too_large(
                    what, pages, read, limits.max_list_pages, limits.max_list_bytes))
            out.extend(getattr(page, field))
            cursor = page.next_cursor
            if not cursor:
                return out

    async def read(self, uri: str):
        """The ReadResourceResult of one resource."""
        return await self.request(lambda session: session.read_resource(uri))

    async def request(self, send):
        """send(session)'s answer, with the restart and re-send rules of a call."""
        for attempt in range(2):
            try:
                session = await self.session_ready()
            except RestartLimit:
                raise
            except ConnectionLost as e:
                raise ConnectionLost(M.not_started(str(e))) from None
            note = Note()
            token = CALL_NOTE.set(note)
            try:
                return await send(session)
            except MCPError as e:
                if note.too_large:
                    raise AnswerTooLarge() from None
                refused = _refused(e)
                if refused is not None:
                    raise refused from None
                lost = e.error.code == CONNECTION_CLOSED or note.session_gone
                if not lost:
                    raise
                link = self._link
                reason = link.reason
                await self.reset()
                if attempt == 0 and (not note.delivered or note.session_gone):
                    continue  # it never reached the server: send it on a fresh connection
                if reason:
                    raise ConnectionLost(M.reset_after_oversized(reason)) from None
                raise ConnectionLost(self._lost(M.CRASHED, link)) from None
            finally:
                CALL_NOTE.reset(token)

    async def list_tools(self) -> list:
        """Every tool the upstream lists (all pages, within the listing caps)."""
        session = await self.session_ready()
        try:
            return await self._pages("tools/list",
                                     lambda cursor: session.list_tools(params=_page(cursor)), "tools")
        except MCPError as e:
            refused = _refused(e)
            if refused is not None:
                raise refused from None
            if e.error.code == CONNECTION_CLOSED:
                link = self._link
                await self.reset()
                raise ConnectionLost(self._lost(e.error.message, link)) from None
            raise

    def _abort(self) -> None:
        """End the connection whatever it is doing (starting, serving)."""
        if self._stop is not None:
            self._stop.set()
        if self._scope is not None:
            self._scope.cancel()

    async def reset(self) -> None:
        """Close the connection (if any) and wait for its process to end; the next call opens
        a new one."""
        owner = self._owner
        self._abort()
        self.session, self._owner = None, None
        if owner is not None:
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(asyncio.shield(owner), CLOSE_TIMEOUT)

    close = reset


@contextlib.asynccontextmanager
async def _http(url: str, client: httpx2.AsyncClient, cap: int):
    async with client:
        async with streamable_http_client(url, http_client=client, max_sse_event_size=cap) as streams:
            yield streams


def _retrieved(future: asyncio.Future) -> None:
    if not future.cancelled():
        future.exception()


def _refused(e: MCPError) -> AnswerRefused | None:
    """The refusal an error stands for when the host (or the SDK's reader) made it, else None."""
    error = e.error
    ours = getattr(error, "data", None) == MARK
    if error.code == REFUSED and ours:
        return AnswerRefused("response_too_large", error.message)
    if error.code == PARSE_ERROR and (ours or error.message.startswith("Failed to parse")):
        if ours:
            return AnswerRefused("upstream_error", error.message)
        deep = "recursion limit" in error.message
        return AnswerRefused("upstream_error", M.ANSWER_TOO_DEEP if deep else M.ANSWER_NOT_JSONRPC)
    return None


def _page(cursor):
    if cursor is None:
        return None
    return PaginatedRequestParams(cursor=cursor)


def _short(e: BaseException) -> str:
    """A one-line reason for a failed start (exception groups unwrapped)."""
    while getattr(e, "exceptions", None):  # an ExceptionGroup of the SDK's task groups
        e = e.exceptions[0]
    if isinstance(e, FileNotFoundError) and e.filename:  # the command is not on the PATH
        return M.command_not_found(str(e.filename))
    text = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
    return text[:200]

