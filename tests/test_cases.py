"""One runner over every case file under tests/cases/."""
from __future__ import annotations

from pathlib import Path

import pytest

import ptclisp
from casefile import check, parse

ROOT = Path(__file__).parent / "cases"
CASES = [c for path in sorted(ROOT.rglob("*.clj")) for c in parse(path)]
FIXED_CLOCK = lambda: 1_700_000_000.0  # 2023-11-14T22:13:20Z, so clock-reading cases are stable


def _session(data, tools=None):
    if tools is None:
        return ptclisp.Session(data=data, clock=FIXED_CLOCK)
    return ptclisp.Session(data=data, clock=FIXED_CLOCK, tools=tools, journal={})


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_case(case):
    check(case, _session)
