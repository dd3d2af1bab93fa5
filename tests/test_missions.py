"""examples/missions: every mission's scripted replies, run through a Session, give its answer.

The replies are what a correct model would write, one program per turn; the last one ends the
mission with `return` or `fail`. The same file drives step mode (`ptclisp agent start/reply`).
"""
from __future__ import annotations

import importlib.util
import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

import ptclisp
from ptclisp.llm.extract import parse

HERE = Path(__file__).resolve().parent.parent / "examples" / "missions"
MISSIONS = json.loads((HERE / "missions.json").read_text())


def data_file(mission: dict) -> str:
    """The mission's data file: data.json, or the one it names (messy.json for m20-m25)."""
    return mission.get("data", "data.json")


def data_of(mission: dict) -> dict:
    return json.loads((HERE / data_file(mission)).read_text())
_spec = importlib.util.spec_from_file_location("mission_tools", HERE / "tools.py")
TOOLS_MODULE = importlib.util.module_from_spec(_spec)
sys.modules["mission_tools"] = TOOLS_MODULE  # its type hints are resolved in its module
_spec.loader.exec_module(TOOLS_MODULE)
TOOLS = [TOOLS_MODULE.get_orders, TOOLS_MODULE.get_customer, TOOLS_MODULE.exchange_rate]


def test_the_missions_file_has_the_fields_a_driver_reads():
    assert len(MISSIONS) >= 10
    assert len({m["id"] for m in MISSIONS}) == len(MISSIONS)
    for m in MISSIONS:
        assert {"id", "mission", "signature", "expected", "replies"} <= m.keys()
        assert m["replies"] and all("```clojure" in r for r in m["replies"])
        assert (HERE / data_file(m)).is_file()


@pytest.mark.parametrize("mission", MISSIONS, ids=[m["id"] for m in MISSIONS])
def test_the_scripted_replies_solve_the_mission(mission):
    session = ptclisp.Session(data=data_of(mission), tools=TOOLS, signature=mission["signature"])
    *explore, last = mission["replies"]
    for reply in explore:
        r = session.run(parse(reply), final=False)
        assert r.status == "ok", r.error and r.error.render()
    r = session.run(parse(last), final=False)
    assert r.error is None, r.error.render()
    assert r.status == ("failed" if mission.get("status") == "failed" else "returned")
    got, want = r.to_python(), mission["expected"]
    if isinstance(want, float):
        assert math.isclose(got, want, abs_tol=1e-9)
    else:
        assert got == want


PTCLISP = [sys.executable, "-c", "import sys; from ptclisp.cli import main; sys.exit(main())"]


def _agent(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*PTCLISP, "agent", *args], capture_output=True, text=True,
                          cwd=HERE, timeout=120)


@pytest.mark.parametrize("mission", MISSIONS, ids=[m["id"] for m in MISSIONS])
def test_step_mode_plays_the_mission_to_its_answer(mission, tmp_path):
    """`ptclisp agent start/reply` as a host's stateless requests: one process per step."""
    state = str(tmp_path / "state")
    sig = ["--signature", mission["signature"]] if mission["signature"] else []
    data = data_file(mission)
    out = _agent("start", "--state", state, "--tools", "tools.py", "--data", data, *sig,
                 mission["mission"])
    assert out.returncode == 0, out.stderr
    assert mission["mission"] in out.stdout and "data/customers" in out.stdout
    for turn, reply in enumerate(mission["replies"], 1):
        path = tmp_path / f"reply{turn}.txt"
        path.write_text(reply, encoding="utf-8")
        out = _agent("reply", "--state", state, "--tools", "tools.py", "--data", data, str(path))
        assert out.returncode == 0, out.stderr  # the step worked, whatever the mission's end
        if turn < len(mission["replies"]):  # the next message, not the ending's JSON line
            assert out.stdout.strip() and not out.stdout.lstrip().startswith("{"), out.stdout
    ending = json.loads(out.stdout.strip().splitlines()[-1])
    assert ending["status"] == ("failed" if mission.get("status") == "failed" else "ok")
    assert ending["turns"] == len(mission["replies"])
    got, want = ending["answer"], mission["expected"]
    if isinstance(want, float):
        assert math.isclose(got, want, abs_tol=1e-9)
    else:
        assert got == want
