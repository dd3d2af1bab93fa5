"""stdio for `ptclisp mcp`: JSON-RPC lines read and parsed off the event loop, each one capped.

The SDK's `stdio_server` reads a line of any length and parses it on the event loop: a 300 MB
line took the server past 1 GB, and a big line held the loop (no ping answered) while it was
parsed. Here a line is read and parsed on a worker thread; one longer than the cap is skipped
without being kept (its first bytes tell its id, and the request is answered with an error),
and a request the parser refuses (an integer of more than 4,300 digits) is answered with an
error instead of being dropped. As with the SDK, fd 0 and fd 1 point at the null device and at
stderr while serving, so what host code prints never reaches the protocol.
"""
from __future__ import annotations

import json
import logging
import os
import re
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import anyio
import mcp_types as types
from mcp.shared.message import SessionMessage

from . import messages as M

__all__ = ["stdio_streams", "read_line", "parse_line", "MAX_REQUEST_MB"]

log = logging.getLogger("ptclisp.mcp")
MAX_REQUEST_MB = 4  # default cap of one JSON-RPC line (stdio) or request body (HTTP): the
# SDK's own HTTP default; the largest parse it allows holds the interpreter for well under 1 s
ID_PREFIX = 4096  # bytes of an over-long line kept to find its id
SKIP_CHUNK = 1 << 16  # bytes read at a time while skipping an over-long line
INVALID_REQUEST, INVALID_PARAMS = -32600, -32602
# a request's own "id" when it comes before "params" (as the SDKs write it)
_ID = re.compile(rb'\A\s*\{\s*(?:"(?:jsonrpc|method)"\s*:\s*"[^"\\]{0,100}"\s*,\s*)*'
                 rb'"id"\s*:\s*(-?\d{1,18}|"[^"\\]{0,200}")')
_BIG_DIGITS = sys.get_int_max_str_digits() if hasattr(sys, "get_int_max_str_digits") else 4300


class _BigInt:
    """Stands for an integer too long to convert (found while looking for a request's id)."""


def read_line(f, max_bytes: int) -> tuple[bytes | None, int]:
    """(line, its size) of the next line of f; (None, 0) at the end. A line of more than max_bytes
    is read through without being kept: only its first ID_PREFIX bytes come back."""
    line = f.readline(max_bytes + 1)
    if not line:
        return None, 0
    if line.endswith(b"\n") or len(line) <= max_bytes:
        return line, len(line)
    size, prefix = len(line), line[:ID_PREFIX]
    del line
    while True:
        chunk = f.readline(SKIP_CHUNK)
        size += len(chunk)
        if not chunk or chunk.endswith(b"\n"):
            return prefix, size


def parse_line(line: bytes, size: int, max_bytes: int) -> tuple:
    """(message for the server, None) or (None, error answer or None) for one line read."""
    if size > max_bytes:
        return None, _answer(_prefix_id(line), INVALID_REQUEST,
                             M.request_too_big(size, max_bytes))
    try:  # the stdlib's parser, then pydantic over its objects: a quarter of the memory that
        found = json.loads(line)  # pydantic's validate_json takes (940 MB for 1M small maps)
    except RecursionError:  # nested deeper than the parser goes: answered if its id comes first
        return None, _answer(_prefix_id(line[:ID_PREFIX]), INVALID_REQUEST, M.REQUEST_TOO_DEEP)
    except ValueError:  # not JSON, or an integer too long to convert: find the id to answer
        try:
            found = json.loads(line, parse_int=_int)
        except (ValueError, RecursionError):
            return None, _ignored("not JSON", size)
        return None, _answer(_request_id(found), INVALID_PARAMS, M.REQUEST_BIG_INTEGER)
    try:
        return SessionMessage(types.jsonrpc_message_adapter.validate_python(found, by_name=False)), None
    except ValueError:  # pydantic's ValidationError
        return None, _answer(_request_id(found), INVALID_REQUEST, M.REQUEST_INVALID)


def _ignored(why: str, size: int) -> None:
    log.warning("ignored a line of %d bytes: %s", size, why)


def _request_id(found):
    """The id of a request decoded from JSON, or None."""
    rid = found.get("id") if isinstance(found, dict) and "method" in found else None
    return rid if type(rid) in (int, str) else None


def _int(text: str):
    return int(text) if len(text.lstrip("-")) <= _BIG_DIGITS else _BigInt()


def _prefix_id(prefix: bytes):
    """The id of the request an over-long line starts, when it comes before its params."""
    m = _ID.match(prefix)
    return json.loads(m.group(1)) if m else None


def _answer(rid, code: int, message: str):
    """The error answer to the request rid, or None when there is no id to answer."""
    if rid is None:
        log.warning("ignored a request without an id that could be read: %s", message)
        return None
    error = types.JSONRPCError(jsonrpc="2.0", id=rid,
                               error=types.ErrorData(code=code, message=message))
    return SessionMessage(error)


@asynccontextmanager
async def stdio_streams(max_bytes: int) -> AsyncIterator[tuple]:
    """(read stream, write stream) over this process's stdin and stdout, for `Server.run`."""
    wire_in = _claim(0, os.open(os.devnull, os.O_RDONLY))
    wire_out = _claim(1, os.dup(2))
    to_server, from_wire = anyio.create_memory_object_stream(0)
    to_wire, from_server = anyio.create_memory_object_stream(0)
    try:
        async with anyio.create_task_group() as tg:
            tg.start_soon(_read_loop, wire_in, to_server, to_wire.clone(), max_bytes)
            tg.start_soon(_write_loop, wire_out, from_server)
            try:
                yield from_wire, to_wire
            finally:
                await to_wire.aclose()
                tg.cancel_scope.cancel()  # a reader still waiting on stdin
    finally:
        _restore(1, wire_out)
        _restore(0, wire_in)


async def _read_loop(fd: int, to_server, to_wire, max_bytes: int) -> None:
    f = os.fdopen(fd, "rb", closefd=False)
    async with to_server, to_wire:
        while True:
            message, answer = await anyio.to_thread.run_sync(_next, f, max_bytes,
                                                             abandon_on_cancel=True)
            if message is _END:
                return
            if message is not None:
                await to_server.send(message)
            elif answer is not None:
                await to_wire.send(answer)


_END = object()


def _next(f, max_bytes: int):
    """On the reader's thread: the next line read and parsed."""
    line, size = read_line(f, max_bytes)
    if line is None:
        return _END, None
    if not line.strip():
        return None, None
    return parse_line(line, size, max_bytes)


async def _write_loop(fd: int, from_server) -> None:
    async with from_server:
        async for item in from_server:
            data = item.message.model_dump_json(by_alias=True, exclude_unset=True) + "\n"
            await anyio.to_thread.run_sync(_write_all, fd, data.encode("utf-8"))


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _claim(fd: int, diversion: int) -> int:
    """A private copy of fd for the protocol; fd itself then points at diversion."""
    private = os.dup(fd)
    os.dup2(diversion, fd)
    os.close(diversion)
    return private


def _restore(fd: int, private: int) -> None:
    """Point fd back at the protocol's pipe (the private copy stays open: a thread may use it)."""
    try:
        os.dup2(private, fd)
    except OSError:
        pass
