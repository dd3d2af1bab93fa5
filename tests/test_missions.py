"""examples/missions: every mission's scripted replies, run through a Session, give its answer.

The replies are what a correct model would write, one program per turn; the last one ends the
mission with `return` or `fail`. The same file drives step mode (`ptclisp agent start/reply`).
"""
from __future__ import annotations

import importlib.util
import json
import math
import sys
from pathlib import Path

import pytest

import ptclisp
from ptclisp.llm.extract import parse

HERE = Path(__file__).resolve().parent.parent / "examples" / "missions"
MISSIONS = json.loads((HERE / "missions.json").read_text())
DATA = json.loads((HERE / "data.json").read_text())
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


@pytest.mark.parametrize("mission", MISSIONS, ids=[m["id"] for m in MISSIONS])
def test_the_scripted_replies_solve_the_mission(mission):
    session = ptclisp.Session(data=DATA, tools=TOOLS, signature=mission["signature"])
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
