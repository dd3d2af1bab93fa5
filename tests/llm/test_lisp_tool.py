"""The lisp_eval tool: name, description cards (their examples run), schemas, native names."""
from __future__ import annotations

import re

import pytest

from ptclisp import Session, Tool
from ptclisp.llm import request_tools, tool_description, tool_name, tool_schema
from ptclisp.llm import messages as M
from ptclisp.llm.lisp_tool import native_names

PARAMETERS = {"type": "object", "required": ["program"], "additionalProperties": False,
              "properties": {"program": {"type": "string", "description": M.PROGRAM_PARAM}}}


def test_name_and_shapes():
    assert tool_name() == "lisp_eval"
    desc = tool_description()
    assert tool_schema() == {"type": "function", "function": {
        "name": "lisp_eval", "description": desc, "parameters": PARAMETERS}}
    assert tool_schema("openai_responses") == {
        "type": "function", "name": "lisp_eval", "description": desc, "parameters": PARAMETERS,
        "strict": True}
    assert tool_schema("anthropic") == {"name": "lisp_eval", "description": desc,
                                        "input_schema": PARAMETERS}
    with pytest.raises(ValueError, match="provider must be one of"):
        tool_schema("gemini")
    with pytest.raises(ValueError, match="mode must be one of"):
        tool_description("chat")


@pytest.mark.parametrize("mode", ["tool_call", "combined", "standalone"])
def test_cards_teach_our_lisp_and_stay_small(mode):
    card = tool_description(mode)
    assert "ptclisp" in card and "PTC-Lisp" in card and "PtcRunner" not in card
    assert len(card) < 1600  # the reference's whole prompt budget is ~1,100-1,500 bytes a card
    assert "(:user-id row)" in card or mode == "standalone"
    if mode != "standalone":
        assert "(tool/name {:arg value})" in card and "kebab-case" in card
    else:
        assert "No app tools" in card


def test_the_tool_call_card_says_app_tools_are_not_native():
    assert "lisp_eval is the only native tool" in tool_description("tool_call")
    assert "cannot share one assistant turn" in tool_description("combined")


def _logs(query: str) -> list:
    return [{"id": 1, "level": "error"}, {"id": 2, "level": "info"}, {"id": 3, "level": "error"}]


@pytest.mark.parametrize("mode, expected", [
    ("tool_call", [1, 3]), ("combined", [1, 3]), ("standalone", ["b"]),
])
def test_the_card_examples_run(mode, expected):
    example = re.search(r"Example: (.*)$", tool_description(mode), re.DOTALL).group(1)
    tools = {"search_logs": _logs} if mode != "standalone" else None
    result = Session(tools=tools).run(example)
    assert result.status == "ok" and result.to_python() == expected


def test_the_cards_name_only_functions_that_exist():
    names = re.search(r"Useful: (.*?)\.\n", M.TOOL_CALL_CARD, re.DOTALL).group(1)
    for name in [n.strip() for n in names.replace("\n", " ").split(",")]:
        if name in ("#(... % ...)",):
            continue
        result = Session().run(f"(fn [] ({name}))")
        assert result.error is None or "Unable to resolve" not in result.error.message, name


def test_native_names_are_snake_case_and_map_back():
    session = Session(tools=[Tool(lambda: 1, name="grep-n", expose="native"),
                             Tool(lambda: 1, name="ok?", expose="both"), Tool(lambda: 1, name="p")])
    assert {n: t.name for n, t in native_names(session).items()} == {"grep_n": "grep-n",
                                                                     "ok_": "ok?"}
    names = [t["function"]["name"] for t in request_tools("combined", session=session)]
    assert names == ["grep_n", "ok_", "lisp_eval"]


def test_native_name_clashes_are_host_errors():
    session = Session(tools=[Tool(lambda: 1, name="a?", expose="native"),
                             Tool(lambda: 1, name="a!", expose="native")])
    with pytest.raises(ValueError) as e:
        native_names(session)
    assert str(e.value) == M.native_name_clash("a?", "a!", "a_")


def test_combined_definitions_carry_the_tool_schema():
    def lookup(user_id: int, verbose: bool = False) -> dict:
        """Look a user up."""
        return {}
    session = Session(tools=[Tool(lookup, expose="native")])
    [native, lisp] = request_tools("combined", session=session, provider="anthropic")
    assert native == {"name": "lookup", "description": "Look a user up.", "input_schema": {
        "type": "object", "properties": {"user_id": {"type": "integer"},
                                         "verbose": {"type": "boolean"}},
        "required": ["user_id"], "additionalProperties": False}}
    assert lisp == tool_schema("anthropic", mode="combined")
    assert lisp["description"] == M.COMBINED_CARD
