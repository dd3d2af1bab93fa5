"""lisp_eval as a LangChain tool in LangChain 1.x's agent (`langchain.agents.create_agent`).

Runs without a provider: a fake chat model replies with scripted tool calls. With a real one,
pass e.g. ChatOpenAI(model="gpt-5") to `lisp.chat_model(...)`.

    pip install -e '.[langchain]' && python examples/integrations/langchain_agent.py
"""
from __future__ import annotations

from langchain.agents import create_agent
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage
from langchain_core.tools import tool
from pydantic import BaseModel

from ptclisp.integrations.langchain import lisp_tool

ORDERS = {"ada": [120, 80, 200], "bo": [15], "cy": [60, 70]}


class Report(BaseModel):
    big_spenders: list[str]
    total: int


@tool
def customers() -> list[str]:
    """Every customer's id."""
    return sorted(ORDERS)


@tool
def orders(customer: str) -> list[int]:
    """The amounts of one customer's orders."""
    return ORDERS[customer]


class ScriptedChat(GenericFakeChatModel):
    """A fake chat model: its replies are scripted; tools are bound by ignoring them."""

    def bind_tools(self, tools, **kwargs):
        return self


def program(source: str, n: int) -> AIMessage:
    return AIMessage(content="", tool_calls=[{"name": "lisp_eval", "args": {"program": source},
                                              "id": f"call-{n}"}])


REPLIES = [
    program('(def totals (into {} (for [c (tool/customers)] [c (reduce + (tool/orders {:customer c}))]))) totals', 1),
    program("""(return {:big_spenders (vec (sort (keep (fn [[c t]] (when (> t 100) c)) totals)))
                        :total (reduce + (vals totals))})""", 2),
]

if __name__ == "__main__":
    lisp = lisp_tool([customers, orders], output_type=Report)
    agent = create_agent(lisp.chat_model(ScriptedChat(messages=iter(REPLIES))), [lisp],
                         system_prompt=lisp.instructions)
    state = agent.invoke({"messages": [("user", "Who spent over 100, and what did all spend?")]})
    print("final message:", state["messages"][-1].content)
    print("output:", lisp.output)
