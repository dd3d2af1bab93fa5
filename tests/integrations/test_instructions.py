"""The integrations' compact instructions: within budget, each rule said once, every claim true.

Issue #30: a pydantic-ai LispMode run should cost at most half of CodeMode's input tokens, so
the instructions (sent with every request) stay short, while still telling a model enough to
answer in one program (tools are in lisp_eval's description, not here).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("pydantic")

from ptclisp import Session  # noqa: E402
from ptclisp.core import registry  # noqa: E402
from ptclisp.integrations import common  # noqa: E402
from ptclisp.integrations import messages as M  # noqa: E402
from ptclisp.llm import estimate_tokens, function_list  # noqa: E402
from ptclisp.llm import card  # noqa: E402
from ptclisp.llm.card import beyond_clojure  # noqa: E402

MISSION_DATA = json.loads((Path(__file__).resolve().parents[2] / "examples" / "missions"
                           / "data.json").read_text(encoding="utf-8"))
# before the first cut (#30 item 5) these were 1,959 and 1,214 tokens, after it 1,150 and
# 500; the second cut left out samples where keys are listed, and tools' example calls (860,
# 455); the one card (#37) added the data rule and tool discovery (909, 514); the data
# profile (#37, f37) and union outputs merged in with it: 933 and 502 (879 and 448 without #37)
BUDGET_WITH_MISSION_DATA = 940
BUDGET_WITHOUT_DATA = 520


def test_the_instructions_for_the_missions_data_stay_within_budget():
    text = common.instructions(data=MISSION_DATA, signature="{total :float, ids [:int]}")
    assert estimate_tokens(text) <= BUDGET_WITH_MISSION_DATA
    assert estimate_tokens(common.instructions()) <= BUDGET_WITHOUT_DATA
    for name in MISSION_DATA:  # the cut keeps every data name and its keys' profiles...
        assert f"data/{name} " in text
    assert ":unit_price string" in text and "string of JSON {\"currency\"" in text
    assert "sample:" not in text  # ...and leaves out samples: every value here lists its keys


def test_values_whose_keys_are_not_listed_keep_their_sample():
    text = common.instructions(data={"ids": [3, 5, 8], "note": "hello", "rows": [{"a": 1}]})
    assert ";;   sample: [3 " in text and 'sample: "hello"' in text
    assert text.count("sample:") == 2


def test_the_tools_are_listed_without_example_calls():
    def get_user(user_id: int) -> dict:
        """One user."""
        return {}
    from ptclisp import Tool
    description = common.tool_description([Tool(get_user)])
    assert "tool/get-user(user_id int) -> map  ; One user." in description
    assert "e.g." not in description


def test_each_rule_is_said_once():
    text = common.instructions(data={"limit": 5}, signature=":int")
    assert text.count("(return v)") == 1  # the finishing rule; the expected output's example:
    assert text.count("(return 42)") == 1
    assert "Reply format" not in text and "Turns:" not in text
    description = common.tool_description([])
    assert "return" not in description  # said in the instructions only


def test_the_function_names_come_from_the_registry():
    text = common.instructions()
    assert beyond_clojure() in text
    assert function_list() not in text  # the whole list is ptclisp's own Agent prompt only
    for name in card.BEYOND_CLOJURE:  # each named one is a real builtin
        assert name in registry.CORE, name
    listed = beyond_clojure().split()
    assert {"sum-by", "avg-by", "max-by", "distinct-by", "parse-long", "extract", "describe",
            "json/parse-string"} <= set(listed)
    assert not {"map", "filter", "reduce", "group-by"} & set(listed)  # as in Clojure: not listed


# what the card calls not available: tests/llm/test_card.py (one card for every door)


@pytest.mark.parametrize("program, value", [
    ("(let [x 2.345] (/ (round (* x 100)) 100.0))", 2.35),  # the rounding recipe
    ('(str/split "a|b" #"\\|")', ["a", "b"]),
    ("(sum-by :n [{:n 1} {:n 2}])", 3),  # an extension it lists
    ("(-> (describe [1 2]) :count)", 2),
])
def test_the_instructions_examples_run(program, value):
    result = Session().run(program)
    assert result.error is None and result.value == value


def test_the_expected_output_shows_the_shape_and_a_return():
    assert common.expected("{count :int, names [:string]}") == M.expected(
        "{count int, names [string]}", '{:count 42 :names ["text"]}')
    assert "as JSON" in common.expected(":int", returns=False)
