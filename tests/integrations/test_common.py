"""What the integrations share: types from schemas, the runner's outcomes, the texts."""
from __future__ import annotations

import asyncio
from typing import Optional

import pytest

pytest.importorskip("pydantic")

from pydantic import BaseModel  # noqa: E402

from ptclisp.integrations import common  # noqa: E402
from ptclisp.integrations import messages as M  # noqa: E402


class Line(BaseModel):
    sku: str
    qty: int


class Order(BaseModel):
    id: int
    lines: list[Line]
    note: Optional[str] = None


@pytest.mark.parametrize("output_type, signature", [
    (int, ":int"), (str, ":string"), (float, ":float"), (bool, ":bool"),
    (list[int], "[:int]"),
    (Line, "{sku :string, qty :int}"),
    # nested models come as $refs: inlined; an optional field is marked with ?
    (Order, "{id :int, lines [{sku :string, qty :int}], note :string?}"),
    (None, None),
])
def test_output_signature(output_type, signature):
    assert common.output_signature(output_type) == signature


@pytest.mark.parametrize("name, spelled", [
    ("get_users", "get-users"), ("search", "search"), ("mcp.fetch/page", "mcp.fetch-page"),
    ("1st", "t-1st"),
])
def test_lisp_name(name, spelled):
    assert common.lisp_name(name) == spelled


def test_validate_output_names_the_field():
    value, problem = common.validate_output(Line, {"sku": "a"})
    assert value is None and problem.startswith("The returned value does not match")
    assert "qty: Field required" in problem
    assert common.validate_output(Line, {"sku": "a", "qty": 2}) == (Line(sku="a", qty=2), None)


class Order(BaseModel):
    customer_id: int
    lines: list[dict]


def test_kebab_keys_validate_as_the_snake_fields_they_find():
    # ptclisp's signature check lets `{:customer-id 1}` stand for customer_id (spec 7.5's flexible
    # keys); pydantic must then read it too, or the model is told a field it gave is missing
    value, problem = common.validate_output(Order, {"customer-id": 1, "lines": [{"unit-price": 2}]})
    assert problem is None and value == Order(customer_id=1, lines=[{"unit_price": 2}])
    # a snake key given as well is kept as it is, and a real miss is still named
    value, problem = common.validate_output(Order, {"customer-id": 1})
    assert value is None and "lines: Field required" in problem


def double(x: int) -> int:
    """Twice x."""
    return 2 * x


@pytest.mark.parametrize("program, kind, text", [
    ("(tool/double {:x 2})", "ok", None),
    ("(return (tool/double {:x 2}))", "returned", None),
    ('(fail "no such thing")', "failed", 'The program failed with "no such thing".'),
    (42, "error", M.program_not_text("int")),
    ("(", "error", "ReadError"),
])
def test_runner_outcomes(program, kind, text):
    runner = common.LispRunner(output_type=int)
    tools = [common.folded_tool("double", "Twice x.", {"type": "object", "properties": {
        "x": {"type": "integer"}}, "required": ["x"]}, lambda args: 2 * args["x"])]
    for outcome in (runner.run(program, tools), asyncio.run(runner.arun(program, tools))):
        assert outcome.kind == kind
        if text is not None:
            assert text in outcome.text
    if kind == "returned":
        assert outcome.value == 4


def test_runner_state_survives_save_and_load():
    runner = common.LispRunner()
    runner.run("(def xs [1 2 3]) (def f (fn [x] x))", [])
    fresh = common.LispRunner()
    fresh.load(runner.save())
    assert fresh.run("(return (count xs))", []).value == 3
    assert fresh.run("(f 1)", []).kind == "error"  # a function is not data: left out


def test_the_description_lists_the_folded_tools():
    text = common.tool_description([common.folded_tool("double", "Twice x.", None, double,
                                                       function=double)])
    assert text.startswith(M.TOOL_DESCRIPTION)
    assert "tool/double() -> int  ; Twice x." in text
