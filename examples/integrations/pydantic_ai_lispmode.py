"""LispMode in a pydantic-ai agent: the agent's tools called from PTC-Lisp programs.

Runs without a provider: FunctionModel plays a model that writes one program with an error,
then a corrected one that returns. With a real model, pass e.g. "openai:gpt-5" instead.

    pip install -e '.[pydantic-ai]' && python examples/integrations/pydantic_ai_lispmode.py
"""
from __future__ import annotations

from pydantic import BaseModel
from pydantic_ai import Agent
from pydantic_ai.messages import ModelResponse, ToolCallPart
from pydantic_ai.models.function import AgentInfo, FunctionModel

from ptclisp.integrations.pydantic_ai import LispMode

ORDERS = {"ada": [120, 80, 200], "bo": [15], "cy": [60, 70]}


class Report(BaseModel):
    """The agent's output type: (return v) is validated as one."""

    big_spenders: list[str]
    total: int


PROGRAMS = [
    # a first program with an unclosed bracket: it comes back as the tool's retry prompt
    '(def totals (into {} (for [c (tool/customers)] [c (reduce + (tool/orders {:customer c}))]))',
    # the corrected program: defs persist, (return v) ends the run with v as a Report
    """(def totals (into {} (for [c (tool/customers)]
                              [c (reduce + (tool/orders {:customer c}))])))
       (return {:big_spenders (vec (sort (keep (fn [[c t]] (when (> t 100) c)) totals)))
                :total (reduce + (vals totals))})""",
]


def first_data_line(text: str) -> str:
    """The first line inside the answer's first data block (tool and program text comes
    enveloped as <untrusted_ptc_output> blocks)."""
    lines = text.splitlines()
    starts = [i for i, line in enumerate(lines) if line.startswith("<untrusted_ptc_output")]
    return lines[starts[0] + 1] if starts else lines[0]


def scripted_model(messages, info: AgentInfo) -> ModelResponse:
    """Replies with the next program, showing what lisp_eval answered to the last one."""
    turn = sum(1 for m in messages if m.kind == "response")
    for part in messages[-1].parts:
        if part.part_kind in ("tool-return", "retry-prompt"):
            print(f"lisp_eval answered turn {turn}: {first_data_line(str(part.content))}")
    return ModelResponse(parts=[ToolCallPart("lisp_eval", {"program": PROGRAMS[turn]})])


agent = Agent(FunctionModel(scripted_model), output_type=Report, capabilities=[LispMode()])


@agent.tool_plain
def customers() -> list[str]:
    """Every customer's id."""
    return sorted(ORDERS)


@agent.tool_plain
async def orders(customer: str) -> list[int]:
    """The amounts of one customer's orders."""
    return ORDERS[customer]


if __name__ == "__main__":
    result = agent.run_sync("Who spent over 100, and what did all customers spend?")
    print("output:", result.output)
