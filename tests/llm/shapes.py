"""Assistant turns and tool results in the three provider shapes, as the providers' APIs write them.

`turn(provider, content, calls)` builds an assistant turn; a call is (id, name, arguments) with
arguments a dict (sent as the provider sends it: JSON text for OpenAI, an object for Anthropic)
or a raw value sent as it is. `results(provider, messages)` reads Step.messages back:
{call id: parsed JSON body} and the feedback text (or None).
"""
from __future__ import annotations

import json

PROVIDERS = ("openai", "openai_responses", "anthropic")


def _json(args):
    return json.dumps(args) if isinstance(args, dict) else args


def turn(provider: str, content=None, calls=()):
    """An assistant turn with optional text and native tool calls."""
    if provider == "openai":
        msg = {"role": "assistant", "content": content}
        if calls:
            msg["tool_calls"] = [
                {**({"id": i} if i is not None else {}), "type": "function",
                 "function": {"name": n, "arguments": _json(a)}} for i, n, a in calls]
        return msg
    if provider == "openai_responses":
        items = []
        if content is not None:
            items.append({"type": "message", "role": "assistant", "id": "msg_1", "status": "completed",
                          "content": [{"type": "output_text", "text": content, "annotations": []}]})
        for i, n, a in calls:
            items.append({"type": "function_call", **({"call_id": i} if i is not None else {}),
                          "name": n, "arguments": _json(a)})
        return items
    blocks = [{"type": "text", "text": content}] if content is not None else []
    for i, n, a in calls:
        blocks.append({"type": "tool_use", **({"id": i} if i is not None else {}), "name": n,
                       "input": a})
    return {"role": "assistant", "content": blocks}


def results(provider: str, messages: list) -> tuple[dict, str | None]:
    """({call id: body}, feedback text) of Step.messages."""
    bodies, feedback = {}, None
    if provider == "anthropic":
        assert len(messages) <= 1
        for msg in messages:
            assert msg["role"] == "user"
            if isinstance(msg["content"], str):
                feedback = msg["content"]
                continue
            for block in msg["content"]:
                if block["type"] == "tool_result":
                    assert block["tool_use_id"] not in bodies
                    body = json.loads(block["content"])
                    bodies[block["tool_use_id"]] = body
                    is_error = isinstance(body, dict) and body.get("status") == "error"
                    assert block.get("is_error", False) == is_error
                else:
                    assert block["type"] == "text"
                    feedback = block["text"]
        return bodies, feedback
    for msg in messages:
        if provider == "openai" and msg.get("role") == "tool":
            key, text = msg["tool_call_id"], msg["content"]
        elif provider == "openai_responses" and msg.get("type") == "function_call_output":
            key, text = msg["call_id"], msg["output"]
        else:
            assert msg == {"role": "user", "content": msg["content"]}
            assert feedback is None, "one feedback message at most"
            feedback = msg["content"]
            continue
        assert feedback is None, "results come before the feedback"
        assert key not in bodies, f"two results for {key}"
        bodies[key] = json.loads(text)
    return bodies, feedback
