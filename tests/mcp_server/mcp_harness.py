"""Driving `ptclisp mcp` as a subprocess with the official MCP client SDK (stdio)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from contextlib import asynccontextmanager
from pathlib import Path

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

HERE = Path(__file__).resolve().parent
TOOLS_FILE = HERE / "host_tools.py"


def command(*args: str) -> list[str]:
    """The `ptclisp mcp ARGS` command line (the console script of this Python)."""
    script = Path(sys.executable).with_name("ptclisp")
    prefix = [str(script)] if script.exists() else [sys.executable, "-m", "ptclisp.cli"]
    return [*prefix, "mcp", *args]


@asynccontextmanager
async def connect(*args: str, cwd: Path | None = None, errlog=None):
    """An initialized ClientSession with a fresh `ptclisp mcp ARGS` server."""
    cmd = command(*args)
    params = StdioServerParameters(command=cmd[0], args=cmd[1:], cwd=cwd)
    async with stdio_client(params, errlog=errlog or sys.stderr) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            yield session


async def call(session: ClientSession, program, context=None, **extra):
    """(is_error, text) of one lisp_eval call."""
    arguments = dict(extra)
    if program is not None:
        arguments["program"] = program
    if context is not None:
        arguments["context"] = context
    result = await session.call_tool("lisp_eval", arguments)
    assert len(result.content) == 1 and result.content[0].type == "text"
    return result.is_error, result.content[0].text


class RawServer:
    """`ptclisp mcp` on plain pipes, for what a well-behaved client never sends."""

    def __init__(self, *args: str):
        self.process = subprocess.Popen(command(*args), stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True)

    def send(self, message) -> None:
        line = message if isinstance(message, str) else json.dumps(message)
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def receive(self) -> dict:
        """The next line of stdout, which must be one JSON-RPC message."""
        return json.loads(self.process.stdout.readline())

    def request(self, rid: int, method: str, params=None) -> dict:
        message = {"jsonrpc": "2.0", "id": rid, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        return self.receive()

    def initialize(self) -> dict:
        reply = self.request(0, "initialize", {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "raw-test", "version": "0"}})
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        return reply

    def lisp_eval(self, rid: int, arguments) -> dict:
        return self.request(rid, "tools/call", {"name": "lisp_eval", "arguments": arguments})


# ---------------------------------------------------------------- processes (Linux /proc)

def _parents() -> dict[int, int]:
    out = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    stat = f.read()
            except OSError:
                continue
            out[int(entry)] = int(stat.rsplit(")", 1)[1].split()[1])
    return out


def descendants(pid: int) -> set[int]:
    """Every live process below pid."""
    parents = _parents()
    found, frontier = set(), {pid}
    while frontier:
        frontier = {p for p, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def children_running(cmd_part: str) -> list[int]:
    """Child processes of this test process whose command line contains cmd_part."""
    me, out = os.getpid(), []
    for pid, parent in _parents().items():
        if parent == me:
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as f:
                    cmdline = f.read().replace(b"\0", b" ").decode(errors="replace")
            except OSError:
                continue
            if cmd_part in cmdline:
                out.append(pid)
    return out


def alive(pid: int) -> bool:
    """True while pid exists and is not a zombie."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False
