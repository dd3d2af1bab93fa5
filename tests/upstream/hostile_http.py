"""A hostile Streamable HTTP MCP server (standard library, 127.0.0.1): enough of the protocol to
initialize and list, then tools whose answers are tens of megabytes, generated lazily: a JSON
body without a length, one with a Content-Length header, and one huge SSE event. `sent` counts
the bytes each flood managed to write before the client hung up."""
from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

FLOOD_BYTES = 50 * 1024 * 1024
PIECE = b"x" * (64 * 1024)
TOOLS = [{"name": n, "description": d, "inputSchema": {"type": "object", "properties": {}}}
         for n, d in [("ok", "A small answer."), ("flood_json", "50 MB of JSON, no length."),
                      ("flood_length", "50 MB of JSON with a Content-Length header."),
                      ("flood_sse", "One SSE event of 50 MB."),
                      ("chatty", "30 log events of 10 KB, then a small answer, in one SSE stream.")]]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_POST(self):  # noqa: N802 - the stdlib's name
        message = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        if "id" not in message:  # a notification
            return self._send(202, b"", "application/json")
        method, rid = message["method"], message["id"]
        if method == "initialize":
            result = {"protocolVersion": message["params"]["protocolVersion"],
                      "capabilities": {"tools": {}}, "serverInfo": {"name": "hostile", "version": "1"}}
        elif method == "tools/list":
            result = {"tools": TOOLS}
        elif method == "tools/call" and message["params"]["name"] == "chatty":
            return self._chatty(rid)
        elif method == "tools/call" and message["params"]["name"] != "ok":
            return self._flood(message["params"]["name"], rid)
        elif method == "tools/call":
            result = {"content": [{"type": "text", "text": "fine"}]}
        else:
            body = {"jsonrpc": "2.0", "id": rid, "error": {"code": -32601, "message": "no"}}
            return self._send(200, json.dumps(body).encode(), "application/json")
        body = json.dumps({"jsonrpc": "2.0", "id": rid, "result": result}).encode()
        self._send(200, body, "application/json")

    def do_GET(self):  # noqa: N802 - no standalone event stream
        self._send(405, b"", "text/plain")

    def do_DELETE(self):  # noqa: N802
        self._send(200, b"", "text/plain")

    def _send(self, status: int, body: bytes, kind: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def _chatty(self, rid) -> None:
        """Events that together pass any small cap, each well under it; LF and CRLF endings."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        for i in range(30):
            note = {"jsonrpc": "2.0", "method": "notifications/message",
                    "params": {"level": "info", "data": "y" * 10_000}}
            end = b"\r\n\r\n" if i % 2 else b"\n\n"
            self.wfile.write(b"event: message" + end[:len(end) // 2] + b"data: " + json.dumps(note).encode() + end)
        answer = {"jsonrpc": "2.0", "id": rid, "result": {"content": [{"type": "text", "text": "done"}]}}
        self.wfile.write(b"event: message\ndata: " + json.dumps(answer).encode() + b"\n\n")

    def log_message(self, *args):  # quiet
        pass

    def _flood(self, tool: str, rid) -> None:
        head = b'{"jsonrpc":"2.0","id":' + json.dumps(rid).encode() + b',"result":{"content":[{"type":"text","text":"'
        tail = b'"}]}}'
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream" if tool == "flood_sse" else "application/json")
        if tool == "flood_length":
            self.send_header("Content-Length", str(len(head) + FLOOD_BYTES + len(tail)))
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        if tool == "flood_sse":
            head, tail = b"event: message\ndata: " + head, tail + b"\n\n"
        sent = 0
        try:
            self.wfile.write(head)
            while sent < FLOOD_BYTES:
                self.wfile.write(PIECE)
                sent += len(PIECE)
            self.wfile.write(tail)
        except OSError:
            pass  # the client hung up: what we want
        finally:
            self.server.sent[tool] = sent


def serve() -> ThreadingHTTPServer:
    """The server on a free port of 127.0.0.1, on a daemon thread."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    server.sent = {}
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server
