"""Process isolation: same Result shape as in-process, tools proxied to the host, a warm pool."""
from __future__ import annotations

import attrs

import ptclisp
from ptclisp.sandbox.walls import isolation

ISO = ptclisp.Limits(isolation="process", timeout=1.0)


def _shape(r):
    return {f.name: type(getattr(r, f.name)).__name__ for f in attrs.fields(type(r))
            if f.name not in ("duration",)}


def test_same_result_shape_and_value():
    src = '(println "hi") (def n 2) {:a [1 2 n] :b #{:x}}'
    a = ptclisp.run(src)
    b = ptclisp.run(src, limits=ISO)
    assert (b.status, b.value, b.prints, b.memory) == (a.status, a.value, a.prints, a.memory)
    assert _shape(a) == _shape(b)


def test_errors_are_the_same_data():
    a = ptclisp.run("(+ 1 (first [:x]))")
    b = ptclisp.run("(+ 1 (first [:x]))", limits=ISO)
    assert (b.error.kind, b.error.message, b.error.span) == (a.error.kind, a.error.message, a.error.span)


def test_tool_calls_run_in_the_host_and_are_logged():
    seen = []

    def add(a, b):
        seen.append((a, b))
        return {"sum": a + b}

    r = ptclisp.run("(:sum (tool/add {:a 1 :b 2}))", tools={"add": add}, limits=ISO)
    assert (r.status, r.value) == ("ok", 3)
    assert seen == [(1, 2)]
    assert [c["name"] for c in r.tool_calls] == ["add"]


def test_tool_errors_come_back_as_tool_errors():
    def boom(x):
        raise RuntimeError("no")

    r = ptclisp.run("(tool/boom {:x 1})", tools={"boom": boom}, limits=ISO)
    assert r.error.kind == "ToolError" and "tool/boom" in r.error.message


def test_pmap_tool_calls_from_branches():
    r = ptclisp.run("(pmap (fn [i] (tool/twice {:n i})) [1 2 3])",
                    tools={"twice": lambda n: 2 * n}, limits=ISO)
    assert r.value == [2, 4, 6]


def test_functions_and_defs_live_on_across_runs_of_a_session():
    s = ptclisp.Session(limits=ISO)
    assert s.run("(defn twice [x] (* 2 x)) (def f inc)").ok
    assert s.run("[(twice 4) (f 1)]").value == [8, 2]


def test_infinite_sequences_and_reduced_values_live_in_the_worker():
    """An infinite sequence in memory stays in the worker (the host holds a handle), as a
    function does; a reduced value crosses as a value (#37)."""
    s = ptclisp.Session(limits=ISO)
    assert s.run("(def xs (iterate inc 0))").status == "ok"
    assert s.run("(take 3 xs)").value == [0, 1, 2]
    assert s.run("(take 2 (drop 3 xs))").value == [3, 4]
    assert s.run("(str (reduced 1))").value == "#reduced[1]"
    r = s.run("(count xs)")
    assert r.error.message == "count cannot read all of the infinite sequence (iterate ...): it never ends"


def test_an_error_leaves_memory_as_it_was():
    s = ptclisp.Session(limits=ISO)
    s.run("(def x 1)")
    assert s.run("(def x 2) (/ 1 0)").error is not None
    assert s.run("x").value == 1


def test_timeout_and_memory_limits_end_the_run():
    r = ptclisp.run("(loop [] (recur))", limits=attrs.evolve(ISO, timeout=0.2))
    assert r.error.kind == "LimitExceeded" and r.error.limit == "timeout"
    r = ptclisp.run("(count (reduce (fn [a i] (conj a (vec (range 100000)))) [] (range 2000)))",
                    limits=attrs.evolve(ISO, timeout=5.0, max_memory_mb=64))
    assert r.error.kind == "LimitExceeded" and r.error.limit == "max_memory_mb"


def test_the_pool_reuses_warm_workers():
    ptclisp.run("1", limits=ISO)
    before = isolation.POOL.spawned
    for _ in range(5):
        assert ptclisp.run("(+ 1 2)", limits=ISO).value == 3
    assert isolation.POOL.spawned - before <= isolation.MAX_IDLE


def test_the_first_isolated_run_of_a_process_gets_its_whole_timeout():
    # a fresh interpreter has no worker yet: starting one (about 0.5 s) must not count
    import subprocess
    import sys
    code = ("import ptclisp; r = ptclisp.run('(tool/f {:x 2})', tools={'f': lambda x: x + 1}, "
            "limits=ptclisp.Limits(timeout=0.2, isolation='process')); print(r.status, r.value)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "ok 3", out.stdout + out.stderr


def test_sets_and_boolean_keyed_maps_cross_the_process_boundary():
    src = "[#{1 true [true]} {1 :a true :b} (frequencies [true 1 1])]"
    a, b = ptclisp.run(src), ptclisp.run(src, limits=ISO)
    assert b.ok, b.error.render()
    assert ptclisp.format_value(b.value) == ptclisp.format_value(a.value) == \
        "[#{1 true [true]} {1 :a true :b} {1 2 true 1}]"
