"""The ToolSet: the one boundary where host code is called, and what it records of one run.

A call's arguments are bound and checked (arguments.py) before the callable runs; its result
comes back through the door (door.py): JSON-shaped data only, an arbitrary Python object is an
error, never a handle. Async tools run on one event loop: the host's loop under `Session.arun`,
else a background loop (loop.py).

A ToolSet also carries what the host gives one run besides tools: the call log, the journal,
step summaries and the budget map (read by `journal.py`).
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import inspect
import logging
import threading
import time
from collections.abc import Mapping

from ..run import budget as _budget
from .. import messages
from . import signatures as S
from ..sandbox import deepstack, watchdog
from ..errors import LimitExceeded, PtcError, ToolError
from ..lang.printer import cut_text, format_value
from ..lang.values import PSet
from .arguments import bind_arguments, signature_hint
from .cache import MISS, ToolCache
from .door import DATA_DEPTH, NotData, from_python, reads_as_keyword
from .inplace import MIN_ITEMS, InPlace, settle, snapshot
from ..sandbox.gcpause import without_gc
from .numbers import OutOfRange
from .loop import LoopThread
from . import tracing
from .tooldef import Tool, as_tools, kebab

__all__ = ["ToolSet", "current", "activate", "restore"]

log = logging.getLogger("ptclisp")
PREVIEW_CHARS = 500  # characters of a result kept in the call log


# ---------------------------------------------------------------- per-thread run state

_local = threading.local()


def current() -> "ToolSet | None":
    """The ToolSet of the run on this thread (for budget/remaining), or None."""
    return getattr(_local, "toolset", None)


def activate(toolset, branch=None):
    """Make toolset current on this thread; returns what was current.

    branch: the pmap/pcalls worker this thread is (parallel.py); its `before_host_call()` runs
    before each tool call (it refuses calls of a cancelled form and may start another worker)."""
    old = (getattr(_local, "toolset", None), getattr(_local, "branch", None))
    _local.toolset, _local.branch = toolset, branch
    return old


def restore(old):
    """Undo `activate` with what it returned."""
    _local.toolset, _local.branch = old


# ---------------------------------------------------------------- the call log

def preview(value) -> str:
    """The value printed in at most PREVIEW_CHARS characters (saying what was cut)."""
    if _fits(value, PREVIEW_CHARS):  # small: the quick printer, then a plain cut
        return cut_text(format_value(value), PREVIEW_CHARS)[0]
    return format_value(value, max_chars=PREVIEW_CHARS)


def _fits(value, budget: int) -> bool:
    """True if value surely prints in about budget characters (walks at most that far)."""
    stack = [value]
    while stack:
        x = stack.pop()
        t = type(x)
        if t is dict:
            budget -= 2 * len(x) + 2
            stack.extend(x.keys())
            stack.extend(x.values())
        elif t is list or t is PSet:
            budget -= len(x) + 2
            stack.extend(x)
        elif t is str:
            budget -= len(x) + 2
        elif t is int:
            budget -= 4 if -1000 < x < 1000 else 24
        else:
            budget -= 24
        if budget < 0:
            return False
    return True


# ---------------------------------------------------------------- time and async tools

_ASYNC_TOOLS = LoopThread("ptclisp-async-tools")  # runs async tools outside `Session.arun`


def _tool_timeout_error(name: str, limit, took: float | None = None) -> LimitExceeded:
    return LimitExceeded(messages.limit_tool_timeout(name, limit, took), limit="tool_timeout",
                         value=limit, hint=messages.HINT_TOOL_TIMEOUT)


def _check_tool_time(name: str, took: float, b, own_timeout: bool = False) -> None:
    """After a call: a (synchronous, uninterrupted) tool past tool_timeout or max_wall fails it
    (a tool with its own timeout, like tool/call's, answers to max_wall only)."""
    limit = None if own_timeout else getattr(b.limits, "tool_timeout", None)
    if limit is not None and took > limit:
        raise _tool_timeout_error(name, limit, took)
    if b.clock() > b.wall_deadline:
        raise b.wall_error(name)


async def _await(awaitable):
    return await awaitable


# ---------------------------------------------------------------- the tool set

class ToolSet:
    """The tools of one Session, and what one run of it gives and records at the boundary."""

    def __init__(self, tools=None):
        self.tools: dict[str, Tool] = {}  # what programs may call (expose "program" or "both")
        self.native: dict[str, Tool] = {}  # what the model may call natively ("native" or "both")
        seen = set()
        for t in as_tools(tools):
            if t.name in seen:
                raise ValueError(messages.tool_duplicate(t.name))
            seen.add(t.name)
            if t.expose != "native":
                self.tools[t.name] = t
            if t.expose != "program":
                self.native[t.name] = t
        self.cache = ToolCache()  # results of tools declared cache=True (host/cache.py)
        self.log: list[dict] = []
        self.max_calls: int | None = None
        self.journal = None  # the host's journal mapping, or None (task runs uncached)
        self.summaries: dict = {}  # step-done summaries of the current run
        self.budget_info = None  # what budget/remaining returns: a mapping or a callable
        self.host_loop: asyncio.AbstractEventLoop | None = None
        self.string_keys = False  # True: results keep the host's string keys (Session option)
        self.in_place_data = None  # a one-shot run's data read in place (inplace.py), or None
        self._lock = threading.Lock()

    def __contains__(self, name: str) -> bool:
        return kebab(name) in self.tools

    def __iter__(self):
        return iter(sorted(self.tools))

    def __len__(self) -> int:
        return len(self.tools)

    def __getitem__(self, name: str) -> Tool:
        return self.tools[kebab(name)]

    def get(self, name: str) -> Tool | None:
        return self.tools.get(kebab(name))

    def begin_run(self, *, max_calls=None, journal=None, budget_info=None, host_loop=None):
        """Reset the per-run state before a run."""
        self.log, self.summaries = [], {}
        self.max_calls, self.journal, self.budget_info = max_calls, journal, budget_info
        self.host_loop = host_loop

    def settle_in_place(self) -> None:
        """Convert the run's data= lists still read in place, as Session(data=) does at creation:
        before the first host code (a tool, a pmap's branches) that may change them runs."""
        data = self.in_place_data
        if data is not None:
            settle(data)
            self.in_place_data = None

    def call(self, name: str, args, span=None, logged: list | None = None, in_place: bool = False):
        """Call tool `name` with PTC args (exactly once); returns the result as a PTC value.

        logged: a list that also gets the call's log entry (the run's retry replays it)."""
        tool = self.get(name)
        if tool is None:
            raise ToolError(messages.unknown_tool(name), tool=name, code="unknown-tool")
        if self.in_place_data is not None:
            self.settle_in_place()
        branch = getattr(_local, "branch", None)
        if branch is not None:
            branch.before_host_call()
        b = _budget.current()
        if b is not None:
            b.check_time()
        kwargs = bind_arguments(tool, args)
        if tool.cache:
            hit = self.cache.get(tool.name, kwargs)
            if hit is not MISS:
                value = from_python(hit, self.string_keys)
                entry = {"name": tool.name, "args": kwargs, "result": preview(value),
                         "error": None, "duration": 0.0, "cached": True}
                with self._lock:
                    self.log.append(entry)
                if logged is not None:
                    logged.append(entry)
                return value
        entry = {"name": tool.name, "args": kwargs, "result": None, "error": None, "duration": 0.0}
        with self._lock:
            if self.max_calls is not None and len(self.log) >= self.max_calls:
                raise LimitExceeded(messages.limit_tool_calls(self.max_calls), limit="max_tool_calls",
                                    value=self.max_calls, hint=messages.HINT_TOOL_CALLS)
            self.log.append(entry)
        if logged is not None:
            logged.append(entry)
        start = time.perf_counter()
        try:
            raw = self._invoke(tool, kwargs, b)
            if in_place and self._in_place_ok(tool, raw, b):
                value = InPlace(raw, f"tool/{tool.name}", self.string_keys, 0,
                                lambda: self._convert(tool, raw))  # its own conversion
                logged_value = self._snapshot(tool, raw, entry)
            else:
                value = logged_value = self._convert(tool, raw)
        except PtcError as e:
            entry["error"] = e.message
            if e.code == "tool" and e.__cause__ is not None:  # the host's own exception:
                entry["exception"] = e.__cause__  # for the host only, never the program
                e.__cause__ = None
            raise
        finally:
            entry["duration"] = time.perf_counter() - start
        entry["result"] = logged_value  # what the program got (Result.value's convention)
        if tool.cache:
            self.cache.put(tool.name, kwargs, value)
        if b is not None:
            _check_tool_time(tool.name, entry["duration"], b, getattr(tool, "own_timeout", False))
        return value

    def call_native(self, name: str, args) -> tuple:
        """Call a natively exposed tool with JSON arguments, outside any run: (value, cached?).

        The arguments are checked like a program's; a cached tool answers from its cache."""
        tool = self.native.get(kebab(name)) if isinstance(name, str) else None
        if tool is None:
            raise ToolError(messages.unknown_tool(str(name)), tool=str(name), code="unknown-tool")
        if not isinstance(args, Mapping):
            raise ToolError(messages.tool_positional(tool.name), tool=tool.name, code="tool-args",
                            hint=signature_hint(tool))
        try:
            kwargs = bind_arguments(tool, [from_python(dict(args))])
        except NotData as nd:
            raise ToolError(messages.tool_arg_not_data(tool.name, nd.args[0]), tool=tool.name,
                            code="tool-args", hint=signature_hint(tool)) from None
        if tool.cache:
            hit = self.cache.get(tool.name, kwargs)
            if hit is not MISS:
                return hit, True
        value = self._convert(tool, self._invoke(tool, kwargs, None))
        if tool.cache:
            self.cache.put(tool.name, kwargs, value)
        return value, False

    def _invoke(self, tool: Tool, kwargs: dict, b):
        """Run the host callable; host exceptions become ToolError (traceback only logged)."""
        host = b is not None and hasattr(b, "in_host")  # the watchdog keeps out of host code
        if host:
            watchdog.enter_host(b)
        span = b.trace_span if host else None
        try:
            if span is not None:
                return self._traced(tool, kwargs, b, span)
            raw = tool.fn(kwargs) if tool.takes == "dict" else tool.fn(**kwargs)
            if inspect.isawaitable(raw):
                raw = self._wait(tool, raw, b)
            return raw
        except ToolError as e:
            e.tool = e.tool or tool.name
            raise
        except LimitExceeded:
            raise
        except PtcError as e:
            raise ToolError(messages.tool_failed(tool.name, e.message), tool=tool.name, code="tool") from None
        except Exception as exc:  # the host's failure becomes the program's ToolError
            log.warning("tool %s raised", tool.name, exc_info=True)
            text = (messages.tool_failed(tool.name, exc) if tool.show_errors
                    else messages.tool_failed_quietly(tool.name, type(exc).__name__))
            raise ToolError(text, tool=tool.name, code="tool") from exc  # cause: the call log
        finally:
            if host:
                watchdog.leave_host(b)

    def _traced(self, tool: Tool, kwargs: dict, b, run_span):
        """The host callable's result, inside a `tool/NAME` span (host/tracing.py)."""
        with tracing.tool_span(tool.name, run_span) as span:
            try:
                raw = tool.fn(kwargs) if tool.takes == "dict" else tool.fn(**kwargs)
                if inspect.isawaitable(raw):
                    raw = self._wait(tool, raw, b)
            except BaseException as e:
                tracing.failed(span, e)
                raise
            return raw

    def _wait(self, tool: Tool, awaitable, b):
        """Run an awaitable on the event loop and wait for it, no longer than the run's deadline."""
        loop = self.host_loop or _ASYNC_TOOLS.loop
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:  # never block the loop we would wait on
            loop = _ASYNC_TOOLS.loop
        future = asyncio.run_coroutine_threadsafe(_await(awaitable), loop)
        tool_limit = getattr(b.limits, "tool_timeout", None) if b is not None else None
        wall_left = b.wall_deadline - b.clock() if b is not None else float("inf")
        timeout = min(tool_limit if tool_limit is not None else float("inf"), max(wall_left, 0.0))
        try:
            return future.result(None if timeout == float("inf") else timeout)
        except concurrent.futures.TimeoutError:
            future.cancel()
            if tool_limit is not None and tool_limit <= wall_left:
                raise _tool_timeout_error(tool.name, tool_limit) from None
            raise b.wall_error(tool.name) from None
        except concurrent.futures.CancelledError:
            raise ToolError(messages.tool_failed(tool.name, messages.TOOL_CANCELLED), tool=tool.name,
                            code="tool") from None

    def _in_place_ok(self, tool: Tool, raw, b) -> bool:
        """True when a pipeline may read this result in place (inplace.py): a long list, from
        a tool that neither caches nor checks its results, within the run's size limit, and
        not in a pmap/pcalls branch (another branch's tool may change the host's records while
        it is read: a branch gets the result copied when the call returns)."""
        return (type(raw) is list and len(raw) >= MIN_ITEMS and not tool.cache
                and not (tool.check_returns and tool.returns is not None)
                and (b is None or ((b.max_size is None or len(raw) <= b.max_size)
                                   and b.halt is None)))

    def _snapshot(self, tool: Tool, raw: list, entry: dict):
        """What the call log keeps of a result read in place: its leading records converted
        (inplace.snapshot, about LOG_CHARS printed), and its length as `result_items`; a part
        of them that is not data is the entry's error (the program may never read it)."""
        entry["result_items"] = len(raw)
        try:
            return self._convert(tool, snapshot(raw))
        except ToolError as e:
            entry["error"] = e.message
            return None

    def _convert(self, tool: Tool, raw):
        """The PTC value of a tool's result, checked to be data (and against its return type).

        The run's size limits bound the result's own length (a string, a list of records: ask
        for less); what it holds is host data, copied under the run's clock and memory wall but
        not size-charged, as a part read in place is not (docs/sandbox.md)."""
        try:
            for attempt in range(3):
                try:
                    value = _copy(raw, self.string_keys)
                    break
                except RuntimeError as e:  # "changed size during iteration": another thread
                    if isinstance(e, RecursionError) or attempt == 2:
                        raise
        except NotData as nd:
            where, type_name = _not_data_where(raw)
            log.warning("tool %s returned a %s, which is not data", tool.name,
                        type_name or type(nd.args[0]).__name__)
            raise ToolError(messages.tool_not_data(tool.name, where), tool=tool.name,
                            code="tool-result") from None
        except RecursionError:
            raise ToolError(messages.tool_not_data(tool.name), tool=tool.name, code="tool-result") from None
        except RuntimeError:
            raise ToolError(messages.tool_result_changed(tool.name), tool=tool.name,
                            code="tool-result") from None
        except OutOfRange as e:  # a huge Decimal, an extreme date, range(10**12): numbers.py
            raise ToolError(messages.tool_out_of_range(tool.name, e.problem), tool=tool.name,
                            code="tool-result") from None
        except LimitExceeded as e:
            if e.limit in ("max_collection_size", "max_string_chars"):  # not the clock's
                e.hint = messages.HINT_TOOL_RESULT_SIZE
            raise
        if tool.check_returns and tool.returns is not None:
            problems = S.check(value, tool.returns)
            if problems:
                raise ToolError(messages.tool_bad_result(tool.name, S.problems_text(problems)),
                                tool=tool.name, code="tool-result")
        return value


_SIZED = (str, list, dict, tuple, set, frozenset)


def _copy(raw, string_keys: bool):
    """raw through the door: its own length charged first (a big list or string is refused
    before it is copied), its parts copied with the size limits lifted; data nested deeper
    than this stack carries is copied on a big one, as deep as data= may be (DATA_DEPTH)."""
    if type(raw) in _SIZED and len(raw) > 1024:
        _budget.charge_size(len(raw), "string" if type(raw) is str else "collection")
    try:
        return without_gc(_budget.host_sizes, from_python, raw, string_keys)
    except RecursionError:
        pass
    b = _budget.current()

    def deep():
        _budget.install(b)  # the run's clock and memory wall on that thread too
        return without_gc(_budget.host_sizes, from_python, raw, string_keys)
    return deepstack.call_on_big_stack(deep, 2 * DATA_DEPTH + 200)


def _not_data_where(raw) -> tuple:
    """(`(get-in result [:items 0 :when])`, Python type name) of the first part of a tool's
    result that is not data; (None, None) when it cannot be found (a cycle, deep nesting)."""
    try:
        found = _first_not_data(raw, ())
    except RecursionError:
        return None, None
    if found is None:
        return None, None
    path, part = found
    keys = [":" + k if type(k) is str and reads_as_keyword(k) else format_value(k, max_chars=40)
            for k in path]
    where = f"(get-in result [{' '.join(keys)}])" if keys else None
    return where, type(part).__name__


def _first_not_data(x, path: tuple):
    """(path, part) of the first part of x that does not cross the door, or None."""
    if isinstance(x, Mapping):
        items = list(x.items())
    elif isinstance(x, (list, tuple)):
        items = list(enumerate(x))
    else:
        try:
            from_python(x)
        except NotData:
            return path, x
        return None
    for k, v in items:
        found = _first_not_data(v, (*path, k))
        if found is not None:
            return found
    return None
