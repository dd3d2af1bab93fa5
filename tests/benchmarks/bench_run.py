"""End-to-end run() timings: PtcRunner's five bench programs and data workloads vs CPython.

    python tests/benchmarks/bench_run.py [--quick]

Prints medians. The bench programs are timed twice: FRESH (a comment line with a counter makes
every call's text new, so the reader and analyzer caches miss, as for an agent's new program each
turn) and CACHED (the same text every call). PtcRunner's figures are fresh runs; compare.py
runs the same work on the peers side by side. PtcRunner's own figures on this class of machine (DESIGN.md): arithmetic 38 us,
collection_hofs 155 us, map_string 105 us, closure_apply 83 us, context_filter 64 us.
"""
from __future__ import annotations

import random
import statistics
import sys
import time

import itertools

import ptclisp

BEAM_US = {"arithmetic": 38, "collection_hofs": 155, "map_string": 105, "closure_apply": 83,
           "context_filter": 64}
PROGRAMS = {
    "arithmetic": "(+ 1 (* 2 3) (- 10 4) (* (+ 1 1) 5))",
    "collection_hofs": "(reduce + 0 (map (fn [x] (* x x)) (filter odd? (range 0 40))))",
    "map_string": '(let [m {:a "alpha" :b "beta" :c "gamma"}] (clojure.string/join "," '
                  '(map clojure.string/upper-case [(:a m) (:b m) (:c m)])))',
    "closure_apply": "(let [mk (fn [x] (fn [y] (+ x y)))] (reduce + 0 (map (mk 10) [1 2 3 4 5])))",
    "context_filter": "(->> data/orders (filter #(> (:total %) 20)) (map :total) (reduce + 0))",
}


def orders(n, seed=1):
    rnd = random.Random(seed)
    return [{"id": i, "total": rnd.randint(1, 100), "status": rnd.choice(["open", "paid"]),
             "customer": f"c{rnd.randint(1, 50)}"} for i in range(n)]


def median_time(fn, repeat, warmup=3):
    for _ in range(warmup):
        fn()
    samples = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t)
    return statistics.median(samples)


def check_ok(result):
    if result.error is not None:
        raise SystemExit(result.error.render())
    return result


def bench_programs(repeat):
    print("PtcRunner bench programs (whole run: read + analyze + evaluate), fresh and cached text")
    data = {"orders": orders(200)}
    counter = itertools.count()
    for name, src in PROGRAMS.items():
        check_ok(ptclisp.run(src, data=data))
        fresh = median_time(lambda: ptclisp.run(f";; run {next(counter)}\n{src}", data=data), repeat)
        cached = median_time(lambda: ptclisp.run(src, data=data), repeat)
        print(f"  {name:16s} fresh {fresh * 1e6:7.1f} us   cached {cached * 1e6:7.1f} us   "
              f"(BEAM {BEAM_US[name]} us fresh; ours / BEAM {fresh * 1e6 / BEAM_US[name]:.2f})")


def fib_py(n):
    return n if n < 2 else fib_py(n - 1) + fib_py(n - 2)


def workloads(repeat):
    print("Data workloads (ptclisp vs hand-written CPython on the same data)")
    big = orders(50_000)
    ten = orders(10_000)
    items = [f"k{random.Random(3).randint(0, 500)}" for _ in range(20_000)]
    rnd = random.Random(5)
    items = [f"k{rnd.randint(0, 500)}" for _ in range(20_000)]
    cases = [
        ("filter/map/reduce 10k maps", "(->> data/orders (filter #(> (:total %) 20)) (map :total) (reduce + 0))",
         {"orders": ten}, lambda: sum(o["total"] for o in ten if o["total"] > 20)),
        ("filter/map/reduce 50k maps", "(->> data/orders (filter #(> (:total %) 20)) (map :total) (reduce + 0))",
         {"orders": big}, lambda: sum(o["total"] for o in big if o["total"] > 20)),
        ("sort-by 10k maps", "(count (sort-by :total data/orders))", {"orders": ten},
         lambda: len(sorted(ten, key=lambda o: o["total"]))),
        ("group-by + frequencies 20k", "[(count (group-by identity data/items)) (count (frequencies data/items))]",
         {"items": items}, lambda: (len(_group(items)), len(_freq(items)))),
        ("fib 20", "(defn fib [n] (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2))))) (fib 20)", {},
         lambda: fib_py(20)),
    ]
    for name, src, data, py in cases:
        check_ok(ptclisp.run(src, data=data))
        t = median_time(lambda: ptclisp.run(src, data=data), repeat)
        tp = median_time(py, repeat)
        print(f"  {name:28s} {t * 1e3:8.2f} ms   CPython {tp * 1e3:7.2f} ms   ratio {t / tp:5.1f}x")


def _group(xs):
    out = {}
    for x in xs:
        out.setdefault(x, []).append(x)
    return out


def _freq(xs):
    out = {}
    for x in xs:
        out[x] = out.get(x, 0) + 1
    return out


if __name__ == "__main__":
    quick = "--quick" in sys.argv
    bench_programs(200 if quick else 2000)
    workloads(3 if quick else 9)
