"""Bytes that reach the model: one question over two MCP servers, answered by direct tool calls
versus by one lisp_eval program through `ptclisp mcp --upstreams` (docs/upstreams.md).

The question: how many open orders (shop, stdio) belong to gold customers of the south region
(crm, Streamable HTTP), and what do they total? Both servers are the test fixtures
(tests/upstream/fixture_server.py) with FIXTURE_ROWS generated rows. Both ways are driven by
the official MCP client; the answer is checked to be the same.

    python tests/benchmarks/bench_upstream_bytes.py [--rows 400]
"""
from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import anyio
import ptclisp
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client

HERE = Path(__file__).resolve().parent
SERVER = str(HERE.parent / "upstream" / "fixture_server.py")
PTCLISP = str(Path(sys.executable).with_name("ptclisp"))
PROGRAM = """(let [orders (:value (tool/call {:server "shop" :tool "list_orders"
                                      :args {:status "open" :limit 1000}}))
      south (->> (tool/call {:server "crm" :tool "list_accounts" :args {:tier "gold"}})
                 :value (filter #(= (:region %) "south")) (map :customer_id) set)
      hits (filter #(south (:customer_id %)) orders)]
  {:orders (count hits) :total (reduce + (map :total hits))})"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def texts(result) -> str:
    return "".join(c.text for c in result.content if c.type == "text")


async def direct(env: dict, crm_url: str):
    """The two tool results a model calling the tools itself gets, as text and structured."""
    shop = StdioServerParameters(command=sys.executable, args=[SERVER, "stdio"], env=env)
    async with stdio_client(shop) as (r, w), ClientSession(r, w) as s:
        await s.initialize()
        orders = await s.call_tool("list_orders", {"status": "open", "limit": 1000})
    async with streamable_http_client(crm_url) as streams, ClientSession(streams[0], streams[1]) as s:
        await s.initialize()
        accounts = await s.call_tool("list_accounts", {"tier": "gold"})
    return orders, accounts


async def program(env: dict, config: str):
    params = StdioServerParameters(command=PTCLISP, args=["mcp", "--upstreams", config], env=env)
    async with stdio_client(params) as (r, w), ClientSession(r, w) as s:
        await s.initialize()
        card = (await s.list_tools()).tools[0].description
        result = await s.call_tool("lisp_eval", {"program": PROGRAM})
        return card, result


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, default=400)
    rows = ap.parse_args().rows
    env = {**os.environ, "FIXTURE_ROWS": str(rows)}
    port = free_port()
    crm = subprocess.Popen([sys.executable, SERVER, "http", str(port), "crm"], env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(300):
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.1)
        url = f"http://127.0.0.1:{port}/mcp"
        orders, accounts = anyio.run(direct, env, url)
        with tempfile.TemporaryDirectory() as tmp:
            config = Path(tmp) / "upstreams.json"
            config.write_text(json.dumps({"upstreams": {
                "shop": {"transport": "mcp_stdio", "command": sys.executable, "args": [SERVER, "stdio"],
                         "env": {"FIXTURE_ROWS": str(rows)}, "description": "Orders of the shop."},
                "crm": {"transport": "mcp_http", "url": url, "allow_insecure_http": True,
                        "description": "Customer accounts."}}}))
            card, answer = anyio.run(program, env, str(config))
    finally:
        crm.terminate()
        crm.wait(10)
    open_orders = orders.structured_content["result"]
    south = {a["customer_id"] for a in accounts.structured_content["result"] if a["region"] == "south"}
    hits = [o for o in open_orders if o["customer_id"] in south]
    expected = {"orders": len(hits), "total": round(sum(o["total"] for o in hits), 2)}
    print(f"rows: {rows} orders, {rows // 4} accounts; expected answer {expected}")
    print(f"program's answer: {texts(answer)!r}")
    got = ptclisp.read_value(texts(answer).strip())
    assert got[ptclisp.kw("orders")] == expected["orders"], "the two ways disagree"
    assert abs(got[ptclisp.kw("total")] - expected["total"]) < 0.01, "the two ways disagree"
    size = lambda s: len(s.encode("utf-8"))  # noqa: E731
    d_text = size(texts(orders)) + size(texts(accounts))
    d_struct = (size(json.dumps(orders.structured_content)) + size(json.dumps(accounts.structured_content)))
    p_bytes = size(PROGRAM) + size(texts(answer))
    print("\nbytes that reach the model's context (tool results; the program, which the model writes)")
    print(f"{'':34}{'bytes':>10}{'~tokens (bytes/4)':>20}")
    print(f"{'direct: 2 tool results (text)':34}{d_text:>10}{d_text // 4:>20}")
    print(f"{'direct: 2 tool results (structured)':34}{d_struct:>10}{d_struct // 4:>20}")
    print(f"{'ptclisp: program + its result':34}{p_bytes:>10}{p_bytes // 4:>20}")
    print(f"{'  of which the result':34}{size(texts(answer)):>10}")
    print(f"\nratio direct(text) / ptclisp: {d_text / p_bytes:.1f}x")
    print(f"lisp_eval description with the catalog: {size(card)} bytes (sent once per conversation)")


if __name__ == "__main__":
    main()
