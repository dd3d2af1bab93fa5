"""The Agent with a scripted model: the loop, the feedback and the trace, with no provider.

A real model is any callable (messages, tools) -> reply; here it replays three replies, the
first of which has a typo that the feedback lets it fix.

Run it: python examples/scripted_agent.py
"""
from __future__ import annotations

import ptclisp

EMPLOYEES = [{"name": "Ada", "team": "core", "salary": 120},
             {"name": "Grace", "team": "core", "salary": 130},
             {"name": "Edsger", "team": "web", "salary": 110}]

REPLIES = [
    "```clojure\n(def by-team (group-by :team data/employees))\n(println (kyes by-team))\n```",
    "```clojure\n(def by-team (group-by :team data/employees))\n(println (keys by-team))\n```",
    "```clojure\n(return (into {} (map (fn [[t es]] [t (reduce + (map :salary es))]) by-team)))\n```",
]


def scripted_model(messages: list, tools) -> str:
    """Answers turn n with REPLIES[n] (messages: the system prompt, context, then the turns)."""
    return REPLIES[sum(1 for m in messages if m["role"] == "assistant")]


def show(record) -> None:
    """on_turn: one line per turn, as a host streaming progress would."""
    what = record.error.splitlines()[0] if record.error else record.prints or record.result
    print(f"turn {record.turn}: {record.status}: {what}")


def main() -> ptclisp.AgentResult:
    agent = ptclisp.Agent(llm=scripted_model, data={"employees": EMPLOYEES},
                          signature="{core :int, web :int}", on_turn=show)
    result = agent.run("Total salary per team.")
    print("status:", result.status, "| answer:", result.answer, "| turns:", result.turns)
    print(result.trace.to_jsonl().splitlines()[0][:120], "...")
    return result


if __name__ == "__main__":
    main()
