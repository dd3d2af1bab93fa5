"""Adapters: an official SDK client (sync or async) as the `llm` callable of an Agent.

`openai_chat(client, model, **params)` (Chat Completions), `openai_responses(client, model,
**params)` (Responses) and `anthropic_messages(client, model, max_tokens, **params)` (Messages)
translate the agent's OpenAI chat messages and tools into the API's request, and its answer
back into an assistant message dict with `tool_calls` and `usage` (input_tokens,
output_tokens). The SDKs are optional extras (`ptclisp[openai]`, `ptclisp[anthropic]`) and no
module here imports them: the adapters use the client object they are given, reading its
answer through `model_dump()`. An async client's `create` returns an awaitable; the adapter then
returns one too, which `Agent.arun` awaits.
"""
from __future__ import annotations

import inspect
import json
from collections.abc import Mapping

from ..llm import tool_schema
from ..llm.lisp_tool import TOOL_NAME

__all__ = ["openai_chat", "openai_responses", "anthropic_messages"]


def _adapter(create, build, read):
    """llm(messages, tools) -> reply; an awaitable reply when create is asynchronous."""
    def llm(messages: list, tools: list | None):
        answer = create(**build(messages, tools))
        if inspect.isawaitable(answer):
            return _later(answer, read)
        return read(answer)
    return llm


async def _later(awaitable, read):
    return read(await awaitable)


def _dump(obj) -> dict:
    dump = getattr(obj, "model_dump", None)
    return dump(warnings=False) if callable(dump) else dict(obj)


def _args(raw) -> dict:
    """A call's JSON arguments as a map ({} when they do not decode to one)."""
    if isinstance(raw, Mapping):
        return dict(raw)
    try:
        value = json.loads(raw) if isinstance(raw, str) and raw else {}
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def _function_calls(message: dict) -> list:
    out = []
    for call in message.get("tool_calls") or ():
        fn = call.get("function") or {}
        out.append((call.get("id"), fn.get("name"), fn.get("arguments") or "{}"))
    return out


def _usage(data, input_key: str, output_key: str) -> dict:
    usage = data.get("usage") or {}
    out = {"input_tokens": usage.get(input_key), "output_tokens": usage.get(output_key)}
    return {k: v for k, v in out.items() if isinstance(v, int)}


def _assistant(text: str | None, calls: list, usage: dict) -> dict:
    message = {"role": "assistant", "content": text}
    if calls:
        message["tool_calls"] = [{"id": i, "type": "function",
                                  "function": {"name": n, "arguments": a}} for i, n, a in calls]
    if usage:
        message["usage"] = usage
    return message


# ---------------------------------------------------------------- OpenAI Chat Completions

def openai_chat(client, model: str, **params):
    """An llm callable on `client.chat.completions.create` (openai.OpenAI or AsyncOpenAI)."""
    def build(messages, tools):
        request = dict(params, model=model, messages=messages)
        if tools:
            request["tools"] = tools
        return request

    def read(completion):
        data = _dump(completion)
        choices = data.get("choices") or [{}]
        message = choices[0].get("message") or {}
        calls = [(c.get("id"), (c.get("function") or {}).get("name"),
                  (c.get("function") or {}).get("arguments"))
                 for c in message.get("tool_calls") or () if c.get("function")]
        return _assistant(message.get("content"), calls,
                          _usage(data, "prompt_tokens", "completion_tokens"))
    return _adapter(client.chat.completions.create, build, read)


# ---------------------------------------------------------------- OpenAI Responses

def openai_responses(client, model: str, **params):
    """An llm callable on `client.responses.create` (openai.OpenAI or AsyncOpenAI)."""
    def build(messages, tools):
        system = [m["content"] for m in messages if m.get("role") == "system"]
        request = dict(params, model=model, input=_responses_input(messages))
        if system:
            request["instructions"] = "\n\n".join(system)
        if tools:
            request["tools"] = [_responses_tool(t) for t in tools]
        return request

    def read(response):
        data = _dump(response)
        texts, calls = [], []
        for item in data.get("output") or ():
            if item.get("type") == "message":
                texts += [p.get("text") or "" for p in item.get("content") or ()
                          if p.get("type") == "output_text"]
            elif item.get("type") == "function_call":
                calls.append((item.get("call_id"), item.get("name"), item.get("arguments")))
        return _assistant("".join(texts) if texts else None, calls,
                          _usage(data, "input_tokens", "output_tokens"))
    return _adapter(client.responses.create, build, read)


def _responses_input(messages: list) -> list:
    items = []
    for m in messages:
        role = m.get("role")
        if role == "user":
            items.append({"role": "user", "content": m.get("content") or ""})
        elif role == "assistant":
            if m.get("content"):
                items.append({"role": "assistant", "content": m["content"]})
            items += [{"type": "function_call", "call_id": i, "name": n, "arguments": a}
                      for i, n, a in _function_calls(m)]
        elif role == "tool":
            items.append({"type": "function_call_output", "call_id": m.get("tool_call_id"),
                          "output": m.get("content") or ""})
    return items


def _responses_tool(tool: dict) -> dict:
    fn = tool.get("function") or {}
    if fn.get("name") == TOOL_NAME:  # its schema is strict-ready; the card stays as given
        return dict(tool_schema("openai_responses"), description=fn.get("description"))
    out = {"type": "function", "name": fn.get("name"), "parameters": fn.get("parameters"),
           "strict": False}  # app tools may have optional parameters
    if fn.get("description"):
        out["description"] = fn["description"]
    return out


# ---------------------------------------------------------------- Anthropic Messages

def anthropic_messages(client, model: str, max_tokens: int = 4096, **params):
    """An llm callable on `client.messages.create` (anthropic.Anthropic or AsyncAnthropic)."""
    def build(messages, tools):
        system = [m["content"] for m in messages if m.get("role") == "system"]
        request = dict(params, model=model, max_tokens=max_tokens,
                       messages=_anthropic_messages(messages))
        if system:
            request["system"] = "\n\n".join(system)
        if tools:
            request["tools"] = [_anthropic_tool(t) for t in tools]
        return request

    def read(message):
        data = _dump(message)
        texts, calls = [], []
        for block in data.get("content") or ():
            if block.get("type") == "text":
                texts.append(block.get("text") or "")
            elif block.get("type") == "tool_use":
                calls.append((block.get("id"), block.get("name"),
                              json.dumps(block.get("input") or {})))
        return _assistant("".join(texts) if texts else None, calls,
                          _usage(data, "input_tokens", "output_tokens"))
    return _adapter(client.messages.create, build, read)


def _anthropic_messages(messages: list) -> list:
    """Chat messages as Anthropic turns: tool results and feedback join one user turn."""
    out: list = []
    for m in messages:
        role = m.get("role")
        if role == "assistant":
            blocks = [{"type": "text", "text": m["content"]}] if m.get("content") else []
            blocks += [{"type": "tool_use", "id": i, "name": n, "input": _args(a)}
                       for i, n, a in _function_calls(m)]
            out.append({"role": "assistant",
                        "content": blocks or [{"type": "text", "text": "(no reply)"}]})
        elif role == "tool":
            _user(out, _tool_result(m))
        elif role == "user":
            _user(out, {"type": "text", "text": m.get("content") or "(empty)"})
    return out


def _user(out: list, block: dict) -> None:
    if out and out[-1]["role"] == "user":
        out[-1]["content"].append(block)
    else:
        out.append({"role": "user", "content": [block]})


def _tool_result(m: dict) -> dict:
    text = m.get("content") or ""
    block = {"type": "tool_result", "tool_use_id": m.get("tool_call_id"), "content": text}
    if _args(text).get("status") == "error":
        block["is_error"] = True
    return block


def _anthropic_tool(tool: dict) -> dict:
    fn = tool.get("function") or {}
    out = {"name": fn.get("name"), "input_schema": fn.get("parameters") or {"type": "object"}}
    if fn.get("description"):
        out["description"] = fn["description"]
    return out
