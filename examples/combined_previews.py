"""Combined mode: the model calls a big cached tool natively, sees only a preview, then a
program reads the full cached result (no second call of the host function).

Run it: python examples/combined_previews.py
"""
from __future__ import annotations

import json

import ptclisp

CALLS = []


def list_events(day: str) -> list:
    """Every event of a day (a large result)."""
    CALLS.append(day)
    return [{"id": i, "level": "error" if i % 7 == 0 else "info", "ms": i * 3}
            for i in range(500)]


EVENTS = ptclisp.Tool(list_events, expose="both", cache=True, preview="rows", preview_limit=3)


def call(id_: str, name: str, args: dict) -> dict:
    return {"id": id_, "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}


REPLIES = [
    {"role": "assistant", "content": None,
     "tool_calls": [call("c1", "list_events", {"day": "2026-11-24"})]},
    {"role": "assistant", "content": None, "tool_calls": [call("c2", "lisp_eval", {
        "program": '(count (filter #(= "error" (:level %)) (tool/list-events {:day "2026-11-24"})))'})]},
    "There were 72 error events on 2026-11-24.",
]


def main() -> ptclisp.AgentResult:
    replies = list(REPLIES)
    agent = ptclisp.Agent(llm=lambda messages, tools: replies.pop(0), tools=[EVENTS],
                          transport="combined")
    result = agent.run("How many error events were there on 2026-11-24?")
    outputs = {m["tool_call_id"]: m["content"] for m in result.messages if m["role"] == "tool"}
    preview = json.loads(outputs["c1"])  # what the model saw of the 500 events
    print("preview rows:", len(preview["rows"]), "| hint:", preview["cache_hint"])
    feedback = json.loads(outputs["c2"])["feedback"]  # the value, prints, defs as data blocks
    print("program result:", next(line for line in feedback.splitlines() if line.startswith("user=> ")))
    print("answer:", result.answer, "| host function calls:", len(CALLS))
    return result


if __name__ == "__main__":
    main()
