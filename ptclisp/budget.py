"""The meter of the running program: steps, deadline, recursion depth, sizes, prints.

The evaluator ticks it; builtins that build collections or strings call `charge_size` *before*
allocating. The current budget is per thread, so parallel tool calls each see their own run.
Nothing here reaches the session or the host.
"""
from __future__ import annotations

import threading
import time

from . import messages
from .errors import LimitExceeded

_local = threading.local()
CHECK_EVERY = 1024  # steps between clock reads


class Budget:
    """Counters for one run, checked against its Limits."""

    __slots__ = ("limits", "steps_left", "deadline", "depth", "max_depth", "max_size",
                 "print_left", "countdown", "period", "clock", "prints", "wall_clock")

    def __init__(self, limits, clock=time.monotonic, wall_clock=time.time):
        self.limits = limits
        self.clock = clock
        self.steps_left = limits.max_steps if limits.max_steps is not None else float("inf")
        self.deadline = clock() + limits.timeout if limits.timeout is not None else float("inf")
        self.depth = 0
        self.max_depth = limits.max_depth
        self.max_size = limits.max_collection_size
        self.print_left = limits.max_print_chars
        self.period = self.countdown = int(max(1, min(CHECK_EVERY, self.steps_left + 1)))
        self.prints: list[str] = []
        self.wall_clock = wall_clock  # epoch seconds; the Session may give a fixed clock

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

    def check_time(self):
        """Raise LimitExceeded if the wall-clock deadline has passed."""
        if self.clock() > self.deadline:
            raise LimitExceeded(messages.limit_timeout(self.limits.timeout), limit="timeout",
                                value=self.limits.timeout, hint=messages.HINT_TIMEOUT)

    def remaining_time(self) -> float:
        """Seconds left before the deadline."""
        return self.deadline - self.clock()


def current() -> Budget | None:
    """The budget of the run on this thread, or None outside a run."""
    return getattr(_local, "budget", None)


def install(budget: Budget | None):
    """Make budget the current one on this thread; returns the previous one."""
    prev = getattr(_local, "budget", None)
    _local.budget = budget
    return prev


def charge_size(n: int, what: str = "collection"):
    """Fail before building a collection or string of n items over the size limit."""
    b = getattr(_local, "budget", None)
    if b is not None and b.max_size is not None and n > b.max_size:
        raise LimitExceeded(messages.limit_size(what, n, b.max_size), limit="max_collection_size",
                            value=b.max_size, hint=messages.HINT_SIZE)


def tick(n: int = 1):
    """Count n steps of work done inside a builtin (e.g. per item of a long loop)."""
    b = getattr(_local, "budget", None)
    if b is not None:
        b.tick(n)


def emit_print(text: str):
    """Record one line of program output (println), charged against the print limit."""
    b = getattr(_local, "budget", None)
    if b is None:
        return
    if b.print_left is not None:
        b.print_left -= len(text)
        if b.print_left < 0:
            raise LimitExceeded(messages.limit_print(b.limits.max_print_chars),
                                limit="max_print_chars", value=b.limits.max_print_chars,
                                hint=messages.HINT_PRINT)
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
