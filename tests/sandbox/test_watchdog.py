"""The watchdog's one promise: no stop escapes `call_watched`, however stops are timed."""
import time

import pytest

from ptclisp import watchdog
from ptclisp.budget import Budget, Stop
from ptclisp.session import Limits

pytestmark = pytest.mark.skipif(not watchdog.AVAILABLE, reason="needs CPython's async exceptions")


def _stubborn(seconds):
    """A run that swallows every stop for `seconds` of busy Python work, then returns 42."""
    end = time.monotonic() + seconds
    stops = 0
    while time.monotonic() < end:
        try:
            while time.monotonic() < end:
                pass
        except Stop:
            stops += 1
    return 42


def test_no_stop_escapes_a_run_that_ends_under_fire(monkeypatch):
    # stops every half millisecond while the run is over its deadline: the end of the run
    # (the window the old loop left open) is hit many times over
    monkeypatch.setattr(watchdog, "POLL", 0.0005)
    monkeypatch.setattr(watchdog, "GRACE", 0.0)
    monkeypatch.setattr(watchdog, "REPEAT", 0.0)
    escaped = 0
    for _ in range(150):
        budget = Budget(Limits(timeout=0.0))
        try:
            value, exc = watchdog.call_watched(lambda: _stubborn(0.004), budget)
            assert (value, exc) == (42, None)
            time.sleep(0.002)  # a stop arriving late would land here
        except Stop:
            escaped += 1
    assert escaped == 0


def test_a_stopped_run_returns_the_stop():
    budget = Budget(Limits(timeout=0.05))

    def forever():
        while True:
            pass

    value, exc = watchdog.call_watched(forever, budget)
    assert value is None and isinstance(exc, Stop)
