"""`(tool/resources {:server s})` and `(tool/resource {:server s :uri u})`: an MCP upstream's
resources (resources/list, resources/read) as values, under the same caps as tool/call.

Each read or listing counts as one call of the program (max_calls_per_program) and is logged in
`Result.upstream_calls` with the tool `resources/list` or `resources/read`.
"""
from __future__ import annotations

import concurrent.futures
import time

from ..errors import ToolError
from . import content as C
from . import messages as M
from .catalog import near_hint, show
from .content import CONTENT, fault, ok
from .mcp_client import AnswerRefused, AnswerTooLarge, ConnectionLost

LIST_KEYS = {"server"}
READ_KEYS = {"server", "uri", "base64"}


def listing(binding, args: dict) -> dict:
    """{:ok true :value [{:uri .. :name .. :mime_type .. :description ..} ...]} or a fault."""
    server = _server(binding, args, LIST_KEYS, "resources")
    return _timed(binding, server, "resources/list", lambda conn: conn.resources(),
                  lambda b, result: _listed(b, server, result))


def read(binding, args: dict) -> dict:
    """{:ok true :value text :value_kind :text} (with :content when more than text), or a fault."""
    server = _server(binding, args, READ_KEYS, "resource")
    uri = args.get("uri")
    if not isinstance(uri, str) or not uri:
        raise ToolError(M.resource_needs_uri(show(uri)), tool="resource", code="tool-args",
                        hint=M.HINT_RESOURCE)
    with_data = bool(args.get("base64"))
    return _timed(binding, server, "resources/read", lambda conn: conn.read(uri),
                  lambda b, result: _contents(b, server, result, with_data))


def _server(binding, args: dict, keys: set, tool: str) -> str:
    extra = set(args) - keys
    if extra:
        raise ToolError(M.unknown_resource_keys(tool, keys, extra), tool=tool, code="tool-args",
                        hint=M.HINT_RESOURCE)
    server, host = args.get("server"), binding.host
    if not isinstance(server, str) or not server:
        raise ToolError(M.resource_needs_server(tool, show(server)), tool=tool, code="tool-args",
                        hint=M.HINT_RESOURCE)
    if not host.has_server(server):
        raise ToolError(M.unknown_upstream(server), tool=tool, code="tool-args",
                        hint=near_hint(server, host.names(), server))
    if server not in host.connections:
        raise ToolError(M.no_resources(server), tool=tool, code="tool-args", hint=M.HINT_RESOURCE)
    return server


def _timed(binding, server: str, what: str, send, shape) -> dict:
    """Count the call, start the upstream if needed, send, shape the answer; log it."""
    host, started = binding.host, time.perf_counter()
    with binding._lock:
        if binding.calls >= host.limits.max_calls_per_program:
            return fault("cap_exhausted", M.cap_exhausted(host.limits.max_calls_per_program))
        binding.calls += 1
    conn = host.connections[server]
    out, size = None, 0
    if conn.needs_start:
        out = binding._start(server, conn)
    if out is None:
        timeout = min(host.limits.call_timeout, binding._run_bound())
        out, size = _send(binding, server, what, send(conn), timeout, shape)
    binding._record(server, what, started, out, size)
    return out


def _send(binding, server: str, what: str, coroutine, timeout: float, shape) -> tuple:
    host = binding.host
    future = host.loop.submit(coroutine)
    try:
        result = host.loop.result(future, timeout)
    except concurrent.futures.TimeoutError:
        return fault("timeout", M.timed_out(server, what, round(timeout, 3))), 0
    except AnswerTooLarge:
        return fault(C.TOO_LARGE.name, M.too_large(server, what, host.limits.max_response_bytes)), 0
    except AnswerRefused as e:
        return fault(e.reason, host.redactor.message(M.unreadable(server, what, e.detail))), 0
    except ConnectionLost as e:
        return fault("upstream_unavailable", host.redactor.message(M.unavailable(server, str(e) or M.CRASHED))), 0
    except Exception as e:  # noqa: BLE001 - a JSON-RPC error (an unknown uri, no resources)
        return fault("upstream_error", host.redactor.message(M.upstream_error(server, what, str(e)))), 0
    return shape(binding, result)


def _listed(binding, server: str, resources: list) -> tuple:
    rows = [C.resource_row(r) for r in resources]
    size = sum(len(str(v)) for row in rows for v in row.values())
    rows = binding.host.redactor.data(rows)
    if binding.host.redactor.leaks(rows):
        return fault("upstream_error", M.answer_withheld(server, "resources/list")), size
    return ok(rows, "json"), size


def _contents(binding, server: str, result, with_data: bool) -> tuple:
    host = binding.host
    blocks = [{"type": "resource", **C.resource_contents(c, with_data)} for c in result.contents]
    size = C.size_of(blocks, None)
    if size > host.limits.max_response_bytes:
        return fault(C.TOO_LARGE.name, M.too_large(server, "resources/read",
                                                   host.limits.max_response_bytes)), 0
    blocks = host.redactor.data(blocks)
    if host.redactor.leaks(blocks):
        return fault("upstream_error", M.answer_withheld(server, "resources/read")), size
    texts = [b["text"] for b in blocks if "text" in b]
    out = ok("\n".join(texts) if texts else None, "text" if texts else "none")
    if len(blocks) > 1 or not texts:
        out[CONTENT] = blocks
    return out, size
