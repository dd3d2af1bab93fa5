"""Many sessions at once: threads and asyncio tasks in a fresh process, with a hang detector.

The default run is one short round. PTCLISP_STRESS_ROUNDS=100 runs a hundred fresh processes
(each 6 threads + 6 tasks x 40 runs) for the figures the concurrency notes quote.
"""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).with_name("stress_host.py")
ROUNDS = int(os.environ.get("PTCLISP_STRESS_ROUNDS", "1"))
HANG_AFTER = 120  # seconds: a round that takes longer has hung (faulthandler dumps the stacks)


def _round(seed: int, threads: int, tasks: int, runs: int) -> dict:
    proc = subprocess.run(
        [sys.executable, str(SCRIPT), "--threads", str(threads), "--tasks", str(tasks),
         "--runs", str(runs), "--seed", str(seed), "--hang-after", str(HANG_AFTER)],
        capture_output=True, text=True, timeout=HANG_AFTER + 60)
    lines = [line for line in proc.stdout.splitlines() if line.startswith("{")]
    assert lines, f"round {seed} died (exit {proc.returncode}):\n{proc.stderr[-3000:]}"
    counts = json.loads(lines[-1])
    assert proc.returncode == 0, f"round {seed}: {counts}\n{proc.stderr[-3000:]}"
    return counts


@pytest.mark.parametrize("seed", range(1, ROUNDS + 1))
def test_sessions_on_threads_and_tasks_end_exactly_as_expected(seed):
    big = ROUNDS > 1
    counts = _round(seed, threads=6 if big else 4, tasks=6 if big else 4, runs=40 if big else 15)
    assert counts["runs"] == (6 + 6) * 40 if big else (4 + 4) * 15
    assert (counts["wrong"], counts["internal"], counts["escaped"]) == (0, 0, 0), counts["problems"]
    assert counts["busy_refused"] == 1


def test_the_first_run_in_a_fresh_process_gets_its_whole_budget():
    # one-time set-up (grammar, scanners, registry tables) happens at import, not inside the
    # first run's clock: a 0.1 s run that needs ~1 ms succeeds first time (it lost ~150 ms
    # to building the grammar before)
    code = ("import ptclisp\n"
            "r = ptclisp.run('(->> (range 10) (map (fn [x] (* x x))) (filter even?) (reduce +))',"
            " limits=ptclisp.Limits(timeout=0.1))\n"
            "print(r.status, r.value)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.split() == ["ok", "120"], out.stderr
