"""String, regex, format and JSON workloads through `ptclisp.run`, beside hand-written CPython.

    python tests/benchmarks/bench_strings.py [--quick]

Prints the median run time of each program at n and 2n (a ratio near 2 means linear) and the
same work written directly in Python (the DESIGN.md target is within 5x on data workloads).
"""
from __future__ import annotations

import json
import random
import re
import statistics
import sys
import time

import ptclisp
from ptclisp import Limits

LIMITS = Limits(timeout=120.0)


def rows(n, seed=3):
    rnd = random.Random(seed)
    return [{"id": i, "name": f"User {rnd.randint(1, 999)} Smith", "email": f"u{i}@ex{i % 7}.com"}
            for i in range(n)]


def py_upper(d):
    return len([r["name"].upper() for r in d["rows"] if "5" in r["name"]])


def py_split_join(d):
    return len(",".join(r["name"].split(" ")[0].lower() for r in d["rows"]))


def py_regex(d):
    rx = re.compile(r"@(\w+)\.com")
    return len([m.group(1) for r in d["rows"] if (m := rx.search(r["email"]))])


def py_format(d):
    return len([f"{r['id']:05d} {r['name']}" for r in d["rows"]])


def py_json(d):
    return len(json.loads(json.dumps(d["rows"], separators=(",", ":"))))


WORKLOADS = {
    "filter upper": ('(count (map #(str/upper-case (:name %)) (filter #(str/includes? (:name %) "5") data/rows)))',
                     py_upper),
    "split join": ('(count (str/join "," (map #(str/lower-case (first (str/split (:name %) " "))) data/rows)))',
                   py_split_join),
    "re-find": ('(count (keep #(second (re-find #"@(\\w+)\\.com" (:email %))) data/rows))', py_regex),
    "format": ('(count (map #(format "%05d %s" (:id %) (:name %)) data/rows))', py_format),
    "json": ("(count (json/parse-string (json/generate-string data/rows)))", py_json),
}


def median_times(fns, repeat):
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
    n, repeat = (5_000, 3) if quick else (20_000, 7)
    print(f"{'workload':14s} {'n':>8s} {'t(n)':>9s} {'t(2n)':>9s} {'ratio':>6s}"
          f" {'CPython(n)':>11s} {'vs CPython':>10s}")
    for name, (src, by_hand) in WORKLOADS.items():
        small, large = {"rows": rows(n)}, {"rows": rows(2 * n)}
        assert run_checked(src, small) == by_hand(small), name
        t1, t2, tp = median_times([lambda: run_checked(src, small),
                                   lambda: run_checked(src, large),
                                   lambda: by_hand(small)], repeat)
        print(f"{name:14s} {n:8d} {t1 * 1e3:7.1f}ms {t2 * 1e3:7.1f}ms {t2 / t1:6.2f}"
              f" {tp * 1e3:9.2f}ms {t1 / tp:9.1f}x")


if __name__ == "__main__":
    main()
