"""The step mode of tests/benchmarks/pydantic_ai_missions.py: a mission played one turn a step."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pydantic_ai")

SCRIPT = Path(__file__).resolve().parents[2] / "tests" / "benchmarks" / "pydantic_ai_missions.py"


def step(*args: str) -> str:
    out = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_a_mission_played_through_lispmode(tmp_path):
    state = tmp_path / "run"
    first = step("start", "--variant", "lisp", "--mission", "m02-count-all-orders", "--state", str(state))
    assert first.startswith("## instructions\nYou write PTC-Lisp")
    assert '"name": "lisp_eval"' in first and "tool/get-orders(" in first
    assert "How many orders are there in all?" in first or "[user-prompt]" in first
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"tool": "lisp_eval", "args": {"program": "(return (count (tool/get-orders {}))"}}))
    retry = step("reply", "--state", str(state), str(wrong))
    assert "unclosed '('" in retry  # the retry prompt is in the next request
    good = tmp_path / "good.json"
    # pages of 5: loop until next_page is nil; 12 orders in all (examples/missions/tools.py)
    good.write_text(json.dumps({"tool": "lisp_eval", "args": {"program":
        "(loop [p 1 n 0] (let [r (tool/get-orders {:page p})] "
        "(if (:next_page r) (recur (:next_page r) (+ n (count (:items r)))) "
        "(return (+ n (count (:items r)))))))"}}))
    end = json.loads(step("reply", "--state", str(state), str(good)))
    assert end["output"] == 12 and end["right"] is True
    assert end["turns"] == 2 and end["error_turns"] == 1 and end["input_tokens"] > 1000
    table = step("report", str(state))
    assert "| m02-count-all-orders | lisp | 2 | 1 |" in table
