"""What the limits cost: steps/timeout checks on vs off, and process isolation per run.

    python tests/benchmarks/bench_limits.py [--quick]

Same session-free `ptclisp.run` of PtcRunner's five bench programs (bench_run.py) and two data
workloads, with default Limits vs Limits(max_steps=None, timeout=None) (watchdog and step
counting idle), and with Limits(isolation="process") (a warm pooled worker). Prints medians.
"""
from __future__ import annotations

import sys

import ptclisp
from bench_run import PROGRAMS, check_ok, median_time, orders

WORKLOADS = {
    "filter/map/reduce 50k": ("(->> data/orders (filter #(> (:total %) 20)) (map :total) "
                              "(reduce + 0))", 50_000),
    "fib 20": ("(defn fib [n] (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2))))) (fib 20)", 0),
}
SETTINGS = {
    "on": ptclisp.Limits(),
    "off": ptclisp.Limits(max_steps=None, timeout=None),
    "process": ptclisp.Limits(isolation="process"),
}


def row(name, src, data, repeat):
    times = {}
    for key, limits in SETTINGS.items():
        check_ok(ptclisp.run(src, data=data, limits=limits))
        times[key] = median_time(lambda: ptclisp.run(src, data=data, limits=limits), repeat)
    on, off, proc = times["on"], times["off"], times["process"]
    print(f"  {name:22s} off {off * 1e6:9.1f} us  on {on * 1e6:9.1f} us  "
          f"(+{(on / off - 1) * 100:5.1f}%)  process {proc * 1e6:9.1f} us  (+{(proc - on) * 1e6:7.1f} us)")


def main():
    quick = "--quick" in sys.argv
    print("Limits on vs off, and process isolation (medians of whole runs)")
    for name, src in PROGRAMS.items():
        row(name, src, {"orders": orders(200)}, 50 if quick else 500)
    for name, (src, n) in WORKLOADS.items():
        row(name, src, {"orders": orders(n)}, 3 if quick else 15)


if __name__ == "__main__":
    main()
