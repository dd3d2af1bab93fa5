"""The cost of the tool-call transport around a run.

    python tests/benchmarks/bench_transport.py [--quick]

Prints medians (microseconds) of: Session.run of a short program (a unique text per call, as in
a real conversation) against handle_response of a turn carrying the same program, per provider
shape; a native call of a cached tool (miss, then hit with its metadata preview) in combined mode.
"""
from __future__ import annotations

import json
import statistics
import sys
import time

from ptclisp import Session, Tool
from ptclisp.llm import handle_response


def rows(query: str) -> list:
    return [{"id": i, "level": "error" if i % 3 else "info", "query": query} for i in range(200)]


def median_us(fn, n: int) -> float:
    times = []
    for i in range(n):
        start = time.perf_counter()
        fn(i)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e6


def program(i: int) -> str:
    return f"(->> (range {i % 50 + 10}) (filter even?) (map #(* % {i})) (reduce +))"


def turn(provider: str, i: int):
    args = {"program": program(i)}
    if provider == "openai":
        return {"role": "assistant", "content": None, "tool_calls": [
            {"id": f"c{i}", "type": "function",
             "function": {"name": "lisp_eval", "arguments": json.dumps(args)}}]}
    if provider == "openai_responses":
        return [{"type": "function_call", "call_id": f"c{i}", "name": "lisp_eval",
                 "arguments": json.dumps(args)}]
    return {"role": "assistant", "content": [{"type": "tool_use", "id": f"c{i}",
                                              "name": "lisp_eval", "input": args}]}


def main(quick: bool):
    n = 300 if quick else 2_000
    session = Session()
    base = median_us(lambda i: session.run(program(i), final=False), n)
    print(f"Session.run of a short program: {base:8.1f} us")
    for provider in ("openai", "openai_responses", "anthropic"):
        t = median_us(lambda i: handle_response(turn(provider, i), session, provider=provider), n)
        print(f"handle_response ({provider:16}): {t:8.1f} us  (+{t - base:.1f} us)")
    combined = Session(tools=[Tool(rows, expose="both", cache=True)])

    def native(i, query):
        call = {"role": "assistant", "content": None, "tool_calls": [
            {"id": "c", "type": "function",
             "function": {"name": "rows", "arguments": json.dumps({"query": query(i)})}}]}
        handle_response(call, combined, mode="combined")

    miss = median_us(lambda i: native(i, lambda k: f"q{k}"), n)
    hit = median_us(lambda i: native(i, lambda k: "same"), n)
    print(f"native call of a cached tool, 200 rows, metadata preview: miss {miss:.1f} us, "
          f"hit {hit:.1f} us")


if __name__ == "__main__":
    main("--quick" in sys.argv)
