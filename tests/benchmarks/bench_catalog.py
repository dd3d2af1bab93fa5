"""Big catalogs (#38): the first request's tokens through each door at 20, 150 and 500 tools, and
the ranking's recall on the missions of company_catalog.py.

    PYTHONPATH=$PWD python tests/benchmarks/bench_catalog.py [--sizes 20 150 500] [--budget N]

Doors (what the model is first sent, ptclisp.llm.estimate_tokens, about o200k):
  agent        ptclisp's Agent, content transport: system prompt + first user message
  agent-tool   the Agent with the tool_call transport (+ lisp_eval's description)
  pydantic-ai  LispMode: instructions + lisp_eval's description (ranked by the run's prompt) + prompt
  openai/lc    OpenAI Agents / LangChain lisp_tool built without the mission: the same texts
  mcp          the MCP server's lisp_eval description + the mission as the client's message
  upstream     `ptclisp prompt` with the tools as one upstream server (the upstream catalog)
Recall: per mission, the share of its steps (`needs`) with a tool among those the first request
shows in full, and among the ranking's top 3 / 5 / 8; a step counts when any one of its
alternatives is there.

Run it against another checkout (e.g. main before #38) with that checkout first on PYTHONPATH:
doors that do not take a mission or a budget there are measured as they are.
"""
from __future__ import annotations

import argparse
import inspect
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import company_catalog as CC  # noqa: E402
from ptclisp import Limits, Session  # noqa: E402
from ptclisp.llm import context_message, estimate_tokens, system_prompt  # noqa: E402
from ptclisp.llm.lisp_tool import tool_description as lisp_eval_card  # noqa: E402
from ptclisp.mcp.description import describe  # noqa: E402


def _call(fn, *args, **kwargs):
    """fn with the keyword arguments it takes (an older checkout takes fewer)."""
    params = inspect.signature(fn).parameters
    return fn(*args, **{k: v for k, v in kwargs.items() if k in params})


def agent(tools, mission, budget, transport="content"):
    session = Session(tools=tools)
    text = system_prompt(transport=transport) + _call(context_message, session, mission,
                                                      transport=transport, catalog_budget=budget)
    return text + (_call(lisp_eval_card, taught=True) if transport == "tool_call" else "")


def integration(tools, mission, budget, ranked=True):
    from ptclisp.integrations import common
    desc = _call(common.tool_description, tools, mission=mission if ranked else None,
                 catalog_budget=budget)
    return common.instructions() + desc + mission


def mcp(tools, mission, budget):
    return _call(describe, tools, Limits(), catalog_budget=budget) + mission


def upstream(tools, mission, budget):
    from ptclisp.upstream import catalog as C
    fields = inspect.signature(C.ToolInfo).parameters
    infos = [C.ToolInfo("company", t.name.replace("-", "_"), t.description, t.schema,
                        **({"read_only": t.read_only} if "read_only" in fields else {}))
             for t in tools]
    text = _call(C.catalog_text, {"company": infos}, {"company": "The company API."},
                 mission=mission, budget=budget)
    return system_prompt(catalog=text) + mission


DOORS = {"agent": agent, "agent-tool": lambda t, m, b: agent(t, m, b, "tool_call"),
         "pydantic-ai": integration, "openai/lc": lambda t, m, b: integration(t, m, b, False),
         "mcp": mcp, "upstream": upstream}


def tokens_table(sizes, budget) -> None:
    print("| door | " + " | ".join(f"{n} tools" for n in sizes) + " |")
    print("|---|" + "---:|" * len(sizes))
    for name, door in DOORS.items():
        row = []
        for n in sizes:
            tools = CC.catalog(n)
            counts = [estimate_tokens(door(tools, m["mission"], budget)) for m in CC.MISSIONS]
            row.append(f"{statistics.mean(counts):,.0f} (max {max(counts):,})")
        print(f"| {name} | " + " | ".join(row) + " |")


def recall_table(sizes, budget) -> None:
    try:
        from ptclisp.core.ranking import Ranker
        from ptclisp.host.catalog import select, tool_entry
    except ImportError:
        print("no ranking in this checkout: every tool is in full")
        return
    print("\n| tools | mission | in full | top 3 | top 5 | top 8 |\n|---:|---|---:|---:|---:|---:|")
    totals = {}
    for n in sizes:
        tools = CC.catalog(n)
        entries = [tool_entry(t, t.signature_text) for t in tools]
        for m in CC.MISSIONS:
            full = {e.name for e in select(entries, m["mission"], budget).full}
            ranker = Ranker((t.name, t.name, t.description or "", [p.name for p in t.params])
                            for t in tools)
            ranked = ranker.rank(m["mission"])
            shown = {"full": full, 3: set(ranked[:3]), 5: set(ranked[:5]), 8: set(ranked[:8])}
            found = {k: sum(1 for need in m["needs"] if need & v) / len(m["needs"])
                     for k, v in shown.items()}
            for k, v in found.items():
                totals.setdefault((n, k), []).append(v)
            print(f"| {n} | {m['id']} | {found['full']:.2f} | {found[3]:.2f} | {found[5]:.2f} | "
                  f"{found[8]:.2f} |")
    print("\n| tools | in full | top 3 | top 5 | top 8 |\n|---:|---:|---:|---:|---:|")
    for n in sizes:
        print(f"| {n} | " + " | ".join(f"{statistics.mean(totals[(n, k)]):.2f}"
                                       for k in ("full", 3, 5, 8)) + " |")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[20, 150, 500])
    ap.add_argument("--budget", type=int, default=None, help="catalog budget (default: ptclisp's)")
    args = ap.parse_args()
    tokens_table(args.sizes, args.budget)
    recall_table([n for n in args.sizes if n >= 150] or args.sizes, args.budget)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
