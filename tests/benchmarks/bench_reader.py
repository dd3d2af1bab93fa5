"""Median read time of PtcRunner's five bench programs: fast reader (with and without its
cache) and the reference Lark LALR reader. Run: python tests/benchmarks/bench_reader.py"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from ptclisp.lang import reader, reader_lark  # noqa: E402

# PtcRunner bench/baselines/lisp_eval.json (v0.13.0)
PROGRAMS = {
    "arithmetic": "(+ 1 (* 2 3) (- 10 4) (* (+ 1 1) 5))",
    "collection_hofs": "(reduce + 0 (map (fn [x] (* x x)) (filter odd? (range 0 40))))",
    "map_string": ('(let [m {:a "alpha" :b "beta" :c "gamma"}] (clojure.string/join "," '
                   '(map clojure.string/upper-case [(:a m) (:b m) (:c m)])))'),
    "closure_apply": "(let [mk (fn [x] (fn [y] (+ x y)))] (reduce + 0 (map (mk 10) [1 2 3 4 5])))",
    "context_filter": "(->> data/orders (filter #(> (:total %) 20)) (map :total) (reduce + 0))",
}
LIM = (reader.DEFAULT_MAX_DEPTH, reader.DEFAULT_MAX_LITERAL_CHARS, reader.DEFAULT_MAX_INT_DIGITS)


def timings_us(fn, text: str, rounds: int = 101, inner: int = 100) -> tuple[float, float]:
    """(median, best) over rounds of the mean time of `inner` calls, in microseconds."""
    samples = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        for _ in range(inner):
            fn(text)
        samples.append((time.perf_counter() - t0) / inner * 1e6)
    return statistics.median(samples), min(samples)


def main() -> None:
    reader.read("(warm up)")
    uncached = lambda text: reader._read_fast(text, LIM, False)  # noqa: E731
    print("read time in µs, median (best) of 101 rounds")
    print(f"{'program':16} {'chars':>5} {'cached':>14} {'uncached':>14} {'lark LALR':>16}")
    for name, text in PROGRAMS.items():
        cached = timings_us(reader.read, text)
        fresh = timings_us(uncached, text)
        lark = timings_us(reader_lark.read_with_lark, text, rounds=21, inner=20)
        cells = [f"{m:6.2f} ({b:5.2f})" for m, b in (cached, fresh)] + [f"{lark[0]:7.1f} ({lark[1]:6.1f})"]
        print(f"{name:16} {len(text):5} " + " ".join(f"{c:>14}" for c in cells))


if __name__ == "__main__":
    main()
