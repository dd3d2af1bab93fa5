"""Sequence-library workloads through `ptclisp.run`, each at n and 2n, to show none is quadratic.

    python tests/benchmarks/bench_library.py [--quick]

For each workload prints the median run time at n and at 2n and their ratio: about 2 means
linear (2.1-2.3 for n log n sorting), about 4 would mean quadratic. A hand-written CPython
version of the same work is timed beside it (the DESIGN.md target is within 5x).
"""
from __future__ import annotations

import random
import statistics
import sys
import time
from collections import Counter

import ptclisp
from ptclisp import Limits

LIMITS = Limits(timeout=120.0)


def rows(n, seed=1):
    rnd = random.Random(seed)
    return [{"id": i, "price": rnd.randint(1, 10_000), "name": f"item{rnd.randint(1, 999)}"}
            for i in range(n)]


def words(n, seed=2):
    rnd = random.Random(seed)
    return [f"w{rnd.randint(1, 500)}" for _ in range(n)]


def python_conj(n):
    out = []
    for i in range(n):
        out.append(i)
    return out


def python_assoc(n):
    m = {}
    for i in range(n):
        m[i] = i
    return m


# name -> (program, data builder, sizes, hand-written CPython equivalent)
WORKLOADS = {
    "reduce conj": ("(count (reduce conj [] (range data/n)))",
                    lambda n: {"n": n}, 20_000, lambda d: len(python_conj(d["n"]))),
    "reduce assoc": ("(count (reduce (fn [m i] (assoc m i i)) {} (range data/n)))",
                     lambda n: {"n": n}, 20_000, lambda d: len(python_assoc(d["n"]))),
    "sort-by": ("(count (sort-by :price data/rows))",
                lambda n: {"rows": rows(n)}, 100_000,
                lambda d: len(sorted(d["rows"], key=lambda r: r["price"]))),
    "frequencies": ("(count (frequencies data/words))",
                    lambda n: {"words": words(n)}, 100_000, lambda d: len(Counter(d["words"]))),
}


def median_times(fns, repeat):
    """Median seconds of each function, timed in alternation so load drift hits all alike."""
    samples = [[] for _ in fns]
    for f in fns:
        f()
    for _ in range(repeat):
        for f, out in zip(fns, samples):
            t = time.perf_counter()
            f()
            out.append(time.perf_counter() - t)
    return [statistics.median(s) for s in samples]


def run_checked(src, data):
    result = ptclisp.run(src, data=data, limits=LIMITS)
    if result.error is not None:
        raise SystemExit(result.error.render())
    return result.value


def main():
    quick = "--quick" in sys.argv
    repeat = 3 if quick else 11
    print(f"{'workload':14s} {'n':>8s} {'t(n)':>9s} {'t(2n)':>9s} {'ratio':>6s}"
          f" {'CPython(n)':>11s} {'vs CPython':>10s}")
    for name, (src, make, n, by_hand) in WORKLOADS.items():
        n = n // 4 if quick else n
        small, large = make(n), make(2 * n)
        assert run_checked(src, small) == by_hand(small)
        t1, t2, tp = median_times([lambda: run_checked(src, small),
                                   lambda: run_checked(src, large),
                                   lambda: by_hand(small)], repeat)
        print(f"{name:14s} {n:8d} {t1 * 1e3:7.1f}ms {t2 * 1e3:7.1f}ms {t2 / t1:6.2f}"
              f" {tp * 1e3:9.2f}ms {t1 / tp:9.1f}x")


if __name__ == "__main__":
    main()
