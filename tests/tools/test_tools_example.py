"""examples/tools_demo.py runs and gives the expected report."""
from __future__ import annotations

import runpy
from pathlib import Path

from ptclisp.lang.values import kw

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "tools_demo.py"


def test_tools_demo(capsys):
    result = runpy.run_path(str(EXAMPLE))["main"]()
    assert result.status == "ok"
    assert result.value == {kw("customers"): 2, kw("top"): {kw("name"): "Ada", kw("total"): 200.0}}
    assert [c["name"] for c in result.tool_calls] == ["list-orders", "get-customer", "get-customer"]
    out = capsys.readouterr().out
    assert "tool/get-customer(customer_id :int) -> :map" in out
    assert "write (tool/get-customer {:customer_id 1})" in out  # as the host declared it
