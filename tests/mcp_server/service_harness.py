"""A real Redis server and real `ptclisp mcp --transport http` replicas, for the service tests and
tests/benchmarks/bench_service.py; clients are the official MCP SDK's over Streamable HTTP.

`Router` is an HTTP transport that sends each request to the replica it names now (one port, or
the next of several in turn): a load balancer without sticky routing, so that one MCP session's
calls can go through any replica.
"""
from __future__ import annotations

import itertools
import os
import shutil
import signal
import socket
import subprocess
import time
from contextlib import asynccontextmanager
from pathlib import Path

import httpx2
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

from mcp_harness import command

HERE = Path(__file__).resolve().parent
SECRET = "the-secret-of-the-test-service"
SLOW_TOOLS = HERE / "slow_tools.py"
NO_REDIS = ("redis-server is not installed and could not be installed here "
            "(.ci/run installs Debian's redis-server package)")


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_port(port: int, within: float, process: subprocess.Popen | None = None) -> None:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"exited with {process.returncode} before listening on {port}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.05)
    raise TimeoutError(f"nothing listens on {port} after {within} s")


class Redis:
    """redis-server on a free port of 127.0.0.1, its files under a temporary directory."""

    def __init__(self, directory: Path, port: int | None = None):
        self.directory, self.port = directory, port or free_port()
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> "Redis":
        exe = shutil.which("redis-server")
        if exe is None:
            raise FileNotFoundError(NO_REDIS)
        self.process = subprocess.Popen(
            [exe, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.directory),
             "--save", "", "--appendonly", "no", "--protected-mode", "yes"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _wait_port(self.port, 20, self.process)
        return self

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


class Replica:
    """One `ptclisp mcp --transport http` process on a free port; stderr kept in a file."""

    def __init__(self, *args: str, log: Path, env: dict | None = None):
        self.port = free_port()
        self.log = log
        self.args = ["--transport", "http", "--port", str(self.port), *args]
        # replicas of one service share its secret, or each names a client differently
        full_env = dict(os.environ, PTCLISP_SERVER_SECRET=SECRET, **(env or {}))
        with open(log, "wb") as err:
            self.process = subprocess.Popen(command(*self.args), stdout=subprocess.DEVNULL,
                                            stderr=err, env=full_env)
        try:
            _wait_port(self.port, 60, self.process)
        except Exception:
            self.kill()
            raise

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @staticmethod
    def listening(port: int) -> bool:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return True
        except OSError:
            return False

    def stderr(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def terminate(self, within: float = 30) -> int:
        """SIGTERM, then the exit code (killed if it does not stop within the bound)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout=within)
        except subprocess.TimeoutExpired:
            self.kill()
            raise

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()


class Router(httpx2.AsyncBaseTransport):
    """Each request to the replica `target` names, or to the next of `ports` in turn."""

    def __init__(self, ports):
        self.inner = httpx2.AsyncHTTPTransport()
        self._cycle = itertools.cycle(list(ports))
        self.target: int | None = None

    async def handle_async_request(self, request):
        port = self.target if self.target is not None else next(self._cycle)
        request.url = request.url.copy_with(port=port)
        return await self.inner.handle_async_request(request)

    async def aclose(self) -> None:
        await self.inner.aclose()


def http_client(ports, token: str | None = None, headers: dict | None = None):
    """(an httpx2 client routing over ports, its Router)."""
    router = Router(ports)
    all_headers = dict(headers or {})
    if token is not None:
        all_headers["Authorization"] = f"Bearer {token}"
    client = httpx2.AsyncClient(headers=all_headers, transport=router,
                                timeout=httpx2.Timeout(30, read=120))
    return client, router


@asynccontextmanager
async def mcp_session(ports, token: str | None = None, headers: dict | None = None):
    """(an initialized ClientSession whose requests go over ports, its Router)."""
    client, router = http_client(ports, token, headers)
    url = f"http://127.0.0.1:{list(ports)[0]}/mcp"
    async with client, streamable_http_client(url, http_client=client) as (read, write), \
            ClientSession(read, write) as session:
        await session.initialize()
        yield session, router


async def call(session: ClientSession, program: str, context=None):
    """(is_error, text) of one lisp_eval call."""
    arguments = {"program": program}
    if context is not None:
        arguments["context"] = context
    result = await session.call_tool("lisp_eval", arguments)
    return result.is_error, result.content[0].text


ACCEPT = {"Accept": "application/json, text/event-stream"}


async def raw_call(client, port: int, program: str, *, sid: str, token: str | None = None,
                   context=None):
    """(is_error, text) of one lisp_eval call as a plain JSON-RPC POST under session id sid
    (the service runs the SDK's transport stateless: no initialize needed)."""
    arguments = {"program": program}
    if context is not None:
        arguments["context"] = context
    headers = dict(ACCEPT, **{"mcp-session-id": sid})
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/call",
            "params": {"name": "lisp_eval", "arguments": arguments}}
    r = await client.post(f"http://127.0.0.1:{port}/mcp", json=body, headers=headers)
    r.raise_for_status()
    result = r.json()["result"]
    return result["isError"], result["content"][0]["text"]


class DelayProxy:
    """A TCP proxy in front of Redis whose replies can be held back: each chunk Redis sends
    while `delay` is set reaches the client `delay` seconds later (a slow network: the command
    ran, its reply is late). Runs its own event loop on a thread."""

    def __init__(self, target_port: int):
        import asyncio
        import threading
        self.target, self.port, self.delay = target_port, free_port(), 0.0
        self._writers: set = set()
        self._asyncio = asyncio
        self.loop = asyncio.new_event_loop()
        ready = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(ready,), daemon=True)
        self.thread.start()
        ready.wait(10)

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def _run(self, ready) -> None:
        asyncio = self._asyncio
        asyncio.set_event_loop(self.loop)
        self.server = self.loop.run_until_complete(
            asyncio.start_server(self._pipe, "127.0.0.1", self.port))
        ready.set()
        self.loop.run_forever()  # until stop()
        self.loop.close()

    async def _pipe(self, client_r, client_w) -> None:
        asyncio = self._asyncio
        try:
            redis_r, redis_w = await asyncio.open_connection("127.0.0.1", self.target)
        except OSError:
            client_w.close()
            return
        self._writers.update((client_w, redis_w))

        async def up():
            try:
                while data := await client_r.read(65536):
                    redis_w.write(data)
                    await redis_w.drain()
            finally:
                redis_w.close()

        async def down():
            try:
                while data := await redis_r.read(65536):
                    due = time.monotonic() + self.delay
                    await asyncio.sleep(max(0.0, due - time.monotonic()))
                    client_w.write(data)
                    await client_w.drain()
            finally:
                client_w.close()
        await asyncio.gather(up(), down(), return_exceptions=True)
        for w in (client_w, redis_w):
            w.close()
            self._writers.discard(w)

    def stop(self) -> None:
        asyncio = self._asyncio

        async def shutdown():
            self.server.close()
            for w in list(self._writers):  # each connection reads its end and finishes
                w.close()
            for _ in range(100):
                if len(asyncio.all_tasks()) <= 1:  # only this one
                    break
                await asyncio.sleep(0.02)
        try:
            asyncio.run_coroutine_threadsafe(shutdown(), self.loop).result(5)
        except Exception:
            pass
        # stopped from outside: stopped from inside shutdown(), the loop never ran the callback
        # that hands shutdown's end to .result(), which then waited its whole 5 s every time
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
