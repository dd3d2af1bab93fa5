"""Fixture upstreams: the shop MCP server over stdio, the crm MCP server over Streamable HTTP
and an OpenAPI catalog on 127.0.0.1, started once per module that uses them."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

import ptclisp
import ptclisp.upstream as U

from openapi_server import serve

HERE = Path(__file__).resolve().parent
SERVER = str(HERE / "fixture_server.py")
SHOP_TOKEN = "shop-secret-7f3a9c"
API_TOKEN = "api-secret-41d2e8"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, process, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("the fixture server exited")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise RuntimeError("the fixture server did not listen")


@pytest.fixture(scope="session")
def crm_url():
    port = free_port()
    process = subprocess.Popen([sys.executable, SERVER, "http", str(port), "crm"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for_port(port, process)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        process.terminate()
        process.wait(10)


@pytest.fixture(scope="session")
def api_url():
    server = serve()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


def config(crm_url=None, api_url=None, **limits) -> dict:
    """The three upstreams (those whose address is given) with the tokens as credentials."""
    ups = {"shop": {"transport": "mcp_stdio", "command": sys.executable, "args": [SERVER, "stdio"],
                    "env": {"SHOP_TOKEN": "${UPSTREAM_TEST_SHOP_TOKEN}"},
                    "description": "Orders of the shop."}}
    creds = {"api": {"source": "literal", "value": API_TOKEN}}
    if crm_url:
        ups["crm"] = {"transport": "mcp_http", "url": crm_url, "allow_insecure_http": True,
                      "allow_insecure_auth": True, "auth": [{"scheme": "bearer", "binding": "api"}],
                      "static_headers": {"X-Tenant": "acme"}, "description": "Customer accounts."}
    if api_url:
        ups["catalog"] = {"transport": "openapi", "base_url": api_url,
                          "schema_file": str(HERE / "catalog.openapi.json"),
                          "allow_insecure_http": True, "allow_insecure_auth": True,
                          "auth": [{"scheme": "bearer", "binding": "api"}],
                          "static_headers": {"X-Tenant": "acme"},
                          "include_operations": ["list_products", "get_product", "touch_product",
                                                 "whoami", "dump", "slow"]}
    out = {"credentials": creds, "upstreams": ups}
    if limits:
        out["limits"] = limits
    return out


ENV = {**os.environ, "UPSTREAM_TEST_SHOP_TOKEN": SHOP_TOKEN}


@pytest.fixture(scope="module")
def host(crm_url, api_url):
    """One Upstreams over all three fixture upstreams, shared by a module's tests."""
    ups = U.load(config(crm_url, api_url, call_timeout_ms=5000, max_response_bytes=20_000,
                        max_calls_per_program=5), environ=ENV)
    yield ups
    ups.close()


def run(host, program: str, **kw) -> ptclisp.Result:
    return ptclisp.Session(upstreams=host, **kw).run(program)
