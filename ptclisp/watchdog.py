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
REPEAT = 0.1  # seconds between repeated stops of a run that did not end
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


def watch(budget, max_memory_mb=None) -> Watch | None:
    """Start watching the run of budget on the current thread; returns its handle."""
    if not AVAILABLE:
        return None
    w = Watch(budget, max_memory_mb * 1024 * 1024 if max_memory_mb is not None else None)
    _watches[id(w)] = w
    if _state["thread"] is None:
        _start()
    elif _state["idle"]:
        _wake.set()
    return w


def unwatch(w: Watch | None) -> None:
    """Stop watching; a stop raised at this very moment is absorbed here."""
    if w is None:
        return
    for _ in range(5):  # a stop injected before `done` is delivered at most once
        try:
            with w.lock:
                w.done = True  # from here on the watchdog leaves this run alone
                _watches.pop(id(w), None)
                if w.injected:
                    _clear_async_exc(w.tid, None)  # clear a stop not delivered yet
            return
        except Stop:
            continue


def call_watched(fn, budget, max_memory_mb=None):
    """(value, None) or (None, exception) of fn() run under the watchdog.

    No stop escapes: one raised while fn runs is returned like any other exception, one
    arriving after fn has ended is absorbed.
    """
    w = watch(budget, max_memory_mb)
    try:
        outcome = fn(), None
    except BaseException as exc:  # returned to the caller, who sorts it out
        outcome = None, exc
    for _ in range(5):  # a stop arriving now belongs to the run that just ended: absorb it
        try:
            unwatch(w)
            break
        except Stop:
            continue
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
