"""What the agent loop costs on top of the programs it runs, with a scripted model.

    python tests/benchmarks/bench_agent.py [--quick]

Prints medians of: a whole 3-turn Agent.run (start: system prompt and context; each turn:
extraction or handle_response, the run, feedback, trace), the same programs run directly in a
Session (the floor), and the difference per turn. Each call's programs are new texts (a counter
in a comment), so no reader cache hides the per-turn work.
"""
from __future__ import annotations

import itertools
import statistics
import sys
import time

import ptclisp

ORDERS = [{"id": i, "customer_id": i % 7, "total": float(i % 50)} for i in range(200)]
PROGRAMS = ["(def big (filter #(> (:total %) 20) data/orders)) ;; {n}",
            "(println (count big)) ;; {n}",
            "(return {{:total (reduce + (map :total big))}}) ;; {n}"]
_count = itertools.count()


def _programs():
    n = next(_count)
    return [p.format(n=n) for p in PROGRAMS]


def agent_run(transport: str) -> float:
    programs = _programs()
    if transport == "content":
        replies = [f"```clojure\n{p}\n```" for p in programs]
    else:
        replies = [{"role": "assistant", "content": None, "tool_calls": [
            {"id": f"c{i}", "type": "function",
             "function": {"name": "lisp_eval", "arguments": ptclisp.llm.results.to_json(
                 {"program": p})}}]} for i, p in enumerate(programs)]
    agent = ptclisp.Agent(llm=lambda m, t: replies.pop(0), data={"orders": ORDERS},
                          transport=transport)
    start = time.perf_counter()
    result = agent.run("total of the big orders")
    elapsed = time.perf_counter() - start
    assert result.ok, result.message
    return elapsed


def session_run(_transport: str) -> float:
    session = ptclisp.Session(data={"orders": ORDERS})
    start = time.perf_counter()
    for p in _programs():
        session.run(p, final=False)
    return time.perf_counter() - start


def median_ms(fn, transport: str, repeat: int) -> float:
    fn(transport)  # warm-up
    return statistics.median(fn(transport) for _ in range(repeat)) * 1000


def main() -> None:
    repeat = 20 if "--quick" in sys.argv else 200
    print(f"| transport | Agent.run, 3 turns | programs alone | loop overhead per turn |")
    print("|---|---:|---:|---:|")
    for transport in ("content", "tool_call"):
        whole = median_ms(agent_run, transport, repeat)
        floor = median_ms(session_run, transport, repeat)
        print(f"| {transport} | {whole:.2f} ms | {floor:.2f} ms | {(whole - floor) / 3:.2f} ms |")


if __name__ == "__main__":
    main()
