"""The Agent against a real provider, with the official SDK client.

Needs `pip install 'ptclisp[openai]'` and OPENAI_API_KEY, or `pip install 'ptclisp[anthropic]'`
and ANTHROPIC_API_KEY. The model: PTCLISP_MODEL (default gpt-4o-mini or claude-haiku-4-5).

Run it: python examples/real_provider.py
"""
from __future__ import annotations

import os

import ptclisp
from ptclisp.agent import anthropic_messages, openai_chat

ORDERS = [{"id": 1, "customer_id": 3, "total": 10.5}, {"id": 2, "customer_id": 3, "total": 4.25},
          {"id": 3, "customer_id": 4, "total": 99.0}]


def get_orders(customer_id: int) -> list[dict]:
    """The orders of one customer."""
    return [o for o in ORDERS if o["customer_id"] == customer_id]


def model():
    """An llm callable for whichever provider has a key in the environment."""
    if os.environ.get("OPENAI_API_KEY"):
        import openai
        return openai_chat(openai.OpenAI(), os.environ.get("PTCLISP_MODEL", "gpt-4o-mini"))
    import anthropic
    return anthropic_messages(anthropic.Anthropic(),
                              os.environ.get("PTCLISP_MODEL", "claude-haiku-4-5"), max_tokens=2048)


def main() -> ptclisp.AgentResult:
    agent = ptclisp.Agent(llm=model(), tools=[get_orders], signature="{total :float}",
                          transport="tool_call", on_turn=lambda t: print("turn", t.turn, t.status))
    result = agent.run("What is the total of customer 3's orders?")
    print(result.status, result.answer, result.usage)
    return result


if __name__ == "__main__":
    main()
