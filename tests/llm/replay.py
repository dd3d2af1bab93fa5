"""A replay server inside httpx (MockTransport): the official SDK clients send real requests to
it and parse the recorded responses, with no network. Responses are built in each API's JSON."""
from __future__ import annotations

import json

import anthropic
import openai

try:  # the HTTP library the installed SDKs are built on (httpx2 in their newer releases)
    import httpx2 as httpx
except ImportError:
    import httpx


class Replay:
    """Answers each request with the next recorded response; keeps every request body."""

    def __init__(self, responses):
        self.responses = list(responses)
        self.requests: list[dict] = []

    def handle(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(json.loads(request.content))
        return httpx.Response(200, json=self.responses.pop(0))

    def _http(self):
        return httpx.Client(transport=httpx.MockTransport(self.handle))

    def openai(self) -> openai.OpenAI:
        return openai.OpenAI(api_key="test", base_url="http://replay.local/v1",
                             http_client=self._http(), max_retries=0)

    def anthropic(self) -> anthropic.Anthropic:
        return anthropic.Anthropic(api_key="test", base_url="http://replay.local",
                                   http_client=self._http(), max_retries=0)


def chat_completion(content=None, calls=()):
    """A chat.completion response whose message has content and/or function tool calls."""
    message = {"role": "assistant", "content": content}
    if calls:
        message["tool_calls"] = [{"id": i, "type": "function",
                                  "function": {"name": n, "arguments": json.dumps(a)}}
                                 for i, n, a in calls]
    return {"id": "chatcmpl-1", "object": "chat.completion", "created": 0, "model": "gpt-test",
            "choices": [{"index": 0, "message": message,
                         "finish_reason": "tool_calls" if calls else "stop"}]}


def response(content=None, calls=(), custom=()):
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
            "tool_choice": "auto", "tools": []}


def message(content=None, calls=()):
    """An Anthropic message with text and/or tool_use blocks."""
    blocks = [{"type": "text", "text": content}] if content is not None else []
    blocks += [{"type": "tool_use", "id": i, "name": n, "input": a} for i, n, a in calls]
    return {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-test",
            "content": blocks, "stop_reason": "tool_use" if calls else "end_turn",
            "stop_sequence": None, "usage": {"input_tokens": 1, "output_tokens": 1}}
