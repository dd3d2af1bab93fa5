"""Slow clients (#36 item 6): the service closes a connection whose request head or body comes
too slowly, caps its connections, and the reverse proxy set-up docs/mcp.md shows (nginx, from
Debian's package) works in front of two replicas and closes slow clients itself.

The replicas are real `ptclisp mcp --transport http` processes; the clients are raw sockets
sending a byte at a time, as a slowloris attack does.
"""
from __future__ import annotations

import re
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import anyio
import httpx2
import pytest

from service_harness import (ACCEPT, NO_REDIS, SLOW_TOOLS, Redis, Replica, call, free_port,
                             mcp_session, _wait_port)

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux processes")
ROOT = Path(__file__).resolve().parents[2]
NGINX = "/usr/sbin/nginx"
LISTING = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
HEAD = b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"


@pytest.fixture(scope="module")
def replica(tmp_path_factory):
    r = Replica("--session", "--header-timeout", "1.5", "--body-timeout", "1.5",
                "--max-connections", "8", log=tmp_path_factory.mktemp("slow") / "r.log")
    yield r
    r.kill()


def slow_sockets(port: int, n: int, first: bytes = HEAD[:10]) -> list[socket.socket]:
    out = []
    for _ in range(n):
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        s.sendall(first)
        out.append(s)
    return out


def closed(s: socket.socket) -> bool:
    """Whether the server has closed s (it reads end of stream or a reset)."""
    s.settimeout(0.05)
    try:
        return s.recv(1024) == b""
    except socket.timeout:
        return False
    except OSError:
        return True


def trickle_until_closed(socks: list[socket.socket], within: float) -> float:
    """Send each socket a byte every 0.3 s until the server closes them all; how long it took
    (`within` + 1 when some are still open then)."""
    t0, payload = time.monotonic(), b"X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
    open_ones, i = list(socks), 0
    while open_ones and time.monotonic() - t0 < within:
        for s in list(open_ones):
            try:
                s.sendall(payload[i % len(payload):i % len(payload) + 1])
            except OSError:
                pass
            if closed(s):
                open_ones.remove(s)
        i += 1
        time.sleep(0.3)
    return time.monotonic() - t0 if not open_ones else within + 1


def test_half_sent_request_heads_are_closed_and_the_cap_holds_meanwhile(replica):
    socks = slow_sockets(replica.port, 8)
    try:
        # eight connections open: the cap (8) is reached, a ninth's request is answered 503
        r = httpx2.post(f"{replica.url}/mcp", json=LISTING, headers=ACCEPT, timeout=10)
        assert r.status_code == 503
        assert trickle_until_closed(socks, within=8) < 8  # the head timeout is 1.5 s
    finally:
        for s in socks:
            s.close()
    r = httpx2.post(f"{replica.url}/mcp", json=LISTING, headers=ACCEPT, timeout=10)
    assert r.status_code == 200


def test_a_request_body_sent_a_byte_at_a_time_is_closed(replica):
    head = HEAD + b"Accept: application/json, text/event-stream\r\nContent-Length: 2000\r\n\r\n{"
    socks = slow_sockets(replica.port, 3, first=head)
    try:
        assert trickle_until_closed(socks, within=8) < 8  # the body timeout is 1.5 s
    finally:
        for s in socks:
            s.close()


def test_a_quick_client_on_a_keep_alive_connection_is_served_again(replica):
    with httpx2.Client(timeout=10) as client:  # one connection, several requests
        for _ in range(3):
            r = client.post(f"{replica.url}/mcp", json=LISTING, headers=ACCEPT)
            assert r.status_code == 200
            time.sleep(0.3)


# ---------------------------------------------------------------- the reverse proxy of the docs

def nginx_block() -> str:
    """The nginx configuration docs/mcp.md shows (its first ```nginx block)."""
    text = (ROOT / "docs" / "mcp.md").read_text(encoding="utf-8")
    return re.search(r"```nginx\n(.*?)```", text, re.S).group(1)


def nginx_conf(directory: Path, port: int, replica_ports: list[int]) -> Path:
    """The documented block, its addresses pointed at this test's, its timeouts shortened, in a
    main configuration that runs as this user from directory."""
    block = nginx_block()
    servers = "".join(f"    server 127.0.0.1:{p} max_fails=0;\n" for p in replica_ports)
    block = re.sub(r"(upstream ptclisp \{\n)(?:\s*server [^\n]*\n)+", r"\g<1>" + servers, block)
    block = re.sub(r"listen \d+;", f"listen 127.0.0.1:{port};", block)
    block = re.sub(r"client_(header|body)_timeout \d+s;", r"client_\1_timeout 2s;", block)
    temp = "".join(f"    {kind}_temp_path {directory}/{kind};\n"
                   for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    conf = directory / "nginx.conf"
    conf.write_text(f"daemon off;\nmaster_process off;\npid {directory}/nginx.pid;\n"
                    f"error_log {directory}/error.log;\nevents {{ worker_connections 256; }}\n"
                    f"http {{\n    access_log off;\n{temp}{block}}}\n", encoding="utf-8")
    return conf


@pytest.mark.skipif(not Path(NGINX).exists(),
                    reason="nginx is not installed (.ci/run installs Debian's nginx package)")
@pytest.mark.skipif(shutil.which("redis-server") is None, reason=NO_REDIS)
def test_the_documented_nginx_set_up_serves_two_replicas_and_closes_slow_clients(tmp_path):
    redis = Redis(tmp_path).start()
    env = {"PTCLISP_TEST_TOKENS": "token-a"}
    args = ["--session", "--session-store", redis.url, "--tools", str(SLOW_TOOLS),
            "--auth-token-env", "PTCLISP_TEST_TOKENS"]
    replicas = [Replica(*args, log=tmp_path / f"r{i}.log", env=env) for i in range(2)]
    port = free_port()
    conf = nginx_conf(tmp_path, port, [r.port for r in replicas])
    check = subprocess.run([NGINX, "-t", "-p", str(tmp_path), "-c", str(conf)],
                           capture_output=True, text=True)
    assert check.returncode == 0, check.stderr
    nginx = subprocess.Popen([NGINX, "-p", str(tmp_path), "-c", str(conf)],
                             stderr=subprocess.DEVNULL)
    try:
        _wait_port(port, 20, nginx)

        async def body():
            with anyio.fail_after(60):
                async with mcp_session([port], "token-a") as (s, _):
                    assert (await call(s, "(def n 20)"))[0] is False
                    for _ in range(3):  # round robin over both replicas: one session in Redis
                        assert await call(s, "(inc n)") == (False, "21")
        anyio.run(body)
        r = httpx2.get(f"http://127.0.0.1:{port}/healthz", timeout=10)
        assert r.status_code == 200 and re.fullmatch(r"[0-9a-f]{32}", r.headers["x-request-id"])
        socks = slow_sockets(port, 20)
        try:
            assert trickle_until_closed(socks, within=10) < 10  # nginx: 2 s in this test
        finally:
            for s in socks:
                s.close()
    finally:
        nginx.terminate()
        nginx.wait(10)
        for r in replicas:
            r.kill()
        redis.stop()
