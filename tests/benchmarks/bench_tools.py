"""Tool calls: the cost of the boundary and what pmap buys.

    python tests/benchmarks/bench_tools.py [--quick]

Prints medians of:
- ten tools that each sleep 0.2 s, via map (sequential) and via pmap (default max_parallel 8,
  and max_parallel 10), sync and async;
- one trivial tool call through the boundary (argument check, conversion, log) against calling
  the Python function directly;
- pmap of a pure function over 1,000 items against map (the thread overhead).
"""
from __future__ import annotations

import asyncio
import statistics
import sys
import time

import ptclisp
from ptclisp import Limits

ROOMY = Limits(timeout=60)


def sleepy(i: int) -> int:
    time.sleep(0.2)
    return i


async def async_sleepy(i: int) -> int:
    await asyncio.sleep(0.2)
    return i


def add(a: int, b: int = 0) -> int:
    return a + b


def median(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def run_ok(source, tools=None, limits=ROOMY):
    r = ptclisp.run(source, tools=tools, limits=limits)
    assert r.ok, r.error and r.error.render()
    return r


def main(quick: bool):
    repeat = 3 if quick else 7
    tools = {"sleepy": sleepy, "async-sleepy": async_sleepy, "add": add}
    print("ten tools sleeping 0.2 s each (median seconds)")
    for name in ("sleepy", "async-sleepy"):
        seq = median(lambda: run_ok(f"(mapv #(tool/{name} {{:i %}}) (range 10))", tools), 1)
        par = median(lambda: run_ok(f"(pmap #(tool/{name} {{:i %}}) (range 10))", tools), repeat)
        wide = median(lambda: run_ok(f"(pmap #(tool/{name} {{:i %}}) (range 10))", tools,
                                     Limits(timeout=60, max_parallel=10)), repeat)
        print(f"  {name:13s} map {seq:6.3f}   pmap (8 workers) {par:6.3f}   pmap (10 workers) {wide:6.3f}")

    n = 2_000 if quick else 10_000
    per_call = median(lambda: run_ok(f"(reduce + (map #(tool/add {{:a %}}) (range {n})))", tools), repeat) / n
    direct = median(lambda: sum(add(a=i) for i in range(n)), repeat) / n
    print(f"one trivial tool call: {per_call * 1e6:6.1f} us through the boundary, "
          f"{direct * 1e6:5.2f} us calling Python directly")

    pure_map = median(lambda: run_ok("(count (map #(* % %) (range 1000)))"), repeat)
    pure_pmap = median(lambda: run_ok("(count (pmap #(* % %) (range 1000)))"), repeat)
    print(f"pure function over 1,000 items: map {pure_map * 1e3:6.2f} ms, pmap {pure_pmap * 1e3:6.2f} ms")


if __name__ == "__main__":
    main("--quick" in sys.argv)
