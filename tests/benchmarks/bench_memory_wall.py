"""How much memory realistic programs grow a process by: what `Limits.max_memory_mb` is set from.

    python tests/benchmarks/bench_memory_wall.py

Each program runs in a fresh process, in a Session holding its data (converted before the run,
as the wall does not count it): the peak resident size during the run (VmHWM, reset just
before it through /proc/self/clear_refs) less the resident size when it starts is its growth,
what the watchdog compares with the wall. Programs: examples/orders.clj, every reply of
examples/missions, PtcRunner's five bench programs and the data workloads of bench_run.py, and
the biggest collections the default limits let a program build. Then the hostile allocation of
issue #26 under the default wall: how far past the wall it got before it was stopped. Linux only.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# name -> (setup code defining data, tools; the program)
WORKLOAD_SETUP = "from bench_run import orders; import random; rnd = random.Random(5)\n"
CASES = {
    "examples/orders.clj": (
        f"data = json.load(open({str(ROOT / 'examples/orders.json')!r}))",
        (ROOT / "examples" / "orders.clj").read_text()),
    "filter/map/reduce 50k maps": (
        WORKLOAD_SETUP + "data = {'orders': orders(50_000)}",
        "(->> data/orders (filter #(> (:total %) 20)) (map :total) (reduce + 0))"),
    "sort-by 10k maps": (WORKLOAD_SETUP + "data = {'orders': orders(10_000)}",
                         "(count (sort-by :total data/orders))"),
    "assoc over 50k maps (a new field each)": (
        WORKLOAD_SETUP + "data = {'orders': orders(50_000)}",
        "(count (mapv #(assoc % :big (> (:total %) 50)) data/orders))"),
    "group-by 50k maps": (WORKLOAD_SETUP + "data = {'orders': orders(50_000)}",
                          "(count (group-by :customer data/orders))"),
    "group-by + frequencies 20k": (
        WORKLOAD_SETUP + "data = {'items': [f'k{rnd.randint(0, 500)}' for _ in range(20_000)]}",
        "[(count (group-by identity data/items)) (count (frequencies data/items))]"),
    "fib 20": ("data = {}", "(defn fib [n] (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2))))) (fib 20)"),
    "1,000,000-item vector (the collection limit)": ("data = {}", "(count (vec (range 1000000)))"),
    "1,000,000-key map (the collection limit)": (
        "data = {}", "(count (into {} (map (fn [i] [i i]) (range 1000000))))"),
    "1,000,000-char string (the string limit)": (
        "data = {}", '(count (apply str (map (fn [_] "x") (range 1000000))))'),
}
HOSTILE = "(count (mapcat (fn [x] (range 100000)) (range 100000)))"

MEASURE = r"""
import json, sys
sys.path.insert(0, {bench!r})
import ptclisp
{setup}
tools = {tools}
def status(key):
    with open("/proc/self/status") as f:
        return next(int(l.split()[1]) for l in f if l.startswith(key))
session = ptclisp.Session(data=data, tools=tools, limits=ptclisp.Limits({limits}))
programs = {programs!r}
with open("/proc/self/clear_refs", "w") as f:
    f.write("5")  # the peak resident size starts again from here
start = status("VmRSS")
errors = []
for source in programs:
    r = session.run(source, final=False)
    if r.error is not None:
        errors.append(r.error.message)
print(json.dumps({{"growth_mb": (status("VmHWM") - start) / 1024, "errors": errors}}))
"""


def measure(setup: str, programs: list, limits: str = "timeout=10.0", tools: str = "None") -> dict:
    """Growth in MB (and any errors) of running programs one after another in a fresh process."""
    code = MEASURE.format(bench=str(Path(__file__).parent), setup=setup, tools=tools,
                          limits=limits, programs=programs)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300, cwd=ROOT)
    if done.returncode != 0:
        raise SystemExit(done.stderr)
    return json.loads(done.stdout.strip().splitlines()[-1])


def missions() -> list:
    """(id, setup, programs) of every mission of examples/missions."""
    sys.path.insert(0, str(ROOT))
    from ptclisp.llm.extract import parse
    here = ROOT / "examples" / "missions"
    setup = (f"import importlib.util\n"
             f"spec = importlib.util.spec_from_file_location('mission_tools', "
             f"{str(here / 'tools.py')!r})\n"
             f"mod = importlib.util.module_from_spec(spec); sys.modules['mission_tools'] = mod\n"
             f"spec.loader.exec_module(mod)\n"
             "data = json.load(open({data!r}))")
    tools = "[mod.get_orders, mod.get_customer, mod.exchange_rate]"
    out = []
    for m in json.loads((here / "missions.json").read_text()):
        data = str(here / m.get("data", "data.json"))  # m20-m25 read messy.json
        out.append((m["id"], setup.format(data=data), [parse(r) for r in m["replies"]], tools))
    return out


def main() -> None:
    if not sys.platform.startswith("linux"):
        raise SystemExit("reads /proc: Linux only")
    rows = []
    for name, (setup, program) in CASES.items():
        rows.append((name, measure(setup, [program])))
    for mid, setup, programs, tools in missions():
        rows.append((f"mission {mid}", measure(setup, programs, tools=tools)))
    print("| program | growth (MB) |\n|---|---|")
    for name, got in rows:
        note = f" (error: {got['errors'][0][:60]})" if got["errors"] else ""
        print(f"| {name} | {got['growth_mb']:.1f}{note} |")
    import ptclisp
    wall = ptclisp.Limits().max_memory_mb
    for timeout in (1.0, 10.0):
        got = measure("data = {}", [HOSTILE], limits=f"timeout={timeout}")
        print(f"\nhostile `{HOSTILE}`, timeout {timeout:g} s, default wall {wall} MB: grew "
              f"{got['growth_mb']:.0f} MB; {got['errors'][0] if got['errors'] else 'no error'}")


if __name__ == "__main__":
    main()
