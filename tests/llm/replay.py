"""A replay server inside httpx (MockTransport): the official SDK clients send real requests to
it and parse the recorded responses (tests/sdk_turns.py), with no network."""
from __future__ import annotations

import json

import anthropic
import openai
from sdk_turns import chat_completion, message, response  # noqa: F401 (re-exported)

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
