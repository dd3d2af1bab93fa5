"""Sessions: the pipeline `read -> analyze -> evaluate` glued together, run after run.

Memory is transactional: a run works on a copy of the session's memory, and only a run that
ends with status ok, returned or failed commits it.
"""
from __future__ import annotations

import asyncio
import contextvars
import threading
import time

from .run import budget as _budget
from . import messages
from .sandbox import walls as _sandbox
from .compile.analyzer import analyze
from .core.endless import Endless
from .errors import EvalError, LimitExceeded, SessionBusyError
from .run.evaluator import Context, evaluate
from .sandbox.footprint import footprint
from .lang.reader import read
from .host.door import data_key, host_data
from .host.inplace import InPlace, cooked, in_place
from .host.tooldef import as_tools
from .host.tools import ToolSet
from .host import budget_map as _budget_map, parallel as _parallel  # noqa: F401  budget/, pmap
from .host import tools as _tools
from .host.signatures import parse as parse_signature, problems_text
from .host import saving as _saving
from .host import tracing
from .host.upstream_hook import bind_upstreams
from .limits import Limits
from .result import Result

__all__ = ["Session", "run"]

MB = 1024 * 1024


def _with_tools(tools, extra):
    """The host's tools (mapping, list or ToolSet) plus extra Tools, as a list."""
    if isinstance(tools, ToolSet):
        tools = list({id(t): t for t in [*tools.tools.values(), *tools.native.values()]}.values())
    return [*as_tools(tools), *extra]


_DEFAULT_LIMITS = Limits()  # frozen: one instance serves every Session given no limits


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
            or dict (the first one imports ptclisp.upstream; docs/upstreams.md).
        string_keys: keep the host's string map keys in data and tool results (by default a
            key that reads as a keyword becomes one: "customer_id" -> :customer_id).
        """
        if limits is not None and not isinstance(limits, Limits):
            raise TypeError(messages.api_not_limits(limits))
        self.limits = limits or _DEFAULT_LIMITS
        self.upstreams = bind_upstreams(upstreams, self.limits)
        if self.upstreams is not None:
            tools = _with_tools(tools, self.upstreams.tools)
        self.string_keys = string_keys
        self._data = host_data(data, string_keys, self.limits.max_depth)
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
        self._trace_span = None  # the OpenTelemetry span of the run in progress (host/tracing.py)
        self._busy = threading.Lock()  # held by the one run in progress
        self._cancel_lock = threading.Lock()  # cancel() against a run's start and commit
        self._cancels = 0  # cancel() calls so far: a run asked for before one of them is cancelled
        self._current = None  # the Budget of the run in progress, until it commits or fails

    @property
    def data(self):
        """What `data/...` reads in this session's programs (host data as PTC values)."""
        if any(type(v) is InPlace for v in self._data.values()):
            return {k: cooked(v) for k, v in self._data.items()}
        return self._data

    @data.setter
    def data(self, value):
        self._data = host_data(value, self.string_keys, self.limits.max_depth)
        self.ctx.data = self._data

    def save(self, *, skip_unsaveable: bool = False, max_chars: int | None = None) -> str:
        """Memory, *1..*3, the journal, summaries and the signature as EDN text (saving.py);
        a function or other non-data value is a SaveError, or left out with skip_unsaveable;
        a text that would pass max_chars characters is a SaveTooBig, before it is built."""
        return _saving.save_session(self, skip_unsaveable, max_chars)

    @classmethod
    def load(cls, text: str, *, tools=None, limits: Limits | None = None, data=None, clock=None,
             budget=None, upstreams=None, string_keys: bool = False,
             max_chars: int | None = None) -> "Session":
        """A Session from the text `save` returned, with the host's tools, limits and data;
        a text longer than max_chars is a ValueError before it is read."""
        state = _saving.load_state(text, max_chars)
        session = cls(tools=tools, limits=limits, data=data, clock=clock, budget=budget,
                      memory=state["memory"], journal=state["journal"],
                      signature=state["signature"], upstreams=upstreams,
                      string_keys=string_keys)
        session.history = state["history"]
        session.summaries = state["summaries"]
        return session

    async def arun(self, source: str, *, final: bool = True) -> Result:
        """Run one program from asyncio code: in a worker thread, async tools on this loop
        (final: as in `run`). The caller's context variables go with it (its current span)."""
        loop = asyncio.get_running_loop()
        caller = contextvars.copy_context()
        return await loop.run_in_executor(None, caller.run, self._run_guarded, source, loop, final,
                                          self._cancels)

    def cancel(self) -> bool:
        """Stop the run in progress (and one asked for but not yet started): it ends with an
        error and keeps nothing, as a failed run does. Callable from any thread; a run that has
        already committed stays committed. True if a run was in progress."""
        with self._cancel_lock:
            self._cancels += 1
            if self._current is not None:
                self._current.cancel()
            return self._current is not None

    def run(self, source: str, *, final: bool = True) -> Result:
        """Run one program; commits its defs unless it ends in an error.

        final=False: an exploration turn of a conversation; the return signature is checked
        only when the program calls `return`, not on the value it ends with.
        A Session runs one program at a time: a second run started while one is in progress
        (another thread, task or a tool of this run) raises SessionBusyError.
        """
        return self._run_guarded(source, None, final, self._cancels)

    def _run_guarded(self, source: str, host_loop, final: bool, ticket: int) -> Result:
        if not isinstance(source, str):
            raise TypeError(messages.api_not_source(source))
        if not self._busy.acquire(blocking=False):
            raise SessionBusyError(messages.SESSION_BUSY)
        try:
            self._host_loop = host_loop
            start = time.perf_counter()
            span = self._trace_span = tracing.start_run(self.limits, len(source))
            try:
                with tracing.run_context(span):
                    result = self._run(source, final, ticket)
            finally:
                self._trace_span = None
            result.duration = time.perf_counter() - start
            if span is not None:
                bud = self.ctx.budget
                tracing.end_run(span, result.status, result.error, len(result.tool_calls),
                                bud.steps_used() if bud is not None else None)
            return result
        finally:
            self._host_loop = None
            self._current = None
            self._busy.release()

    def _run(self, source: str, final: bool, ticket: int) -> Result:
        ctx, limits = self.ctx, self.limits
        ctx.memory = dict(self.memory)
        ctx.history = self.history
        ctx.defined = []
        self.tools.begin_run(max_calls=limits.max_tool_calls, journal=self.journal,
                             budget_info=self.budget_info, host_loop=self._host_loop)
        previous_tools = _tools.activate(self.tools)
        bud = _budget.Budget(limits, wall_clock=self.clock)
        bud.trace_span = self._trace_span
        ctx.budget = bud
        bud.context = ctx
        if self.upstreams is not None:
            self.upstreams.begin_run()
            bud.catalog = self.upstreams.catalog  # what dir/doc/apropos also consult
        with self._cancel_lock:
            self._current = bud
            if self._cancels != ticket:  # cancelled before it started
                bud.cancel()
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
        with self._cancel_lock:  # from here on a cancel() is too late: the run commits
            self._current = None
            if self._cancels != ticket:
                error = EvalError(messages.RUN_CANCELLED, code="cancelled",
                                  hint=messages.HINT_RUN_CANCELLED)
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
                          data=self._data if self._data_known else None)
        value = evaluate(program, ctx)
        if type(value) is Endless:
            raise EvalError(messages.infinite_result(value.what), code="infinite",
                            hint=messages.HINT_INFINITE)
        return value

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
    """Run one program in a fresh session (big data= lists are read in place: host/inplace.py)."""
    limits = limits or _DEFAULT_LIMITS
    kept, rest = in_place(data, string_keys, limits.max_depth) if data is not None else ({}, None)
    session = Session(data=rest, tools=tools, memory=memory, limits=limits, clock=clock,
                      journal=journal, budget=budget, signature=signature, upstreams=upstreams,
                      string_keys=string_keys)
    if kept:
        session._data.update((data_key(k, string_keys), v) for k, v in kept.items())
        session.tools.in_place_data = session._data  # converted before host code runs
    return session.run(source)
