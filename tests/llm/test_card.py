"""One card for every door (#37 item 3): the Agent's prompt, `ptclisp prompt`, the MCP server's
lisp_eval description and the three integrations render the same rules, from one source, and
every claim in them holds."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from ptclisp import Limits, Session
from ptclisp.cli.main import main
from ptclisp.core import registry
from ptclisp.llm import estimate_tokens, system_prompt
from ptclisp.llm.card import BEYOND_CLOJURE, RULES, beyond_clojure, language_rules, opening
from ptclisp.mcp.description import describe

PKG = Path(__file__).resolve().parents[2] / "ptclisp"
INLINE = re.compile(r"`(\([^`]*\))`")


def _doors() -> dict:
    """door name -> the text that door sends (the integrations where their framework is here)."""
    doors = {f"agent {t} {p}": system_prompt(transport=t, profile=p)
             for t in ("content", "tool_call", "combined")
             for p in ("single_shot", "multi_turn", "journal")}
    doors["mcp"] = describe([], Limits())
    doors["mcp with session"] = describe([], Limits(), session=True)
    try:
        from ptclisp.integrations import common
    except ImportError:  # pydantic missing: the integrations are not installed
        return doors
    doors["integrations"] = common.instructions(data={"orders": [{"id": 1}]}, signature=":int")
    doors["integrations without return"] = common.instructions(returns=False)
    return doors


def _framework_doors() -> dict:
    """The instructions each installed framework integration builds."""
    out = {}
    try:
        from ptclisp.integrations.pydantic_ai import LispMode
        out["pydantic-ai"] = LispMode().get_instructions()
    except ImportError:
        pass
    try:
        from ptclisp.integrations.openai_agents import LispTool
        out["openai-agents"] = LispTool([]).instructions
    except ImportError:
        pass
    try:
        from ptclisp.integrations.langchain import lisp_tool
        out["langchain"] = lisp_tool([]).instructions
    except ImportError:
        pass
    return out


def test_every_door_renders_the_shared_rules_the_same_way():
    rules = language_rules()
    doors = {**_doors(), **_framework_doors()}
    assert len(doors) >= 11
    for name, text in doors.items():
        assert text.count(rules) == 1, name
        door = "agent" if name.startswith("agent") else "mcp" if name.startswith("mcp") else "integration"
        assert opening(door) + "\n" in text or opening(door) + "\n\n" in text, name


def test_cli_prompt_is_the_agents_prompt():
    assert main(["prompt"]) == 0


def test_the_cli_prints_the_card(capsys):
    assert main(["prompt", "--transport", "tool_call"]) == 0
    out = capsys.readouterr().out
    assert out == system_prompt(transport="tool_call") and language_rules() in out


def test_no_module_keeps_its_own_copy_of_the_rules():
    # a rule's distinctive words appear in ptclisp's sources only in llm/card.py
    for phrase in ("Not available: atoms", "Round to 2 decimals", "are eager and return vectors",
                   "keyword keys spelled as listed"):
        holders = [p.relative_to(PKG).as_posix() for p in PKG.rglob("*.py")
                   if phrase in p.read_text(encoding="utf-8")]
        assert holders == ["llm/card.py"], (phrase, holders)


def test_the_default_agent_prompt_is_at_most_800_tokens():
    assert estimate_tokens(system_prompt()) <= 800  # 1,178 with the function list (before #37)
    assert estimate_tokens(system_prompt(functions=True)) > estimate_tokens(system_prompt()) + 400


def test_every_rule_is_one_line_and_its_inline_forms_run():
    users = [{"name": "Ada", "role": "admin"}]
    session = Session(tools={"get_user": lambda user_id: {"name": "Ada", "id": user_id},
                             "get_users": lambda role: users},
                      data={"orders": [{"id": 1, "total": 120}]})
    forms = [f for rule in RULES for f in INLINE.findall(rule)]
    assert len(forms) >= 8
    for code in forms:
        result = session.run(f'(let [m {{:user_id 7}}] {code})')
        assert result.error is None, (code, result.error)
    assert all("\n" not in rule for rule in RULES)


@pytest.mark.parametrize("program", [
    "(atom 1)", "(try 1 (catch Exception e 2))", "(throw (ex-info \"x\" {}))",
    "(lazy-seq [1])", "(defmacro m [] 1)", "(ns foo)", "(require 'x)", "(import 'x)",
    "(slurp \"x\")",
])
def test_what_the_card_calls_not_available_is_not(program):
    # the wording of #37 item 2 (letfn, reduced, memoize, bounded iterate... became builtins)
    assert ("Not available: atoms, try/catch, throw, lazy-seq, macros, ns/require/import, I/O."
            in language_rules())
    assert Session().run(program).error is not None


def test_the_names_beyond_clojure_are_builtins_clojure_lacks():
    listed = beyond_clojure().split()
    for name in BEYOND_CLOJURE:
        assert name in registry.CORE, name
    assert {"sum-by", "avg-by", "parse-long", "describe", "json/parse-string"} <= set(listed)
    assert not {"map", "filter", "reduce", "group-by"} & set(listed)
    assert beyond_clojure() in language_rules()
