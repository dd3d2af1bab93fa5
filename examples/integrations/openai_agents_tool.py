"""lisp_eval as a tool of an OpenAI Agents SDK agent, folding its function tools.

Runs without a provider: the SDK's ScriptedModel plays a model that explores in one program and
returns in the next. With a real model, pass model="gpt-5" (and set OPENAI_API_KEY).

    pip install -e '.[openai-agents]' && python examples/integrations/openai_agents_tool.py
"""
from __future__ import annotations

from agents import Agent, Runner, function_tool, set_tracing_disabled
from agents.testing import ScriptedModel, function_call
from pydantic import BaseModel

from ptclisp.integrations.openai_agents import lisp_tool

ORDERS = {"ada": [120, 80, 200], "bo": [15], "cy": [60, 70]}


class Report(BaseModel):
    big_spenders: list[str]
    total: int


@function_tool
def customers() -> list[str]:
    """Every customer's id."""
    return sorted(ORDERS)


@function_tool
async def orders(customer: str) -> list[int]:
    """The amounts of one customer's orders."""
    return ORDERS[customer]


PROGRAMS = [
    '(def totals (into {} (for [c (tool/customers)] [c (reduce + (tool/orders {:customer c}))]))) totals',
    """(return {:big_spenders (vec (sort (keep (fn [[c t]] (when (> t 100) c)) totals)))
               :total (reduce + (vals totals))})""",
]

if __name__ == "__main__":
    set_tracing_disabled(True)  # no provider: no traces to export
    lisp = lisp_tool([customers, orders], output_type=Report)
    model = ScriptedModel([[function_call("lisp_eval", {"program": p}, call_id=f"call-{i}")]
                           for i, p in enumerate(PROGRAMS)])
    agent = Agent(name="shop", model=model, output_type=Report, **lisp.agent_kwargs())
    result = Runner.run_sync(agent, "Who spent over 100, and what did all customers spend?")
    print("model turns:", len(model.calls))
    print("output:", result.final_output)
