"""The first user message: tool, data and memory inventories, expected output, mission."""
from __future__ import annotations

import enum
import json
from typing import Literal, TypedDict

import pytest

from ptclisp import Session, Tool, read_value
from ptclisp.llm import context_message
from ptclisp.llm import messages as M
from ptclisp.llm.memory import memory_feedback
from ptclisp.llm.context import (
    data_inventory, example_call, expected_output, lisp_key, memory_inventory, render_type,
    tool_inventory,
)
from ptclisp.host.signatures import parse, parse_type


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


def test_tool_inventory_lists_each_tool_sorted_with_an_example_call_each():
    # the reference's layout (PtcRunner SystemPrompt vector); parameter names and keys spelled
    # as the host spelled them (the program sees :user_id), defaults shown, every tool an example
    assert tool_inventory(Session(tools=TOOLS).tools) == "\n".join([
        ";; === tools ===",
        "tool/get-user(user_id int) -> {name string, email string?}  ; Look up a user by id.",
        ";;   e.g. (tool/get-user {:user_id 42})",
        "tool/ping() -> any",
        ";;   e.g. (tool/ping)",
        "tool/search-logs(query string, limit int = 10) -> [{id int, message string}]"
        "  ; Search log events.",
        ';;   e.g. (tool/search-logs {:query "text"})',
    ])
    assert "{...}" not in context_message(Session(tools=TOOLS), "m")


def test_no_tools_says_what_the_task_has_instead():
    # "No tools available" beside a prompt whose examples call tools read as a contradiction
    assert tool_inventory(Session().tools, data=False) == M.NOTHING
    assert context_message(Session(), "Add 1 and 2").startswith(M.NOTHING + "\n\n")
    with_data = context_message(Session(data={"x": 1}), "m")
    assert with_data.startswith(M.NO_TOOLS + "\n\n") and "data/" in M.NO_TOOLS
    assert "No tools available" not in with_data + context_message(Session(), "m")


def test_example_call_runs_against_the_tool():
    session = Session(tools=TOOLS)
    for name in session.tools:
        call = example_call(session.tools[name])
        result = session.run(call)
        assert result.error is None, (call, result.error)
    assert example_call(session.tools["search-logs"]) == '(tool/search-logs {:query "text"})'
    assert example_call(session.tools["ping"]) == "(tool/ping)"


def test_example_uses_the_required_parameters_or_the_first():
    only_ping = Session(tools={"ping": ping, "pong": ping}).tools
    assert tool_inventory(only_ping).splitlines()[-1] == ";;   e.g. (tool/pong)"

    def page(cursor: str = "", size: int = 20) -> dict:
        return {}
    text = tool_inventory(Session(tools=[page]).tools)
    assert 'tool/page(cursor string = "", size int = 20) -> map' in text
    assert ';;   e.g. (tool/page {:cursor "text"})' in text


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
    text = data_inventory(Session(data=data).data)
    lines = text.splitlines()
    assert lines[0] == ";; === data/ ==="
    assert lines[1] == M.DATA_NOTE  # that data/NAME is read directly (4 of 8 models guessed)
    assert "reads directly" in M.DATA_NOTE
    named = [ln for ln in lines[2:] if ln.startswith("data/")]
    assert [ln.split()[0] for ln in named] == [
        "data/limit", "data/none", "data/on", "data/order_items", "data/orders", "data/q",
        "data/ratio", "data/tags"]
    assert all(ln.index(";") == 31 for ln in named)  # names padded to 30 columns
    by = {ln.split()[0]: ln.split(" ; ", 1)[1] for ln in named}
    assert by["data/limit"] == "integer, sample: 5"
    assert by["data/none"] == "nil, sample: nil"
    assert by["data/on"] == "boolean, sample: false"
    assert by["data/ratio"] == "float, sample: 0.5"
    assert by["data/q"] == 'string, sample: "error code 42"'
    assert by["data/tags"] == 'set[2], sample: #{"a" "b"}'
    assert by["data/order_items"] == "map[1], keys:"
    assert by["data/orders"] == "list[200] of maps, keys:"
    at = lines.index(next(ln for ln in lines if ln.startswith("data/orders")))
    # keys sharing a profile share a line; the sample shows one record and counts the rest
    assert lines[at + 1:at + 3] == [";;   :id :total int",
                                    ";;   sample: [{:id 0 :total 0} ... 199 more]"]
    at = lines.index(next(ln for ln in lines if ln.startswith("data/order_items")))
    assert lines[at + 1:at + 3] == [";;   :x int", ";;   sample: {:x 1}"]


def test_data_inventory_names_every_key_of_the_records():
    # a cut sample hid :tier from every model that played the missions: the keys come first
    rows = [{"id": 1, "name": "Ada", "email": "a@x", "country": "GB"}, {"id": 2, "tier": "gold"}]
    lines = data_inventory(Session(data={"customers": rows}).data).splitlines()
    assert lines[2].endswith("; list[2] of maps, keys:")
    assert lines[3:5] == [";;   :country :email :name :tier string, missing in 1 of 2",
                          ";;   :id int"] and lines[5].startswith(";;   sample: ")
    many = {f"k{i:02}": i for i in range(40)}
    lines = data_inventory(Session(data={"wide": many}).data).splitlines()
    assert lines[3] == ";;   " + " ".join(f":k{i:02}" for i in range(30)) + " int"
    assert lines[4] == M.more_keys(10) == ";;   ... 10 more keys"
    assert lines[5].endswith(" ... 11 more keys}")  # the sample's cut, in the same notation


def test_data_inventory_names_reach_the_data():
    data = {"order_items": [1, 2]}
    name = data_inventory(Session(data=data).data).splitlines()[2].split()[0]
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


def test_types_are_shown_without_colons_with_keys_spelled_as_declared():
    assert render_type(parse_type("[{order_id :int, note :string?}]")) == "[{order_id int, note string?}]"
    assert render_type(parse_type(":keyword")) == "keyword"
    assert lisp_key("customer_id") == "customer_id" and lisp_key("Content-Type") == "Content-Type"


@pytest.mark.parametrize("sig,shape,example", [
    ("{count :int}", "{count int}", "{:count 42}"),
    (":int", "int", "42"),
    ("[:string]", "[string]", '["text"]'),
    ("{top_items [{id :int, score :float}], ok :bool, tag :keyword?}",
     "{top_items [{id int, score float}], ok bool, tag keyword?}",
     "{:top_items [{:id 42 :score 3.14}] :ok true :tag :ok}"),
    ("{when :datetime, meta :map, x :any}", "{when datetime, meta map, x any}",
     '{:when "2026-01-15T09:00:00Z" :meta {} :x "value"}'),
])
def test_expected_output_shows_the_shape_and_a_return_that_matches(sig, shape, example):
    text = expected_output(sig)
    assert text.splitlines() == ["# Expected Output", "",
                                 f"Your final answer must match this shape: {shape}",
                                 M.EXPECTED_TYPES_NOTE,
                                 f"Call (return {example}) when complete."]
    # one model read :string as "return a keyword": the types are said to be types
    assert "types, not values" in M.EXPECTED_TYPES_NOTE
    result = Session(signature=sig).run(f"(return {example})")
    assert result.status == "returned", result.error
    assert parse(sig).check(read_value(example)) == []


def test_expected_output_in_combined_mode_asks_for_json():
    text = expected_output("{top_items [{id :int}]}", transport="combined")
    example = text.splitlines()[-1].split("e.g. ", 1)[1]
    assert json.loads(example) == {"top_items": [{"id": 42}]}
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


def test_one_spelling_of_a_key_everywhere_the_model_looks():
    """The inventory, the data sample, a print, the memory preview and the expected output all
    spell the host's `customer_id` as the program reads it: :customer_id."""
    def get_orders(customer_id: int) -> list[dict]:
        return [{"customer_id": customer_id, "total": 22978.559999999998}]
    session = Session(tools=[get_orders], data={"orders": [{"customer_id": 3}]},
                      signature="{customer_id :int, total :float}")
    text = context_message(session, "m")
    assert "tool/get-orders(customer_id int)" in text
    assert "(tool/get-orders {:customer_id 42})" in text
    assert "sample: [{:customer_id 3}]" in text
    assert "(return {:customer_id 42 :total 3.14})" in text
    assert "customer-id" not in text and '"customer_id"' not in text
    r = session.run("(def o (first (tool/get-orders {:customer_id 3}))) (println o)", final=False)
    assert r.prints == ["{:customer_id 3 :total 22978.559999999998}"]
    # the memory preview prints the number as println did
    assert memory_feedback({}, r.memory).text == ";; o = {:customer_id 3 :total 22978.559999999998}"


def test_memory_shows_one_value_bound_to_several_names_once():
    r = Session().run("(def rows [1 2 3]) (def a rows) (def b rows)")
    assert memory_feedback({}, r.memory).text == ";; a, b, rows = [1 2 3]"


def test_data_inventory_names_the_few_values_a_key_repeats():
    # trial models guessed status and tier spellings the cut samples never showed
    rows = [{"id": i, "status": ["paid", "open", "paid"][i % 3], "note": f"n{i}",
             "total": 1.5, "flag": None if i else "x"} for i in range(9)]
    lines = data_inventory(Session(data={"orders": rows}).data).splitlines()
    assert ';;   :status string "paid"|"open"' in lines  # as they occur
    assert ";;   :note string" in lines  # all distinct: no spellings
    assert ";;   :total float" in lines
    assert ";;   :flag string, nil in 8 of 9" in lines
    spelled = [{"c": f"v{i % 12}"} for i in range(24)]  # twelve spellings: listed
    assert '"v0"|"v1"|' in data_inventory(Session(data={"m": spelled}).data)
    many = [{"c": f"v{i % 13}"} for i in range(26)]  # thirteen: more than a profile lists
    assert '"v0"|' not in data_inventory(Session(data={"m": many}).data)


def test_records_with_list_and_map_fields_are_described_not_crashed_on():
    # real host data: tags, line items, children (a TypeError on the list-valued key once)
    rows = [{"id": 1, "tags": ["refund"], "items": [{"sku": "a", "qty": 2}],
             "customer": {"id": 7}, "status": "open"},
            {"id": 2, "tags": [], "items": [], "customer": {"id": 8}, "status": "open"},
            {"id": 3, "tags": ["refund", "vip"], "items": [], "customer": {"id": 7},
             "status": "closed"}]
    session = Session(data={"tickets": rows})
    lines = data_inventory(session.data).splitlines()
    # each nested key with the types its values have (a model guessed qty's type without them)
    assert lines[3:8] == [";;   :customer {:id int}", ";;   :id int", ";;   :items [{:qty int :sku string}]",
                          ';;   :status string "open"|"closed"', ";;   :tags [string]"]
    # the sample reaches a line item's keys and leaves
    assert lines[8] == (';;   sample: [{:customer {:id 7} :id 1 :items [{:qty 2 :sku "a"}] '
                        ':status "open" :tags ["refund"]} ... 2 more]')
    assert "data/tickets" in context_message(session, "How many tickets are open?")


def test_a_tree_names_its_levels_once_and_its_sample_reaches_a_leaf():
    leaf = {"name": "leaf", "children": []}
    tree = {"name": "root", "children": [{"name": "a", "children": [leaf, leaf]}, leaf]}
    lines = data_inventory(Session(data={"tree": tree}).data).splitlines()
    assert lines[2].endswith("; map[2], keys:")
    assert lines[3:5] == [";;   :children [{:children :name}]", ";;   :name string"]
    assert lines[5] == (';;   sample: {:children [{:children [{:children [] :name "leaf"} ... 1 more] '
                        ':name "a"} ... 1 more] :name "root"}')


def test_a_json_string_says_so_and_shows_its_keys():
    data = {"raw": json.dumps({"b": 1, "a": [1]}), "rows": [{"payload": '{"x": 1, "y": 2}'},
                                                            {"payload": '{"x": 3}'}]}
    text = data_inventory(Session(data=data).data)
    # every key with its types, sorted; `?` where some objects lack it (#37: read from all values)
    assert ('data/raw                       ; string of JSON {"a" [int] "b" int}: (json/parse-string s) '
            'gives string keys, sample: ') in text
    assert (';;   :payload string of JSON {"x" int "y" int?}: (json/parse-string s) gives string '
            'keys') in text


def test_messy_columns_are_profiled_from_every_record():
    rows = [{"id": i if i % 4 else str(i), "total": None if i % 3 == 0 else f"{i}.50",
             "status": [" paid", "PAID", "paid", "open"][i % 4]} for i in range(1, 13)]
    rows.append({"id": 99})
    lines = data_inventory(Session(data={"orders": rows}).data).splitlines()
    assert ';;   :id int|string (the strings are numbers, e.g. "4")' in lines
    assert (';;   :status string "PAID"|"paid"|"open"|" paid" (2 values when trimmed and '
            'lower-cased), missing in 1 of 13') in lines
    assert (';;   :total string (the strings are numbers, e.g. "1.50"), nil in 4 of 13, '
            'missing in 1 of 13') in lines


class Tier(str, enum.Enum):
    GOLD = "gold"
    SILVER = "silver"


class Order(TypedDict):
    id: int
    status: Literal["paid", "open", "refunded"]
    tier: Tier


def get_orders(status: Literal["paid", "open"] = "paid") -> list[Order]:
    return []


def test_tool_results_spell_out_the_values_of_literals_enums_and_schema_enums():
    text = tool_inventory(Session(tools=[get_orders]).tools)
    assert ('tool/get-orders(status "paid"|"open" = "paid") -> [{id int, status '
            '"paid"|"open"|"refunded", tier "gold"|"silver"}]') in text
    schema = {"type": "object", "properties": {"state": {"type": "string", "enum": ["on", "off"]}}}
    t = Tool(lambda **kw: {}, name="switch", schema=schema)
    assert 'tool/switch(state "on"|"off"?) -> any' in tool_inventory(Session(tools=[t]).tools)
