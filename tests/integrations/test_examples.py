"""The examples of examples/integrations run as the README shows, each in its own process."""
from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "integrations"
# ada spent 120+80+200 = 400, bo 15, cy 60+70 = 130: over 100 are ada and cy; in all 545
REPORT = "output: big_spenders=['ada', 'cy'] total=545"


@pytest.mark.parametrize("script, needs, lines", [
    ("pydantic_ai_lispmode.py", "pydantic_ai",
     ["lisp_eval answered turn 1: ReadError at line 1, column 1: unclosed '('", REPORT]),
    ("openai_agents_tool.py", "agents", ["model turns: 2", REPORT]),
    ("langchain_agent.py", "langchain",
     ['final message: {"big_spenders": ["ada", "cy"], "total": 545}', REPORT]),
])
def test_the_example_runs(script, needs, lines):
    if importlib.util.find_spec(needs) is None:
        pytest.skip(f"{needs} is not installed (pip install -e '.[test]')")
    out = subprocess.run([sys.executable, str(EXAMPLES / script)], capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    shown = out.stdout.splitlines()
    for line in lines:
        assert any(s.startswith(line) for s in shown), (line, out.stdout)
