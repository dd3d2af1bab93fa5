"""Host data at the door: what handing data to a program costs, beside CPython's same work.

    python tests/benchmarks/bench_door.py [--quick] [--rounds N] [--only TEXT]

Records are orders with a nested list of line items (issue 29, item 2). Each round times every
case once, in turn, so load hits all alike; the table shows medians over rounds (milliseconds)
and the ratio to the hand-written CPython doing the same work in the same round. Every program
text is unique per call (a comment line with a counter), as an agent sends a new program each
turn; CPython compiles and execs its unique text too, over the host's objects as they are.

- `run fmr data= Nk`: compare.py's filter/map/reduce by `ptclisp.run(program, data=...)`,
  the door included (the records' nested items are copied, not read);
- `run data= Nk`: `ptclisp.run(program, data={"orders": N records})`, the program reading the
  nested items (revenue of the paid orders), the door included;
- `tool Nk`: a program consuming a tool that returns N records (the tool result's door);
- `run wide fn data= Nk`: records of 22 fields through a stage that calls functions (not
  fused), the program reading two of them;
- `Session(data=) Nk`: creating a Session over the records, beside `copy.deepcopy` of them;
- `from_python 10k` / `to_python 10k`: the door alone, both ways (the old lines);
- `floor: r.copy() Nk`: a C-speed shallow copy of each record (no key converted), beside
  CPython's whole run: what any door that copies per record costs at least;
- memory: tracemalloc of a Session holding 100k records against the host's own objects.

Times are CPU time of this process (time.process_time): on a shared machine wall-clock times
of one call vary by several times with the load, CPU time much less.
"""
from __future__ import annotations

import copy
import gc
import itertools
import random
import statistics
import sys
import time
import tracemalloc

import ptclisp
from ptclisp import Limits, Session
from ptclisp.host.door import from_python, to_python

ROOMY = Limits(timeout=60)
_UID = itertools.count()

# revenue of the paid orders: a filter, a map reading the nested items, a reduce
LISP = ('(->> data/orders (filter #(= (:status %) "paid"))'
        ' (map (fn [o] (reduce + 0 (map #(* (:qty %) (:price %)) (:items o))))) (reduce + 0))')
PY = ('sum(sum(i["qty"] * i["price"] for i in o["items"])'
      ' for o in orders if o["status"] == "paid")')
LISP_TOOL = LISP.replace("data/orders", "(tool/orders)")
PY_TOOL = PY.replace("in orders", "in tool_orders()")
# compare.py's filter/map/reduce, over the same records (their nested items not read)
FMR = "(->> data/orders (filter #(> (:total %) 20)) (map :total) (reduce + 0))"
FMR_PY = 'sum(o["total"] for o in orders if o["total"] > 20)'
# wide records (22 fields) through a stage that calls functions (not fused): read in place,
# each record as a map of the two keys the stages read
WIDE = ('(->> data/rows (filter #(= (:status %) "paid"))'
        ' (map (fn [r] (count (filter some? [(:total r) (:f1 r)])))) (reduce + 0))')
WIDE_PY = ('sum(len([x for x in (o["total"], o["f1"]) if x is not None])'
           ' for o in rows if o["status"] == "paid")')


def wide(n: int, seed: int = 2) -> list:
    """n export records of 20 int fields, a status and a total."""
    rnd = random.Random(seed)
    return [{**{f"f{j}": rnd.randint(0, 9) for j in range(20)}, "status": rnd.choice(["open", "paid"]),
             "total": rnd.randint(1, 100)} for _ in range(n)]


def orders(n: int, seed: int = 1) -> list:
    """n order records as a host holds them (JSON-shaped, 1-3 line items each)."""
    rnd = random.Random(seed)
    return [{"id": i, "customer_id": rnd.randint(1, 500), "status": rnd.choice(["open", "paid"]),
             "total": rnd.randint(1, 100), "opened": f"2026-03-{rnd.randint(10, 28)}",
             "items": [{"sku": f"s{rnd.randint(1, 99)}", "qty": rnd.randint(1, 5),
                        "price": rnd.randint(1, 20)} for _ in range(rnd.randint(1, 3))]}
            for i in range(n)]


def lisp_run(text: str, **kw):
    return ptclisp.run(f";; {next(_UID)}\n{text}", limits=ROOMY, **kw).value


def py_run(text: str, **names):
    code = compile(f"# {next(_UID)}\n_ = {text}", "<bench>", "exec")
    exec(code, names)
    return names["_"]


def cases(sizes: list[int]) -> list[tuple]:
    """(label, ptclisp thunk, CPython thunk or None) for every case."""
    out = []
    for n in sizes:
        rows = orders(n)
        data = {"orders": rows}
        tools = {"orders": lambda rows=rows: rows}
        k = f"{n // 1000}k"
        want = py_run(PY, orders=rows)
        assert lisp_run(LISP, data=data) == want == lisp_run(LISP_TOOL, tools=tools)
        assert lisp_run(FMR, data=data) == py_run(FMR_PY, orders=rows)
        out.append((f"run fmr data= {k}", lambda d=data: lisp_run(FMR, data=d),
                    lambda r=rows: py_run(FMR_PY, orders=r)))
        out.append((f"run data= {k}", lambda d=data: lisp_run(LISP, data=d),
                    lambda r=rows: py_run(PY, orders=r)))
        out.append((f"tool {k}", lambda t=tools: lisp_run(LISP_TOOL, tools=t),
                    lambda r=rows: py_run(PY_TOOL, tool_orders=lambda: r)))
        out.append((f"Session(data=) {k}", lambda d=data: Session(data=d, limits=ROOMY),
                    lambda d=data: copy.deepcopy(d)))
        out.append((f"floor: r.copy() {k}", lambda r=rows: [x.copy() for x in r],
                    lambda r=rows: py_run(PY, orders=r)))
        wrows = wide(n)
        assert lisp_run(WIDE, data={"rows": wrows}) == py_run(WIDE_PY, rows=wrows)
        out.append((f"run wide fn data= {k}", lambda d={"rows": wrows}: lisp_run(WIDE, data=d),
                    lambda r=wrows: py_run(WIDE_PY, rows=r)))
    rows = orders(10_000)
    converted = from_python(rows)
    out.append(("from_python 10k", lambda: from_python(rows), None))
    out.append(("to_python 10k", lambda: to_python(converted), None))
    return out


def memory(n: int) -> tuple[int, int]:
    """Bytes the host's n records hold, and bytes a Session over them adds (tracemalloc)."""
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    rows = orders(n)
    host = tracemalloc.get_traced_memory()[0] - base
    session = Session(data={"orders": rows}, limits=ROOMY)
    session.run("(count data/orders)")
    gc.collect()
    held = tracemalloc.get_traced_memory()[0] - base - host
    tracemalloc.stop()
    del session
    return host, held


def main(rounds: int, sizes: list[int], only: str = ""):
    table = [case for case in cases(sizes) if only in case[0]]
    times = {label: ([], []) for label, _, _ in table}
    for _ in range(rounds):
        for label, lisp, py in table:
            for fn, sink in ((lisp, times[label][0]), (py, times[label][1])):
                if fn is None:
                    continue
                gc.collect()
                t = time.process_time()
                fn()
                sink.append(time.process_time() - t)
    print(f"{'case':22s} {'ptclisp ms':>11s} {'CPython ms':>11s} {'ratio':>7s}   (CPU time; CPython:"
          " deepcopy for Session rows)")
    for label, (mine, theirs) in times.items():
        a = statistics.median(mine) * 1000
        if theirs:
            b = statistics.median(theirs) * 1000
            print(f"{label:22s} {a:11.2f} {b:11.2f} {a / b:6.1f}x")
        else:
            print(f"{label:22s} {a:11.2f}")
    host, held = memory(100_000)
    print(f"memory 100k: host objects {host / 1e6:.1f} MB, a Session over them adds "
          f"{held / 1e6:.1f} MB ({held / host:.2f}x)")


if __name__ == "__main__":
    quick = "--quick" in sys.argv
    n_rounds = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else (3 if quick else 7)
    only_text = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else ""
    main(n_rounds, [10_000] if quick else [10_000, 100_000], only_text)
