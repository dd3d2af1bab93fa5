"""Big catalogs (#38): one rule (host/catalog.py) for what every door's first request shows."""
from __future__ import annotations

import re
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from ptclisp import Limits, Session, Tool
from ptclisp import messages as CM
from ptclisp.host.catalog import (DEFAULT_BUDGET, MAX_FULL, Entry, estimate_tokens, group_of,
                                  index_lines, mark_writes_by_name, select, writes_by_name)
from ptclisp.llm import context_message, system_prompt
from ptclisp.llm.context import tool_inventory
from ptclisp.mcp.description import describe
from ptclisp.upstream import catalog as UC
from ptclisp.upstream.runtime import _read_only_hint

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import company_catalog as CC  # noqa: E402


def _small_tools():
    def get_user(user_id: int) -> dict:
        """Look up a user."""
        return {}

    def list_orders(status: str = "open") -> list:
        """Orders, by status."""
        return []
    return {"get-user": Tool(get_user), "list-orders": Tool(list_orders)}


def test_below_the_budget_nothing_changes():
    tools = _small_tools()
    text = tool_inventory(tools, mission="anything at all")
    assert text.splitlines() == [
        ";; === tools ===",
        "tool/get-user(user_id int) -> map  ; Look up a user.",
        ";;   e.g. (tool/get-user {:user_id 42})",
        'tool/list-orders(status string = "open") -> [any]  ; Orders, by status.',
        ';;   e.g. (tool/list-orders {:status "text"})']
    assert tool_inventory(tools) == text  # the mission plays no part below the budget


def test_past_the_budget_the_mission_gets_its_tools_and_an_index_of_the_rest():
    tools = {t.name: t for t in CC.catalog(150)}
    mission = "How many urgent support tickets are still open?"
    text = tool_inventory(tools, mission=mission)
    head, index = text.split(CM.CATALOG_INDEX_HEAD)
    full = re.findall(r"^tool/([\w-]+)\(", head, re.M)
    assert head.splitlines()[1] == CM.CATALOG_FULL_HEAD
    assert full[0] == "list-tickets" and 1 <= len(full) <= MAX_FULL
    named = [n for line in index.splitlines()[1:]
             for n in re.findall(r"(?:: |, |writes: )([a-z][\w-]*)", line)]
    assert sorted(named) == sorted(set(tools) - set(full))  # every other tool, once
    assert "- tickets: " in index and "writes: close-ticket, create-ticket" in index
    assert estimate_tokens(text) <= DEFAULT_BUDGET + 150  # heads and the grouping's dashes


def test_without_a_mission_a_big_catalog_is_only_indexed():
    tools = {t.name: t for t in CC.catalog(150)}
    text = tool_inventory(tools)
    assert CM.CATALOG_FULL_HEAD not in text and CM.CATALOG_INDEX_HEAD not in text
    assert "tool/" not in text.split(CM.CATALOG_INDEX_ALL_HEAD)[0]  # the head says "the tools"


def _entries(n: int, words_each: int = 6) -> list[Entry]:
    return [Entry(name=f"tool-{i}", full=f"tool/tool-{i}() " + "word " * 40,
                  description="Does a thing with " + "stuff " * words_each, group=f"g{i % 7}",
                  writes=i % 5 == 0) for i in range(n)]


@pytest.mark.parametrize("budget", [60, 150, 400, 900, 3000])
def test_the_index_is_as_rich_as_its_budget_allows(budget):
    lines = index_lines(_entries(120), budget)
    cost = sum(estimate_tokens(line) for line in lines[:-1])
    assert cost <= budget or len(lines) == 1  # one line always, counts at least
    text = "\n".join(lines)
    if "(Does a thing" in text:
        assert "tool-7 (Does a thing with stuff...)" in text  # the first five words
    elif "tool-1" in text:
        assert "- g1: tool-1, tool-106" in text  # names only
    else:
        assert re.match(r"- g\d: \d+ tools, \d+ write", lines[0])


def test_every_door_follows_the_same_rule():
    tools = CC.catalog(150)
    mission = CC.MISSIONS[1]["mission"]  # gold customers with an overdue invoice
    from ptclisp.integrations import common
    agent = context_message(Session(tools=tools), mission)
    integration = common.tool_description(tools, mission=mission)
    infos = [UC.ToolInfo("company", t.name, t.description, t.schema, read_only=t.read_only)
             for t in tools]
    upstream = UC.catalog_text({"company": infos}, {}, mission=mission)

    def full_of(text, pattern):
        return re.findall(pattern, text, re.M)
    # each door renders a tool its own way (sizes differ, an upstream's domain is read from
    # names): the leads agree, and each door's full tools hold what the mission needs
    for text, pattern in ((agent, r"^tool/([\w-]+)\("), (integration, r"^tool/([\w-]+)\("),
                          (upstream, r"^  - ([\w-]+)\(")):
        ranked = full_of(text, pattern)
        assert ranked[:2] == ["list-customers", "list-invoices"], ranked
        assert all(need & set(ranked) for need in CC.MISSIONS[1]["needs"])
    for no_mission in (describe(tools, Limits()), common.tool_description(tools),
                       UC.catalog_text({"company": infos}, {})):
        assert re.search(r"^- (customers|company): .*\blist-customers\b", no_mission, re.M)
        assert "(tool/list-customers {" not in no_mission and "  - list-customers(" not in no_mission


def test_a_budget_is_a_setting():
    tools = {t.name: t for t in CC.catalog(40)}
    assert CM.CATALOG_INDEX_ALL_HEAD in tool_inventory(tools, budget=300)
    assert CM.CATALOG_INDEX_HEAD in tool_inventory(tools, mission="list orders", budget=700)
    assert CM.CATALOG_INDEX_ALL_HEAD not in tool_inventory(tools, budget=100_000)
    session = Session(tools=list(tools.values()))
    assert CM.CATALOG_INDEX_HEAD not in context_message(session, "list orders",
                                                        catalog_budget=100_000)


@pytest.mark.parametrize("n", [150, 300, 500])
def test_no_mission_loses_a_tool_it_needs(n):
    tools = CC.catalog(n)
    from ptclisp.host.catalog import tool_entry
    entries = [tool_entry(t, t.signature_text) for t in tools]
    for m in CC.MISSIONS:
        full = {e.name for e in select(entries, m["mission"]).full}
        assert all(need & full for need in m["needs"]), (m["id"], full)


@pytest.mark.parametrize("n", [20, 150, 500])
def test_the_first_request_stays_under_2500_tokens(n):
    tools = CC.catalog(n)
    from ptclisp.integrations import common
    for m in CC.MISSIONS:
        first = system_prompt() + context_message(Session(tools=tools), m["mission"])
        assert estimate_tokens(first) <= 2500, (n, m["id"])
        lisp_mode = common.instructions() + common.tool_description(tools, mission=m["mission"])
        assert estimate_tokens(lisp_mode) <= 2500, (n, m["id"])
    assert estimate_tokens(describe(tools, Limits())) <= 2500


def test_groups_and_writes_from_names_when_the_host_opts_in():
    assert group_of("get-customer-orders") == "customer" and group_of("list_orders") == "order"
    assert group_of("refundPayment") == "payment" and group_of("ping") == "ping"
    assert writes_by_name("create-refund") and writes_by_name("cancel_order")
    assert not writes_by_name("list-orders") and not writes_by_name("created-at")
    tools = [Tool(lambda: 1, name="delete-user"), Tool(lambda: 1, name="get-user"),
             Tool(lambda: 1, name="add-note", read_only=True)]
    assert [t.read_only for t in tools] == [None, None, True]
    mark_writes_by_name(tools)
    assert [t.read_only for t in tools] == [False, True, True]  # the host's own word stands


def test_mcp_read_only_hint_marks_upstream_tools():
    assert _read_only_hint(SimpleNamespace(annotations=SimpleNamespace(readOnlyHint=True))) is True
    assert _read_only_hint(SimpleNamespace(annotations=SimpleNamespace(readOnlyHint=False))) is False
    assert _read_only_hint(SimpleNamespace(annotations=None)) is None
    assert _read_only_hint(SimpleNamespace()) is None


def test_select_keeps_everything_within_budget():
    entries = _entries(3)
    chosen = select(entries, "thing", budget=10_000)
    assert chosen.full == tuple(entries) and chosen.index == () and not chosen.cut


def test_the_framework_tools_rank_by_the_mission_they_are_given():
    tools = CC.catalog(150)
    mission = CC.MISSIONS[2]["mission"]  # urgent open tickets
    built = []
    try:
        from ptclisp.integrations.openai_agents import LispTool
        built += [LispTool(tools, mission=mission).tool.description, LispTool(tools).tool.description]
    except ImportError:
        pass
    try:
        from ptclisp.integrations.langchain import lisp_tool
        built += [lisp_tool(tools, mission=mission).description, lisp_tool(tools).description]
    except ImportError:
        pass
    if not built:
        pytest.skip("neither the OpenAI Agents SDK nor LangChain is installed")
    for ranked, plain in zip(built[::2], built[1::2]):
        assert re.search(r"^tool/list-tickets\(", ranked, re.M)
        assert CM.CATALOG_FULL_HEAD not in plain and CM.CATALOG_INDEX_ALL_HEAD in plain


def test_the_cli_prompt_takes_the_function_list_and_a_mission(capsys):
    from ptclisp.cli.main import main
    assert main(["prompt", "--functions"]) == 0
    assert capsys.readouterr().out == system_prompt(functions=True)
