"""A replay server on 127.0.0.1 (stdlib http.server in a thread): the official SDK clients send
real HTTP requests to it and get recorded assistant turns back, in each API's JSON. No network.
Builders for the three APIs' responses are here too."""
from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class ReplayServer:
    """Answers each POST with the next recorded response; keeps (path, body) of each request."""

    def __init__(self):
        self.responses: list = []
        self.requests: list[tuple[str, dict]] = []
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 (http.server's naming)
                size = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(size) or b"{}")
                owner.requests.append((self.path, body))
                if owner.responses:
                    status, payload = 200, owner.responses.pop(0)
                else:
                    status, payload = 500, {"error": {"message": "no more recorded turns",
                                                      "type": "server_error"}}
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):  # quiet
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}"

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(5)

    def play(self, responses) -> None:
        """Queue the responses of a conversation (requests are cleared)."""
        self.responses = list(responses)
        self.requests.clear()


# ---------------------------------------------------------------- recorded turns

def chat_completion(content=None, calls=(), usage=(12, 5)):
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


def response(content=None, calls=(), usage=(12, 5)):
    output = []
    if content is not None:
        output.append({"type": "message", "id": "msg_1", "role": "assistant", "status": "completed",
                       "content": [{"type": "output_text", "text": content, "annotations": []}]})
    for i, n, a in calls:
        output.append({"type": "function_call", "id": f"fc_{i}", "call_id": i, "name": n,
                       "arguments": json.dumps(a), "status": "completed"})
    return {"id": "resp_1", "object": "response", "created_at": 0, "model": "gpt-test",
            "status": "completed", "output": output, "parallel_tool_calls": True,
            "tool_choice": "auto", "tools": [],
            "usage": {"input_tokens": usage[0], "output_tokens": usage[1],
                      "total_tokens": sum(usage),
                      "input_tokens_details": {"cached_tokens": 0},
                      "output_tokens_details": {"reasoning_tokens": 0}}}


def message(content=None, calls=(), usage=(12, 5)):
    blocks = [{"type": "text", "text": content}] if content is not None else []
    blocks += [{"type": "tool_use", "id": i, "name": n, "input": a} for i, n, a in calls]
    return {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-test",
            "content": blocks, "stop_reason": "tool_use" if calls else "end_turn",
            "stop_sequence": None,
            "usage": {"input_tokens": usage[0], "output_tokens": usage[1]}}


BUILDERS = {"openai_chat": chat_completion, "openai_responses": response,
            "anthropic": message}
