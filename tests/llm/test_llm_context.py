"""The first user message: tool, data and memory inventories, expected output, mission."""
from __future__ import annotations

import json

import pytest

from ptclisp import Session, Tool, read_value
from ptclisp.llm import context_message
from ptclisp.llm import messages as M
from ptclisp.llm.context import (
    data_inventory, example_call, expected_output, lisp_key, memory_inventory, render_type,
    tool_inventory,
)
from ptclisp.signatures import parse, parse_type


def get_user(user_id: int) -> dict:
    """Look up a user by id.

    Args:
        user_id: the user's number
    """
    return {"name": "Ada", "email": None, "id": user_id}


def search_logs(query: str, limit: int = 10) -> list:
    return [{"id": 1, "message": query}][:limit]


def ping():
    return "pong"


TOOLS = {"get_user": Tool(get_user, signature="(user_id :int) -> {name :string, email :string?}"),
         "search_logs": Tool(search_logs, description="Search log events.",
                             returns="[{id :int, message :string}]"),
         "ping": ping}


def test_tool_inventory_lists_each_tool_sorted_with_one_example_call():
    # the reference's layout (PtcRunner SystemPrompt vector), our kebab-case spelling
    assert tool_inventory(Session(tools=TOOLS).tools) == "\n".join([
        ";; === tools ===",
        "tool/get-user(user-id int) -> {name string, email string?}  ; Look up a user by id.",
        "tool/ping() -> any",
        "tool/search-logs(query string, limit int?) -> [{id int, message string}]"
        "  ; Search log events.",
        ";; Example: (tool/get-user {:user-id 42})",
    ])


def test_no_tools_says_so():
    assert tool_inventory(Session().tools) == M.NO_TOOLS == ";; No tools available"
    assert context_message(Session(), "Add 1 and 2").startswith(";; No tools available\n\n")


def test_example_call_runs_against_the_tool():
    session = Session(tools=TOOLS)
    for name in session.tools:
        call = example_call(session.tools[name])
        result = session.run(call)
        assert result.error is None, (call, result.error)
    assert example_call(session.tools["search-logs"]) == '(tool/search-logs {:query "text"})'
    assert example_call(session.tools["ping"]) == "(tool/ping)"


def test_example_uses_a_tool_with_parameters_or_the_first():
    only_ping = Session(tools={"ping": ping, "pong": ping}).tools
    assert tool_inventory(only_ping).splitlines()[-1] == ";; Example: (tool/ping)"


def test_open_tools_show_that_more_keys_are_accepted():
    def anything(**kwargs):
        return kwargs
    t = Session(tools={"anything": anything, "get_user": TOOLS["get_user"]}).tools
    assert "tool/anything() -> any" in tool_inventory(t)

    def some(query: str, **extra):
        return extra
    assert "tool/some(query string, ...) -> any" in tool_inventory(Session(tools=[some]).tools)


def test_data_inventory_labels_and_samples_each_key():
    data = {"orders": [{"id": i, "total": 10 * i} for i in range(200)], "q": "error code 42",
            "limit": 5, "ratio": 0.5, "on": False, "none": None, "tags": {"a", "b"},
            "order_items": {"x": 1}}
    text = data_inventory(data)
    lines = text.splitlines()
    assert lines[0] == ";; === data/ ==="
    assert [ln.split()[0] for ln in lines[1:]] == [
        "data/limit", "data/none", "data/on", "data/order-items", "data/orders", "data/q",
        "data/ratio", "data/tags"]
    assert all(ln.index(";") == 31 for ln in lines[1:])  # names padded to 30 columns
    by = {ln.split()[0]: ln.split(" ; ", 1)[1] for ln in lines[1:]}
    assert by["data/limit"] == "integer, sample: 5"
    assert by["data/none"] == "nil, sample: nil"
    assert by["data/on"] == "boolean, sample: false"
    assert by["data/ratio"] == "float, sample: 0.5"
    assert by["data/q"] == 'string, sample: "error code 42"'
    assert by["data/tags"] == 'set[2], sample: #{"a" "b"}'
    assert by["data/order-items"] == 'map[1], sample: {"x" 1}'
    assert by["data/orders"].startswith('list[200], sample: [{"id" 0 "total" 0} {"id" 1 "total" 10}')
    assert by["data/orders"].endswith("(3/200)") and len(by["data/orders"]) <= 19 + 80


def test_data_inventory_names_reach_the_data():
    data = {"order_items": [1, 2]}
    name = data_inventory(data).splitlines()[1].split()[0]
    assert Session(data=data).run(f"(count {name})").value == 2


def test_memory_inventory_lists_names_with_labels():
    session = Session()
    session.run("(def users [1 2 3]) (defn score [x] x) (def total 7)")
    assert memory_inventory(session.memory) == "\n".join([
        M.MEMORY_HEADER, ";; score ; function", ";; total ; integer", ";; users ; list[3]"])
    assert M.MEMORY_HEADER == ";; === memory (defined by earlier programs) ==="
    assert memory_inventory({}) is None


def test_memory_inventory_is_bounded():
    text = memory_inventory({f"v{i:03d}": i for i in range(60)})
    assert text.splitlines()[-1] == ";; ... and 10 more" and len(text.splitlines()) == 52


def test_types_are_shown_without_colons_with_kebab_keys():
    assert render_type(parse_type("[{order_id :int, note :string?}]")) == "[{order-id int, note string?}]"
    assert render_type(parse_type(":keyword")) == "keyword"
    assert lisp_key("customer_id") == "customer-id" and lisp_key("q1") == "q1"


@pytest.mark.parametrize("sig,shape,example", [
    ("{count :int}", "{count int}", "{:count 42}"),
    (":int", "int", "42"),
    ("[:string]", "[string]", '["text"]'),
    ("{top_items [{id :int, score :float}], ok :bool, tag :keyword?}",
     "{top-items [{id int, score float}], ok bool, tag keyword?}",
     "{:top-items [{:id 42 :score 3.14}] :ok true :tag :ok}"),
    ("{when :datetime, meta :map, x :any}", "{when datetime, meta map, x any}",
     '{:when "2026-01-15T09:00:00Z" :meta {} :x "value"}'),
])
def test_expected_output_shows_the_shape_and_a_return_that_matches(sig, shape, example):
    text = expected_output(sig)
    assert text.splitlines() == ["# Expected Output", "",
                                 f"Your final answer must match this shape: {shape}",
                                 f"Call (return {example}) when complete."]
    result = Session(signature=sig).run(f"(return {example})")
    assert result.status == "returned", result.error
    assert parse(sig).check(read_value(example)) == []


def test_expected_output_in_combined_mode_asks_for_json():
    text = expected_output("{top_items [{id :int}]}", transport="combined")
    example = text.splitlines()[-1].split("e.g. ", 1)[1]
    assert json.loads(example) == {"top-items": [{"id": 42}]}
    assert "(return" not in text
    assert expected_output(None) is None


def test_context_message_puts_the_sections_in_order():
    session = Session(tools=TOOLS, data={"orders": [{"id": 1}]})
    session.run("(def seen 1)")
    session.signature = parse("{count :int}")
    text = context_message(session, "  How many orders?\n")
    order = [text.index(s) for s in (";; === tools ===", ";; === data/ ===", M.MEMORY_HEADER,
                                     "# Expected Output", "<mission>")]
    assert order == sorted(order)
    assert text.endswith("<mission>\nHow many orders?\n</mission>")
    assert "\n\n\n" not in text
