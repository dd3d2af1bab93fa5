"""The meter of the running program: steps, deadline, recursion depth, sizes, prints.

The evaluator ticks it; builtins that build collections or strings call `charge_size` *before*
allocating (a big charge also reads the clock). The current budget is per thread, so parallel
work each sees its own run. Nothing here reaches the session or the host.

`Stop` is what the watchdog (ptclisp/sandbox/watchdog.py) raises asynchronously into a run that no
cooperative check stopped in time (a long operation inside a builtin, a memory bomb); the
sandbox turns it into a LimitExceeded.
"""
from __future__ import annotations

import threading
import time

from .. import messages
from ..errors import EvalError, LimitExceeded

_local = threading.local()
CHECK_EVERY = 1024  # steps between clock reads
BIG_CHARGE = 4096  # a charge of this many items reads the clock
MEMORY_CHECK_ITEMS = 262_144  # big charges between the run's own reads of the process's size
# (about 10 MB of ints: a range-building loop grows ~2 GB/s, faster than the watchdog's
# 20 ms poll can follow on a loaded machine, so the run also checks itself)
STRING_KINDS = frozenset({"string"})  # what charge_size measures against max_string_chars


class Stop(BaseException):
    """Raised into a run from outside (watchdog): its deadline has passed.

    A BaseException, so no builtin's `except Exception` can swallow it.
    """


class MemoryStop(Stop):
    """Raised into a run from outside (watchdog): the process grew past the run's memory limit."""


class Budget:
    """Counters for one run, checked against its Limits."""

    __slots__ = ("limits", "steps_left", "deadline", "depth", "max_depth", "max_size",
                 "max_chars", "print_left", "countdown", "period", "clock", "prints", "wall_clock",
                 "in_host", "watch_lock", "work_deadline", "wall_deadline", "paused_at",
                 "tool_seconds", "halt", "pending_stop", "catalog", "context", "mem_ceiling",
                 "mem_countdown", "rss", "trace_span", "capture", "host_sizes", "__weakref__")

    def __init__(self, limits, clock=time.monotonic, wall_clock=time.time):
        self.limits = limits
        self.clock = clock
        self.steps_left = limits.max_steps if limits.max_steps is not None else float("inf")
        self.work_deadline = self.wall_deadline = float("inf")
        self.deadline = float("inf")  # the nearer of the two: what the checks compare with
        self.paused_at = None
        self.tool_seconds = 0.0  # time spent waiting on tools (not the program's work)
        self.start_clock()
        self.depth = 0
        self.max_depth = limits.max_depth
        self.max_size = limits.max_collection_size
        chars = getattr(limits, "max_string_chars", None)
        self.max_chars = chars if chars is not None else self.max_size
        self.print_left = limits.max_print_chars
        self.period = self.countdown = int(max(1, min(CHECK_EVERY, self.steps_left + 1)))
        self.prints: list[str] = []
        self.capture: list[str] | None = None  # with-out-str: the text printed inside it
        self.wall_clock = wall_clock  # epoch seconds; the Session may give a fixed clock
        self.in_host = False  # True while host code (a tool) runs: the watchdog keeps out
        self.watch_lock = None  # the watchdog's lock for this run while it is watched
        self.halt = None  # a pmap/pcalls branch: the form's cancel Event (parallel.py)
        self.pending_stop = None  # a stop the watchdog could not deliver (outside safe code)
        self.catalog = None  # the session's upstream catalog (dir/doc/apropos read it), or None
        self.context = None  # the run's evaluator Context (pmap/pcalls route its budget per thread)
        self.mem_ceiling = None  # process size (bytes) past which the run stops, set by the watchdog
        self.mem_countdown = MEMORY_CHECK_ITEMS
        self.rss = None  # reads the process's resident size (the watchdog's reader)
        self.trace_span = None  # the run's OpenTelemetry span (host/tracing.py), or None
        self.host_sizes = False  # True while the door copies what a host value holds (a tool
        # result's parts): the clock and the memory wall apply, the size limits do not

    def tick(self, n: int = 1):
        """Count n evaluation steps; read the clock every CHECK_EVERY steps."""
        self.countdown -= n
        if self.countdown <= 0:
            self.checkpoint()

    def checkpoint(self):
        """Settle the steps counted since the last checkpoint; check step and time limits."""
        self.steps_left -= self.period - self.countdown
        self.period = self.countdown = int(max(1, min(CHECK_EVERY, self.steps_left + 1)))
        if self.steps_left < 0:
            raise LimitExceeded(messages.limit_steps(self.limits.max_steps),
                                limit="max_steps", value=self.limits.max_steps,
                                hint=messages.HINT_STEPS)
        self.check_time()

    def steps_used(self) -> int | None:
        """Steps counted so far (None when max_steps is off: nothing is counted then)."""
        if self.limits.max_steps is None:
            return None
        return self.limits.max_steps - self.steps_left + (self.period - self.countdown)

    def check_time(self):
        """Raise LimitExceeded if the wall-clock deadline has passed; in a pmap/pcalls branch,
        EvalError once the form has failed (e.g. the run was stopped for its memory)."""
        if self.clock() > self.deadline:
            raise self.timeout_error()
        if self.pending_stop is not None:
            raise self.pending_stop()
        if self.halt is not None and self.halt.is_set():
            raise EvalError(messages.PARALLEL_CANCELLED, code="parallel")

    def timeout_error(self) -> LimitExceeded:
        """The error of a run past its deadline: its own work (timeout) or the wall (max_wall)."""
        if self.clock() > self.wall_deadline:
            return self.wall_error()
        return LimitExceeded(messages.limit_timeout(self.limits.timeout), limit="timeout",
                             value=self.limits.timeout, hint=messages.HINT_TIMEOUT)

    def wall_error(self, tool: str | None = None) -> LimitExceeded:
        """The error of a run past max_wall; it speaks to the host when tools took the time."""
        limit = self.limits.max_wall
        return LimitExceeded(messages.limit_max_wall(limit, self.tool_seconds, tool),
                             limit="max_wall", value=limit, hint=messages.HINT_MAX_WALL)

    def pause(self) -> None:
        """The run waits on a tool from now: that time is not the program's work."""
        self.paused_at = self.clock()

    def resume(self) -> float:
        """The wait is over: move the work deadline on by its length, which is returned."""
        spent = self.clock() - self.paused_at
        self.paused_at = None
        self.tool_seconds += spent
        self.work_deadline += spent
        self.deadline = min(self.work_deadline, self.wall_deadline)
        return spent

    def depth_error(self) -> LimitExceeded:
        """The error of a run nested deeper than it may (calls, or data a builtin walks)."""
        return LimitExceeded(messages.limit_depth(self.limits.max_depth), limit="max_depth",
                             value=self.limits.max_depth, hint=messages.HINT_RECURSION)

    def print_error(self) -> LimitExceeded:
        """The error of a run that printed more than it may."""
        return LimitExceeded(messages.limit_print(self.limits.max_print_chars),
                             limit="max_print_chars", value=self.limits.max_print_chars,
                             hint=messages.HINT_PRINT)

    def remaining_time(self) -> float:
        """Seconds left before the deadline."""
        return self.deadline - self.clock()

    def start_clock(self):
        """Start the deadlines from now: set-up before the program runs (a worker) is not its time."""
        now, limits = self.clock(), self.limits
        if limits.timeout is not None:
            self.work_deadline = now + limits.timeout
        wall = getattr(limits, "max_wall", None)
        if wall is not None:
            self.wall_deadline = now + wall
        self.deadline = min(self.work_deadline, self.wall_deadline)

    def cancel(self):
        """Stop this run at its next check (the watchdog steps in after GRACE): the host cancelled it."""
        self.work_deadline = self.deadline = float("-inf")
        self.pending_stop = Stop

    def restart(self):
        """Forget the prints and depth of an attempt that runs again (on a bigger stack)."""
        self.prints = []
        self.capture = None
        self.print_left = self.limits.max_print_chars
        self.depth = 0


def current() -> Budget | None:
    """The budget of the run on this thread, or None outside a run."""
    return getattr(_local, "budget", None)


def install(budget: Budget | None):
    """Make budget the current one on this thread; returns the previous one."""
    prev = getattr(_local, "budget", None)
    _local.budget = budget
    return prev


def charge_size(n: int, what: str = "collection"):
    """Fail before building a collection or string of n items over the size limit.

    A "string" is measured against max_string_chars, anything else against
    max_collection_size. A big charge also reads the clock: a loop that builds big things
    may take few steps.
    """
    b = getattr(_local, "budget", None)
    if b is None:
        return
    limit = b.max_chars if what in STRING_KINDS else b.max_size
    if limit is not None and n > limit and not b.host_sizes:
        own = what in STRING_KINDS and getattr(b.limits, "max_string_chars", None) is not None
        name = "max_string_chars" if own else "max_collection_size"
        raise LimitExceeded(messages.limit_size(what, n, limit), limit=name, value=limit,
                            hint=messages.HINT_SIZE)
    if n >= BIG_CHARGE:
        b.check_time()
        if b.mem_ceiling is not None:
            b.mem_countdown -= n
            if b.mem_countdown <= 0:
                b.mem_countdown = MEMORY_CHECK_ITEMS
                if b.rss() > b.mem_ceiling:
                    raise MemoryStop()


def host_sizes(fn, *args) -> object:
    """fn(*args) with the size limits lifted for what it charges (the door copying the parts of
    a host value: docs/sandbox.md); the clock and the memory wall still apply."""
    b = getattr(_local, "budget", None)
    if b is None or b.host_sizes:
        return fn(*args)
    b.host_sizes = True
    try:
        return fn(*args)
    finally:
        b.host_sizes = False


def charge_work(n: int):
    """Work of n items over host data (read in place, converted): the clock and, every
    MEMORY_CHECK_ITEMS items, the memory wall, as a big charge_size reads them; no size limit
    (what a loop reads of the host's data is not something the program builds)."""
    b = getattr(_local, "budget", None)
    if b is None:
        return
    b.check_time()
    if b.mem_ceiling is not None:
        b.mem_countdown -= n
        if b.mem_countdown <= 0:
            b.mem_countdown = MEMORY_CHECK_ITEMS
            if b.rss() > b.mem_ceiling:
                raise MemoryStop()


def tick(n: int = 1):
    """Count n steps of work done inside a builtin (e.g. per item of a long loop)."""
    b = getattr(_local, "budget", None)
    if b is not None:
        b.countdown -= n
        if b.countdown <= 0:
            b.checkpoint()


def check_print(n: int):
    """Fail before building a line of n characters that the print limit could not take."""
    b = getattr(_local, "budget", None)
    if b is not None and b.print_left is not None and n > b.print_left:
        raise b.print_error()


def emit_print(text: str, end: str = "\n"):
    """Record one line of program output (println), charged against the print limit.

    Inside with-out-str the text goes to its capture instead, followed by end (what Clojure's
    printing function writes after it: a newline for println and prn, nothing for print)."""
    b = getattr(_local, "budget", None)
    if b is None:
        return
    if b.print_left is not None:
        b.print_left -= len(text)
        if b.print_left < 0:
            raise b.print_error()
    if b.capture is not None:
        b.capture.append(text + end)
        return
    b.prints.append(text)


def now() -> float:
    """The run's wall clock in epoch seconds (deterministic when the Session fixes it)."""
    b = getattr(_local, "budget", None)
    return b.wall_clock() if b is not None else time.time()


def regex_timeout() -> float | None:
    """Seconds one regex operation may take in the current run."""
    b = getattr(_local, "budget", None)
    if b is None:
        return 1.0
    t = b.limits.regex_timeout
    return min(t, max(b.remaining_time(), 0.001)) if t is not None else max(b.remaining_time(), 0.001)


def memory_error(limits) -> LimitExceeded:
    """The error of a run that used too much memory."""
    return LimitExceeded(messages.limit_memory(limits.max_memory_mb), limit="max_memory_mb",
                         value=limits.max_memory_mb, hint=messages.HINT_MEMORY)
