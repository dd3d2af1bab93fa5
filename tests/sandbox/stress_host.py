"""A server-shaped host under load: threads and asyncio tasks running sessions side by side.

Run as a script in a fresh process (tests/sandbox/test_stress.py does): it imports ptclisp,
arms a hang detector (faulthandler dumps every thread's stack and exits with HANG_EXIT), then
runs a mix of programs whose outcomes are known exactly, on plain threads and on asyncio tasks
at once. It prints one JSON line of counts and exits 0 only if every run ended as expected,
nothing escaped into the host and nothing hung.

    python tests/sandbox/stress_host.py --threads 6 --runs 40 --tasks 6 --seed 1
"""
from __future__ import annotations

import argparse
import asyncio
import faulthandler
import itertools
import json
import random
import sys
import threading
import time

import ptclisp
from ptclisp import Limits, Session

HANG_EXIT = 3
FAST = Limits(timeout=0.2)  # runaway programs: stopped by the timeout
SLOW = Limits(timeout=5.0)  # benign programs: ~100x what each needs alone (<= 50 ms)
_fresh = itertools.count()


def _add(a: int, b: int) -> int:
    """Add two integers."""
    return a + b


async def _async_add(a: int, b: int) -> int:
    """Add two integers after a short wait."""
    await asyncio.sleep(0.002)
    return a + b


def _bad(x: int) -> int:
    """A tool that fails."""
    raise ValueError("no such record")


TOOLS = {"add": _add, "async-add": _async_add, "bad": _bad}


def _ok(value):
    return lambda r: r.status == "ok" and r.value == value


def _error(kind, limit=None):
    def check(r):
        e = r.error
        return (r.status == "error" and e is not None and e.kind == kind
                and (limit is None or getattr(e, "limit", None) == limit))
    return check


def _cases():
    """(name, program maker, limits, outcome check); each maker gives a fresh text per call."""
    return [
        ("runaway-loop", lambda n: f"(loop [i {n}] (recur (inc i)))", FAST,
         _error("LimitExceeded", "timeout")),
        ("runaway-fn", lambda n: f"(defn spin [i] (if (< i -1) i (spin2 i))) "
                                 f"(defn spin2 [i] (spin (+ i {n % 7}))) (spin 0)", FAST,
         _error("LimitExceeded")),  # timeout or max_depth: both are limits
        ("arith", lambda n: f"(+ 1 2 {n})", SLOW, None),
        ("fn-map", lambda n: f"(reduce + (map (fn [x] (* x 2)) (range {n % 50 + 10})))", SLOW, None),
        ("hofs", lambda n: f"(->> (range 100) (filter even?) (map #(* % {n % 3 + 1})) (take 3))",
         SLOW, lambda r: r.status == "ok" and len(r.value) == 3),
        ("tool", lambda n: f"(tool/add {{:a {n} :b 1}})", SLOW, None),
        ("async-tool", lambda n: f"(tool/async-add {{:a {n} :b 2}})", SLOW, None),
        ("pmap-tools", lambda n: f"(pmap #(tool/add {{:a % :b {n % 5}}}) [1 2 3 4])", SLOW, None),
        ("tool-error", lambda n: f"(tool/bad {{:x {n}}})", SLOW, _error("ToolError")),
        ("eval-error", lambda n: f"(/ {n} 0)", SLOW, _error("EvalError")),
        ("unknown-name", lambda n: f"(undefined-thing-{n % 3} 1)", SLOW, _error("AnalysisError")),
        ("read-error", lambda n: f"(+ 1 {n}", SLOW, _error("ReadError")),
        ("deep-recursion", lambda n: f"(defn down [k] (if (= k 0) 0 (+ 1 (down (dec k))))) "
                                     f"(down {2000 + n % 10})", SLOW, None),
        ("too-deep", lambda n: f"(defn down [k] (+ 1 (down (inc k)))) (down {n})", SLOW,
         _error("LimitExceeded", "max_depth")),
        ("for-str", lambda n: f"(apply str (for [i (range 20)] (str i {n % 4})))", SLOW,
         lambda r: r.status == "ok" and isinstance(r.value, str)),
        ("regex", lambda n: f"(re-find #\"[0-9]+\" \"abc{n}def\")", SLOW, None),
    ]


def _expect(name, n):
    """The exact value some cases must give (the rest carry their own check)."""
    if name == "tool":
        return n + 1
    if name == "async-tool":
        return n + 2
    if name == "pmap-tools":
        return [i + n % 5 for i in (1, 2, 3, 4)]
    if name == "deep-recursion":
        return 2000 + n % 10
    if name == "regex":
        return str(n)
    if name == "arith":
        return 3 + n
    if name == "fn-map":
        return sum(x * 2 for x in range(n % 50 + 10))
    return None


class Tally:
    """Counts shared by every thread (under a lock)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.counts = {"runs": 0, "wrong": 0, "internal": 0, "escaped": 0, "busy_refused": 0}
        self.problems: list[str] = []

    def add(self, key, problem=None):
        with self.lock:
            self.counts[key] += 1
            if problem and len(self.problems) < 20:
                self.problems.append(problem)


def _judge(tally, name, n, result, check):
    tally.add("runs")
    if result.error is not None and result.error.kind == "InternalError":
        tally.add("internal", f"{name}: internal error")
        return
    want = _expect(name, n)
    good = check(result) if check is not None else (result.status == "ok" and result.value == want)
    if not good:
        detail = result.error.message if result.error else repr(result.value)
        tally.add("wrong", f"{name} #{n}: {result.status} {detail}")


def _one(session_for, tally, rng):
    name, make, limits, check = rng.choice(_cases())
    n = next(_fresh)
    session = session_for(limits)
    try:
        result = session.run(make(n))
    except BaseException as exc:  # the point of the test: nothing may escape into the host
        tally.add("escaped", f"{name}: {type(exc).__name__}: {exc}")
        return
    _judge(tally, name, n, result, check)


def thread_worker(tally, runs, seed):
    """Runs on one plain thread, alternating a held session and fresh ones."""
    rng = random.Random(seed)
    held = {limits: Session(tools=TOOLS, limits=limits) for limits in (FAST, SLOW)}

    def session_for(limits):
        return held[limits] if rng.random() < 0.5 else Session(tools=TOOLS, limits=limits)

    for _ in range(runs):
        _one(session_for, tally, rng)


async def task_worker(tally, runs, seed):
    """Runs on an asyncio task: Session.arun, async tools awaited on this loop."""
    rng = random.Random(seed)
    for _ in range(runs):
        name, make, limits, check = rng.choice(_cases())
        n = next(_fresh)
        try:
            result = await Session(tools=TOOLS, limits=limits).arun(make(n))
        except BaseException as exc:  # nothing may escape
            tally.add("escaped", f"task {name}: {type(exc).__name__}: {exc}")
            continue
        _judge(tally, name, n, result, check)


def busy_check(tally):
    """Two threads on one Session: the second is refused with SessionBusyError, nothing breaks."""
    entered, release = threading.Event(), threading.Event()

    def hold() -> int:
        """Block until released."""
        entered.set()
        release.wait(5)
        return 1

    session = Session(tools={"hold": hold}, limits=SLOW)
    box = {}
    t = threading.Thread(target=lambda: box.setdefault("r", session.run("(tool/hold)")))
    t.start()
    entered.wait(5)
    try:
        session.run("(+ 1 2)")
        tally.add("wrong", "busy session accepted a second run")
    except ptclisp.SessionBusyError:
        tally.add("busy_refused")
    finally:
        release.set()
        t.join(10)
    if box.get("r") is None or box["r"].value != 1:
        tally.add("wrong", "busy session's first run did not end well")
    if session.run("(+ 1 2)").value != 3:
        tally.add("wrong", "busy session unusable after the refusal")


def main(argv=None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--threads", type=int, default=6)
    p.add_argument("--tasks", type=int, default=6)
    p.add_argument("--runs", type=int, default=40, help="runs per thread or task")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--hang-after", type=float, default=120.0, help="seconds before a hang is declared")
    a = p.parse_args(argv)
    faulthandler.dump_traceback_later(a.hang_after, exit=True)  # exits with code 1 and stacks
    escaped_in_threads = []
    threading.excepthook = lambda args: escaped_in_threads.append(repr(args.exc_value))
    tally = Tally()
    start = time.perf_counter()
    threads = [threading.Thread(target=thread_worker, args=(tally, a.runs, a.seed * 100 + i))
               for i in range(a.threads)]
    for t in threads:
        t.start()

    async def tasks():
        await asyncio.gather(*(task_worker(tally, a.runs, a.seed * 1000 + i) for i in range(a.tasks)))

    asyncio.run(tasks())
    busy_check(tally)
    for t in threads:
        t.join()
    faulthandler.cancel_dump_traceback_later()
    for e in escaped_in_threads:
        tally.add("escaped", f"thread: {e}")
    out = dict(tally.counts, seconds=round(time.perf_counter() - start, 2), problems=tally.problems)
    print(json.dumps(out))
    bad = tally.counts["wrong"] + tally.counts["internal"] + tally.counts["escaped"]
    return 1 if bad or tally.counts["busy_refused"] != 1 else 0


if __name__ == "__main__":
    sys.exit(main())
