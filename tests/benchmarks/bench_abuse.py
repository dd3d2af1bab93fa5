"""One abusive tenant beside well-behaved ones (#36): the well-behaved clients' latency and errors
with and without the abuser, side by side, on the same replicas in one run.

    python tests/benchmarks/bench_abuse.py [--clients 6] [--calls 30] [--quick]

Everything runs on 127.0.0.1: a redis-server on a free port and two `ptclisp mcp --transport http
--session --session-store redis://...` replicas with tokens, the quotas set low and the
per-client limits on. Each well-behaved client is its own tenant (its own token) with its own
session, its calls spread over both replicas, each a small program that also counts the
session's calls; at the end it reads the count back (a count that is not its number of calls is
a lost session). The abuser, with one token, at the same time:
- amplifies saves: a long keyword referenced many times (a few KB held, megabytes saved);
- opens a new session id on every call, each keeping a big string;
- runs calls in parallel, many more than its concurrent-runs limit.
Phase 1 runs the well-behaved clients alone, phase 2 the same with the abuser; the table shows
both, then what the abuser got (answers by kind) and Redis' memory. Bounded: each phase must end
within --limit seconds.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

import anyio
import httpx2
import redis as redis_client

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "mcp_server"))
from service_harness import Redis, Replica, raw_call  # noqa: E402

LIMITS = ["--max-concurrent-runs", "2", "--calls-per-minute", "120", "--max-session-kb", "256",
          "--client-sessions", "16", "--client-store-mb", "2", "--store-mb", "64",
          "--timeout", "5"]
AMPLIFY = ('(def k (keyword (str/join (map (fn [_] "k") (range 20000))))) '
           "(def v (vec (map (fn [_] k) (range 1000))))")  # 20 MB if it were saved
BIG_SESSION = '(def s (str/join (map (fn [_] "x") (range 200000)))) (count s)'
PARALLEL = "(reduce + (range 300000))"


def program(i: int) -> str:
    return f"(def n (inc n)) (->> (range 20) (filter odd?) (map #(* % {i})) (reduce +))"


def expected(i: int) -> str:
    return str(sum(x * i for x in range(20) if x % 2))


async def good_client(http, ports, token: str, calls: int, out: dict) -> None:
    """One tenant's session: `calls` small calls, then its count read back."""
    sid = uuid.uuid4().hex
    try:
        if (await raw_call(http, ports[0], "(def n 0)", sid=sid, token=token))[0]:
            out["errors"] += 1
        for i in range(calls):
            t = time.perf_counter()
            try:
                is_error, text = await raw_call(http, ports[i % len(ports)], program(i),
                                                sid=sid, token=token)
            except Exception:  # noqa: BLE001 - counted, the load goes on
                is_error, text = True, ""
            out["latencies"].append(time.perf_counter() - t)
            if is_error or not text.startswith(expected(i)):
                out["errors"] += 1
        if await raw_call(http, ports[1 % len(ports)], "n", sid=sid, token=token) != (
                False, str(calls)):
            out["lost"] += 1
    except Exception:  # noqa: BLE001
        out["errors"] += 1
        out["lost"] += 1


async def abuser(http, ports, token: str, stop: anyio.Event, seen: dict) -> None:
    """Amplifying saves, a new session id per call, and parallel calls, until stop is set."""
    async def one(port, text, sid):
        try:
            is_error, answer = await raw_call(http, port, text, sid=sid, token=token)
            kind = "ok" if not is_error else _kind(answer)
        except Exception:  # noqa: BLE001
            kind = "transport error"
        seen[kind] = seen.get(kind, 0) + 1

    async def loop(make):
        i = 0
        while not stop.is_set():
            text, sid = make(i)
            await one(ports[i % len(ports)], text, sid)
            i += 1
    async with anyio.create_task_group() as tg:
        tg.start_soon(loop, lambda i: (AMPLIFY, "amplify"))
        tg.start_soon(loop, lambda i: (BIG_SESSION, uuid.uuid4().hex))
        for _ in range(8):
            tg.start_soon(loop, lambda i: (PARALLEL, uuid.uuid4().hex))


def _kind(answer: str) -> str:
    for kind in ("LimitExceeded", "SessionStoreError", "SessionBusy", "InternalError"):
        if kind in answer:
            for word in ("quota", "programs running", "calls in this minute", "saved as about",
                         "store is full"):
                if word in answer:
                    return f"{kind}: {word}"
            return kind
    return "other error"


async def phase(ports, tokens, calls: int, with_abuser: bool, limit: float) -> dict:
    out = {"latencies": [], "errors": 0, "lost": 0, "abuser": {}}
    stop = anyio.Event()
    async with httpx2.AsyncClient(timeout=httpx2.Timeout(120),
                                  limits=httpx2.Limits(max_connections=64)) as http:
        with anyio.fail_after(limit):
            async with anyio.create_task_group() as tg:
                if with_abuser:
                    tg.start_soon(abuser, http, ports, "abuser", stop, out["abuser"])
                    await anyio.sleep(1.0)  # the abuse is under way before the others start
                async with anyio.create_task_group() as good:
                    for token in tokens:
                        good.start_soon(good_client, http, ports, token, calls, out)
                stop.set()
    return out


def quantile(samples, q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--clients", type=int, default=6)
    p.add_argument("--calls", type=int, default=30, help="calls per well-behaved client")
    p.add_argument("--limit", type=float, default=600, help="seconds each phase may take")
    p.add_argument("--quick", action="store_true", help="3 clients x 10 calls")
    a = p.parse_args(argv)
    clients, calls = (3, 10) if a.quick else (a.clients, a.calls)
    tokens = [f"team-{i}" for i in range(clients)]
    env = {"PTCLISP_BENCH_TOKENS": ",".join(tokens + ["abuser"])}
    print(f"{clients} well-behaved tenants x {calls} calls, 2 replicas, one Redis, 127.0.0.1; "
          f"limits: {' '.join(LIMITS)}")
    with tempfile.TemporaryDirectory() as tmp:
        redis = Redis(Path(tmp)).start()
        args = ["--session", "--session-store", redis.url,
                "--auth-token-env", "PTCLISP_BENCH_TOKENS", *LIMITS]
        replicas = [Replica(*args, log=Path(tmp) / f"r{i}.log", env=env) for i in range(2)]
        ports = [r.port for r in replicas]
        conn = redis_client.Redis(port=redis.port)
        try:
            anyio.run(phase, ports, tokens[:1], 3, False, a.limit)  # warm-up
            alone = anyio.run(phase, ports, tokens, calls, False, a.limit)
            beside = anyio.run(phase, ports, tokens, calls, True, a.limit)
            used = conn.info("memory")
        finally:
            conn.close()
            for r in replicas:
                r.terminate()
            redis.stop()
    print(f"{'well-behaved clients':<28}{'calls':>7}{'p50 ms':>9}{'p99 ms':>9}{'max ms':>9}"
          f"{'errors':>8}{'lost':>6}")
    for name, r in (("alone", alone), ("beside the abuser", beside)):
        lat = r["latencies"]
        print(f"{name:<28}{len(lat):>7}{statistics.median(lat) * 1000:>9.1f}"
              f"{quantile(lat, 0.99) * 1000:>9.1f}{max(lat) * 1000:>9.1f}{r['errors']:>8}"
              f"{r['lost']:>6}")
    print("the abuser's answers:")
    for kind, n in sorted(beside["abuser"].items(), key=lambda kv: -kv[1]):
        print(f"  {n:>6}  {kind}")
    print(f"Redis memory after: {used['used_memory'] / 1e6:.1f} MB "
          f"(peak {used['used_memory_peak'] / 1e6:.1f} MB)")
    return 1 if beside["errors"] or beside["lost"] or alone["errors"] or alone["lost"] else 0


if __name__ == "__main__":
    sys.exit(main())
