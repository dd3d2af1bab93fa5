"""`ptclisp mcp` as a shared service under load: N concurrent MCP clients over Streamable HTTP
against one and two replicas sharing one Redis, with and without --isolation process (and one
replica with its sessions in memory, the yardstick).

    python tests/benchmarks/bench_service.py [--clients 8] [--calls 25] [--quick]

Everything runs on 127.0.0.1: a redis-server started on a free port under a temporary directory
and `ptclisp mcp --transport http --session --session-store redis://...` replicas. Each client is
the official MCP SDK's over its own MCP session, its requests spread over the replicas in turn
(no sticky routing); it makes `--calls` calls of a small program that also counts its calls in
the session (`(def n (inc n))`), then reads the count back: a session whose count is not the
number of its calls is a lost session. Prints calls per second, p50/p99 latency of a call, errors
and lost sessions per setup. Bounded: at most --clients x --calls calls per setup, and each
setup must finish within --limit seconds.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import anyio

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "mcp_server"))
from service_harness import Redis, Replica, call, mcp_session  # noqa: E402

CONTEXT = {"xs": list(range(20))}
SETUPS = [("memory", 1, False), ("redis", 1, False), ("redis", 2, False),
          ("memory", 1, True), ("redis", 1, True), ("redis", 2, True)]


def program(i: int) -> str:
    """A small program, new text each call, that also counts the session's calls."""
    return f"(def n (inc n)) (->> data/xs (filter odd?) (map #(* % {i})) (reduce +))"


def expected(i: int) -> str:
    return str(sum(x * i for x in range(20) if x % 2))


async def client(ports, calls: int, out: dict) -> None:
    """One MCP session making `calls` calls; latencies, errors and whether its count held."""
    try:
        async with mcp_session(ports) as (s, _):
            await s.list_tools()
            if (await call(s, "(def n 0)"))[0]:
                out["errors"] += 1
            for i in range(calls):
                t = time.perf_counter()
                try:
                    is_error, text = await call(s, program(i), CONTEXT)
                except Exception:  # noqa: BLE001 - counted, the load goes on
                    is_error, text = True, ""
                out["latencies"].append(time.perf_counter() - t)
                if is_error or not text.startswith(expected(i)):
                    out["errors"] += 1
            if await call(s, "n") != (False, str(calls)):
                out["lost"] += 1
    except Exception:  # noqa: BLE001 - a client that could not even connect
        out["errors"] += 1
        out["lost"] += 1


async def load(ports, clients: int, calls: int, limit: float) -> dict:
    out = {"latencies": [], "errors": 0, "lost": 0}
    t0 = time.perf_counter()
    with anyio.fail_after(limit):
        async with anyio.create_task_group() as tg:
            for _ in range(clients):
                tg.start_soon(client, ports, calls, out)
    out["seconds"] = time.perf_counter() - t0
    return out


def quantile(samples, q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def setup(store: str, logs: Path, replicas: int, isolation: bool, clients: int, calls: int,
          limit: float) -> dict:
    args = ["--session", "--session-store", store, "--timeout", "5"]
    if isolation:
        args += ["--isolation", "process"]
    started = [Replica(*args, log=logs / f"r{i}.log") for i in range(replicas)]
    try:
        anyio.run(load, [r.port for r in started], 2, 3, limit)  # warm-up (workers start)
        return anyio.run(load, [r.port for r in started], clients, calls, limit)
    finally:
        for r in started:
            r.terminate()


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--clients", type=int, default=8)
    p.add_argument("--calls", type=int, default=25, help="calls per client")
    p.add_argument("--limit", type=float, default=300, help="seconds each setup may take")
    p.add_argument("--quick", action="store_true", help="4 clients x 10 calls")
    a = p.parse_args(argv)
    clients, calls = (4, 10) if a.quick else (a.clients, a.calls)
    print(f"{clients} concurrent MCP clients x {calls} calls each, Streamable HTTP, "
          "sessions in one Redis, 127.0.0.1")
    print(f"{'setup':<32}{'calls/s':>9}{'p50 ms':>9}{'p99 ms':>9}{'errors':>8}{'lost':>6}")
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        redis = Redis(Path(tmp)).start()
        try:
            for store, replicas, isolation in SETUPS:
                url = redis.url if store == "redis" else "memory://"
                r = setup(url, Path(tmp), replicas, isolation, clients, calls, a.limit)
                lat = r["latencies"]
                name = f"{replicas} replica{'s' if replicas > 1 else ''}, {store}" + \
                    (", isolation" if isolation else "")
                print(f"{name:<32}{len(lat) / r['seconds']:>9.1f}"
                      f"{statistics.median(lat) * 1000:>9.1f}{quantile(lat, 0.99) * 1000:>9.1f}"
                      f"{r['errors']:>8}{r['lost']:>6}", flush=True)
                failed |= bool(r["errors"] or r["lost"])
        finally:
            redis.stop()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
