"""What a hostile upstream costs the host (docs/upstreams.md, "A hostile server's answers").

Against tests/upstream/hostile_stdio.py: one call answering 70,000 empty text blocks (time and
peak RSS growth, three calls), and the host's CPU (share of one core) while a flooding server
sits connected (stderr, small notifications, 500 KB notifications). Run it with another
checkout first on PYTHONPATH to compare (the figures in the docs are one such pair of runs).

    python tests/benchmarks/bench_upstream_hostile.py [--seconds 2]
"""
from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

import ptclisp
import ptclisp.upstream as U

SERVER = str(Path(__file__).resolve().parent.parent / "upstream" / "hostile_stdio.py")


def upstreams(*modes) -> U.Upstreams:
    return U.load({"upstreams": {"h": {"transport": "mcp_stdio", "command": sys.executable,
                                       "args": [SERVER, *modes]}},
                   "limits": {"call_timeout_ms": 20000, "max_response_bytes": 4_000_000}})


def peak_mb() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024


def blocks() -> None:
    with upstreams() as ups:
        session = ptclisp.Session(upstreams=ups, limits=ptclisp.Limits(max_wall=40))
        session.run('(tool/call {:server "h" :tool "ok"})')
        base = peak_mb()
        for i in range(3):
            start = time.perf_counter()
            r = session.run('(:reason (tool/call {:server "h" :tool "blocks" :args {:n 70000}}))')
            print(f"70,000 blocks, call {i}: {time.perf_counter() - start:.2f} s, "
                  f"peak RSS +{peak_mb() - base} MB, {r.value or 'ok'}")


def flood(mode: str, seconds: float) -> None:
    with upstreams(mode) as ups:
        session = ptclisp.Session(upstreams=ups)
        session.run('(tool/call {:server "h" :tool "ok"})')
        cpu, wall = time.process_time(), time.perf_counter()
        time.sleep(seconds)
        share = (time.process_time() - cpu) / (time.perf_counter() - wall)
        print(f"{mode} flood: the host used {share:.1%} of a core while connected, "
              f"{ups.connections['h'].bytes_read:,} message bytes read")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    blocks()
    for mode in ("stderr", "notify", "bignotify"):
        flood(mode, args.seconds)


if __name__ == "__main__":
    main()
