"""Host data at the door: converting a big tool result or `data=` into PTC values.

    python tests/benchmarks/bench_door.py [--quick]

Prints medians (milliseconds) of:
- `from_python` of a 10,000-row result (6 string keys a row, one nested map);
- a run that calls a tool returning those rows and counts them;
- a run over the same rows given as `data=` (the Session converts them once);
- `to_python` of the converted rows (the way out).
"""
from __future__ import annotations

import statistics
import sys
import time

import ptclisp
from ptclisp import Limits
from ptclisp.host.door import from_python, to_python

ROOMY = Limits(timeout=60)
ROWS = [{"order_id": i, "customer_id": i % 97, "status": "paid" if i % 3 else "open",
         "total": i * 1.25, "Content-Type": "json", "meta": {"region": "eu", "rank": i}}
        for i in range(10_000)]


def median(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def main(quick: bool):
    repeat = 5 if quick else 15
    converted = from_python(ROWS)
    tools = {"rows": lambda: ROWS}
    cases = [
        ("from_python 10k rows", lambda: from_python(ROWS)),
        ("run: (count (tool/rows))", lambda: ptclisp.run("(count (tool/rows))", tools=tools,
                                                         limits=ROOMY)),
        ("run: (count data/rows)", lambda: ptclisp.run("(count data/rows)", data={"rows": ROWS},
                                                       limits=ROOMY)),
        ("to_python 10k rows", lambda: to_python(converted)),
    ]
    for label, fn in cases:
        print(f"{label:32s} {median(fn, repeat):8.2f} ms")


if __name__ == "__main__":
    main("--quick" in sys.argv)
