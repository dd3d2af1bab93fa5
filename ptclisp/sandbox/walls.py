"""Running one program inside the walls: the watchdog, the big-stack retry, errors as data.

`run_program` is what `Session._run` calls once the run's Budget exists (with
`Limits(isolation="process")` it hands the run to ptclisp/sandbox/isolation.py instead):
1. The program runs on the caller's thread under the watchdog (ptclisp/sandbox/watchdog.py), with
   Python's recursion limit left as the host set it.
2. If it nests too deeply for that stack (RecursionError), it runs again from the start on a
   thread with a big stack (ptclisp/sandbox/deepstack.py), where max_depth decides. The retry starts
   from the same memory; the first attempt's tool calls are replayed from a record (same tool,
   same arguments, in order) so no tool runs twice; the deadline and step count carry on.
3. Whatever ended the run becomes (status, value, error): return/fail signals, PtcErrors,
   a watchdog stop (timeout or memory), RecursionError and MemoryError as LimitExceeded,
   anything else as InternalError (logged). An error without a position gets the innermost
   program position found on the Python stack, so every LimitExceeded says where it was hit.
"""
from __future__ import annotations

import logging
import sys
import threading

from ..run import budget as _budget
from . import deepstack, isolation, watchdog
from .. import messages
from ..host import tools as _tools
from ..host.inplace import InPlace
from ..errors import Fail, InternalError, LimitExceeded, PtcError, Return
from ..lang.source import Span
from ..lang.values import equal

log = logging.getLogger("ptclisp")

FRAMES_PER_CALL = 8  # Python frames one Lisp call may use; sizes the big stack's recursion limit
TOOL_SLACK = 250  # Python frames a run may have under it at a tool call on the caller's thread
_DEEPER = object()  # the attempt needs a bigger stack


def run_program(session, source: str, bud) -> tuple:
    """(status, value, error) of one run of source in session, metered by bud."""
    if session.limits.isolation == "process":
        return isolation.run_in_worker(session, source, bud)
    ctx = session.ctx
    gate = ToolGate(ctx.tools, bud, frame_depth())
    ctx.tools = gate
    try:
        # On the caller's thread a program may nest only as deep as the host's own recursion
        # limit carries: the limit is process-wide and a big-stack run elsewhere may have
        # raised it, and this thread's stack was not sized for that (deepstack.py).
        bud.max_depth = min(bud.max_depth, deepstack.shallow_depth(FRAMES_PER_CALL))
        outcome = _attempt(session, source, bud, deep=False)
        bud.max_depth = session.limits.max_depth
        if outcome is _DEEPER:
            session._reset_attempt()
            bud.restart()
            gate.start_replay()
            gate.deep = True
            previous = _budget.install(bud)  # tool calls run on this thread, under this run
            try:
                outcome = deepstack.call_on_big_stack(
                    lambda: _attempt(session, source, bud, deep=True),
                    session.limits.max_depth * FRAMES_PER_CALL + 1000)
            finally:
                _budget.install(previous)
        return outcome
    finally:
        ctx.tools = gate.tools


def _attempt(session, source: str, bud, deep: bool):
    previous = _budget.install(bud)
    previous_tools = _tools.activate(session.tools) if deep else None
    try:
        value, exc = watchdog.call_watched(lambda: session._evaluate(source), bud,
                                           session.limits.max_memory_mb)
    finally:
        if deep:
            _tools.restore(previous_tools)
        _budget.install(previous)
    if exc is None:
        return "ok", value, None
    return _outcome(exc, bud, deep)


def _outcome(exc: BaseException, bud, deep: bool):
    """(status, value, error) for what ended an attempt, or _DEEPER."""
    if isinstance(exc, Return):
        return "returned", exc.value, None
    if isinstance(exc, Fail):
        return "failed", exc.value, None
    if isinstance(exc, RecursionError):
        if not deep:
            return _DEEPER
        return "error", None, _placed(bud.depth_error(), exc)
    if isinstance(exc, LimitExceeded) and exc.limit == "max_depth" and not deep \
            and bud.max_depth < bud.limits.max_depth:
        return _DEEPER  # the caller's stack is too small; the real max_depth decides on a big one
    if isinstance(exc, PtcError):
        return "error", None, _placed(exc, exc)
    if isinstance(exc, _budget.MemoryStop):
        return "error", None, _placed(_budget.memory_error(bud.limits), exc)
    if isinstance(exc, _budget.Stop):
        return "error", None, _placed(bud.timeout_error(), exc)
    if isinstance(exc, MemoryError):
        return "error", None, _placed(_budget.memory_error(bud.limits), exc)
    if isinstance(exc, Exception):  # a bug in ptclisp: log it, tell the model only that it happened
        log.error("internal error while running a PTC-Lisp program", exc_info=exc)
        return "error", None, InternalError(messages.INTERNAL)
    raise exc  # KeyboardInterrupt, SystemExit: the host's business


def _placed(error: PtcError, exc: BaseException) -> PtcError:
    """error with a program position taken from exc's traceback when it has none."""
    if error.span is None:
        span, form = where(exc)
        if span is not None:
            error.with_span(span, form)
    return error


# The closure tier's modules, whose frames hold a program position in locals `span` and `form`
_EVAL_FILES = watchdog.module_files(("run.evaluator", "run.functions", "run.comprehension",
                                     "run.patterns"))


def where(exc: BaseException):
    """(span, form) of the innermost program position on exc's Python stack, or (None, None)."""
    tb, found = exc.__traceback__, (None, None)
    while tb is not None:
        frame = tb.tb_frame
        if frame.f_code.co_filename in _EVAL_FILES:
            span = frame.f_locals.get("span")
            if isinstance(span, Span):
                found = (span, frame.f_locals.get("form"))
        tb = tb.tb_next
    return found


def frame_depth() -> int:
    """Python frames on the calling thread's stack."""
    f, n = sys._getframe(1), 0
    while f is not None:
        n, f = n + 1, f.f_back
    return n


class ToolGate:
    """ctx.tools during a run: records every call so a retry can replay it, and on a big-stack
    retry carries live calls over to the caller's thread. Anything else goes to the ToolSet.

    A host tool gets the stack headroom the host had when it started the run, whatever the
    program's depth: a call made more than TOOL_SLACK frames deeper than the run's start is
    refused before it starts (RecursionError), so the run goes again on the big stack, where
    every tool call is carried out on the caller's thread at the run's own depth. A tool is
    never cut short inside by a stack the program used up."""

    def __init__(self, tools, bud, base: int = 0):
        self.tools = tools
        self.budget = bud
        self.record: list = []  # (name, args, ok, value or exception, log entries)
        self.replay: list | None = None
        self.base = base  # frames under the run's start on the caller's thread
        self.deep = False  # True on the big-stack retry
        self.lock = threading.Lock()  # pmap/pcalls branches call tools from several threads

    def __getattr__(self, name):
        return getattr(self.tools, name)

    def start_replay(self):
        """From now on, a call that repeats a recorded one gets the recorded outcome."""
        self.replay, self.record = self.record, []

    def call(self, name: str, args, span=None, in_place: bool = False):
        """The tool's result: replayed when this call repeats a recorded one, else a real call.

        A recorded call is matched by name and arguments, not by position: pmap/pcalls branches
        reach their calls in another order on each attempt. in_place: the caller is a pipeline
        that may read a big result in place (host/inplace.py); anyone else gets it converted."""
        replayed = self._replayed(name, args) if self.replay else None
        if replayed is not None:
            name0, args0, ok, value, entries = replayed
            with self.lock:
                self.tools.log.extend(entries)
                self.record.append(replayed)
            if ok:
                return value if in_place or type(value) is not InPlace else value.value()
            raise value
        if not self.deep and frame_depth() - self.base > TOOL_SLACK:
            raise RecursionError("a tool call this deep runs on the big stack")
        entries: list = []
        try:
            value = deepstack.on_caller(self.tools.call, name, args, span, entries, in_place)
        except Exception as exc:
            with self.lock:
                self.record.append((name, list(args), False, exc, entries))
            raise
        with self.lock:
            self.record.append((name, list(args), True, value, entries))
        return value

    def _replayed(self, name: str, args):
        """The first recorded call of name with equal arguments, taken from the replay list."""
        with self.lock:
            for i, (name0, args0, *_rest) in enumerate(self.replay):
                if name0 == name and len(args0) == len(args) and all(map(equal, args0, args)):
                    return self.replay.pop(i)
        return None
