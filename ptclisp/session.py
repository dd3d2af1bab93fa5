"""Sessions, limits and results: the pipeline `read -> analyze -> evaluate` glued together.

Memory is transactional: a run works on a copy of the session's memory, and only a run that
ends with status ok, returned or failed commits it.
"""
from __future__ import annotations

import asyncio
from collections.abc import Mapping
import logging
import threading
import time

import attrs

from .run import budget as _budget
from . import messages
from .sandbox import walls as _sandbox
from .compile.analyzer import analyze
from .sandbox.deepstack import call_on_big_stack
from .errors import EvalError, LimitExceeded, PtcError, SessionBusyError
from .run.evaluator import Context, evaluate
from .sandbox.footprint import footprint
from .lang.reader import read
from .lang.printer import format_value
from .host.tooldef import as_tools
from .host.tools import NotData, ToolSet, door_key, from_python, not_data_path, to_python
from .host import budget_map as _budget_map, parallel as _parallel  # noqa: F401  budget/, pmap
from .host import tools as _tools
from .host.signatures import parse as parse_signature, problems_text
from .host import saving as _saving

log = logging.getLogger("ptclisp")
MB = 1024 * 1024
DATA_DEPTH = 20_000  # levels of nesting data= may have (the host gave it; walked on a big stack)

_UPSTREAM_LOADERS: list = []  # ptclisp.upstream registers its loader here when imported


def register_upstream_loader(loader) -> None:
    """Let Session(upstreams=PATH_OR_DICT) load with `loader` (done by ptclisp.upstream)."""
    if loader not in _UPSTREAM_LOADERS:
        _UPSTREAM_LOADERS.append(loader)


def _bind_upstreams(upstreams):
    """A Session's binding of its upstreams (an object with bind(), or a path or dict), or None."""
    if upstreams is None:
        return None
    if not hasattr(upstreams, "bind"):
        if not _UPSTREAM_LOADERS:
            raise TypeError(messages.API_UPSTREAMS_NEED_PACKAGE)
        upstreams = _UPSTREAM_LOADERS[0](upstreams)
    return upstreams.bind()


def _with_tools(tools, extra):
    """The host's tools (mapping, list or ToolSet) plus extra Tools, as a list."""
    if isinstance(tools, ToolSet):
        tools = list({id(t): t for t in [*tools.tools.values(), *tools.native.values()]}.values())
    return [*as_tools(tools), *extra]


@attrs.define(frozen=True)
class Limits:
    """Hard limits of one run. None means unlimited.

    Each limit ends the run with LimitExceeded naming it (`error.limit`), its value, where the
    program was and a hint. The defaults run every realistic workload (sort-by over 10,000
    maps, group-by over 20,000 items, map/filter over 50,000 maps) and stop runaway programs
    within about the timeout. See docs/sandbox.md.

    timeout: seconds of the program's own work; time waiting on tools is not counted (1.0).
    tool_timeout: seconds one tool call may take; the error names the tool (30.0).
    max_wall: seconds of wall clock for the whole run, tool waits included (60.0).
    max_steps: user-function calls and loop iterations (50,000,000).
    max_depth: nested user-function calls, and levels of data walked (5,000; never None).
    max_collection_size: items in one vector, map or set a program builds (1,000,000).
    max_string_chars: characters in one string a program builds (None: max_collection_size).
    max_print_chars: characters println/print may write in one run (64,000).
    max_tool_calls: tool calls in one run (None: unlimited).
    max_parallel: worker threads of one pmap/pcalls (8).
    regex_timeout: seconds for one regex operation (0.25).
    max_source_chars: characters of program text (1,000,000).
    max_memory_mb: how much the process may grow during the run, watched every 20 ms; with
        isolation="process", the worker's address-space limit above its start-up size (1,024).
    max_session_memory_mb: what the session's defs may hold together, estimated and checked
        when a run commits (512).
    isolation: "none" (run in this process) or "process" (a worker process; docs/sandbox.md).
    """

    timeout: float | None = 1.0  # seconds of the program's own work (waiting on tools not counted)
    tool_timeout: float | None = 30.0  # seconds one tool call may take
    max_wall: float | None = 60.0  # seconds of wall clock for the whole run, tools included
    max_steps: int | None = 50_000_000  # user-function calls and loop iterations
    max_depth: int = 5_000  # nested user-function calls (and levels of data walked)
    max_collection_size: int | None = 1_000_000  # items in one vector, map or set a program builds
    max_string_chars: int | None = None  # characters in one built string; None: max_collection_size
    max_print_chars: int | None = 64_000
    max_tool_calls: int | None = None
    max_parallel: int = 8  # worker threads of one pmap/pcalls
    regex_timeout: float | None = 0.25  # seconds for one regex operation
    max_source_chars: int = 1_000_000
    # in-process: how much the process may grow during the run (watched every 20 ms);
    # isolation="process": the worker's address-space limit on top of its start-up size
    max_memory_mb: int | None = 1024
    # what the session's defs may hold together (estimated, footprint.py), checked at commit
    max_session_memory_mb: int | None = 512
    isolation: str = attrs.field(default="none", validator=attrs.validators.in_(("none", "process")))


_DEFAULT_LIMITS = Limits()  # frozen: one instance serves every Session given no limits


@attrs.define
class Result:
    """The outcome of one run.

    status: "ok" (the program's last value), "returned" ((return x)), "failed" ((fail x)) or
        "error" (a language error; see error).
    value: the PTC value (Keyword keys, vectors as lists/PVectors); to_python() gives plain JSON.
    error: the structured error (kind, message, span, hint, Lisp call stack) or None.
    prints: the lines println/print wrote, up to the end or the error.
    tool_calls: one dict per tool call in program order: name, args (the keyword arguments
        the host function got), result (the PTC value it returned, None when it failed),
        error (the message, or None) and duration (seconds).
    memory: the session's memory (def names -> values) after the run; unchanged by an error.
    duration: seconds the whole run took (read, analyze, evaluate).
    summaries: step-done summaries of this run.
    journal: the session's journal (the (task ...) cache), when it has one.
    upstream_calls: one dict per tool/call to an upstream (docs/upstreams.md): server, tool,
        status, duration_ms, result_bytes, oversize, and reason and error when it failed.
    """

    status: str  # "ok" | "returned" | "failed" | "error"
    value: object = None
    error: PtcError | None = None
    prints: list = attrs.Factory(list)
    tool_calls: list = attrs.Factory(list)
    memory: dict = attrs.Factory(dict)
    duration: float = 0.0
    summaries: dict = attrs.Factory(dict)  # step-done summaries of this run
    journal: object = None  # the session's journal (task cache), if it has one
    upstream_calls: list = attrs.Factory(list)  # this run's tool/calls to upstreams

    @property
    def ok(self) -> bool:
        """True unless the program ended in an error or fail."""
        return self.status in ("ok", "returned")

    def to_python(self):
        """The value as plain JSON-shaped Python (keyword keys -> strings)."""
        return to_python(self.value)


class Session:
    """A conversation's worth of runs sharing memory (def), data, tools and *1 *2 *3.

    memory: def names -> values, as the last successful run left them (an error keeps it).
    history: the values of the last successful runs, newest first (what *1 *2 *3 read).
    data: what data/name reads (settable; see the data property).
    tools: the ToolSet the programs call as tool/name (its log holds the current run's calls).
    limits: the Limits of every run.
    clock: the wall clock the budget reads.
    journal: the (task ...) cache the host keeps between runs, or None.
    budget_info: what (budget/remaining) returns (a mapping or a callable), or None.
    signature: the parsed return signature the program's value must match, or None.
    summaries: step-done summaries of all committed runs.
    upstreams: this session's binding of its MCP/OpenAPI upstreams (tool/call), or None.
    string_keys: True when host string keys stay strings (no keyword keys at the door).
    ctx: the evaluation context runs work in (internal: hosts read memory, not this).
    """

    def __init__(self, *, data=None, tools=None, limits: Limits | None = None, memory=None,
                 clock=None, journal=None, budget=None, signature=None, upstreams=None,
                 string_keys: bool = False):
        """data: a mapping whose keys the program reads as data/name (a copy is kept); when
            given, a data/ name that is not one of its keys is an analysis error.
        tools: mapping name -> callable/Tool, or a list of them (see tooldef.Tool).
        limits: the walls of each run (Limits(); see docs/sandbox.md).
        memory: initial def names -> values (copied).
        clock: the wall clock the budget reads (time.time by default; tests pass a fake).
        journal: a dict the host keeps between runs, enabling (task id expr) caching.
        budget: what (budget/remaining) returns: a mapping, or a callable returning one.
        signature: the return signature the program's value must match, e.g. "{count :int}".
        upstreams: MCP/OpenAPI upstreams for tool/call: ptclisp.upstream.load(...), or a path
            or dict once ptclisp.upstream is imported (docs/upstreams.md).
        string_keys: keep the host's string map keys in data and tool results (by default a
            key that reads as a keyword becomes one: "customer_id" -> :customer_id).
        """
        if limits is not None and not isinstance(limits, Limits):
            raise TypeError(messages.api_not_limits(limits))
        self.limits = limits or _DEFAULT_LIMITS
        self.upstreams = _bind_upstreams(upstreams)
        if self.upstreams is not None:
            tools = _with_tools(tools, self.upstreams.tools)
        self.string_keys = string_keys
        self._data = _door_data(data, string_keys, self.limits.max_depth)
        self._data_known = data is not None  # data/ names are checked before a run
        self.tools = tools if isinstance(tools, ToolSet) else ToolSet(tools)
        self.tools.string_keys = string_keys
        self.memory: dict = dict(memory or {})
        self.history: list = []  # *1 first
        self.clock = clock or time.time
        self.ctx = Context(memory=self.memory, data=self._data, tools=self.tools)
        self.journal = journal
        self.budget_info = budget
        self.signature = parse_signature(signature) if isinstance(signature, str) else signature
        self.summaries: dict = {}  # step-done summaries of all committed runs
        self._sizes: dict[str, int] = {}  # estimated bytes of each def a run made (footprint.py)
        self._host_loop = None  # the event loop of a running arun
        self._busy = threading.Lock()  # held by the one run in progress

    @property
    def data(self):
        """What `data/...` reads in this session's programs (host data as PTC values)."""
        return self._data

    @data.setter
    def data(self, value):
        self._data = _door_data(value, self.string_keys, self.limits.max_depth)
        self.ctx.data = self._data

    def save(self, *, skip_unsaveable: bool = False) -> str:
        """Memory, *1..*3, the journal, summaries and the signature as EDN text (saving.py);
        a function or other non-data value is a SaveError, or left out with skip_unsaveable."""
        return _saving.save_session(self, skip_unsaveable)

    @classmethod
    def load(cls, text: str, *, tools=None, limits: Limits | None = None, data=None, clock=None,
             budget=None, upstreams=None, string_keys: bool = False) -> "Session":
        """A Session from the text `save` returned, with the host's tools, limits and data."""
        state = _saving.load_state(text)
        session = cls(tools=tools, limits=limits, data=data, clock=clock, budget=budget,
                      memory=state["memory"], journal=state["journal"],
                      signature=state["signature"], upstreams=upstreams,
                      string_keys=string_keys)
        session.history = state["history"]
        session.summaries = state["summaries"]
        return session

    async def arun(self, source: str) -> Result:
        """Run one program from asyncio code: in a worker thread, async tools on this loop."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(None, self._run_guarded, source, loop)

    def run(self, source: str, *, final: bool = True) -> Result:
        """Run one program; commits its defs unless it ends in an error.

        final=False: an exploration turn of a conversation; the return signature is checked
        only when the program calls `return`, not on the value it ends with.
        A Session runs one program at a time: a second run started while one is in progress
        (another thread, task or a tool of this run) raises SessionBusyError.
        """
        return self._run_guarded(source, None, final)

    def _run_guarded(self, source: str, host_loop, final: bool = True) -> Result:
        if not isinstance(source, str):
            raise TypeError(messages.api_not_source(source))
        if not self._busy.acquire(blocking=False):
            raise SessionBusyError(messages.SESSION_BUSY)
        try:
            self._host_loop = host_loop
            start = time.perf_counter()
            result = self._run(source, final)
            result.duration = time.perf_counter() - start
            return result
        finally:
            self._host_loop = None
            self._busy.release()

    def _run(self, source: str, final: bool = True) -> Result:
        ctx, limits = self.ctx, self.limits
        ctx.memory = dict(self.memory)
        ctx.history = self.history
        ctx.defined = []
        self.tools.begin_run(max_calls=limits.max_tool_calls, journal=self.journal,
                             budget_info=self.budget_info, host_loop=self._host_loop)
        previous_tools = _tools.activate(self.tools)
        bud = _budget.Budget(limits, wall_clock=self.clock)
        ctx.budget = bud
        bud.context = ctx
        if self.upstreams is not None:
            self.upstreams.begin_run()
            bud.catalog = self.upstreams.catalog  # what dir/doc/apropos also consult
        try:  # watchdog, big-stack retry, errors as data: sandbox/walls.py
            status, value, error = _sandbox.run_program(self, source, bud)
        finally:
            _tools.restore(previous_tools)
        checked = ("ok", "returned") if final else ("returned",)
        if error is None and status in checked and self.signature is not None:
            error = _signature_error(self.signature, value)
        sizes = None
        if error is None and ctx.defined:
            sizes, error = self._charge_defs(ctx)
        if error is not None:
            error.source = source
            return Result("error", None, error, bud.prints, list(self.tools.log), self.memory,
                          journal=self.journal, upstream_calls=self._upstream_calls())
        self.memory = ctx.memory
        if sizes is not None:
            self._sizes = sizes
        if status in ("ok", "returned"):
            self.history = [value, *self.history[:2]]
        self.summaries.update(self.tools.summaries)
        return Result(status, value, None, bud.prints, list(self.tools.log), self.memory,
                      summaries=dict(self.tools.summaries), journal=self.journal,
                      upstream_calls=self._upstream_calls())

    def _charge_defs(self, ctx):
        """(sizes by name, None) of the memory once this run's defs are kept, or (None, error)
        when together they would pass max_session_memory_mb."""
        limit = self.limits.max_session_memory_mb
        sizes = {n: b for n, b in self._sizes.items() if n in ctx.memory}
        left = float("inf") if limit is None else limit * MB - sum(sizes.values())
        for name in dict.fromkeys(ctx.defined):
            if name in sizes:
                left += sizes.pop(name)
            sizes[name] = footprint(ctx.memory.get(name), left)
            left -= sizes[name]
        if left >= 0:
            return sizes, None
        needed = -(-sum(sizes.values()) // MB)
        return None, LimitExceeded(messages.limit_session_memory(limit, needed),
                                   limit="max_session_memory_mb", value=limit,
                                   hint=messages.HINT_SESSION_MEMORY)

    def _evaluate(self, source: str):
        """read -> analyze -> evaluate in ctx (the budget is installed); the program's value."""
        limits, ctx = self.limits, self.ctx
        if len(source) > limits.max_source_chars:
            raise LimitExceeded(messages.limit_source(len(source), limits.max_source_chars),
                                limit="max_source_chars", value=limits.max_source_chars,
                                hint=messages.HINT_SOURCE)
        forms = read(source)
        program = analyze(forms, memory_names=ctx.memory.keys(), tools=self.tools, source=source,
                          data=self.data if self._data_known else None)
        return evaluate(program, ctx)

    def _upstream_calls(self) -> list:
        return self.upstreams.upstream_calls() if self.upstreams is not None else []

    def _reset_attempt(self):
        """Undo what a first attempt changed before the program runs again (sandbox/walls.py)."""
        self.ctx.memory = dict(self.memory)
        self.ctx.defined = []
        self.tools.begin_run(max_calls=self.limits.max_tool_calls, journal=self.journal,
                             budget_info=self.budget_info, host_loop=self._host_loop)
        if self.upstreams is not None:
            self.upstreams.begin_run()


def _door_data(data, string_keys: bool, max_depth: int) -> dict:
    """The host's data= as PTC values, converted as tool results are; TypeError naming the
    key of anything that is not data. Deep data is walked on a big stack (deepstack.py)."""
    if data is None:
        return {}
    if not isinstance(data, Mapping):
        raise TypeError(messages.api_not_data(data))
    frames = 2 * max(max_depth, DATA_DEPTH) + 200
    try:
        try:
            return from_python(dict(data), string_keys)
        except RecursionError:
            return call_on_big_stack(lambda: from_python(dict(data), string_keys), frames)
    except NotData as nd:
        path = call_on_big_stack(lambda: not_data_path(data), frames) or ()
        keys = [format_value(door_key(k)) for k in path[1:]]
        raise TypeError(messages.api_data_not_data(path[0] if path else None, keys,
                                                   type(nd.args[0]).__name__)) from None
    except RecursionError:
        raise TypeError(messages.API_DATA_TOO_DEEP) from None


def _signature_error(signature, value):
    """The error of a value that does not match the return signature, or None."""
    problems = signature.check(value)
    if not problems:
        return None
    return EvalError(messages.return_mismatch(signature.text, problems_text(problems)),
                     code="signature", hint=messages.HINT_RETURN_SIGNATURE)


def run(source: str, *, data=None, tools=None, memory=None, limits: Limits | None = None,
        clock=None, journal=None, budget=None, signature=None, upstreams=None,
        string_keys: bool = False) -> Result:
    """Run one program in a fresh session."""
    return Session(data=data, tools=tools, memory=memory, limits=limits, clock=clock,
                   journal=journal, budget=budget, signature=signature, upstreams=upstreams,
                   string_keys=string_keys).run(source)
