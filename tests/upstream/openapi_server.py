"""The GET endpoints of catalog.openapi.json, served by the standard library on 127.0.0.1."""
from __future__ import annotations

import base64
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, quote, urlparse

DOCUMENT = Path(__file__).resolve().parent / "catalog.openapi.json"
PRODUCTS = [
    {"id": 1, "name": "hammer", "category": "tools", "price": 12.5, "customer_ids": [10, 12]},
    {"id": 2, "name": "kite", "category": "toys", "price": 30.0, "customer_ids": [11]},
    {"id": 3, "name": "saw", "category": "tools", "price": 25.0, "customer_ids": [10]},
]


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):  # noqa: N802 - the stdlib's name
        url = urlparse(self.path)
        query = {k: v[0] for k, v in parse_qs(url.query).items()}
        parts = url.path.strip("/").split("/")
        if url.path == "/products":
            rows = [p for p in PRODUCTS if query.get("category") in (None, p["category"])
                    and ("max_price" not in query or p["price"] <= float(query["max_price"]))]
            return self.answer(200, rows)
        if parts[0] == "products" and len(parts) == 3 and parts[2] == "touch":
            return self.answer(204, None)
        if parts[0] == "products" and len(parts) == 2:
            found = [p for p in PRODUCTS if str(p["id"]) == parts[1]]
            return self.answer(200, found[0]) if found else self.answer(404, {"error": "no such product"})
        if url.path == "/openapi.json":  # the document itself, for schema_url (auth required)
            if not (self.headers.get("Authorization") or "").startswith("Bearer "):
                return self.answer(401, {"error": "no credential"})
            return self.answer(200, json.loads(DOCUMENT.read_text()))
        if url.path == "/whoami":
            return self.answer(200, {"authorization": self.headers.get("Authorization"),
                                     "tenant": self.headers.get("X-Tenant")})
        if url.path == "/echo":  # a careless server: every header back, and the basic pair decoded
            auth = self.headers.get("Authorization") or ""
            pair = base64.b64decode(auth[6:]).decode() if auth.startswith("Basic ") else ""
            return self.answer(200, {"headers": dict(self.headers.items()), "pair": pair,
                                     "shouted": pair.upper(), "password": pair.partition(":")[2],
                                     "quoted": quote(pair, safe="")})
        if url.path == "/fail":  # FastAPI's error shape
            return self.answer(422, {"detail": [{"loc": ["query", "q"], "msg": "field required"}]})
        if url.path == "/dump":
            return self.answer(200, {"blob": "y" * 50_000})
        if url.path == "/slow":
            time.sleep(float(query.get("seconds", "1")))
            return self.answer(200, {"slept": True})
        return self.answer(404, {"error": "not found"})

    def answer(self, status: int, body) -> None:
        data = b"" if body is None else json.dumps(body).encode()
        self.send_response(status)
        if data:
            self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):  # quiet
        pass


def serve() -> ThreadingHTTPServer:
    """A running server on a free port of 127.0.0.1 (stop it with .shutdown())."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server
