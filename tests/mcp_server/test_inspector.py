"""docs/mcp.md's one-line check with the official MCP Inspector (npm, run with npx) works as
shown; skipped, with the reason, where npx or the npm registry cannot be had."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
INSPECTOR = "@modelcontextprotocol/inspector@2.12.0"


def docs_commands() -> list[str]:
    """The Inspector commands docs/mcp.md shows (continuation lines joined)."""
    text = (ROOT / "docs" / "mcp.md").read_text(encoding="utf-8").replace("\\\n", " ")
    return [re.sub(r"\s+", " ", line) for line in text.splitlines()
            if line.startswith("npx -y @modelcontextprotocol/inspector@2.12.0 --cli")]


def inspector(args: list[str]) -> subprocess.CompletedProcess:
    npx = shutil.which("npx")
    if npx is None:
        pytest.skip("npx is not installed (the Inspector is an npm package)")
    ptclisp = str(Path(sys.executable).parent / "ptclisp")
    try:
        return subprocess.run([npx, "-y", INSPECTOR, "--cli", ptclisp, *args], cwd=ROOT,
                              capture_output=True, text=True, timeout=300,
                              stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        pytest.skip("npx could not fetch the Inspector within 300 s")


def test_the_docs_show_both_calls():
    shown = docs_commands()
    assert len(shown) == 2 and all("--tools examples/mcp_tools.py" in c for c in shown)


def test_tools_list_shows_lisp_eval():
    out = inspector(["mcp", "--tools", "examples/mcp_tools.py", "--method", "tools/list"])
    if out.returncode and "npm" in out.stderr:
        pytest.skip(f"npx could not fetch the Inspector: {out.stderr[-300:]}")
    tools = json.loads(out.stdout)["tools"]
    assert [t["name"] for t in tools] == ["lisp_eval"]


def test_tools_call_answers_as_the_docs_say():
    out = inspector(["mcp", "--tools", "examples/mcp_tools.py", "--method", "tools/call",
                     "--tool-name", "lisp_eval", "--tool-arg", "program=(count (tool/find-orders {}))"])
    if out.returncode and "npm" in out.stderr:
        pytest.skip(f"npx could not fetch the Inspector: {out.stderr[-300:]}")
    assert json.loads(out.stdout) == {"content": [{"type": "text", "text": "4"}], "isError": False}


def test_each_cli_call_is_a_new_server():
    # what the docs warn of: a def made in one --cli call is gone in the next
    base = ["mcp", "--session", "--tools", "examples/mcp_tools.py", "--method", "tools/call",
            "--tool-name", "lisp_eval", "--tool-arg"]
    inspector(base + ["program=(def kept 1)"])
    out = inspector(base + ["program=kept"])
    if out.returncode and "npm" in out.stderr:
        pytest.skip(f"npx could not fetch the Inspector: {out.stderr[-300:]}")
    answer = json.loads(out.stdout)
    assert answer["isError"] is True and "kept" in answer["content"][0]["text"]
