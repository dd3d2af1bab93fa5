"""The watchdog: one daemon thread that stops runs no cooperative check stopped in time.

The evaluator checks the clock every few thousand steps and builtins charge big allocations,
so almost every run ends itself with a precise LimitExceeded. What those checks cannot see is
a long stretch of Python-level work inside one builtin call, or memory growing fast. For those
the watchdog raises `budget.Stop` asynchronously into the run's thread (CPython's
PyThreadState_SetAsyncExc) once the deadline plus a grace period has passed, and
`budget.MemoryStop` once the process has grown more than the run's memory limit since the run
started. An asynchronous exception lands between two bytecodes, so a single operation running
in C finishes first (those are bounded by their inputs). Nothing is raised while the run is in
host code (a tool call): `Budget.in_host` keeps the watchdog out.

The thread wakes every POLL seconds while runs are watched and sleeps on an event when idle;
watching a run costs one dict insert and one pop.
"""
from __future__ import annotations

import os
import sys
import threading
import time

from .budget import MemoryStop, Stop

POLL = 0.02  # seconds between checks while runs are watched
GRACE = 0.05  # seconds past the deadline before the watchdog steps in
REPEAT = 0.02  # seconds between repeated stops of a run that did not end (one may land in a
# finalizer or gc callback, which swallows it; measured: at 0.1 s a 0.2 s run under
# hypothesis's gc callback ran up to 6 s, at 0.02 s it ends within 0.4 s)
IDLE_AFTER = 5.0  # seconds without runs before the thread sleeps on its event

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

    __slots__ = ("tid", "budget", "mem_limit", "base_rss", "done", "injected", "last", "lock")

    def __init__(self, budget, mem_limit):
        self.tid = threading.get_ident()
        self.budget = budget
        self.mem_limit = mem_limit  # bytes of growth, or None
        self.base_rss = None  # set by the first check that sees this run
        self.done = False
        self.injected = False
        self.last = 0.0
        # held while injecting and while ending the watch, so no stop is injected after the
        # run has ended (the check of `done` and the injection are one step)
        self.lock = threading.Lock()


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
    _watches[id(w)] = w  # the last step: from here on a stop may arrive


def _end(w: Watch) -> None:
    """Stop watching w (its `done` already set); a stop injected but not yet delivered is dropped.

    A stop still pending may be raised by this call; calling it again returns quietly.
    """
    with w.lock:  # waits out a `_stop` that saw the run before `done` was set
        _watches.pop(id(w), None)
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
        if w.done or b.in_host:
            continue
        if b.clock is time.monotonic and now > b.deadline + GRACE:
            _stop(w, Stop, now)
        elif w.mem_limit is not None:
            rss = _rss() if rss is None else rss
            if w.base_rss is None:
                w.base_rss = rss
            elif rss - w.base_rss > w.mem_limit:
                _stop(w, MemoryStop, now)


def _stop(w: Watch, kind, now: float):
    with w.lock:
        if w.done or (w.injected and now - w.last < REPEAT):
            return
        w.injected, w.last = True, now
        _set_async_exc(w.tid, kind)


_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def _rss() -> int:
    """Resident memory of this process in bytes (peak resident size where /proc is missing)."""
    try:
        with open("/proc/self/statm", "rb") as f:
            return int(f.read().split()[1]) * _PAGE
    except OSError:
        import resource
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak if sys.platform == "darwin" else peak * 1024
