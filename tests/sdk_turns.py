"""Recorded assistant turns in each API's JSON (OpenAI chat, OpenAI responses, Anthropic
messages), with token usage: the replay servers of tests/llm and tests/agent answer with them."""
from __future__ import annotations

import json


def chat_completion(content=None, calls=(), usage=(12, 5)):
    """A chat.completion response whose message has content and/or function tool calls."""
    message = {"role": "assistant", "content": content}
    if calls:
        message["tool_calls"] = [{"id": i, "type": "function",
                                  "function": {"name": n, "arguments": json.dumps(a)}}
                                 for i, n, a in calls]
    return {"id": "chatcmpl-1", "object": "chat.completion", "created": 0, "model": "gpt-test",
            "choices": [{"index": 0, "message": message, "logprobs": None,
                         "finish_reason": "tool_calls" if calls else "stop"}],
            "usage": {"prompt_tokens": usage[0], "completion_tokens": usage[1],
                      "total_tokens": sum(usage)}}


def response(content=None, calls=(), custom=(), usage=(12, 5)):
    """A responses-API response with a message and/or function and custom tool calls."""
    output = []
    if content is not None:
        output.append({"type": "message", "id": "msg_1", "role": "assistant", "status": "completed",
                       "content": [{"type": "output_text", "text": content, "annotations": []}]})
    for i, n, a in calls:
        output.append({"type": "function_call", "id": f"fc_{i}", "call_id": i, "name": n,
                       "arguments": json.dumps(a), "status": "completed"})
    for i, n, text in custom:
        output.append({"type": "custom_tool_call", "id": f"ctc_{i}", "call_id": i, "name": n,
                       "input": text})
    return {"id": "resp_1", "object": "response", "created_at": 0, "model": "gpt-test",
            "status": "completed", "output": output, "parallel_tool_calls": True,
            "tool_choice": "auto", "tools": [],
            "usage": {"input_tokens": usage[0], "output_tokens": usage[1],
                      "total_tokens": sum(usage),
                      "input_tokens_details": {"cached_tokens": 0, "cache_write_tokens": 0},
                      "output_tokens_details": {"reasoning_tokens": 0}}}


def message(content=None, calls=(), usage=(12, 5)):
    """An Anthropic message with text and/or tool_use blocks."""
    blocks = [{"type": "text", "text": content}] if content is not None else []
    blocks += [{"type": "tool_use", "id": i, "name": n, "input": a} for i, n, a in calls]
    return {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-test",
            "content": blocks, "stop_reason": "tool_use" if calls else "end_turn",
            "stop_sequence": None,
            "usage": {"input_tokens": usage[0], "output_tokens": usage[1]}}


BUILDERS = {"openai_chat": chat_completion, "openai_responses": response,
            "anthropic": message}
