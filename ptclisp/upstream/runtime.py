"""The upstream host: one per configuration, shared by every Session and thread that uses it.

It owns one client per MCP upstream (on its own event loop thread), the compiled OpenAPI
operations, the tool catalog and the redactor. MCP clients start lazily, on the first call or
discovery that needs them (`start()` starts and lists them all at once); a client whose
connection died is started again by the next call; `close()` (also run at exit) stops them.
"""
from __future__ import annotations

import atexit
import concurrent.futures
import contextlib
import logging
import threading

import jsonschema

from ..run import budget as _budget
from ..sandbox import watchdog
from ..errors import EvalError
from . import catalog as C
from .calls import MARGIN, Binding
from .catalog import Unavailable, near_hint
from . import messages as M
from .config import LIST_TIMEOUT, Config, UpstreamConfigError, load_config
from ..host.loop import LoopThread
from .mcp_client import ConnectionLost, McpConnection, RestartLimit
from .openapi import compile_operations
from .redact import MASK, Redactor
from .schema import bounded_validator

log = logging.getLogger("ptclisp.upstream")


class Upstreams:
    """Configured upstreams with their clients, catalog and limits."""

    def __init__(self, config: Config):
        self.config = config
        self.specs = config.upstreams
        self.limits = config.limits
        self.secrets = config.secrets
        self.redactor = Redactor(config.secrets.values())
        self.loop = LoopThread("ptclisp-upstreams")
        self.connections = {n: McpConnection(s, config.secrets, config.limits, self.redactor)
                            for n, s in self.specs.items() if s.transport != "openapi"}
        self.operations = {n: compile_operations(s, config.secrets) for n, s in self.specs.items()
                           if s.transport == "openapi"}
        self._tools: dict = {}  # server -> {tool name -> ToolInfo}, once listed
        self.failed: dict = {}  # server -> why it could not be started (its last failure)
        self._lock = threading.Lock()
        self.closed = False
        for name, ops in self.operations.items():
            self._tools[name] = {o.name: self._info(name, o.name, o.description, o.input_schema,
                                                    defaults=o.defaults, read_only=True)
                                 for o in ops.values()}
        atexit.register(self.close)

    # ------------------------------------------------------------ loading and listing

    @classmethod
    def load(cls, source, environ=None) -> "Upstreams":
        """Upstreams of a JSON file path or a dict (UpstreamConfigError when it is wrong)."""
        return cls(load_config(source, environ))

    def start(self) -> "Upstreams":
        """Start and list every MCP upstream now (Unavailable when one cannot; an `optional`
        one that cannot is logged, kept in `failed` and tried again when a program needs it)."""
        for name in self.connections:
            try:
                self.tools_of(name)
            except Unavailable as e:
                if not self.specs[name].optional:
                    raise
                with self._lock:
                    self.failed[name] = str(e)
                log.warning("%s", M.optional_skipped(str(e)))
        return self

    def bind(self, limits=None) -> Binding:
        """A Session's view: the host tools tool/call and tool/servers, a per-program count.
        UpstreamConfigError when the configured call_timeout_ms cannot be honoured within the
        run's max_wall (a call waits at most 90% of what is left of it)."""
        wall = getattr(limits, "max_wall", None)
        if self.limits.call_timeout_set and wall is not None and self.limits.call_timeout > wall * MARGIN:
            raise UpstreamConfigError(M.call_timeout_over_wall(self.limits.call_timeout, wall, MARGIN))
        return Binding(self)

    def names(self) -> list:
        return sorted(self.specs)

    def loaded(self, server: str) -> bool:
        with self._lock:
            return server in self._tools

    def tools_of(self, server: str, timeout: float = LIST_TIMEOUT) -> dict:
        """tool name -> ToolInfo of a server, listing it first if needed (starting it, within
        timeout seconds); Unavailable if it can't."""
        with self._lock:
            known = self._tools.get(server)
        if known is not None:
            return known
        try:
            with tool_time():
                listed = self.loop.run(self.connections[server].list_tools(), timeout)
        except concurrent.futures.TimeoutError:
            why = M.unavailable(server, M.not_listed_in(timeout) + self.connections[server].diagnosis())
            self._failed(server, why)
            raise Unavailable(why) from None
        except Exception as e:  # noqa: BLE001 - any failure to start or list is a world fault
            why = self.redactor.message(M.unavailable(server, _reason(e)))
            self._failed(server, why)
            raise Unavailable(why) from None
        tools = {}
        defaults = dict(self.specs[server].default_args)
        for t in listed:
            schema, own = C.with_defaults(t.input_schema or {}, defaults)
            task = getattr(getattr(t, "execution", None), "task_support", None)
            tools[t.name] = self._info(server, t.name, t.description or "", schema,
                                       getattr(t, "output_schema", None), own,
                                       M.task_only(server, t.name) if task == "required" else "",
                                       read_only=_read_only_hint(t))
        with self._lock:
            self.failed.pop(server, None)
            self._tools.setdefault(server, tools)
            return self._tools[server]

    def _failed(self, server: str, why: str) -> None:
        with self._lock:
            self.failed[server] = why

    def _info(self, server, name, description, schema, output=None, defaults=None,
              unsupported="", read_only=None) -> C.ToolInfo:
        r = self.redactor
        name, description = r.text(name), r.text(description)
        schema, output = r.data(schema), r.data(output)
        if r.leaks(name, description, schema, output):  # a secret split or encoded in it
            log.warning("upstream %s: a tool's listing holds a secret; its description and "
                        "schemas are withheld", server)
            description, schema, output = MASK, {"type": "object"}, None
            name = name if not r.leaks(name) else MASK
        return C.ToolInfo(server, name, description, schema, output,
                          _validator(schema), dict(defaults or {}), unsupported, read_only)

    def snapshot(self) -> dict:
        """server -> list of ToolInfo (None for a server that cannot be listed), listing all."""
        out = {}
        for name in self.names():
            try:
                out[name] = list(self.tools_of(name).values())
            except Unavailable:
                out[name] = None
        return out

    def catalog_text(self, mission: str | None = None, budget: int | None = None) -> str:
        """The catalog the model reads in lisp_eval's description and the system prompt
        (past budget tokens: the mission's likeliest tools in full and an index of the rest)."""
        descriptions = {n: s.description for n, s in self.specs.items()}
        return self.redactor.text(C.catalog_text(self.snapshot(), descriptions, mission=mission,
                                                 budget=budget,
                                                 max_chars=self.limits.max_catalog_chars))

    # ------------------------------------------------------------ discovery protocol (core)

    def has_server(self, name: str) -> bool:
        return name in self.specs

    def dir_lines(self, server: str, limit: int, offset: int):
        """`tool - description` lines of a server, sorted; None when it cannot be listed."""
        try:
            tools = self.tools_of(server)
        except Unavailable:
            return None
        return [C.dir_line(tools[n]) for n in sorted(tools)[offset:offset + limit]]

    def doc_text(self, ref: str):
        """The doc of `server/tool`; None when ref names no configured server; an error when
        the server has no such tool."""
        server, _, tool = ref.partition("/")
        if server not in self.specs or not tool:
            return None
        try:
            tools = self.tools_of(server)
        except Unavailable:
            return None
        if tool not in tools:
            raise EvalError(M.unknown_upstream_tool(tool, server), code="value",
                            hint=near_hint(tool, tools, server))
        return C.doc_text(tools[tool])

    def apropos_entries(self) -> list:
        """(ref, line, name text, description text) of every listed upstream tool."""
        out = []
        for server in self.names():
            try:
                tools = self.tools_of(server)
            except Unavailable:
                continue
            for info in tools.values():
                args = " ".join(n for n, _, _ in C.arguments(info.input_schema))
                out.append((info.ref, f"{info.ref} - {info.summary}", f"{server} {C.cut(info.name, C.NAME_CHARS)}",
                            f"{C.one_line(info.description, 2000)} {C.cut(args, C.ARGS_CHARS)}"))
        return out

    # ------------------------------------------------------------ the end

    def close(self) -> None:
        """Stop every client (and its process) and the loop; idempotent."""
        if self.closed:
            return
        self.closed = True
        for conn in self.connections.values():
            try:
                self.loop.run(conn.close(), 10.0)
            except Exception:  # noqa: BLE001 - closing is best effort
                log.warning("closing upstream %s failed", conn.spec.name, exc_info=True)
        self.loop.stop()
        atexit.unregister(self.close)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


@contextlib.contextmanager
def tool_time():
    """Waiting on an upstream outside a tool call (discovery) counts as tool time, like a call."""
    b = _budget.current()
    if b is None or getattr(b, "in_host", True):
        yield
        return
    watchdog.enter_host(b)
    try:
        yield
    finally:
        watchdog.leave_host(b)


def _validator(schema):
    """A jsonschema validator of the schema, or None when the schema itself is invalid."""
    try:
        return bounded_validator(schema)  # its patterns and uniqueItems bounded: schema.py
    except (jsonschema.exceptions.SchemaError, RecursionError):
        log.warning("an upstream tool's input schema is invalid; its arguments are not checked")
        return None


def _reason(e: Exception) -> str:
    if isinstance(e, RestartLimit):
        return str(e)
    if isinstance(e, ConnectionLost):
        return M.not_started(str(e))
    return str(e) or type(e).__name__


def _read_only_hint(tool) -> bool | None:
    """An MCP tool's `readOnlyHint` annotation (None when the server does not say)."""
    hint = getattr(getattr(tool, "annotations", None), "readOnlyHint", None)
    return hint if isinstance(hint, bool) else None
