"""Start-up: `import ptclisp` and the first runs in a fresh process.

    python tests/benchmarks/bench_startup.py [--rounds N] [--tree DIR --tree DIR2 ...]

Each round starts a new Python process that times `import ptclisp` (every one-time set-up
included: the reader's scanners, the builtin registry), then its first and second runs of a
small program. Prints medians over the rounds. With `--tree` (repeatable), the ptclisp of each
checkout is run (as PYTHONPATH) and their processes alternate, so two versions are compared in
one run. Bytecode caching is left on (a process with
PYTHONDONTWRITEBYTECODE=1 and no __pycache__ compiles every module: about twice as long).
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys

PROBE = """
import time
t0 = time.perf_counter()
import ptclisp
t1 = time.perf_counter()
ptclisp.run('(+ 1 2)')
t2 = time.perf_counter()
ptclisp.run('(* 2 3)')
t3 = time.perf_counter()
print((t1 - t0) * 1e3, (t2 - t1) * 1e3, (t3 - t2) * 1e3)
"""


def _probe(env: dict) -> list[float]:
    """One fresh process: [import ms, first run ms, second run ms]."""
    out = subprocess.run([sys.executable, "-c", PROBE], env=env, check=True,
                         capture_output=True, text=True).stdout
    return [float(x) for x in out.split()]


def main(rounds: int, trees: list[str]) -> None:
    """Medians over rounds; with several trees, their processes alternate in each round."""
    base = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    envs = {tree: {**base, "PYTHONPATH": tree} if tree else base for tree in trees}
    for env in envs.values():
        _probe(env)  # bytecode written, files cached
    rows: dict[str, list] = {tree: [] for tree in trees}
    for _ in range(rounds):
        for tree, env in envs.items():
            rows[tree].append(_probe(env))
    for tree in trees:
        imp, first, second = (statistics.median(c) for c in zip(*rows[tree]))
        if tree:
            print(f"{tree}:")
        print(f"import ptclisp   {imp:8.1f} ms   (median of {rounds} processes)")
        print(f"first run        {first:8.2f} ms")
        print(f"second run       {second:8.2f} ms")


if __name__ == "__main__":
    n = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else 15
    # --tree DIR (repeatable): run the ptclisp checked out in DIR, alternating with the others
    given = [sys.argv[i + 1] for i, a in enumerate(sys.argv) if a == "--tree"]
    main(n, given or [""])
