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


def test_the_new_texts_read_as_pinned():
    assert M.one_of(["{a int}", "{b string}"]) == "one of {a int} or {b string}"
    assert M.RETURN_NOT_OUTPUT_TOOL == (
        "`(return v)` is your answer: it ends the run, so never call final_result.")
    assert M.saved_state_ignored(M.saved_too_large(20_000_000, 16_000_000)) == (
        "ptclisp: the saved lisp_eval state could not be read (20,000,000 characters, over the "
        "16,000,000 read); starting without it")
    assert M.saved_not_text("list") == "not text but list"
    assert M.saved_integer_too_large(30_103) == "an integer of more than 30,103 digits"
    assert M.CONVERSATION_FORGOTTEN == (
        "ptclisp: this conversation's lisp_eval defs are no longer kept (more conversations "
        "than max_conversations); starting without them")


@pytest.mark.parametrize("output_type, members", [
    (int, [int]), (None, []), ([Line, Order], [Line, Order]), ((Line, [Order, int]), [Line, Order, int]),
    (Optional[int], [Optional[int]]), (Line | Order, [Line, Order]), (list[Line], [list[Line]]),
])
def test_output_members(output_type, members):
    assert common.output_members(output_type) == members


def test_a_union_has_no_one_signature_but_each_shape_is_shown():
    assert common.output_signature([Line, int]) is None
    assert common.shown_signature([Line, int]) == ["{sku :string, qty :int}", ":int"]
    assert common.expected(["{sku :string}", ":int"]).startswith(
        "Expected output: one of {sku string} or int (")
    assert common.validate_output([Line, int], 3) == (3, None)
    assert common.validate_output([Line, int], {"sku": "a", "qty": 1}) == (Line(sku="a", qty=1), None)
    assert common.validate_output([Line, int], "x")[1].startswith("The returned value does not match")


def test_parallel_runs_merge_their_defs_and_a_failed_run_changes_nothing():
    runner = common.LispRunner()
    runner.run("(def a 0) (def keep 1)", [])
    one, two = runner.session([]), runner.session([])  # two calls that started together
    base = dict(one.memory)
    r1, r2 = one.run("(def a 1) (def x 1)", final=False), two.run("(def y 2)", final=False)
    runner._merge(base, r1)  # each merged against the defs it started from
    runner._merge(base, r2)
    assert runner.memory == {"a": 1, "keep": 1, "x": 1, "y": 2}
    before = dict(runner.memory)
    assert runner.run("(def z 3) (nope)", []).kind == "error" and runner.memory == before
