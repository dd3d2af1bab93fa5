"""The HTTP side of `ptclisp mcp --transport http`: the gate in front of the MCP app, the
health and metrics endpoints, and a server that shuts down gracefully.

The SDK's Streamable HTTP app runs stateless (any replica can answer any request); the gate
gives each new client connection its Mcp-Session-Id (the SDK's client sends it back on every
request), so sessions live in the store, not in one process. The gate also checks the bearer
token (401 without it), answers GET (the stream of server-initiated messages, which lisp_eval
never sends) with 405 so that no connection stays open, strips the identity headers a client might forge and sets its own,
gives every request an id (kept from `X-Request-Id` or made), and logs one line per request.

Slow clients: uvicorn's h11 server caps connections (`limit_concurrency`: past it a request is
answered 503), closes idle keep-alive connections and bounds a request's head (16 KB); it has no
timeout on reading a request, so `_TimedH11` adds two: a connection that has not sent a whole
request head within `header_timeout`, or a whole body within `body_timeout` after its head, is
closed.
"""
from __future__ import annotations

import asyncio
import contextlib
import functools
import hmac
import logging
import re
import signal
import threading
import time
import uuid
from collections.abc import Iterator

import anyio
import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol
from mcp.server.mcpserver import MCPServer
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from .. import Limits
from . import messages as M
from .metrics import Metrics
from .server import SESSION_HEADER, build_server
from .stdio import MAX_REQUEST_MB
from .handler import ServiceLispEval
from .service import CLIENT_HEADER, REQUEST_ID_HEADER, Service, ServiceOptions
from .store import StoreUnavailable, client_key

__all__ = ["Gate", "build_app", "run_http", "serve_service", "HEALTH_TIMEOUT", "Timeouts"]

log = logging.getLogger("ptclisp.mcp.http")
HEALTH_TIMEOUT = 2.0  # seconds /healthz waits for the store
_OPEN_PATHS = ("/healthz", "/metrics")  # answered without a token (probes, scrapers)
_FORGEABLE = {CLIENT_HEADER.encode(), REQUEST_ID_HEADER.encode()}
_STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)
_REQUEST_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")
_SESSION_ID = re.compile(r"[A-Za-z0-9._-]{1,128}")  # ours are 32 hex digits


class Gate:
    """ASGI middleware: token, identity headers, session ids, request ids, access log."""

    def __init__(self, app, service: Service):
        self.app, self.service = app, service
        self._tokens = [t.encode() for t in service.options.tokens]

    async def __call__(self, scope, receive, send):
        """Check and label one HTTP request, then pass it on."""
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = scope["headers"]
        rid = _header(headers, REQUEST_ID_HEADER.encode())
        rid = rid if rid and _REQUEST_ID.fullmatch(rid) else uuid.uuid4().hex
        kept = [(k, v) for k, v in headers if k not in _FORGEABLE]
        extra = [(b"x-request-id", rid.encode())]
        t0, code = time.perf_counter(), [0]

        async def answer(message):
            if message["type"] == "http.response.start":
                code[0] = message["status"]
                message = dict(message, headers=[*message.get("headers", []), *extra])
            await send(message)
        try:
            if scope["path"] in _OPEN_PATHS:
                return await self.app(dict(scope, headers=kept), receive, answer)
            client = self._client(headers, scope)
            if client is None:
                return await _unauthorized()(scope, receive, answer)
            sid = _header(headers, SESSION_HEADER.encode())
            if sid is not None and not _SESSION_ID.fullmatch(sid):
                return await JSONResponse({"error": "bad session id", "message": M.BAD_SESSION_ID},
                                          status_code=400)(scope, receive, answer)
            if scope["method"] == "GET":  # no stream of server-sent messages: nothing to send
                return await Response(status_code=405, headers={"Allow": "POST, DELETE"})(
                    scope, receive, answer)
            if scope["method"] == "DELETE" and sid:
                return await self._end_session(client, sid, scope, receive, answer)
            if sid is None and scope["method"] == "POST":
                sid = uuid.uuid4().hex  # a new connection: its session id, minted here
                kept.append((SESSION_HEADER.encode(), sid.encode()))
                extra.append((SESSION_HEADER.encode(), sid.encode()))
            kept += [(CLIENT_HEADER.encode(), client.encode()), (b"x-request-id", rid.encode())]
            await self.app(dict(scope, headers=kept), receive, answer)
        finally:
            log.info("request", extra={"request_id": rid, "method": scope["method"],
                                       "path": scope["path"], "code": code[0],
                                       "duration_ms": round((time.perf_counter() - t0) * 1000,
                                                            2)})

    def _client(self, headers, scope) -> str | None:
        """The caller's name: its token's digest, or its address without authentication;
        None when a token is needed and missing or wrong."""
        if not self._tokens:
            peer = scope.get("client") or ("-", 0)
            return f"ip:{peer[0]}"
        auth = _header(headers, b"authorization") or ""
        scheme, _, token = auth.partition(" ")
        if scheme.lower() != "bearer" or not token:
            return None
        given = token.strip().encode()
        match = None
        for known in self._tokens:  # compare with every token, in constant time each
            if hmac.compare_digest(given, known):
                match = known
        return None if match is None else f"t:{client_key(match.decode(), self.service.secret)}"

    async def _end_session(self, client, sid, scope, receive, send):
        """DELETE /mcp: the client ended its session; the store forgets it."""
        try:
            await self.service.store.drop(self.service.session_key(client, sid))
        except StoreUnavailable:
            pass  # it expires after its time to live
        await Response(status_code=200)(scope, receive, send)


def _header(headers, name: bytes) -> str | None:
    for k, v in headers:
        if k == name:
            return v.decode("latin-1")
    return None


def _unauthorized() -> Response:
    return JSONResponse({"error": "unauthorized", "message": M.UNAUTHORIZED}, status_code=401,
                        headers={"WWW-Authenticate": 'Bearer realm="ptclisp"'})


def build_app(server: MCPServer, service: Service, *, host: str = "127.0.0.1",
              max_bytes: int = MAX_REQUEST_MB * 1024 * 1024):
    """The ASGI app: MCP at /mcp (stateless, JSON answers), /healthz, /metrics, behind the Gate;
    a request body over max_bytes is answered 413."""
    app = server.streamable_http_app(stateless_http=True, json_response=True, host=host,
                                     max_request_body_size=max_bytes)

    async def healthz(request: Request) -> Response:
        if service.draining:
            return JSONResponse({"status": M.HEALTH_DRAINING}, status_code=503)
        try:
            with anyio.fail_after(HEALTH_TIMEOUT):
                await service.store.ping()
        except (StoreUnavailable, TimeoutError):
            return JSONResponse({"status": M.HEALTH_DOWN}, status_code=503)
        return JSONResponse({"status": M.HEALTH_OK})

    async def metrics(request: Request) -> Response:
        if service.metrics is None or not service.metrics.enabled:
            return PlainTextResponse(M.NO_METRICS, status_code=501)
        body, content_type = service.metrics.exposition()
        return Response(body, media_type=content_type)

    app.router.routes.extend([Route("/healthz", healthz, methods=["GET"]),
                              Route("/metrics", metrics, methods=["GET"])])
    return Gate(app, service)


class Timeouts:
    """How long the server waits for a slow client, and how many connections it serves."""

    def __init__(self, header: float = 10.0, body: float = 30.0, keep_alive: float = 5.0,
                 max_connections: int = 512):
        self.header, self.body, self.keep_alive = header, body, keep_alive
        self.max_connections = max_connections

    def facts(self, max_request_mb: int) -> dict:
        """What the start-up line says of the connections (name -> value)."""
        return {"header timeout": f"{self.header:g} s", "body timeout": f"{self.body:g} s",
                "keep-alive": f"{self.keep_alive:g} s", "max connections": self.max_connections,
                "max request": f"{max_request_mb} MB"}


class _TimedH11(H11Protocol):
    """uvicorn's h11 protocol, closing a connection whose request head or body comes too slowly."""

    header_timeout = 10.0
    body_timeout = 30.0

    def connection_made(self, transport) -> None:  # type: ignore[override]
        """Start the clock on the request head."""
        self._late: asyncio.TimerHandle | None = None
        self._waiting = ""
        super().connection_made(transport)
        self._arm("head", self.header_timeout)

    def data_received(self, data: bytes) -> None:
        """Feed h11; the clock follows what the connection is waiting for."""
        if self._waiting == "" and self.conn.their_state is h11.IDLE:  # a keep-alive request
            self._arm("head", self.header_timeout)
        super().data_received(data)
        state = self.conn.their_state
        if state is h11.SEND_BODY and self._waiting == "head":
            self._arm("body", self.body_timeout)
        elif state is not h11.IDLE and state is not h11.SEND_BODY:
            self._disarm()

    def on_response_complete(self) -> None:
        """The answer is out: the keep-alive timeout takes over."""
        self._disarm()
        super().on_response_complete()

    def connection_lost(self, exc) -> None:
        """Stop the clock."""
        self._disarm()
        super().connection_lost(exc)

    def _arm(self, what: str, seconds: float) -> None:
        self._disarm()
        self._waiting = what
        self._late = self.loop.call_later(seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._late is not None:
            self._late.cancel()
        self._late, self._waiting = None, ""

    def _too_slow(self) -> None:
        log.info("closing a connection whose request %s came too slowly", self._waiting)
        self._late = None
        if not self.transport.is_closing():
            self.transport.close()


def _protocol(timeouts: Timeouts) -> type:
    return type("TimedH11", (_TimedH11,), {"header_timeout": timeouts.header,
                                           "body_timeout": timeouts.body})


class _Server(uvicorn.Server):
    """uvicorn that marks the service draining when a stop signal arrives."""

    def __init__(self, config, service: Service):
        super().__init__(config)
        self.service = service

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        """SIGTERM/SIGINT start the graceful shutdown; unlike uvicorn's own, the signal is not
        raised again afterwards, so the process exits with 0."""
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        before = {sig: signal.signal(sig, self.handle_exit) for sig in _STOP_SIGNALS}
        try:
            yield
        finally:
            for sig, handler in before.items():
                signal.signal(sig, handler)

    def handle_exit(self, sig, frame) -> None:
        """Stop accepting; running calls finish within the graceful timeout."""
        self.service.draining = True
        log.info("stopping on signal %d: letting running calls finish", sig)
        super().handle_exit(sig, frame)


def run_http(tools, limits: Limits, options: ServiceOptions, *, keep_session: bool = False,
             upstreams=None, host: str = "127.0.0.1", port: int = 8000,
             log_level: str = "WARNING", max_request_mb: int = MAX_REQUEST_MB,
             catalog_budget: int | None = None, timeouts: Timeouts | None = None) -> int:
    """Build the service and its server and serve over HTTP until stopped (returns 0)."""
    tools = list(tools)
    service = Service(options, limits, tools, upstreams, metrics=Metrics())
    server = build_server(tools, limits, keep_session=keep_session, log_level=log_level,
                          upstreams=upstreams, catalog_budget=catalog_budget,
                          handler_class=functools.partial(ServiceLispEval, service=service))
    return serve_service(server, service, host=host, port=port, log_level=log_level,
                         max_request_mb=max_request_mb, timeouts=timeouts)


def serve_service(server: MCPServer, service: Service, *, host: str = "127.0.0.1",
                  port: int = 8000, log_level: str = "WARNING",
                  max_request_mb: int = MAX_REQUEST_MB, timeouts: Timeouts | None = None) -> int:
    """Serve until SIGTERM/SIGINT; running calls get as long as a call may wait for its
    session to finish. Returns 0."""
    timeouts = timeouts or Timeouts()
    # logged at the level the operator chose, so the start-up line shows whatever it is
    level = max(logging.INFO, logging.getLevelName(log_level.upper()) or logging.WARNING)
    log.log(level, M.service_started(f"http://{host}:{port}/mcp", service.startup_facts(),
                                     timeouts.facts(max_request_mb)))
    app = build_app(server, service, host=host, max_bytes=max_request_mb * 1024 * 1024)
    config = uvicorn.Config(app, host=host, port=port, http=_protocol(timeouts),
                            log_level=log_level.lower(), access_log=False, log_config=None,
                            lifespan="on", timeout_graceful_shutdown=int(service.wait) + 1,
                            limit_concurrency=timeouts.max_connections,
                            timeout_keep_alive=timeouts.keep_alive)
    runner = _Server(config, service)

    async def main():
        try:
            await runner.serve()
        finally:
            with anyio.CancelScope(shield=True):
                await service.store.aclose()
    anyio.run(main)
    return 0
