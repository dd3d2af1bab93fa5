"""Time, peak memory and host freeze of the attacks of the second hostile review (issue 15).

    python tests/benchmarks/bench_hostile.py [NAME ...] [--cap SECONDS]

Each attack runs in a fresh Python process (so peak memory is its own) next to a heartbeat
thread that wakes every 10 ms; the longest gap between beats is how long the host was frozen.
A process still running after --cap seconds (default 60) is killed and reported as such.
Prints one line per attack: wall time, longest heartbeat gap, peak resident growth, outcome.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

CHILD = r'''
import json, os, subprocess, sys, threading, time
import ptclisp
from ptclisp import Limits, Session, format_value, run

def rss_mb(field="VmRSS"):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field):
                return int(line.split()[1]) / 1024
    return 0.0

gap = [0.0]
stop = [False]
def beat():
    last = time.perf_counter()
    while not stop[0]:
        time.sleep(0.01)
        now = time.perf_counter()
        gap[0] = max(gap[0], now - last)
        last = now

SHARED = "(loop [x [1] i 0] (if (< i 60) (recur [x x] (inc i)) x))"
DEEP = "(loop [x [] i 0] (if (< i 100000) (recur [x] (inc i)) x))"
BIGS = '(def s (str/join "" (mapv (fn [_] "x") (range 1000000)))) (def v (mapv (fn [_] s) (range 3000)))'

def outcome(r):
    if r.error is None:
        return f"{r.status} {format_value(r.value, max_chars=60)}"
    return f"{r.error.kind} {getattr(r.error, 'limit', '') or ''} {r.error.message[:90]}"

def host_call(fn):
    try:
        v = fn()
        return f"returned {type(v).__name__} ({len(v) if hasattr(v, '__len__') else ''})"
    except Exception as e:  # what the host sees
        return f"raised {type(e).__name__}: {str(e)[:90]}"

def attack(name):
    if name == "1-frequencies":
        return outcome(run("(count (frequencies (mapv (fn [i] (* i 2305843009213693951)) (range 40000))))"))
    if name == "1-set":
        return outcome(run("(count (set (mapv (fn [i] (* i 2305843009213693951)) (range 40000))))"))
    if name == "1-group-by":
        return outcome(run("(count (group-by identity (mapv (fn [i] (* i 2305843009213693951)) (range 40000))))"))
    if name == "2-to_python-shared":
        r = run(SHARED)
        t = time.perf_counter(); out = host_call(r.to_python)
        return out + f" in {time.perf_counter() - t:.2f} s"
    if name == "2-format-shared":
        r = run(SHARED)
        return host_call(lambda: format_value(r.value))
    if name == "2-to_python-deep":
        r = run(DEEP, limits=Limits(timeout=5))
        return host_call(r.to_python)
    if name == "2-format-deep":
        r = run(DEEP, limits=Limits(timeout=5))
        return host_call(lambda: format_value(r.value))
    if name in ("2-cli-json-shared", "2-cli-text-shared", "2-cli-json-deep"):
        prog = DEEP if name.endswith("deep") else SHARED
        args = [sys.executable, "-m", "ptclisp.cli", "run", "-e", prog]
        if "json" in name:
            args.append("--json")
        p = subprocess.run(args, capture_output=True, text=True, timeout=CAP)
        err = p.stderr.strip().splitlines()
        return f"exit {p.returncode}, stdout {len(p.stdout)} chars, stderr: {err[-1][:90] if err else ''}"
    if name == "3-tool-at-depth":
        cut = []
        ledger = []
        def deep_step(n):
            return 0 if n == 0 else 1 + deep_step(n - 1)
        def transfer():
            ledger.append("debit")
            deep_step(400)  # the host's own work needs some stack
            ledger.append("credit")
            return "done"
        s = Session(tools={"transfer": transfer}, limits=Limits(timeout=10))
        half = 0
        for d in range(0, 1200, 4):
            ledger.clear()
            r = s.run(f"(defn f [n] (if (= n 0) (tool/transfer) (inc (f (dec n))))) (f {d})")
            if ledger == ["debit"]:
                half += 1
                cut.append(d)
        return f"tool cut short at {half} of 300 depths (first {cut[:3]})"
    if name == "4-apply-str":
        s = Session(limits=Limits(max_memory_mb=256, timeout=5)); assert s.run(BIGS).ok
        return outcome(s.run("(count (apply str v))"))
    if name == "4-apply-format":
        s = Session(limits=Limits(max_memory_mb=256, timeout=5)); assert s.run(BIGS).ok
        return outcome(s.run('(count (apply format (str/join "" (mapv (fn [_] "%s") (range 3000))) v))'))
    if name == "4-apply-println":
        s = Session(limits=Limits(max_memory_mb=256, max_print_chars=None, timeout=5)); assert s.run(BIGS).ok
        return outcome(s.run("(apply println v)"))
    if name == "5-pmap-memory":
        prog = ('(let [s (str/join "" (mapv (fn [_] "x") (range 900000)))] (pmap (fn [k] '
                '(loop [acc [] j 0] (recur (conj acc (str s j)) (inc j)))) [1 2]))')
        return outcome(run(prog, limits=Limits(timeout=6, max_memory_mb=256)))
    if name == "6-session-growth":
        s = Session(limits=Limits(timeout=5))
        oks = 0
        for i in range(20):
            r = s.run(f"(def v{i} (vec (range 1000000))) nil")
            oks += r.error is None
        return f"{oks} of 20 runs committed, memory of {len(s.memory)} defs"
    if name == "6-isolated-big-memory":
        s = Session(limits=Limits(isolation="process", timeout=5))
        s.run("nil")
        s.memory["big"] = list(range(5_000_000))
        took = []
        for _ in range(4):
            t = time.perf_counter(); r = s.run("(+ 1 2)"); took.append(time.perf_counter() - t)
        return outcome(r) + "; (+ 1 2) took " + ", ".join(f"{x:.2f}" for x in took) + " s"
    if name == "7-tool-error-text":
        class Db:
            dsn = "postgres://app:s3cret@db/prod"
            def lookup(self, id):
                raise ValueError(f"bad id for {self.dsn} via {self!r}")
        return outcome(run("(tool/lookup {:id 1})", tools={"lookup": Db().lookup}))
    if name == "8-format-bigint":
        return outcome(run('(format "%d" (reduce * (range 1 3000)))'))
    if name == "8-json-bigint":
        return outcome(run("(json/generate-string (reduce * (range 1 100)))"))
    if name == "8-range-1e300":
        return outcome(run("(range 1e300)"))
    raise SystemExit(f"unknown attack {name}")

NAME, CAP = sys.argv[1], float(sys.argv[2])
base = rss_mb()
threading.Thread(target=beat, daemon=True).start()
time.sleep(0.05)
t0 = time.perf_counter()
text = attack(NAME)
dt = time.perf_counter() - t0
stop[0] = True
print(json.dumps({"time": dt, "gap": gap[0], "peak": rss_mb("VmHWM") - base, "outcome": text}))
'''

ATTACKS = ["1-frequencies", "1-set", "1-group-by", "2-to_python-shared", "2-format-shared",
           "2-to_python-deep", "2-format-deep", "2-cli-json-shared", "2-cli-text-shared",
           "2-cli-json-deep", "3-tool-at-depth", "4-apply-str", "4-apply-format",
           "4-apply-println", "5-pmap-memory", "6-session-growth", "6-isolated-big-memory",
           "7-tool-error-text", "8-format-bigint", "8-json-bigint", "8-range-1e300"]


def measure(name: str, cap: float) -> str:
    """One attack in a fresh process: its report line."""
    p = subprocess.Popen([sys.executable, "-c", CHILD, name, str(cap)], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, start_new_session=True)
    start, hwm = time.perf_counter(), 0.0
    while p.poll() is None and time.perf_counter() - start < cap:
        hwm = max(hwm, _hwm_mb(p.pid))
        time.sleep(0.05)
    if p.poll() is None:
        os.killpg(p.pid, signal.SIGKILL)  # the attack and any CLI process it started
        p.wait()
        return f"{name:24s} killed after {cap:.0f} s (peak resident {hwm:.0f} MB, still running)"
    out, err = p.communicate()
    try:
        d = json.loads(out.strip().splitlines()[-1])
    except (IndexError, ValueError):
        tail = (err.strip().splitlines() or ["?"])[-1]
        return f"{name:24s} died after {time.perf_counter() - start:.1f} s: {tail[:100]}"
    return (f"{name:24s} {d['time']:7.2f} s  freeze {d['gap']:6.2f} s  peak +{d['peak']:7.0f} MB  "
            f"{d['outcome']}")


def _hwm_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def main():
    args = sys.argv[1:]
    cap = 60.0
    if "--cap" in args:
        i = args.index("--cap")
        cap = float(args[i + 1])
        del args[i:i + 2]
    for name in args or ATTACKS:
        print(measure(name, cap), flush=True)


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    main()
