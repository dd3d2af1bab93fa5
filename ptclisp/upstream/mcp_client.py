"""One MCP client connection (stdio or Streamable HTTP) on the official SDK, owned by a task.

The SDK's transports and ClientSession are async context managers that must be entered and
left in one task, so an owner task holds them open until `close`; calls from other tasks of the
same loop share the session. A lost connection is noticed by the call that fails; the next
call starts a fresh one.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import os

import httpx2
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError
from mcp.types import PaginatedRequestParams

from .config import Secrets, UpstreamSpec

log = logging.getLogger("ptclisp.upstream")
CONNECTION_CLOSED = -32000
START_TIMEOUT = 20.0  # seconds to spawn, connect and initialize
CLOSE_TIMEOUT = 5.0


class ConnectionLost(Exception):
    """The upstream's connection ended (process exited, HTTP stream gone)."""


class McpConnection:
    """A lazily started, restartable client session to one MCP upstream."""

    def __init__(self, spec: UpstreamSpec, secrets: Secrets):
        self.spec = spec
        self._secrets = secrets
        self.session: ClientSession | None = None
        self._owner: asyncio.Task | None = None
        self._stop: asyncio.Event | None = None
        self._starting: asyncio.Lock | None = None
        self.starts = 0  # how many times a connection was opened (restarts show here)

    def _open(self):
        spec = self.spec
        if spec.transport == "mcp_stdio":
            env = {**os.environ, **self._secrets.env.get(spec.name, {})}
            params = StdioServerParameters(command=spec.command, args=list(spec.args), env=env,
                                           cwd=spec.cwd)
            return stdio_client(params, errlog=_DEVNULL)
        client = httpx2.AsyncClient(headers=self._secrets.headers(spec),
                                   timeout=httpx2.Timeout(30.0, read=300.0))
        return _http(spec.url, client)

    async def session_ready(self) -> ClientSession:
        """The live session, starting one when there is none."""
        if self._starting is None:
            self._starting = asyncio.Lock()
        async with self._starting:
            if self.session is None:
                await asyncio.wait_for(self._start(), START_TIMEOUT)
            return self.session

    async def _start(self) -> None:
        ready: asyncio.Future = asyncio.get_running_loop().create_future()
        self._stop = asyncio.Event()
        self._owner = asyncio.get_running_loop().create_task(self._own(ready, self._stop))
        self.starts += 1
        await ready

    async def _own(self, ready: asyncio.Future, stop: asyncio.Event) -> None:
        try:
            async with self._open() as streams:
                async with ClientSession(streams[0], streams[1]) as session:
                    await session.initialize()
                    self.session = session
                    ready.set_result(None)
                    await stop.wait()
        except BaseException as e:  # noqa: BLE001 - the start failed or the connection died
            if not ready.done():
                ready.set_exception(ConnectionLost(_short(e)))
            if isinstance(e, (KeyboardInterrupt, SystemExit)):
                raise
        finally:
            self.session = None

    async def call(self, tool: str, args: dict):
        """The CallToolResult of one call; ConnectionLost when the connection is gone."""
        session = await self.session_ready()
        try:
            return await session.call_tool(tool, args)
        except MCPError as e:
            if e.error.code == CONNECTION_CLOSED:
                await self.reset()
                raise ConnectionLost(e.error.message) from None
            raise

    async def list_tools(self) -> list:
        """Every tool the upstream lists (all pages)."""
        session = await self.session_ready()
        tools, cursor = [], None
        try:
            while True:
                page = await session.list_tools(params=_page(cursor))
                tools.extend(page.tools)
                cursor = page.next_cursor
                if not cursor:
                    return tools
        except MCPError as e:
            if e.error.code == CONNECTION_CLOSED:
                await self.reset()
                raise ConnectionLost(e.error.message) from None
            raise

    async def reset(self) -> None:
        """Close the connection (if any); the next call opens a new one."""
        stop, owner = self._stop, self._owner
        self.session, self._owner = None, None
        if stop is not None:
            stop.set()
        if owner is not None:
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(owner, CLOSE_TIMEOUT)

    close = reset


@contextlib.asynccontextmanager
async def _http(url: str, client: httpx2.AsyncClient):
    async with client:
        async with streamable_http_client(url, http_client=client) as streams:
            yield streams


def _page(cursor):
    if cursor is None:
        return None
    return PaginatedRequestParams(cursor=cursor)


def _short(e: BaseException) -> str:
    """A one-line reason for a failed start (exception groups unwrapped)."""
    while getattr(e, "exceptions", None):  # an ExceptionGroup of the SDK's task groups
        e = e.exceptions[0]
    text = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
    return text[:200]


_DEVNULL = open(os.devnull, "w")  # noqa: SIM115 - the upstreams' stderr, for the process's life
