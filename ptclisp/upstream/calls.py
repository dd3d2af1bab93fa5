"""`tool/call` and `tool/servers`: the host tools a Session gets from its upstreams.

A world fault (upstream down, tool error, timeout, oversized answer, call cap) is a value
`{:ok false :reason kw :message text}`; a programmer fault (unknown server or tool, arguments
the tool's schema rejects) raises ToolError, an error of the program.
"""
from __future__ import annotations

import concurrent.futures
import threading
import time

from ..run import budget as _budget
from ..errors import ToolError
from ..host.tooldef import Tool
from . import content as C
from . import resources
from .content import CONTENT, MESSAGE, OK, REASON, TOO_LARGE, fault, ok
from . import messages as M
from .config import LIST_TIMEOUT
from .mcp_client import AnswerRefused, AnswerTooLarge, ConnectionLost, RestartLimit
from .openapi import HttpFault
from .openapi import call as http_call
from .catalog import Unavailable, near_hint, schema_problem, show
from .schema import first_error

CALL_KEYS = {"server", "tool", "args", "raw", "base64"}
FLAGS = ("raw", "base64")  # (tool/call {... :raw true}): keep text as text; :base64: binary data
MARGIN = 0.9  # of what the run's own limits leave, so the fault is ours, not the run's


class Binding:
    """One Session's view of an Upstreams: its host tools and its per-program call count."""

    def __init__(self, host):
        self.host = host
        self.catalog = host  # what (dir), (doc) and (apropos) consult (core/discovery.py)
        self.calls = 0
        self.log: list = []  # this program's upstream_calls entries
        self._lock = threading.Lock()
        self.tools = [
            Tool(self.call, name="call", takes="dict", description=M.CALL_DESCRIPTION),
            Tool(self.servers, name="servers", takes="dict", description=M.SERVERS_DESCRIPTION),
            Tool(lambda args: resources.listing(self, args), name="resources", takes="dict",
                 description=M.RESOURCES_DESCRIPTION),
            Tool(lambda args: resources.read(self, args), name="resource", takes="dict",
                 description=M.RESOURCE_DESCRIPTION),
        ]
        for t in (self.tools[0], *self.tools[2:]):
            t.own_timeout = True  # call_timeout_ms bounds them, not Limits.tool_timeout
        self.tools[0].usage_text = M.CALL_USAGE  # the form a misshapen call is shown

    def catalog_text(self, mission: str | None = None, budget: int | None = None) -> str:
        """The catalog the model reads (lisp_eval's description, the system prompt)."""
        return self.host.catalog_text(mission=mission, budget=budget)

    def begin_run(self) -> None:
        """A new program: its upstream call count starts at zero."""
        with self._lock:
            self.calls = 0
            self.log = []

    # ------------------------------------------------------------ (tool/servers)

    def servers(self, args: dict) -> list:
        host, out = self.host, []
        for name in host.names():
            loaded = host.loaded(name)
            count = len(host.tools_of(name)) if loaded else None
            entry = {"name": name, "description": host.specs[name].description,
                     "tool_count": count, "catalog_loaded": loaded}
            why = host.failed.get(name)
            if why is not None and not loaded:
                entry["unavailable"] = why
            out.append(entry)
        return out

    # ------------------------------------------------------------ (tool/call {...})

    def call(self, args: dict) -> dict:
        server, tool, arguments = self._shape(args)
        flags = self._flags(args)
        started = time.perf_counter()
        out, size = self._call(server, tool, arguments, flags)
        self._record(server, tool, started, out, size)
        return out

    @staticmethod
    def _flags(args: dict) -> dict:
        """:raw and :base64 of a call (booleans; ToolError for anything else)."""
        for key in FLAGS:
            if key in args and not isinstance(args[key], bool) and args[key] is not None:
                raise ToolError(M.flag_not_boolean(key, show(args[key])), tool="call",
                                code="tool-args", hint=M.HINT_CALL)
        return {key: bool(args.get(key)) for key in FLAGS}

    def _record(self, server: str, tool: str, started: float, out: dict, size: int) -> None:
        """One entry of this program's upstream_calls (what PtcRunner's aggregator reports)."""
        entry = {"server": server, "tool": tool, "status": "ok" if out[OK] else "error",
                 "duration_ms": round((time.perf_counter() - started) * 1000, 3),
                 "result_bytes": size, "oversize": out.get(REASON) == TOO_LARGE}
        if not out[OK]:
            entry.update(reason=out[REASON].name, error=out[MESSAGE])
        with self._lock:
            self.log.append(entry)

    def upstream_calls(self) -> list:
        """This program's upstream calls so far, in the order they ended."""
        with self._lock:
            return list(self.log)

    def _call(self, server: str, tool: str, arguments: dict, flags: dict):
        """(the call's value, bytes of the answer decoded: 0 when none was)."""
        host, bound = self.host, self._run_bound()
        try:
            tools = host.tools_of(server, min(LIST_TIMEOUT, bound))
        except Unavailable as e:
            return fault("upstream_unavailable", str(e)), 0
        info = tools.get(tool)
        if info is None:
            raise ToolError(M.unknown_upstream_tool(tool, server), tool="call", code="tool-args",
                            hint=near_hint(tool, tools, server))
        if info.unsupported:
            raise ToolError(info.unsupported, tool="call", code="tool-args")
        arguments = {**info.defaults, **arguments}
        _check_args(info, arguments)
        with self._lock:
            if self.calls >= host.limits.max_calls_per_program:
                return fault("cap_exhausted", M.cap_exhausted(host.limits.max_calls_per_program)), 0
            self.calls += 1
        timeout = min(host.limits.call_timeout, bound)
        if server in host.operations:
            return self._http(server, tool, arguments, timeout)
        return self._mcp(server, info, arguments, timeout, flags)

    def _shape(self, args: dict):
        extra = set(args) - CALL_KEYS
        if extra:
            raise ToolError(M.unknown_call_keys(extra), tool="call", code="tool-args", hint=M.HINT_CALL)
        server = args.get("server")
        if not isinstance(server, str) or not server:
            raise ToolError(M.call_needs_server(show(server)), tool="call", code="tool-args",
                            hint=M.HINT_CALL)
        if not self.host.has_server(server):
            near = near_hint(server, self.host.names(), server) if self.host.names() else ""
            hint = near if near.startswith(M.DID_YOU_MEAN) else M.configured(self.host.names())
            raise ToolError(M.unknown_upstream(server), tool="call", code="tool-args", hint=hint)
        tool = args.get("tool")
        if not isinstance(tool, str) or not tool:
            raise ToolError(M.call_needs_tool(server, show(tool)), tool="call", code="tool-args",
                            hint=M.HINT_CALL)
        arguments = args.get("args", {})
        if arguments is None:
            arguments = {}
        if not isinstance(arguments, dict):
            raise ToolError(M.args_not_map(server, tool, show(arguments)), tool="call",
                            code="tool-args", hint=M.HINT_CALL)
        return server, tool, arguments

    @staticmethod
    def _run_bound() -> float:
        """Seconds the run's max_wall leaves a wait on an upstream (less a margin), so that the
        wait ends as our fault value, not its error. tool_timeout does not apply: an upstream
        call has its own timeout (call_timeout_ms), which Session creation checks fits max_wall."""
        b = _budget.current()
        if b is None:
            return float("inf")
        return max((b.wall_deadline - b.clock()) * MARGIN, 0.001)

    def _mcp(self, server: str, info, arguments: dict, timeout: float, flags: dict) -> tuple:
        host = self.host
        conn = host.connections[server]
        if conn.needs_start:  # a (re)start is bounded apart from the call, as a listing is
            problem = self._start(server, conn)
            if problem is not None:
                return problem, 0
            timeout = min(host.limits.call_timeout, self._run_bound())
        future = host.loop.submit(conn.call(info.name, arguments))
        try:
            result = host.loop.result(future, timeout)
        except concurrent.futures.TimeoutError:
            return fault("timeout", M.timed_out(server, info.name, round(timeout, 3))), 0
        except AnswerTooLarge:
            return fault(TOO_LARGE.name, M.too_large(server, info.name, host.limits.max_response_bytes)), 0
        except AnswerRefused as e:
            return fault(e.reason, host.redactor.message(M.unreadable(server, info.name, e.detail))), 0
        except ConnectionLost as e:
            return fault("upstream_unavailable", host.redactor.message(M.unavailable(server, str(e) or M.CRASHED))), 0
        except Exception as e:  # noqa: BLE001 - a JSON-RPC error or a broken transport
            code = getattr(getattr(e, "error", None), "code", None)
            if code is None:
                host.loop.submit(conn.reset())
                return fault("upstream_unavailable", host.redactor.message(M.unavailable(server, str(e) or M.CRASHED))), 0
            return fault("upstream_error", host.redactor.message(M.upstream_error(server, info.name, str(e)))), 0
        return self._shape_result(server, info, result, flags)

    def _start(self, server: str, conn):
        """None once the connection is up; else the fault of the start that failed."""
        host = self.host
        try:
            host.loop.run(conn.session_ready(), min(LIST_TIMEOUT, self._run_bound()))
        except concurrent.futures.TimeoutError:
            return fault("upstream_unavailable", M.unavailable(server, M.NOT_STARTED))
        except RestartLimit as e:
            return fault("upstream_unavailable", M.unavailable(server, str(e)))
        except Exception as e:  # noqa: BLE001 - any failure to start is a world fault
            return fault("upstream_unavailable", host.redactor.message(M.unavailable(server, M.not_started(str(e)))))
        return None

    def _shape_result(self, server: str, info, result, flags: dict):
        r, cap = self.host.redactor, self.host.limits.max_response_bytes
        blocks = [C.block(c, flags["base64"]) for c in result.content]
        structured = result.structured_content
        size = C.size_of(blocks, structured)
        if size > cap:
            return fault(TOO_LARGE.name, M.too_large(server, info.name, cap)), 0
        if result.is_error:
            texts = "\n".join(b["text"] for b in blocks if b["type"] == "text")
            return fault("tool_error", r.message(M.tool_error(server, info.name, texts))), size
        if structured is not None:
            structured = _unwrap(structured, info.output_schema)
        value, kind = C.value_of(blocks, structured, flags["raw"])
        value, blocks = r.data(value), r.data(blocks)
        if r.leaks(value, blocks):  # a secret a program could rebuild (split, encoded)
            return fault("upstream_error", M.answer_withheld(server, info.name)), size
        out = ok(value, kind)
        if C.needs_listing(blocks):
            out[CONTENT] = blocks
        return out, size

    def _http(self, server: str, tool: str, arguments: dict, timeout: float) -> tuple:
        host = self.host
        op = host.operations[server][tool]
        try:
            value, size = http_call(host.specs[server], host.secrets, op, arguments, timeout,
                                    host.limits.max_response_bytes)
        except HttpFault as f:
            messages = {"timeout": M.timed_out(server, tool, round(timeout, 3)),
                        "response_too_large": M.too_large(server, tool, host.limits.max_response_bytes),
                        "upstream_unavailable": M.unavailable(server, f.detail),
                        "upstream_error": M.upstream_error(server, tool, f.detail)}
            return fault(f.reason, host.redactor.text(messages[f.reason])), 0
        value = host.redactor.data(value)
        if host.redactor.leaks(value):
            return fault("upstream_error", M.answer_withheld(server, tool)), size
        return ok(value, "none" if value is None else "json"), size


def _unwrap(structured, output_schema):
    """The SDK wraps a non-object result as {"result": x}: give x."""
    if isinstance(structured, dict) and list(structured) == ["result"]:
        props = (output_schema or {}).get("properties") if isinstance(output_schema, dict) else None
        if props is None or list(props) == ["result"]:
            return structured["result"]
    return structured


def _check_args(info, arguments: dict) -> None:
    """ToolError when the tool's input schema rejects the arguments (the most relevant problem)."""
    if info.validator is None:
        return
    error = first_error(info.validator, arguments)  # bounded: upstream/schema.py
    if error is None:
        return
    problem = error if isinstance(error, str) else schema_problem(error)
    raise ToolError(M.args_rejected(info.server, info.name, problem), tool="call",
                    code="tool-args", hint=M.hint_doc(info.ref))
