"""The missions of examples/missions played through pydantic-ai, one model turn per command.

A step mode like `ptclisp agent start/reply`, for a model (or a person) that sees exactly what
pydantic-ai sends and nothing else, with two variants side by side:
  lisp: Agent(capabilities=[LispMode()])   (pip install -e '.[pydantic-ai]')
  code: Agent(capabilities=[CodeMode()])   (pip install 'pydantic-ai-harness[code-mode]'),
        the data pasted into the task as JSON (CodeMode has no data channel)
  code-tool: the same CodeMode, the data behind a `data(name)` tool, as a host whose data is
        too big to paste would give it

    python tests/benchmarks/pydantic_ai_missions.py start --variant lisp --mission m01-gold-customers --state DIR
    python tests/benchmarks/pydantic_ai_missions.py reply --state DIR REPLY.json
    python tests/benchmarks/pydantic_ai_missions.py report DIR [DIR ...]
    python tests/benchmarks/pydantic_ai_missions.py tokens [--variant lisp|code]

Missions c01...c10 (#38) run over the company catalog of tests/benchmarks/company_catalog.py
(PTCLISP_CATALOG_SIZE tools, 150 by default) instead of examples/missions.

`start` and each `reply` print the request the model gets next: the instructions, the tools
(name, description, parameters) and the messages, as the provider would receive them. A reply
is a JSON file: {"tool": NAME, "args": {...}} (one call), {"calls": [{"tool": ..., "args": ...}]}
(several) or {"text": "..."} (a final text answer). The run is replayed from the start at every
step with the replies so far (the mission tools are deterministic). When the run ends, `reply`
prints the output and the counts; `report` prints a table of turns (model requests), error
turns (requests answering a retry) and input tokens (ptclisp.llm.estimate_tokens of every
request, about o200k tokens), with whether each answer is right. `tokens` prints the first
request's tokens per mission and their average (code only where pydantic-ai-harness is installed).
"""
from __future__ import annotations

import argparse
import warnings
import json
import sys
from pathlib import Path
from typing import Any, Optional

from pydantic_ai import Agent
from pydantic_ai.messages import ModelResponse, RetryPromptPart, TextPart, ToolCallPart
from pydantic_ai.models.function import AgentInfo, FunctionModel

from ptclisp.host import signatures as S
from ptclisp.llm import estimate_tokens

ROOT = Path(__file__).resolve().parents[2]
MISSIONS = ROOT / "examples" / "missions"
sys.path.insert(0, str(ROOT))
from examples.missions import tools as mission_tools  # noqa: E402

warnings.filterwarnings("ignore", "Could not generate return schema")  # TypedDict returns
_PRIMS = {"int": int, "float": float, "string": str, "bool": bool, "any": Any, "map": dict}


class _Pause(Exception):
    """The run needs a reply it does not have yet."""


def python_type(t):
    """A ptclisp signature type as a Python type pydantic validates."""
    kind = t[0]
    if kind == "prim":
        return _PRIMS.get(t[1], Any)
    if kind == "list":
        return list[python_type(t[1])]
    if kind == "opt":
        return Optional[python_type(t[1])]
    from typing_extensions import TypedDict
    return TypedDict("Answer", {str(n): python_type(x) for n, x in t[1]})


def mission(mission_id: str) -> dict:
    """A mission of examples/missions, or of the big company catalog (ids c01...: #38)."""
    for m in json.loads((MISSIONS / "missions.json").read_text(encoding="utf-8")) + _catalog_missions():
        if m["id"] == mission_id or m["id"].startswith(mission_id + "-"):
            return m
    raise SystemExit(f"no mission {mission_id}")


def _catalog_missions() -> list:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import company_catalog
    return [dict(m, needs=None) for m in company_catalog.MISSIONS]


def _catalog_tools() -> list:
    """The company catalog's first PTCLISP_CATALOG_SIZE tools (default 150) as pydantic-ai tools."""
    import os
    from pydantic_ai import Tool as PydanticTool
    import company_catalog
    from dataclasses import replace
    out = []
    for t in company_catalog.catalog(int(os.environ.get("PTCLISP_CATALOG_SIZE") or 150)):
        def call(_fn=t.fn, **kwargs):
            return _fn(kwargs)
        tool = PydanticTool.from_schema(call, name=t.name.replace("-", "_"),
                                        description=t.description, json_schema=t.schema)
        marks = {"return_schema": S.to_schema(t.returns) if t.returns else None,
                 "metadata": {"read_only": getattr(t, "read_only", None)}}

        async def prepare(ctx, tool_def, _marks=marks):  # the result's shape, read or write
            return replace(tool_def, **_marks)
        tool.prepare = prepare
        out.append(tool)
    return out


def build_agent(variant: str, m: dict, model) -> Agent:
    if "needs" in m:  # a company-catalog mission: 150 tools (PTCLISP_CATALOG_SIZE), no data
        return _catalog_agent(variant, m, model)
    data = json.loads((MISSIONS / m.get("data", "data.json")).read_text(encoding="utf-8"))
    output_type = python_type(S.parse_type(m["signature"])) if m["signature"] else Any
    if variant == "lisp":
        from ptclisp.integrations.pydantic_ai import LispMode
        capability, prompt = LispMode(data=data), m["mission"]
    else:
        from pydantic_ai_harness import CodeMode
        capability = CodeMode()  # CodeMode has no data channel: the data comes with the task
        prompt = m["mission"] + "\n\nData (JSON):\n" + json.dumps(data, separators=(",", ":"))
    agent = Agent(model, output_type=output_type, capabilities=[capability])
    if variant == "code-tool":
        prompt = m["mission"]
        agent.tool_plain(_data_tool(data))
    for fn in (mission_tools.get_orders, mission_tools.get_customer, mission_tools.exchange_rate):
        agent.tool_plain(fn)
    agent._ptc_prompt = prompt  # noqa: SLF001 (kept with the agent for the replay)
    return agent


def _catalog_agent(variant: str, m: dict, model) -> Agent:
    output_type = python_type(S.parse_type(m["signature"])) if m["signature"] else Any
    if variant == "lisp":
        from ptclisp.integrations.pydantic_ai import LispMode
        capability = LispMode()
    else:
        from pydantic_ai_harness import CodeMode
        capability = CodeMode()
    agent = Agent(model, output_type=output_type, capabilities=[capability],
                  tools=_catalog_tools())
    agent._ptc_prompt = m["mission"]  # noqa: SLF001
    return agent


def _data_tool(data: dict):
    """A `data(name)` tool over the missions' data sets, its description naming them."""
    def data_(name: str) -> Any:
        return data[name]
    data_.__name__ = "data"
    data_.__doc__ = ("The host's data set `name` (a JSON value), one of: " + ", ".join(data) + ".")
    return data_


def render(messages, info: AgentInfo) -> str:
    """A request as the provider gets it: instructions, tools, messages."""
    out = ["## instructions", (messages[-1].instructions or "") if messages else "", "## tools"]
    for t in info.function_tools + info.output_tools:
        out.append(json.dumps({"name": t.name, "description": t.description,
                               "parameters": t.parameters_json_schema}, ensure_ascii=False))
    out.append("## messages")
    for msg in messages:
        for part in msg.parts:
            content = getattr(part, "content", None)
            if isinstance(part, ToolCallPart):
                content = {"tool": part.tool_name, "args": part.args_as_dict()}
            elif isinstance(part, RetryPromptPart):
                content = part.model_response()
            out.append(f"[{part.part_kind}] " + (content if isinstance(content, str)
                                                 else json.dumps(content, default=str)))
    return "\n".join(out)


def replay(state: dict) -> dict:
    """Run the mission with the replies so far; the next request, or the end of the run."""
    m, replies, seen = mission(state["mission"]), state["replies"], []

    def model(messages, info: AgentInfo) -> ModelResponse:
        seen.append((render(messages, info), _answers_retry(messages)))
        if len(seen) > len(replies):
            raise _Pause
        return _response(replies[len(seen) - 1], len(seen))

    agent = build_agent(state["variant"], m, FunctionModel(model))
    try:
        output = agent.run_sync(agent._ptc_prompt).output  # noqa: SLF001
    except _Pause:
        return {"done": False, "request": seen[-1][0]}
    except Exception as e:  # the run failed (retries exhausted...): that ends the mission
        output = f"run failed: {type(e).__name__}: {e}"
    return {"done": True, "output": _plain(output), "right": right(_plain(output), m),
            "turns": len(seen), "error_turns": sum(1 for _, r in seen if r),
            "input_tokens": sum(estimate_tokens(text) for text, _ in seen)}


def _answers_retry(messages) -> bool:
    parts = messages[-1].parts if messages else ()
    return any(isinstance(p, RetryPromptPart) or getattr(p, "outcome", None) == "retried"
               for p in parts)


def _response(reply: dict, n: int) -> ModelResponse:
    if "text" in reply:
        return ModelResponse(parts=[TextPart(reply["text"])])
    calls = reply.get("calls") or [reply]
    return ModelResponse(parts=[ToolCallPart(c["tool"], c.get("args", {}), tool_call_id=f"t{n}-{i}")
                                for i, c in enumerate(calls)])


def _plain(value):
    return json.loads(json.dumps(value, default=str))


def right(output, m: dict) -> bool:
    """Whether the output is the mission's expected answer (floats to 0.01)."""
    expected = m["expected"]
    if m.get("status") == "failed":
        return isinstance(output, str) and expected.lower() in output.lower()
    return _same(output, expected)


def _same(a, b) -> bool:
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool):
        return abs(a - b) <= 0.01
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return a == b


def _save(directory: Path, state: dict, result: dict) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "state.json").write_text(json.dumps({**state, "result": result}, indent=1),
                                          encoding="utf-8")


def _show(result: dict) -> None:
    if result["done"]:
        print(json.dumps({k: v for k, v in result.items() if k != "done"}, ensure_ascii=False))
    else:
        print(result["request"])


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("start")
    s.add_argument("--variant", choices=("lisp", "code", "code-tool"), required=True)
    s.add_argument("--mission", required=True)
    s.add_argument("--state", required=True, type=Path)
    r = sub.add_parser("reply")
    r.add_argument("--state", required=True, type=Path)
    r.add_argument("reply", type=Path)
    rep = sub.add_parser("report")
    rep.add_argument("states", nargs="+", type=Path)
    tok = sub.add_parser("tokens")
    tok.add_argument("--variant", choices=("lisp", "code", "code-tool"), action="append")
    args = p.parse_args(argv)
    if args.command == "report":
        return report(args.states)
    if args.command == "tokens":
        return tokens(args.variant or ["lisp", "code"])
    if args.command == "start":
        state = {"variant": args.variant, "mission": mission(args.mission)["id"], "replies": []}
    else:
        state = json.loads((args.state / "state.json").read_text(encoding="utf-8"))
        if state.get("result", {}).get("done"):
            raise SystemExit("this run has ended")
        state["replies"].append(json.loads(args.reply.read_text(encoding="utf-8")))
    result = replay(state)
    _save(args.state, state, result)
    _show(result)
    return 0


def report(states: list[Path]) -> int:
    """A markdown table of ended runs, with totals per variant."""
    rows, totals = [], {}
    for d in states:
        st = json.loads((d / "state.json").read_text(encoding="utf-8"))
        res = st.get("result", {})
        if not res.get("done"):
            continue
        rows.append(f"| {st['mission']} | {st['variant']} | {res['turns']} | {res['error_turns']} "
                    f"| {res['input_tokens']:,} | {'yes' if res['right'] else 'no'} |")
        t = totals.setdefault(st["variant"], [0, 0, 0, 0, 0])
        for i, v in enumerate((1, res["turns"], res["error_turns"], res["input_tokens"], res["right"])):
            t[i] += v
    print("| mission | variant | turns | error turns | input tokens | right |\n|---|---|---:|---:|---:|---|")
    print("\n".join(rows))
    for variant, (n, turns, errors, tokens, ok) in sorted(totals.items()):
        print(f"| **{variant}** ({n} missions) | | {turns / n:.2f} avg | {errors} | "
              f"{tokens / n:,.0f} avg | {ok}/{n} |")
    return 0


def first_request(variant: str, mission_id: str) -> str:
    """The first request the model gets for a mission."""
    return replay({"variant": variant, "mission": mission_id, "replies": []})["request"]


def tokens(variants: list[str]) -> int:
    """A markdown table of the first request's tokens per mission, with the average."""
    ids = [m["id"] for m in json.loads((MISSIONS / "missions.json").read_text(encoding="utf-8"))]
    shown = []
    for v in variants:
        try:
            shown.append((v, {i: estimate_tokens(first_request(v, i)) for i in ids}))
        except ImportError as e:  # code needs pydantic-ai-harness
            print(f"({v}: skipped, {e})")
    print("| mission | " + " | ".join(v for v, _ in shown) + " |\n|---|" + "---:|" * len(shown))
    for i in ids:
        print(f"| {i} | " + " | ".join(f"{c[i]:,}" for _, c in shown) + " |")
    averages = [f"{sum(c.values()) / len(c):,.0f}" for _, c in shown]
    print("| **average** | " + " | ".join(averages) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
