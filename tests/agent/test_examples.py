"""Every script in examples/ runs, and prints what the data says (expectations computed here)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
SCRIPTS = sorted(p.name for p in EXAMPLES.glob("*.py"))
PROVIDER_KEYS = ("OPENAI_API_KEY", "ANTHROPIC_API_KEY")


def run(name: str) -> str:
    out = subprocess.run([sys.executable, str(EXAMPLES / name)], capture_output=True, text=True,
                         timeout=120, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr
    return out.stdout


def test_every_script_is_exercised_here():
    tested = {"data_analysis.py", "multi_turn_session.py", "scripted_agent.py",
              "combined_previews.py", "tools_demo.py", "real_provider.py", "mcp_tools.py"}
    assert set(SCRIPTS) <= tested, set(SCRIPTS) - tested


def test_data_analysis():
    orders = json.loads((EXAMPLES / "orders.json").read_text(encoding="utf-8"))["orders"]
    groups = defaultdict(list)
    for o in orders:
        if o["total"] > 20:
            groups[o["customer"]].append(o["total"])
    top = sorted(groups.items(), key=lambda kv: -sum(kv[1]))[:3]
    expected = "".join(f"{c:>4}  {len(ts)} orders  {sum(ts):.2f}\n" for c, ts in top)
    assert run("data_analysis.py") == expected


def test_tools_demo_sync_and_async_tools():
    out = run("tools_demo.py")
    # paid orders: Ada 120 + 80, Edsger 15 -> two customers, Ada on top with 200
    assert "value:  {:customers 2 :top {:name \"Ada\" :total 200.0}}" in out
    assert "('get-customer', {'customer_id': 1})" in out  # the async tool, called by pmap


def test_multi_turn_session():
    out = run("multi_turn_session.py").splitlines()
    assert out[0] == "total: 5.5 ok"  # 4 * 0.5 + 2 * 0.75 + 1 * 2.0
    assert out[1].startswith("after an error: ") and out[1].endswith("| total is still 5.5")
    assert out[2] == "answer: {'total': 5.5, 'items': 7}"


def test_scripted_agent():
    out = run("scripted_agent.py")
    lines = out.splitlines()
    assert lines[0].startswith("turn 1: error: AnalysisError") and "kyes" in lines[0]
    assert lines[2] == "turn 3: ok: {'core': 250, 'web': 110}"
    assert "status: ok | answer: {'core': 250, 'web': 110} | turns: 3" in out


def test_combined_previews():
    out = run("combined_previews.py").splitlines()
    errors = sum(1 for i in range(500) if i % 7 == 0)
    assert out[0].startswith("preview rows: 3 | hint: ")
    assert out[1] == f"program result: user=> {errors}"
    assert out[2].endswith("| host function calls: 1")  # the program read the cache


def test_mcp_tools_module_loads():
    out = subprocess.run([sys.executable, "-m", "ptclisp.cli", "run", "--tools",
                          "examples/mcp_tools.py", "-e", "(count (tool/find-orders {}))"],
                         capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert out.returncode == 0, out.stderr


@pytest.mark.skipif(not any(os.environ.get(k) for k in PROVIDER_KEYS),
                    reason="needs OPENAI_API_KEY or ANTHROPIC_API_KEY (a real provider)")
def test_real_provider():
    out = run("real_provider.py")
    assert "ok {'total': 14.75}" in out
