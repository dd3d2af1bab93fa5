"""Map builtins inside data loops: medians of whole runs, and how time grows with n.

Run: python tests/benchmarks/bench_maps.py
Prints, per program, the median run time at n and 2n items and their ratio (about 2 means
linear; 4 would mean quadratic), next to a hand-written CPython equivalent at n.
"""
from __future__ import annotations

import statistics
import time

import ptclisp

PROGRAMS = {
    "assoc in reduce": ("(count (reduce (fn [m x] (assoc m x x)) {} (range N)))",
                        lambda n: len({x: x for x in range(n)})),
    "update+fnil counting": ("(count (reduce (fn [m x] (update m (mod x 1000) (fnil inc 0))) {} (range N)))",
                             lambda n: len(_count(n))),
    "merge in reduce": ("(count (reduce (fn [m x] (merge m {x 1})) {} (range N)))",
                        lambda n: len(_merge(n))),
    "assoc-in nested": ("(count (reduce (fn [m x] (assoc-in m [(mod x 100) x] x)) {} (range N)))",
                        lambda n: len(_nested(n))),
    "dissoc in reduce": ("(count (reduce (fn [m x] (dissoc m x)) (zipmap (range N) (range N)) (range N)))",
                         lambda n: len(_dissoc(n))),
    "get on string-keyed data": ("(reduce (fn [acc r] (+ acc (get r :amount))) 0 (map (fn [i] {\"amount\" i}) (range N)))",
                                 lambda n: sum(r["amount"] for r in [{"amount": i} for i in range(n)])),
    "postwalk": ("(count (postwalk identity (vec (map (fn [i] {:a i :b [i i]}) (range N)))))",
                 lambda n: len([{"a": i, "b": [i, i]} for i in range(n)])),
}


def _count(n):
    m = {}
    for x in range(n):
        k = x % 1000
        m[k] = m.get(k, 0) + 1
    return m


def _merge(n):
    m = {}
    for x in range(n):
        m.update({x: 1})
    return m


def _nested(n):
    m = {}
    for x in range(n):
        m.setdefault(x % 100, {})[x] = x
    return m


def _dissoc(n):
    m = dict(zip(range(n), range(n)))
    for x in range(n):
        del m[x]
    return m


def median_time(fn, repeat=5):
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main(n=20000):
    limits = ptclisp.Limits(max_steps=None, timeout=None)
    print(f"{'program':28} {'n':>6} {'t(n) ms':>9} {'t(2n) ms':>9} {'growth':>7} {'python ms':>10} {'ratio':>6}")
    for name, (src, py) in PROGRAMS.items():
        def run(k, src=src):
            r = ptclisp.run(src.replace("N", str(k)), limits=limits)
            assert r.status == "ok", r.error.render() if r.error else r
        t1 = median_time(lambda: run(n))
        t2 = median_time(lambda: run(2 * n))
        tp = median_time(lambda: py(n))
        print(f"{name:28} {n:>6} {t1 * 1e3:9.1f} {t2 * 1e3:9.1f} {t2 / t1:7.2f} {tp * 1e3:10.2f} {t1 / tp:6.1f}")


if __name__ == "__main__":
    main()
