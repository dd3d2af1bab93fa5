"""Growing and shrinking vectors, maps and sets one item at a time, at n and 4n items.

    python tests/benchmarks/bench_collections.py [--quick] [--markdown]

For each row prints the median run time (whole `ptclisp.run`) at n and at 4n and their
ratio: about 4 means linear, 16 would mean quadratic (a copy per step). Runs are timed in
alternation so load drift on a shared machine hits both sizes alike. --markdown prints the
table README.md shows.
"""
from __future__ import annotations

import statistics
import sys
import time

import ptclisp

LIMITS = ptclisp.Limits(timeout=None, max_steps=None)

# (kind, operation, program with N for the item count)
ROWS = [
    ("vector", "conj in loop/recur",
     "(count (loop [v [] i 0] (if (< i N) (recur (conj v i) (inc i)) v)))"),
    ("vector", "conj in reduce", "(count (reduce conj [] (range N)))"),
    ("map", "assoc in loop/recur",
     "(count (loop [m {} i 0] (if (< i N) (recur (assoc m i i) (inc i)) m)))"),
    ("map", "assoc in reduce", "(count (reduce (fn [m x] (assoc m x x)) {} (range N)))"),
    ("map", "dissoc in reduce",
     "(count (reduce dissoc (zipmap (range N) (range N)) (range 0 N 2)))"),
    ("set", "conj in loop/recur",
     "(count (loop [s #{} i 0] (if (< i N) (recur (conj s i) (inc i)) s)))"),
    ("set", "conj in reduce", "(count (reduce conj #{} (range N)))"),
    ("set", "disj in reduce", "(count (reduce disj (set (range N)) (range 0 N 2)))"),
    ("set", "seen-set walk",
     "(count (loop [seen #{} i 0] (if (< i N) (recur (if (contains? seen (mod (* i 7) N)) seen "
     "(conj seen (mod (* i 7) N))) (inc i)) seen)))"),
]


def run(src: str, n: int):
    r = ptclisp.run(src.replace("N", str(n)), limits=LIMITS)
    if r.error is not None:
        raise SystemExit(r.error.render())
    return r.value


def medians(fns, repeat):
    """Median seconds of each function, timed in alternation."""
    samples = [[] for _ in fns]
    for _ in range(repeat):
        for f, out in zip(fns, samples):
            t = time.perf_counter()
            f()
            out.append(time.perf_counter() - t)
    return [statistics.median(s) for s in samples]


def main():
    quick = "--quick" in sys.argv
    markdown = "--markdown" in sys.argv
    n, repeat = (2_500, 3) if quick else (10_000, 5)
    if markdown:
        print(f"| collection | operation | n = {n:,} | 4n = {4 * n:,} | growth (4 = linear) |")
        print("|---|---|---:|---:|---:|")
    else:
        print(f"{'collection':10s} {'operation':22s} {'t(n)':>9s} {'t(4n)':>9s} {'growth':>7s}")
    for kind, op, src in ROWS:
        run(src, n)
        t1, t4 = medians([lambda: run(src, n), lambda: run(src, 4 * n)], repeat)
        if markdown:
            print(f"| {kind} | {op} | {t1 * 1e3:.1f} ms | {t4 * 1e3:.1f} ms | {t4 / t1:.1f} |")
        else:
            print(f"{kind:10s} {op:22s} {t1 * 1e3:7.1f}ms {t4 * 1e3:7.1f}ms {t4 / t1:7.1f}")


if __name__ == "__main__":
    main()
