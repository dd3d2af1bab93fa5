"""The watchdog: one daemon thread that stops runs no cooperative check stopped in time.

The evaluator checks the clock every few thousand steps and builtins charge big allocations,
so almost every run ends itself with a precise LimitExceeded. What those checks cannot see is
a long stretch of Python-level work inside one builtin call, or memory growing fast. For those
the watchdog raises `budget.Stop` asynchronously into the run's thread (CPython's
PyThreadState_SetAsyncExc) once the deadline plus a grace period has passed, and
`budget.MemoryStop` once the process has grown more than the run's memory limit since the run
started. An asynchronous exception lands between two bytecodes, so a single operation running
in C finishes first (those are bounded by their inputs).

A stop is delivered only where it is safe to interrupt (docs/sandbox.md, "Where a stop lands"):
- only while the thread's innermost Python frame is the evaluator, a builtin or generated code
  (`safe_frame`): never an import, logging, a lock-holding stdlib helper or the host's code. The
  check and the injection happen together under the watch's lock, with nothing in between
  that lets the run's thread move on, so the stop is raised in the frame that was checked;
- never while the run is in host code (a tool call): `enter_host` marks it under the same lock
  and first takes delivery of a stop already on its way, so none reaches the tool.

The thread wakes every POLL seconds while runs are watched and sleeps on an event when idle;
watching a run costs one dict insert and one pop.
"""
from __future__ import annotations

import functools
import os
import sys
import threading
import time
from collections.abc import Callable

from ..run.budget import MemoryStop, Stop

POLL = 0.02  # seconds between checks while runs are watched
GRACE = 0.05  # seconds past the deadline before the watchdog steps in
REPEAT = 0.02  # seconds between repeated stops of a run that did not end (one may land in a
# finalizer or gc callback, which swallows it; measured: at 0.1 s a 0.2 s run under
# hypothesis's gc callback ran up to 6 s, at 0.02 s it ends within 0.4 s)
IDLE_AFTER = 5.0  # seconds without runs before the thread sleeps on its event

try:
    import resource
except ImportError:  # pragma: no cover - not on this platform: the /proc reading is all there is
    resource = None

try:  # CPython only; elsewhere the cooperative checks are all there is
    import ctypes

    _API = ("PyThreadState_SetAsyncExc", ctypes.pythonapi)
    _set_async_exc = ctypes.PYFUNCTYPE(ctypes.c_int, ctypes.c_ulong, ctypes.py_object)(_API)
    _clear_async_exc = ctypes.PYFUNCTYPE(ctypes.c_int, ctypes.c_ulong, ctypes.c_void_p)(_API)
    AVAILABLE = sys.implementation.name == "cpython"
except (ImportError, AttributeError):  # pragma: no cover - not CPython
    AVAILABLE = False


class Watch:
    """One watched run: its thread, budget and memory limit."""

    __slots__ = ("tid", "budget", "mem_limit", "base_rss", "done", "injected", "last", "lock",
                 "deferred")

    def __init__(self, budget, mem_limit):
        self.tid = threading.get_ident()
        self.budget = budget
        self.mem_limit = mem_limit  # bytes of growth, or None
        self.base_rss = None  # set when the run starts (call_watched), else by the first check
        self.done = False
        self.injected = False
        self.last = 0.0
        # held while injecting and while ending the watch, so no stop is injected after the
        # run has ended (the check of `done` and the injection are one step)
        self.lock = threading.Lock()
        self.deferred = 0  # checks that found the thread outside safe code (a test reads it)


_watches: dict[int, Watch] = {}
_wake = threading.Event()
_state = {"thread": None, "idle": False}
_start_lock = threading.Lock()


def _begin(w: Watch) -> None:
    """Start watching w: the watchdog thread is running before w becomes visible to it."""
    if _state["thread"] is None:
        _start()
    elif _state["idle"]:
        _wake.set()
    w.budget.watch_lock = w.lock
    _watches[id(w)] = w  # the last step: from here on a stop may arrive


def _end(w: Watch) -> None:
    """Stop watching w (its `done` already set); a stop injected but not yet delivered is dropped.

    A stop still pending may be raised by this call; calling it again returns quietly.
    """
    with w.lock:  # waits out a `_stop` that saw the run before `done` was set
        _watches.pop(id(w), None)
        w.budget.watch_lock = None
        if w.injected:
            _clear_async_exc(w.tid, None)


def call_watched(fn, budget, max_memory_mb=None):
    """(value, None) or (None, exception) of fn() run under the watchdog.

    No stop escapes: one raised while fn runs is returned like any other exception, one
    arriving after fn has ended is absorbed.
    """
    if not AVAILABLE:
        try:
            return fn(), None
        except BaseException as exc:  # returned to the caller, who sorts it out
            return None, exc
    w = Watch(budget, max_memory_mb * 1024 * 1024 if max_memory_mb is not None else None)
    if w.mem_limit is not None:  # growth counts from here: a fast allocation may beat the first check
        w.base_rss = _rss()
        budget.mem_ceiling, budget.rss = w.base_rss + w.mem_limit, _rss  # big charges check too
    try:
        _begin(w)
        outcome = fn(), None
    except BaseException as exc:  # returned to the caller, who sorts it out
        outcome = None, exc
    # A stop lands only where the interpreter checks for one (calls, backward jumps), so
    # `done` is set by a plain store and every call below sits inside a try, with no loop.
    # After `done` at most two stops can still arrive: one injected before it and one from a
    # `_stop` already past its check of `done`; `_end` holding the lock ends both.
    w.done = True
    try:
        _end(w)
    except Stop:
        try:
            _end(w)
        except Stop:
            _end(w)
    return outcome


def _start():
    with _start_lock:
        if _state["thread"] is None:
            t = threading.Thread(target=_loop, name="ptclisp-watchdog", daemon=True)
            _state["thread"] = t
            t.start()


def _loop():
    quiet_since = time.monotonic()
    while True:
        if _watches:
            quiet_since = time.monotonic()
            try:
                _check_all()
            except Exception:  # the watchdog must outlive anything odd in one check
                pass
        elif time.monotonic() - quiet_since > IDLE_AFTER:
            _wake.clear()
            _state["idle"] = True
            if not _watches:
                _wake.wait()
            _state["idle"] = False
            quiet_since = time.monotonic()
            continue
        time.sleep(POLL)


def _check_all():
    now = time.monotonic()
    rss = None
    for w in list(_watches.values()):
        b = w.budget
        if w.done or b.in_host:  # ended, or in host code: never stopped there
            continue
        waiting = b.paused_at is not None  # on pmap branches: not the program's time
        if not waiting and b.clock is time.monotonic and now > b.deadline + GRACE:
            _stop(w, Stop, now)
        elif w.mem_limit is not None:
            rss = _rss() if rss is None else rss
            if w.base_rss is None:
                w.base_rss = rss
            elif rss - w.base_rss > w.mem_limit:
                _stop(w, MemoryStop, now)


def _stop(w: Watch, kind, now: float):
    """Raise kind into w's thread if it is in safe code now; else try again at the next poll."""
    with w.lock:
        b = w.budget
        if w.done or b.in_host or (w.injected and now - w.last < REPEAT):
            return
        # The frame check and the injection must see the run's thread parked in one place.
        # It moves only if this thread gives up the GIL, which the interpreter asks of it only
        # after another thread has waited a whole switch interval (5 ms) since this thread
        # took the GIL. sleep(0) hands the GIL round and takes it back fresh; what follows
        # takes microseconds. The run's thread then raises the stop at the check point where
        # it is parked, in the frame read here.
        _yield_gil()
        frame = _current_frames().get(w.tid)
        name = frame.f_code.co_filename if frame is not None else ""
        if name in SAFE_FILES or name[:GENERATED_LEN] == GENERATED_PREFIX:
            w.injected, w.last = True, now
            _set_async_exc(w.tid, kind)
        else:  # the run's next cooperative check (or pmap's wait) raises it instead
            w.deferred += 1
            b.pending_stop = kind


def enter_host(b) -> None:
    """Mark b's run as running host code (a tool): from here until `leave_host` no stop arrives.

    A stop injected before the mark is raised here (in our code, before the tool starts).
    """
    lock = getattr(b, "watch_lock", None)
    try:
        if lock is None:
            b.in_host = True
        else:
            with lock:
                b.in_host = True
        _take_pending()
    except BaseException:
        b.in_host = False
        raise
    b.pause()  # waiting on the host is not the program's work (Limits.timeout)


def leave_host(b) -> float:
    """The tool has returned: the run may be stopped again; returns the seconds it took."""
    spent = b.resume()
    b.in_host = False
    return spent


def host_work(b, fn: Callable[[], object]) -> object:
    """fn() as the host's work inside b's run, like a tool call: no stop lands in it, its time
    is not the program's (Limits.timeout), and what the process grows meanwhile is not counted
    against the run's memory limit (the run's memory wall moves up by that much)."""
    if b is None:
        return fn()
    watch = next((w for w in list(_watches.values()) if w.budget is b), None)
    before = _rss() if b.mem_ceiling is not None else None
    enter_host(b)
    try:
        return fn()
    finally:
        leave_host(b)
        if before is not None:
            grown = max(_rss() - before, 0)
            b.mem_ceiling += grown
            if watch is not None and watch.base_rss is not None:
                watch.base_rss += grown


def _take_pending() -> None:
    """Nothing: calling it is an interpreter check point, where a pending stop is raised."""


_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The modules whose frames a stop may interrupt: the stages a run executes in, values and
# builtins. A module is interruptible only when it is named here; a new module is not, until it
# says so. Left out: the machinery around a run (the watchdog, the session, the walls, the big
# stack, pmap's thread pool, process isolation, the command line), which holds locks, starts
# threads and waits on them. host.tools, host.arguments and host.door are in: they check and
# convert a call's data; the host call itself is kept out by `enter_host`.
INTERRUPTIBLE = (
    "errors", "messages.__init__", "messages.analyze", "messages.cli", "messages.common",
    "messages.host", "messages.library", "messages.limits", "messages.read", "messages.shown",
    "messages.tools",
    "lang.source", "lang.forms", "lang.values", "lang.hashing", "lang.reader", "lang.read_errors",
    "lang.reader_lark", "lang.printer", "lang.data_reader", "lang.pretty", "lang.export",
    "compile.ast", "compile.analyzer", "compile.scopes", "compile.special_forms",
    "compile.bindings", "compile.macros",
    "specials.control", "specials.binding", "specials.loops", "specials.functions",
    "specials.journal", "specials.output",
    "run.evaluator", "run.common", "run.functions", "run.patterns", "run.comprehension",
    "run.budget", "run.feed",
    "jit.codegen", "jit.cache", "jit.fns", "jit.inline", "jit.rt", "jit.fusion", "jit.pipeline",
    "sandbox.footprint",
    "host.tools", "host.arguments", "host.door", "host.tooldef", "host.signatures", "host.cache",
    "host.budget_map", "host.saving",
    "core.registry", "core.support", "core.bits", "core.compare", "core.dates", "core.discovery",
    "core.fns", "core.interop", "core.json_ns", "core.maps", "core.mathx", "core.numbers",
    "core.parsing", "core.predicates", "core.regexp", "core.seqs", "core.seqs_base",
    "core.seqs_build", "core.seqs_describe", "core.seqs_order", "core.seqs_slice",
    "core.seqs_transform", "core.sets", "core.strformat", "core.strings", "core.text",
    "core.walk", "core.endless", "core.seqs_endless",
)


def module_files(names) -> frozenset:
    """The source files of ptclisp's modules named relative to the package ("run.evaluator")."""
    return frozenset(os.path.join(_PACKAGE_DIR, *n.split(".")) + ".py" for n in names)


SAFE_FILES = module_files(INTERRUPTIBLE)
GENERATED_PREFIX = "<ptclisp"  # co_filename of generated code (codegen.py)
GENERATED_LEN = len(GENERATED_PREFIX)
_current_frames = sys._current_frames
_yield_gil = functools.partial(time.sleep, 0)


_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def _rss() -> int:
    """Resident memory of this process in bytes (peak resident size where /proc is missing)."""
    try:
        with open("/proc/self/statm", "rb") as f:
            return int(f.read().split()[1]) * _PAGE
    except OSError:
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak if sys.platform == "darwin" else peak * 1024
