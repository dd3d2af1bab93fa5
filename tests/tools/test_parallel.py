"""pmap and pcalls: concurrent tool calls, bounded, ordered, failing as a whole.

Concurrency is proven without timing: the tools wait on a barrier that only opens when all
of them are running at once (a sequential run would break the barrier and fail the test).
The timing figure (ten 0.2 s tools) is measured by tests/benchmarks/bench_tools.py.
"""
from __future__ import annotations

import asyncio
import threading
import time

import pytest

import ptclisp
from ptclisp import Limits

ROOMY = Limits(timeout=30, max_parallel=10)


def test_pmap_runs_sync_tools_concurrently_and_keeps_order():
    barrier = threading.Barrier(10, timeout=10)

    def fetch(id: int):
        barrier.wait()  # opens only when all ten calls are in flight together
        time.sleep(0.01 * (10 - id))  # later items finish first
        return {"id": id}

    r = ptclisp.run("(pmap #(:id (tool/fetch {:id %})) (range 10))", tools={"fetch": fetch}, limits=ROOMY)
    assert r.ok, r.error and r.error.render()
    assert r.value == list(range(10))
    assert sorted(c["args"]["id"] for c in r.tool_calls) == list(range(10))


def test_pmap_runs_async_tools_concurrently_on_one_loop():
    state = {"n": 0, "loops": set()}
    everyone_in = None

    async def fetch(id: int):
        nonlocal everyone_in
        if everyone_in is None:
            everyone_in = asyncio.Event()
        state["loops"].add(asyncio.get_running_loop())
        state["n"] += 1
        if state["n"] == 10:
            everyone_in.set()
        await asyncio.wait_for(everyone_in.wait(), 10)
        return id * 10

    r = ptclisp.run("(pmap #(tool/fetch {:id %}) (range 10))", tools={"fetch": fetch}, limits=ROOMY)
    assert r.ok, r.error and r.error.render()
    assert r.value == [i * 10 for i in range(10)]
    assert len(state["loops"]) == 1


def test_pcalls_runs_different_tools_concurrently():
    barrier = threading.Barrier(3, timeout=10)

    def a():
        barrier.wait()
        return "a"

    def b():
        barrier.wait()
        return "b"

    async def c():
        await asyncio.get_running_loop().run_in_executor(None, barrier.wait)
        return "c"

    r = ptclisp.run("(pcalls #(tool/a) #(tool/b) #(tool/c))", tools={"a": a, "b": b, "c": c})
    assert r.value == ["a", "b", "c"]


def test_concurrency_is_bounded_by_max_parallel():
    lock, state = threading.Lock(), {"now": 0, "max": 0}
    barrier = threading.Barrier(3, timeout=10)

    def work(i: int):
        with lock:
            state["now"] += 1
            state["max"] = max(state["max"], state["now"])
        if i < 3:
            barrier.wait()  # the first three are in flight together
        with lock:
            state["now"] -= 1
        return i

    r = ptclisp.run("(pmap #(tool/work {:i %}) (range 12))", tools={"work": work},
                    limits=Limits(timeout=30, max_parallel=3))
    assert r.value == list(range(12))
    assert state["max"] == 3


def test_a_failing_branch_fails_the_whole_form_and_stops_the_rest():
    called = []

    def fetch(id: int):
        called.append(id)
        if id == 0:
            raise LookupError("no item 0")
        time.sleep(0.2)
        return id

    r = ptclisp.run("(pmap #(tool/fetch {:id %}) (range 10))", tools={"fetch": fetch},
                    limits=Limits(timeout=30, max_parallel=2))
    assert r.error.kind == "ToolError" and r.error.message == "tool/fetch failed (LookupError)"
    assert "pmap item 0" in r.error.render()
    assert set(called) <= {0, 1} and 0 in called  # items not started never start


def test_the_error_names_the_failing_pcalls_function():
    r = ptclisp.run('(pcalls #(+ 1 1) #(tool/boom))', tools={"boom": lambda: 1 / 0})
    assert r.error.kind == "ToolError" and "pcalls function 1" in r.error.render()


@pytest.mark.parametrize("source, message", [
    ("(pmap (fn [x] (return x)) [1 2])", "return cannot be used inside pmap"),
    ("(pmap (fn [x] (fail x)) [1 2])", "fail cannot be used inside pmap"),
    ("(pcalls #(return 1))", "return cannot be used inside pcalls"),
    ("(pmap (fn [x] (pmap (fn [y] (return y)) [x])) [1 2])", "return cannot be used inside pmap"),
])
def test_return_and_fail_inside_are_errors(source, message):
    r = ptclisp.run(source)
    assert r.status == "error" and r.error.kind == "EvalError" and message in r.error.message


def test_a_slow_branch_hits_the_shared_wall_clock():
    def slow(i: int):
        time.sleep(0.05 if i else 3)
        return i
    r = ptclisp.run("(pmap #(tool/slow {:i %}) [0 1 2])", tools={"slow": slow},
                    limits=Limits(timeout=0.3, max_wall=0.5))
    assert r.error.kind == "LimitExceeded" and r.error.limit == "max_wall"
    assert r.duration < 2


def test_a_runaway_branch_stops_at_the_programs_timeout():
    r = ptclisp.run("(pmap (fn [i] (if (= i 0) (loop [] (recur)) i)) [0 1 2])",
                    limits=Limits(timeout=0.3))
    assert r.error.kind == "LimitExceeded" and r.error.limit == "timeout"


def test_every_parallel_call_is_logged_and_counted():
    lock, n = threading.Lock(), {"calls": 0}

    def tick(i: int):
        with lock:
            n["calls"] += 1
        return i

    r = ptclisp.run("(count (pmap #(tool/tick {:i %}) (range 200)))", tools={"tick": tick})
    assert r.value == 200 and n["calls"] == 200 and len(r.tool_calls) == 200

    r = ptclisp.run("(pmap #(tool/tick {:i %}) (range 20))", tools={"tick": tick},
                    limits=Limits(max_tool_calls=5))
    assert r.error.kind == "LimitExceeded" and r.error.limit == "max_tool_calls"
    assert len(r.tool_calls) == 5


def test_branches_see_budget_journal_and_data():
    journal = {}
    s = ptclisp.Session(data={"k": 3}, budget={"turns": 7}, journal=journal,
                        tools={"id": lambda x: x})
    r = s.run("(pmap (fn [i] [(:turns (budget/remaining)) data/k (task (str i) (tool/id {:x i}))]) [1 2])")
    assert r.value == [[7, 3, 1], [7, 3, 2]]
    assert journal == {"1": 1, "2": 2}


def test_prints_in_branches_are_dropped_and_pure_pmap_works():
    r = ptclisp.run("(do (println \"top\") (pmap #(do (println %) (* % %)) (range 5)))")
    assert r.value == [0, 1, 4, 9, 16] and r.prints == ["top"]


def test_nested_pmap_and_many_items():
    r = ptclisp.run("(pmap (fn [row] (pmap inc row)) (partition 3 (range 30)))")
    assert r.value == [[i + 1 for i in range(j, j + 3)] for j in range(0, 30, 3)]
    assert ptclisp.run("(reduce + (pmap inc (range 5000)))").value == sum(range(1, 5001))


def test_pmap_inside_arun():
    async def fetch(id: int):
        await asyncio.sleep(0.001)
        return id

    async def host():
        return await ptclisp.Session(tools={"fetch": fetch}).arun("(pmap #(tool/fetch {:id %}) [3 1 2])")
    assert asyncio.run(host()).value == [3, 1, 2]


def test_deep_recursion_inside_branches():
    """A branch nesting thousands of calls deep runs like the same code outside pmap."""
    r = ptclisp.run("(defn f [n] (if (= n 0) 0 (inc (apply f [(dec n)])))) (pmap f [4900 10 4900])",
                    limits=Limits(timeout=30))
    assert r.value == [4900, 10, 4900], r.error and r.error.render()
    r = ptclisp.run("(defn f [n] (if (= n 0) 0 (inc (f (dec n))))) (pmap f [100 9000])",
                    limits=Limits(timeout=30))
    assert r.error.kind == "LimitExceeded" and r.error.limit == "max_depth"


def test_functions_in_branches_count_depth_on_their_own_thread():
    # the depth of calls in 8 branches once drifted on the run's shared budget until it passed
    # max_depth, and the run went again on the big stack, logging calls several times
    for _ in range(4):  # later rounds run the function compiled (its shape is kept)
        lock, n = threading.Lock(), {"calls": 0}

        def tick(i: int):
            with lock:
                n["calls"] += 1
            return i

        r = ptclisp.run("(count (pmap #(tool/tick {:i %}) (range 200)))", tools={"tick": tick})
        assert (r.value, n["calls"], len(r.tool_calls)) == (200, 200, 200)


def test_a_retry_on_the_big_stack_replays_parallel_calls_once_each():
    # the first attempt runs out of the caller's stack after the pmap; the retry must not call
    # the tools again, whatever order the branches reach them in, nor log them twice
    lock, seen = threading.Lock(), []

    def tick(i: int):
        with lock:
            seen.append(i)
        return i

    program = ("(def xs (pmap #(tool/tick {:i %}) (range 50)))"
               "(defn f [n] (if (= n 0) 0 (inc (f (dec n)))))"
               "[(count xs) (f 3000)]")
    r = ptclisp.run(program, tools={"tick": tick})
    assert r.value == [50, 3000]
    assert sorted(seen) == list(range(50))
    assert sorted(c["args"]["i"] for c in r.tool_calls) == list(range(50))
