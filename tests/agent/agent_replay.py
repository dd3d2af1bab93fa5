"""A replay server on 127.0.0.1 (stdlib http.server in a thread): the official SDK clients send
real HTTP requests to it and get recorded assistant turns back (tests/sdk_turns.py). No network."""
from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from sdk_turns import BUILDERS  # noqa: F401 (the tests take the builders from here)


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
