"""`ptclisp mcp` over stdio with the official MCP client: start-up and per-call round trips.

    python tests/benchmarks/bench_mcp.py [--quick]

Prints medians of a lisp_eval round trip (client -> server -> Session.run -> client) for a unique
short program per call (no cache hits), stateless, with --session and with --isolation process,
beside the same program run in-process (`ptclisp.run`) as the yardstick; and the time from
spawning the server to an answered `initialize`.
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

import ptclisp

REPEAT = 200
MODES = {"stateless": [], "session": ["--session"], "isolation process": ["--isolation", "process"]}


def _command(args):
    script = Path(sys.executable).with_name("ptclisp")
    prefix = [str(script)] if script.exists() else [sys.executable, "-m", "ptclisp.cli"]
    return StdioServerParameters(command=prefix[0], args=[*prefix[1:], "mcp", *args])


def program(i: int) -> str:
    return f"(->> data/xs (filter odd?) (map #(* % {i})) (reduce +))"


CONTEXT = {"xs": list(range(20))}


async def measure(args, repeat: int):
    """(start-up seconds, [round-trip seconds]) for one server."""
    t0 = time.perf_counter()
    async with stdio_client(_command(args)) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            startup = time.perf_counter() - t0
            for i in range(5):  # warm-up (a worker process starts on the first isolated call)
                await session.call_tool("lisp_eval", {"program": program(-i), "context": CONTEXT})
            samples = []
            for i in range(repeat):
                t = time.perf_counter()
                result = await session.call_tool("lisp_eval",
                                                 {"program": program(i), "context": CONTEXT})
                samples.append(time.perf_counter() - t)
                assert not result.is_error, result.content[0].text
    return startup, samples


def in_process(repeat: int) -> list:
    samples = []
    for i in range(repeat):
        t = time.perf_counter()
        ptclisp.run(program(10_000 + i), data=CONTEXT)
        samples.append(time.perf_counter() - t)
    return samples


def main():
    repeat = 30 if "--quick" in sys.argv else REPEAT
    base = statistics.median(in_process(repeat))
    print(f"in-process ptclisp.run (fresh text):  {base * 1e6:8.0f} us")
    for name, args in MODES.items():
        startup, samples = anyio.run(measure, args, repeat)
        med = statistics.median(samples)
        print(f"mcp {name:18s} round trip: {med * 1e6:8.0f} us  (x{med / base:.0f} of in-process)"
              f"   start-up to initialize: {startup:.2f} s")


if __name__ == "__main__":
    main()
