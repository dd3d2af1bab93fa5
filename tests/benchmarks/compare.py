"""ptclisp side by side with its peers on the same work: medians and ratios to CPython.

    python tests/benchmarks/compare.py [--quick] [--fresh-only | --data-only] [--no-peers]
                                       [--without basilisp,smolagents,monty]

Peers (the `bench` extra: pip install -e '.[bench]'): CPython itself (the physical limit:
compile()+exec() of the equivalent Python for a fresh program, precompiled code for data),
smolagents' LocalPythonExecutor (an AST interpreter of Python), pydantic-monty (a Python
subset in a Rust VM, run in its worker process) and basilisp (Clojure compiled to Python).
A peer that is not installed, or that cannot run a workload, is reported as such.

Fresh programs: PtcRunner's five bench programs, each call with a text never seen before (a
comment line with a counter comes first), as an agent sends a new program every turn. A
repeated text hits ptclisp's reader/analyzer caches and is shown apart ("cached").
Data workloads: the same text every call on the same data (compile cost is negligible there).
Each round times every runner once, in turn, so load on a shared machine hits them alike;
the tables print medians over rounds, and each ratio is to CPython's median.
"""
from __future__ import annotations

import itertools
import os
import random
import statistics
import sys
import time

import ptclisp
from ptclisp import Limits, Session

# PtcRunner's own fresh runs on the BEAM on this class of machine (DESIGN.md)
BEAM_US = {"arithmetic": 38, "collection_hofs": 155, "map_string": 105, "closure_apply": 83,
           "context_filter": 64}
# PtcRunner's ratio to CPython compile+exec: the target for each fresh program
BEAM_RATIO = {"arithmetic": 3.3, "collection_hofs": 7.3, "map_string": 3.5, "closure_apply": 2.7,
              "context_filter": 3.7}

DATA_LIMITS = Limits(timeout=60.0)  # every default limit on, a deadline long enough for 100k maps
NO_LIMITS = Limits(timeout=None, max_steps=None, max_collection_size=None, max_print_chars=None,
                   regex_timeout=None, max_memory_mb=None, max_depth=100_000)


class Work:
    """One workload: the program in PTC-Lisp, Python and (for basilisp) Clojure, and its data."""

    def __init__(self, name, lisp, python, clj=None, data=None):
        self.name, self.lisp, self.python, self.clj = name, lisp, python, clj
        self.data = data or {}


def orders(n, seed=1):
    rnd = random.Random(seed)
    return [{"id": i, "total": rnd.randint(1, 100), "status": rnd.choice(["open", "paid"]),
             "customer": f"c{rnd.randint(1, 50)}"} for i in range(n)]


def items(n, seed=5):
    rnd = random.Random(seed)
    return [f"k{rnd.randint(0, 500)}" for _ in range(n)]


FRESH = [
    Work("arithmetic", "(+ 1 (* 2 3) (- 10 4) (* (+ 1 1) 5))",
         "1 + (2 * 3) + (10 - 4) + ((1 + 1) * 5)"),
    Work("collection_hofs", "(reduce + 0 (map (fn [x] (* x x)) (filter odd? (range 0 40))))",
         "sum(x * x for x in range(0, 40) if x % 2 == 1)"),
    Work("map_string",
         '(let [m {:a "alpha" :b "beta" :c "gamma"}] (clojure.string/join "," '
         '(map clojure.string/upper-case [(:a m) (:b m) (:c m)])))',
         'm = {"a": "alpha", "b": "beta", "c": "gamma"}\n'
         '",".join(s.upper() for s in [m["a"], m["b"], m["c"]])'),
    Work("closure_apply",
         "(let [mk (fn [x] (fn [y] (+ x y)))] (reduce + 0 (map (mk 10) [1 2 3 4 5])))",
         "def mk(x):\n    return lambda y: x + y\nsum(map(mk(10), [1, 2, 3, 4, 5]))"),
    Work("context_filter", "(->> data/orders (filter #(> (:total %) 20)) (map :total) (reduce + 0))",
         'sum(o["total"] for o in orders if o["total"] > 20)',
         data={"orders": orders(200)}),
]

_FMR = "(->> data/orders (filter #(> (:total %) 20)) (map :total) (reduce + 0))"
_FMR_PY = 'sum(o["total"] for o in orders if o["total"] > 20)'
DATA = [
    Work("filter/map/reduce 10k maps", _FMR, _FMR_PY, data={"orders": orders(10_000)}),
    Work("filter/map/reduce 100k maps", _FMR, _FMR_PY, data={"orders": orders(100_000)}),
    Work("map/filter chain 50k maps",
         "(->> data/orders (map :total) (filter even?) (map #(* % 3)) (remove #(< % 30)) (reduce + 0))",
         'sum(t * 3 for t in (o["total"] for o in orders) if t % 2 == 0 and t * 3 >= 30)',
         data={"orders": orders(50_000)}),
    Work("sort-by > 10k maps built",
         "(->> (range 10000) (map (fn [i] {:id i :total (mod (* i 7919) 10007)}))"
         " (sort-by :total >) (take 5) (mapv :id))",
         'rows = [{"id": i, "total": i * 7919 % 10007} for i in range(10000)]\n'
         '[o["id"] for o in sorted(rows, key=lambda o: o["total"], reverse=True)[:5]]'),
    Work("group-by + frequencies 20k",
         "[(count (group-by identity data/items)) (get (frequencies data/items) \"k7\")]",
         "groups = {}\nfor x in items:\n    groups.setdefault(x, []).append(x)\n"
         "freq = {}\nfor x in items:\n    freq[x] = freq.get(x, 0) + 1\n"
         '[len(groups), freq.get("k7")]',
         data={"items": items(20_000)}),
    Work("fib 20", "(defn fib [n] (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2))))) (fib 20)",
         "def fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2)\nfib(20)"),
    Work("assoc in reduce 20k",
         "(count (reduce (fn [m i] (assoc m i (* i i))) {} (range 20000)))",
         "m = {}\nfor i in range(20000):\n    m[i] = i * i\nlen(m)"),
    Work("vector assoc in reduce 20k",
         "(count (reduce (fn [v i] (assoc v i (* i i))) (vec (range 20000)) (range 20000)))",
         "v = list(range(20000))\nfor i in range(20000):\n    v[i] = i * i\nlen(v)"),
    Work("str/join 5k maps",
         '(count (clojure.string/join "," (map (fn [o] (str (:id o) ":" (:customer o))) data/orders)))',
         'len(",".join(f"{o[\'id\']}:{o[\'customer\']}" for o in orders))',
         data={"orders": orders(5_000)}),
    Work("loop/recur 1M", "(loop [i 0 acc 0] (if (< i 1000000) (recur (inc i) (+ acc i)) acc))",
         "acc = 0\nfor i in range(1000000):\n    acc += i\nacc"),
]


def _as_module(python: str) -> str:
    """Python source whose last line (an expression) is stored in `result`."""
    *body, last = python.split("\n")
    return "\n".join([*body, f"result = {last}"])


def _clojure(work: Work) -> str:
    return (work.clj or work.lisp).replace("data/", "")


# ---------------------------------------------------------------- runners

class Runner:
    """Runs workloads one way: subclasses define fresh(work, uid) and data(work), each
    returning one call's value as plain Python."""

    name = "?"
    note = ""

    def prepare(self, work: Work, fresh: bool) -> None:
        """Set-up outside the timings (sessions, data binding)."""


class CPython(Runner):
    name = "CPython"

    def prepare(self, work, fresh):
        self.code = compile(_as_module(work.python), "<bench>", "exec")

    def fresh(self, work, uid):
        env = dict(work.data)
        exec(compile(f"# run {uid}\n" + _as_module(work.python), "<bench>", "exec"), env)
        return env["result"]

    def data(self, work):
        env = dict(work.data)
        exec(self.code, env)
        return env["result"]


class PtcRun(Runner):
    """ptclisp.run(text, data=...): a new Session per call."""

    def __init__(self, name, limits=None, note=""):
        self.name, self.limits, self.note = name, limits, note

    def fresh(self, work, uid):
        return _value(ptclisp.run(f";; run {uid}\n{work.lisp}", data=work.data, limits=self.limits))

    def data(self, work):
        return _value(ptclisp.run(work.lisp, data=work.data, limits=self.limits))


class PtcSession(Runner):
    """One Session held across calls; unique texts unless cached."""

    def __init__(self, name, limits=None, cached=False, note=""):
        self.name, self.limits, self.cached, self.note = name, limits, cached, note

    def prepare(self, work, fresh):
        self.session = Session(data=work.data, limits=self.limits)

    def fresh(self, work, uid):
        text = work.lisp if self.cached else f";; run {uid}\n{work.lisp}"
        return _value(self.session.run(text))

    def data(self, work):
        return _value(self.session.run(work.lisp))


def _value(result):
    if result.error is not None:
        raise RuntimeError(result.error.render())
    return result.to_python()


class Smolagents(Runner):
    name = "smolagents"
    note = "LocalPythonExecutor, state held; default limits"

    def __init__(self):
        from smolagents.local_python_executor import LocalPythonExecutor
        self.make = lambda: LocalPythonExecutor(additional_authorized_imports=[])

    def prepare(self, work, fresh):
        self.ex = self.make()
        self.ex.send_tools({})
        self.ex.send_variables(dict(work.data))

    def fresh(self, work, uid):
        return self.ex(f"# run {uid}\n{work.python}").output

    def data(self, work):
        return self.ex(work.python).output


class Monty(Runner):
    name = "monty"
    note = "pydantic-monty: a held session in its worker process; data bound once"

    def __init__(self):
        import pydantic_monty
        self.pool = pydantic_monty.Monty()
        self.pool.__enter__()
        self.session = None

    def prepare(self, work, fresh):
        if self.session is not None:
            self.session.__exit__(None, None, None)
        self.session = self.pool.checkout()
        self.session.__enter__()
        self.session.feed_run("None", inputs=dict(work.data))

    def fresh(self, work, uid):
        return self.session.feed_run(f"# run {uid}\n{work.python}")

    def data(self, work):
        return self.session.feed_run(work.python)


class Basilisp(Runner):
    name = "basilisp"
    note = "Clojure compiled to Python; data converted to its maps once"

    def __init__(self):
        from basilisp import main as bmain
        from basilisp.cli import eval_str
        from basilisp.lang import compiler, runtime, symbol
        bmain.init(compiler.compiler_opts())
        self.ctx = compiler.CompilerContext(filename="<bench>", opts=compiler.compiler_opts())
        self.rt, self.sym, self.eval_str, self.eof = runtime, symbol, eval_str, object()
        self.bindings = runtime.ns_bindings("bench.user")
        self.ns = self.bindings.__enter__()
        self.ns.refer_all(runtime.Namespace.get(runtime.CORE_NS_SYM))
        self.eval("(require 'clojure.string)")

    def eval(self, text):
        return self.rt.to_py(self.eval_str(text, self.ctx, self.ns, self.eof))

    def prepare(self, work, fresh):
        for key, value in work.data.items():
            self.rt.Var.intern(self.ns, self.sym.symbol(key), self.rt.to_lisp(value))

    def fresh(self, work, uid):
        return self.eval(f";; run {uid}\n{_clojure(work)}")

    def data(self, work):
        return self.eval(_clojure(work))


def peers(without=()) -> list:
    """The peers that are installed (each failure to start is reported), less those named."""
    out = []
    for cls in (Smolagents, Monty, Basilisp):
        if cls.name in without:
            print(f"  ({cls.name} left out: --without)")
            continue
        try:
            out.append(cls())
        except Exception as exc:  # a missing optional peer is reported, not fatal
            print(f"  ({cls.name} not available: {type(exc).__name__}: {exc})")
    return out


# ---------------------------------------------------------------- measuring

def measure(works, runners, rounds, fresh: bool) -> dict:
    """{(work, runner): median seconds or an explanation string}, rounds interleaved."""
    uid = itertools.count(int(time.time() * 1000) % 10**9)
    out = {}
    for work in works:
        live, expected = [], None
        for r in runners:  # check every runner's value against CPython's first
            try:
                r.prepare(work, fresh)
                value = r.fresh(work, next(uid)) if fresh else r.data(work)
            except Exception as exc:  # a peer that cannot express or run the workload
                out[work.name, r.name] = f"cannot: {str(exc).splitlines()[0][:70]}"
                continue
            if r.name == "CPython":
                expected = value
            elif value != expected:
                out[work.name, r.name] = f"wrong value {str(value)[:40]}"
                continue
            live.append(r)
        samples = {r.name: [] for r in live}
        for i in range(rounds):
            order = live[i % len(live):] + live[:i % len(live)]
            for r in order:
                n = next(uid)
                t = time.perf_counter()
                if fresh:
                    r.fresh(work, n)
                else:
                    r.data(work)
                samples[r.name].append(time.perf_counter() - t)
        for name, s in samples.items():
            out[work.name, name] = statistics.median(s)
        print(f"  {work.name}: done", file=sys.stderr, flush=True)
    return out


def table(title, works, runners, results, unit, extra=None) -> str:
    scale, suffix = (1e6, "us") if unit == "us" else (1e3, "ms")
    head = ["workload"] + [r.name for r in runners] + (list(extra) if extra else [])
    lines = [f"### {title}", "", "| " + " | ".join(head) + " |",
             "|" + "---|" * len(head)]
    for work in works:
        base = results.get((work.name, "CPython"))
        cells = [work.name]
        for r in runners:
            v = results.get((work.name, r.name))
            if isinstance(v, float):
                ratio = f" ({v / base:.1f}x)" if isinstance(base, float) and r.name != "CPython" else ""
                cells.append(f"{v * scale:.1f} {suffix}{ratio}" if v * scale < 100
                             else f"{v * scale:.0f} {suffix}{ratio}")
            else:
                cells.append(str(v))
        if extra:
            cells += [f(work) for f in extra.values()]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def machine() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        cpu = "unknown cpu"
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (f"{cpu}, {os.cpu_count()} cores, Python {sys.version.split()[0]}, "
            f"load average {load:.2f} at the start")


def main(argv) -> None:
    quick = "--quick" in argv
    print(f"Machine: {machine()}\n")
    without = argv[argv.index("--without") + 1].split(",") if "--without" in argv else ()
    others = [] if "--no-peers" in argv else peers(without)
    if "--data-only" not in argv:
        runners = [CPython(), PtcRun("ptclisp run"), PtcSession("ptclisp session"),
                   PtcRun("ptclisp no limits", NO_LIMITS),
                   PtcSession("ptclisp isolated", Limits(isolation="process")),
                   *others, PtcSession("ptclisp cached", cached=True)]
        res = measure(FRESH, runners, 200 if quick else 1000, fresh=True)
        print(table("Fresh programs (unique text per call; median, ratio to CPython)", FRESH,
                    runners, res, "us",
                    {"PtcRunner (BEAM)": lambda w: f"{BEAM_US[w.name]} us ({BEAM_RATIO[w.name]}x)"}))
        print()
    if "--fresh-only" not in argv:
        runners = [CPython(), PtcSession("ptclisp", DATA_LIMITS),
                   PtcSession("ptclisp no limits", NO_LIMITS),
                   PtcSession("ptclisp isolated", Limits(timeout=60.0, isolation="process")),
                   *others]
        res = measure(DATA, runners, 3 if quick else 7, fresh=False)
        print(table("Data workloads (same text each call; median, ratio to CPython)", DATA,
                    runners, res, "ms"))


if __name__ == "__main__":
    main(sys.argv[1:])
