"""Arithmetic, comparison and str inside data loops, next to the same work in CPython.

    python tests/benchmarks/bench_numbers.py [--quick]

For each workload prints the median run time of the whole program through `ptclisp.run` (read,
analyze, evaluate), the median of a hand-written CPython equivalent, and their ratio (the
DESIGN.md target for data workloads is within 5x).
"""
from __future__ import annotations

import random
import statistics
import sys
import time

import ptclisp
from ptclisp import Limits

LIMITS = Limits(timeout=120.0)


def rows(n, seed=3):
    rnd = random.Random(seed)
    return [{"price": rnd.randint(1, 10_000), "qty": rnd.randint(1, 9), "rate": rnd.random()}
            for _ in range(n)]


def py_total(d):
    return sum(r["price"] * r["qty"] for r in d["rows"] if r["price"] > 5000)


def py_loop(d):
    acc, i = 0, 0
    while i < d["n"]:
        acc = (acc + i * 3) % 1_000_003
        i += 1
    return acc


def py_floats(d):
    return max(round(r["rate"] * 100 / 3) for r in d["rows"])


def py_str(d):
    return len([f"item-{r['qty']}:{r['price']}" for r in d["rows"]])


WORKLOADS = {
    "filter > / map * / +": (
        "(reduce + (map #(* (:price %) (:qty %)) (filter #(> (:price %) 5000) data/rows)))",
        lambda n: {"rows": rows(n)}, py_total),
    "loop + * mod <": (
        "(loop [i 0 acc 0] (if (< i data/n) (recur (inc i) (mod (+ acc (* i 3)) 1000003)) acc))",
        lambda n: {"n": n}, py_loop),
    "float / round max": (
        "(apply max (map #(round (/ (* (:rate %) 100) 3)) data/rows))",
        lambda n: {"rows": rows(n)}, py_floats),
    "str of numbers": (
        '(count (map #(str "item-" (:qty %) ":" (:price %)) data/rows))',
        lambda n: {"rows": rows(n)}, py_str),
}


def median_time(fn, repeat):
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main():
    quick = "--quick" in sys.argv
    n, repeat = (5_000, 3) if quick else (50_000, 7)
    print(f"n = {n}, median of {repeat} runs")
    for name, (program, build, python) in WORKLOADS.items():
        data = build(n)
        result = ptclisp.run(program, data=data, limits=LIMITS)
        assert result.status == "ok", result.error and result.error.render()
        assert result.value == python(data), (name, result.value, python(data))
        ours = median_time(lambda: ptclisp.run(program, data=data, limits=LIMITS), repeat)
        theirs = median_time(lambda: python(data), repeat)
        print(f"{name:24} ptclisp {ours * 1e3:8.2f} ms   CPython {theirs * 1e3:8.2f} ms"
              f"   ratio {ours / theirs:5.1f}x")


if __name__ == "__main__":
    main()
