"""Byte-counting transports under the SDK's ClientSession: no message over the size cap is read.

The official SDK reads a whole JSON-RPC message (a stdout line, an HTTP body) before it decodes
it, so a hostile or buggy server could make the host read and parse any amount. These streams
count bytes as they arrive and refuse a message over the cap; only the byte streams are ours,
the session and message types stay the SDK's.

- stdio: our own reader over the server's stdout keeps at most one line (<= cap bytes) in
  memory; a longer line ends the connection at once (the server is killed, its call marked
  too large), and the next call starts a fresh server.
- Streamable HTTP: an httpx transport refuses a body whose Content-Length is over the cap, and
  counts what it reads (per event for an event stream), so reading stops near the cap.

A call learns what happened to its own request through a `Note` in a context variable: the
SDK hands each message to the transport in the sender's context (the HTTP transport reads it
there; the stdio writer is given it with the message).
"""
from __future__ import annotations

import collections
import contextlib
import contextvars
import json
import subprocess
import logging
import os
import re
import signal
import sys

import anyio
import attrs
import httpx2
from mcp.os.posix.utilities import terminate_posix_process_tree
from mcp.shared.message import SessionMessage
from mcp_types import (JSONRPCError, JSONRPCNotification, JSONRPCRequest, JSONRPCResponse,
                       jsonrpc_message_adapter)

from . import messages as M
from .screen import (MESSAGES_PER_SECOND, PARSE_ERROR, STDERR_BYTES_PER_SECOND, Pace, byte_pace,
                     refusal)

CHUNK = 64 * 1024  # bytes read from a pipe at a time
GRACE = 2.0  # seconds a server has to exit after its stdin closes, before it is killed
KILL_WAIT = 2.0
MAX_NESTING = 200  # levels of lists and objects in one message (the SDK's JSON reader's limit)
MAX_PENDING = 1024  # request ids remembered for their answers
STDERR_LINES = 20  # the last lines of a stdio server's stderr kept (for the unavailable message)
STDERR_LINE_CHARS = 300  # of each kept line
ID_PREFIX = re.compile(rb'\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*(-?\d+|"[^"\\]*")')
ID_SUFFIX = re.compile(rb'"id"\s*:\s*(-?\d+|"[^"\\]*")\s*\}\s*\Z')  # an id written last
SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")  # an escaped surrogate (\ud800 to \udfff)
EVENT_END = re.compile(rb"(?:\r\n|\n|\r)(?:\r\n|\n|\r)")  # a blank line ends an SSE event


@attrs.define
class Note:
    """What the transport learned about one call's request."""

    delivered: bool = False  # it may have reached the server (False: surely not)
    too_large: bool = False  # its answer was refused for its size
    session_gone: bool = False  # the HTTP server no longer knows the session (404)


CALL_NOTE: contextvars.ContextVar = contextvars.ContextVar("ptclisp_upstream_call", default=None)


@attrs.define
class Link:
    """The state of one connection as its transport sees it."""

    alive: bool = True
    reason: str = ""  # why it ended, when the transport ended it
    read: int = 0  # bytes read from the server (message bodies)
    stderr: collections.deque = attrs.Factory(lambda: collections.deque(maxlen=STDERR_LINES))
    exit_code: int | None = None  # a stdio server's, once it ended
    messages: "Pace" = attrs.Factory(lambda: Pace(MESSAGES_PER_SECOND))
    bytes: "Pace | None" = None  # set by the transport, which knows the size cap
    stderr_read: int = 0  # bytes of the server's stderr read
    noise: int = 0  # bytes of server notifications read (dropped, never kept): not a listing's

    def end(self, reason: str = "") -> None:
        if self.alive:
            self.alive, self.reason = False, reason


class ResponseTooLarge(httpx2.StreamError, httpx2.SSEError):
    """An HTTP answer over the cap (the SDK turns either base into an error of the request)."""

    def __init__(self, cap: int):
        RuntimeError.__init__(self, f"the answer is over {cap} bytes")


class _QuietRefusals(logging.Filter):
    """The SDK logs a refused body as a parse failure, traceback and all: the call's fault
    value already says what happened."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (record.exc_info and isinstance(record.exc_info[1], ResponseTooLarge))


logging.getLogger("mcp.client.streamable_http").addFilter(_QuietRefusals())


# ---------------------------------------------------------------- stdio


class _NotedSend:
    """The session's write stream: each message goes to the writer with its sender's Note."""

    def __init__(self, inner):
        self._inner = inner

    async def send(self, message) -> None:
        await self._inner.send((CALL_NOTE.get(), message))

    def close(self) -> None:
        self._inner.close()

    async def aclose(self) -> None:
        await self._inner.aclose()

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc) -> None:
        await self.aclose()


@contextlib.asynccontextmanager
async def capped_stdio(command: str, args: list, env: dict, cwd, cap: int, link: Link):
    """(read stream, write stream) of a server process whose stdout lines are capped; the last
    lines of its stderr are kept on the link (logged at DEBUG by the caller)."""
    process = await anyio.open_process([command, *args], env=env, cwd=cwd,
                                       stderr=subprocess.PIPE, start_new_session=True)
    stderr_done = anyio.Event()
    read_send, read_stream = anyio.create_memory_object_stream(0)
    raw_send, write_reader = anyio.create_memory_object_stream(0)
    pending: dict = {}  # request id -> the Note of its call (None when no call's)
    writer_done = anyio.Event()

    async def reader() -> None:
        try:
            async with read_send:
                await _read_lines(process, cap, read_send, pending, link)
        except (anyio.ClosedResourceError, anyio.BrokenResourceError):
            pass  # the session is gone
        finally:
            link.end()

    async def writer() -> None:
        try:
            async with write_reader:
                async for note, message in write_reader:
                    if isinstance(message.message, JSONRPCRequest):
                        if len(pending) >= MAX_PENDING:  # answers that never came (timed out)
                            pending.pop(next(iter(pending)))
                        pending[message.message.id] = note
                    data = message.message.model_dump_json(by_alias=True, exclude_unset=True)
                    await process.stdin.send((data + "\n").encode("utf-8"))
                    if note is not None:
                        note.delivered = True
        except (anyio.ClosedResourceError, anyio.BrokenResourceError, OSError):
            link.end()
            await read_send.aclose()  # the session sees the end, no request waits forever
        finally:
            writer_done.set()

    async def errors() -> None:
        try:
            await _read_stderr(process, link)
        finally:
            stderr_done.set()

    async with anyio.create_task_group() as tg:
        tg.start_soon(reader)
        tg.start_soon(writer)
        tg.start_soon(errors)
        try:
            yield read_stream, _NotedSend(raw_send)
        finally:
            link.end()
            with anyio.CancelScope(shield=True):  # the process ends even when the caller is cancelled
                read_stream.close()
                raw_send.close()
                with anyio.move_on_after(0.5):
                    await writer_done.wait()
                await _stop(process)
                link.exit_code = process.returncode
                with anyio.move_on_after(0.5):  # what it wrote before it ended
                    await stderr_done.wait()
            tg.cancel_scope.cancel()


async def _read_stderr(process, link: Link) -> None:
    """Keep the last STDERR_LINES lines of the server's stderr (each cut to STDERR_LINE_CHARS),
    reading it all so the server never blocks on a full pipe."""
    part, pace = b"", Pace(STDERR_BYTES_PER_SECOND)
    while True:
        try:
            chunk = await process.stderr.receive(CHUNK)
        except (anyio.EndOfStream, anyio.ClosedResourceError, anyio.BrokenResourceError, OSError):
            break
        link.stderr_read += len(chunk)
        await pace.wait(len(chunk))  # a flood waits in the pipe (the server blocks), not here
        lines = (part + chunk).split(b"\n")
        part = lines.pop()[-4 * STDERR_LINE_CHARS:]
        for line in lines[-STDERR_LINES:]:
            _keep(link, line)
    if part:
        _keep(link, part)


def _keep(link: Link, line: bytes) -> None:
    text = line.decode("utf-8", "replace").rstrip()
    if text:
        link.stderr.append(text[:STDERR_LINE_CHARS])


async def _read_lines(process, cap: int, out, pending: dict, link: Link) -> None:
    """Hand each stdout line to the session; a line over cap ends the connection unread."""
    line, pace = bytearray(), byte_pace(link, cap)
    while True:
        try:
            chunk = await process.stdout.receive(CHUNK)
        except (anyio.EndOfStream, anyio.ClosedResourceError, anyio.BrokenResourceError, OSError):
            return
        link.read += len(chunk)
        await pace.wait(len(chunk))
        start = 0
        while True:
            end = chunk.find(b"\n", start)
            stop = len(chunk) if end < 0 else end
            if len(line) + stop - start > cap:
                _refuse(bytes(line[:256]) + chunk[start:start + 256], pending, link, cap)
                _kill(process)
                return
            line += chunk[start:stop]
            if end < 0:
                break
            start = end + 1
            if line.strip():
                message = _parse(bytes(line))
                if not isinstance(message, SessionMessage):
                    message = _unreadable(bytes(line[:256]), bytes(line[-256:]), message, pending)
                if isinstance(message, SessionMessage) and \
                        isinstance(message.message, (JSONRPCResponse, JSONRPCError)):
                    pending.pop(message.message.id, None)
                elif isinstance(message, SessionMessage) and \
                        isinstance(message.message, JSONRPCNotification):
                    link.noise += len(line) + 1
                await out.send(message)
            line.clear()


def _parse(line: bytes):
    """A SessionMessage, or the parse error as a value (the session reports it).

    The standard library reads the JSON (the SDK's validate_json of 70,000 small objects took
    0.6 s and +119 MB at its peak; json.loads and validate_python 0.19 s and +14 MB); JSON
    nested past MAX_NESTING levels is refused as the SDK's own reader refuses it (at 200), and a
    line with an escaped surrogate goes to the SDK's reader (tests/upstream/test_hostile_answers.py
    holds the two to the same messages and refusals)."""
    if SURROGATE_ESCAPE.search(line):  # the standard library takes a lone one, the SDK not
        try:
            return SessionMessage(jsonrpc_message_adapter.validate_json(line, by_name=False))
        except ValueError as e:
            return e
    try:
        data = json.loads(line.decode("utf-8"))  # str: a byte-order mark is refused, as there
        if type(data) in _NESTED and _deeper(data, MAX_NESTING):
            raise ValueError("recursion limit exceeded")
        return SessionMessage(jsonrpc_message_adapter.validate_python(data, by_name=False))
    except RecursionError:
        return ValueError("recursion limit exceeded")
    except ValueError as e:
        return e


def _deeper(x, levels: int) -> bool:
    """Whether JSON-shaped x nests more than levels lists and objects deep (level by level,
    no recursion)."""
    level = [x]
    for _ in range(levels + 1):
        inner = []
        for c in level:
            inner += [v for v in (c.values() if type(c) is dict else c) if type(v) in _NESTED]
        if not inner:
            return False
        level = inner
    return True


_NESTED = (dict, list)


def _unreadable(head: bytes, tail: bytes, error: Exception, pending: dict):
    """A line the SDK's reader refused (JSON nested past its limit, not JSON-RPC): an error
    answer to the request it answers (by its id, first or last, else the only one waiting), so
    the call ends now instead of at its timeout; the error itself when no request is known."""
    m = ID_PREFIX.match(head) or ID_SUFFIX.search(tail)
    rid = None
    if m:
        key = m.group(1)
        rid = key[1:-1].decode("utf-8", "replace") if key.startswith(b'"') else int(key)
    elif len(pending) == 1:
        rid = next(iter(pending))
    if rid not in pending:  # no request of ours (a request of the server's has ids too)
        return error
    why = M.ANSWER_TOO_DEEP if "recursion limit" in str(error) else M.ANSWER_NOT_JSONRPC
    return refusal(rid, why, PARSE_ERROR)


def _refuse(prefix: bytes, pending: dict, link: Link, cap: int) -> None:
    """Mark the call whose answer was refused: by the id the line starts with, else the only
    request waiting; other waiting calls just see the connection end."""
    note = None
    m = ID_PREFIX.match(prefix)
    if m:
        key = m.group(1)
        note = pending.get(key[1:-1].decode("utf-8", "replace") if key.startswith(b'"') else int(key))
    elif len(pending) == 1:
        note = next(iter(pending.values()))
    if note is not None:
        note.too_large = True
    link.end(f"over {cap} bytes")


def _kill(process) -> None:
    """End a server (and its group) that is writing more than we read, at once."""
    with contextlib.suppress(OSError):
        if sys.platform == "win32":  # pragma: no cover - POSIX CI
            process.kill()
        else:
            os.killpg(process.pid, signal.SIGKILL)


async def _stop(process) -> None:
    """Close stdin, give the server GRACE seconds, then end its process tree."""
    with contextlib.suppress(OSError, anyio.BrokenResourceError, anyio.ClosedResourceError):
        await process.stdin.aclose()
    if not await _exited(process, GRACE):
        if sys.platform == "win32":  # pragma: no cover - POSIX CI
            process.kill()
        else:
            await terminate_posix_process_tree(process, KILL_WAIT)
        await _exited(process, KILL_WAIT)
    with contextlib.suppress(OSError, anyio.BrokenResourceError, anyio.ClosedResourceError):
        await process.stdout.aclose()
    transport = getattr(getattr(process, "_process", None), "_transport", None)
    if transport is not None:  # else asyncio warns about it when it is collected
        with contextlib.suppress(PermissionError):  # re-killing a setuid child, on <= 3.12
            transport.close()


async def _exited(process, seconds: float) -> bool:
    """Whether the process exited within seconds (polled: wait() would also wait for EOF)."""
    with anyio.move_on_after(seconds):
        while process.returncode is None:
            await anyio.sleep(0.01)
    return process.returncode is not None


# ---------------------------------------------------------------- Streamable HTTP


class CappedTransport(httpx2.AsyncBaseTransport):
    """An httpx transport whose response bodies stop at cap bytes (per event for SSE)."""

    def __init__(self, cap: int, link: Link, inner: httpx2.AsyncBaseTransport | None = None):
        self.cap, self.link = cap, link
        self.inner = inner or httpx2.AsyncHTTPTransport()

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        note = CALL_NOTE.get()
        if note is not None:
            note.delivered = True
        try:
            response = await self.inner.handle_async_request(request)
        except httpx2.ConnectError:
            if note is not None:
                note.delivered = False  # the server never saw it: it may be sent again
            raise
        if note is not None and response.status_code == 404 and "mcp-session-id" in request.headers:
            note.session_gone = True
        # a body we did not ask to be compressed stays compressed (and fails to decode), so
        # the bytes counted are the bytes decoded
        response.headers.pop("content-encoding", None)
        length = response.headers.get("content-length", "")
        over = length.isdigit() and int(length) > self.cap
        sse = response.headers.get("content-type", "").lower().startswith("text/event-stream")
        response.stream = _CappedStream(response.stream, self.cap, sse, note, over, self.link)
        return response

    async def aclose(self) -> None:
        await self.inner.aclose()


class _CappedStream(httpx2.AsyncByteStream):
    def __init__(self, inner, cap: int, sse: bool, note, over: bool, link: Link):
        self.inner, self.cap, self.sse, self.note, self.over = inner, cap, sse, note, over
        self.link = link
        self.size = 0  # of the body, or of the current event
        self.tail = b""

    async def __aiter__(self):
        if self.over:
            self._refuse()
        pace = byte_pace(self.link, self.cap)
        async for chunk in self.inner:
            self._count(chunk)
            await pace.wait(len(chunk))
            yield chunk

    def _count(self, chunk: bytes) -> None:
        self.link.read += len(chunk)
        if not self.sse:
            self.size += len(chunk)
            if self.size > self.cap:
                self._refuse()
            return
        data, last = self.tail + chunk, len(self.tail)
        for m in EVENT_END.finditer(data):
            if self.size + max(m.end() - last, 0) > self.cap:
                self._refuse()
            self.size, last = 0, m.end()
        self.size += len(data) - last
        if self.size > self.cap:
            self._refuse()
        self.tail = data[-3:]

    def _refuse(self):
        if self.note is not None:
            self.note.too_large = True
        raise ResponseTooLarge(self.cap)

    async def aclose(self) -> None:
        await self.inner.aclose()
