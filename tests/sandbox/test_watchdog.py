"""The watchdog's one promise: no stop escapes `call_watched`, however stops are timed."""
import time
from pathlib import Path

import pytest

import ptclisp
from ptclisp.run.budget import Budget, Stop
from ptclisp.sandbox import watchdog
from ptclisp import Limits

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


@pytest.fixture
def safe_here(monkeypatch):
    """Let stops land in this file's frames, as they land in the evaluator's."""
    monkeypatch.setattr(watchdog, "SAFE_FILES", watchdog.SAFE_FILES | {__file__})


def test_no_stop_escapes_a_run_that_ends_under_fire(monkeypatch, safe_here):
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


def test_a_stopped_run_returns_the_stop(safe_here):
    budget = Budget(Limits(timeout=0.05))

    def forever():
        while True:
            pass

    value, exc = watchdog.call_watched(forever, budget)
    assert value is None and isinstance(exc, Stop)


def _busy(seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pass
    return "finished"


def test_no_stop_lands_outside_safe_code():
    # this file is not the evaluator: a run busy here is left alone until it is back in safe
    # code (a stop landing in an import, a logging handler or the host's code could leave a
    # lock held for every other thread)
    budget = Budget(Limits(timeout=0.01))
    value, exc = watchdog.call_watched(lambda: _busy(0.3), budget)
    assert (value, exc) == ("finished", None)


def test_the_same_run_in_safe_code_is_stopped(safe_here):
    budget = Budget(Limits(timeout=0.01))
    start = time.monotonic()
    value, exc = watchdog.call_watched(lambda: _busy(5), budget)
    assert value is None and isinstance(exc, Stop)
    assert time.monotonic() - start < 4


def _relative(files) -> set[str]:
    """Files of the package as paths relative to its folder ("run/evaluator.py")."""
    root = Path(ptclisp.__file__).resolve().parent
    return {Path(f).resolve().relative_to(root).as_posix() for f in files}


def test_safe_files_are_the_evaluator_and_builtins_not_the_machinery():
    names = _relative(watchdog.SAFE_FILES)
    assert {"run/evaluator.py", "run/functions.py", "jit/codegen.py", "host/tools.py",
            "core/seqs.py"} <= names
    assert not names & {"sandbox/watchdog.py", "session.py", "sandbox/walls.py",
                        "sandbox/deepstack.py", "host/parallel.py", "sandbox/isolation.py",
                        "sandbox/worker.py", "sandbox/wire.py", "cli/main.py", "__init__.py"}


def test_every_interruptible_module_exists_and_only_named_modules_are():
    root = Path(ptclisp.__file__).resolve().parent
    names = _relative(watchdog.SAFE_FILES)
    assert all((root / n).is_file() for n in names), sorted(n for n in names if not (root / n).is_file())
    assert names == {n.replace(".", "/") + ".py" for n in watchdog.INTERRUPTIBLE}
    # a module that does not name itself in INTERRUPTIBLE is not safe to stop inside
    every = {p.relative_to(root).as_posix() for p in root.rglob("*.py")}
    assert every - names, "some modules must be machinery"
    assert watchdog.module_files(["run.a_new_module"]).isdisjoint(watchdog.SAFE_FILES)


def test_tools_never_receive_a_stop(monkeypatch):
    # stops as often as the watchdog can fire them, at runs that call a tool in a tight loop:
    # each stop must land in the program, never inside the tool
    monkeypatch.setattr(watchdog, "POLL", 0.0005)
    monkeypatch.setattr(watchdog, "GRACE", 0.0)
    monkeypatch.setattr(watchdog, "REPEAT", 0.0)
    seen = {"calls": 0, "stops": 0}

    def probe() -> int:
        """Busy host work that must never be interrupted."""
        seen["calls"] += 1
        try:
            end = time.monotonic() + 0.0005
            while time.monotonic() < end:
                pass
        except Stop:
            seen["stops"] += 1
            raise
        return 1

    from ptclisp import Session
    session = Session(tools={"probe": probe}, limits=Limits(timeout=0.02))
    kinds = set()
    for _ in range(12):
        result = session.run("(loop [i 0] (tool/probe) (recur (inc i)))")
        kinds.add(result.error.limit if result.error is not None else result.status)
    assert seen["calls"] > 100
    assert seen["stops"] == 0
    assert kinds == {"timeout"}
