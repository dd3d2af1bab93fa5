"""Tool definitions: what a plain callable gives, and what a Tool states explicitly."""
from __future__ import annotations

import functools
from typing import Any, Literal, Optional, TypedDict

import pytest

import ptclisp
from ptclisp import Tool
from ptclisp.host.tooldef import Param, as_tools, hint_type
from ptclisp.host.tools import ToolSet


def search_orders(customer_id: int, status: str = "open", limit: Optional[int] = None,
                  tags: list[str] | None = None) -> list[dict]:
    """Find a customer's orders.

    Newest first.

    Args:
        customer_id: the customer's number
        status (str): "open" or "closed"
        limit: at most this many,
            counted after filtering
    """
    return []


def test_name_params_types_defaults_and_docstring():
    t = Tool(search_orders)
    assert t.name == "search-orders"
    assert t.description == "Find a customer's orders."
    assert t.takes == "kwargs" and not t.open and not t.is_async
    assert t.params == (
        Param("customer_id", ("prim", "int"), True, "the customer's number"),
        Param("status", ("prim", "string"), False, '"open" or "closed"', "open"),
        Param("limit", ("opt", ("prim", "int")), False, "at most this many, counted after filtering"),
        Param("tags", ("opt", ("list", ("prim", "string"))), False, None),
    )
    assert t.returns == ("list", ("prim", "map"))
    assert t.signature_text == ("tool/search-orders(customer_id :int, status :string?, limit :int?, "
                                "tags [:string]?) -> [:map]")
    assert t.usage() == "(tool/search-orders {:customer_id 42})"  # real names, example values


def test_json_schema_of_a_callable():
    assert Tool(search_orders).schema == {
        "type": "object",
        "properties": {
            "customer_id": {"type": "integer", "description": "the customer's number"},
            "status": {"type": "string", "description": '"open" or "closed"'},
            "limit": {"anyOf": [{"type": "integer"}, {"type": "null"}],
                      "description": "at most this many, counted after filtering"},
            "tags": {"anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "null"}]},
        },
        "required": ["customer_id"],
        "additionalProperties": False,
    }


def test_sphinx_docstrings_and_types_from_the_docstring():
    def f(a, b=1):
        """Adds.

        :param int a: the first
        :param b: the second
        :type b: float
        """
    t = Tool(f)
    assert [(p.name, p.type, p.description) for p in t.params] == [
        ("a", ("prim", "int"), "the first"), ("b", ("prim", "float"), "the second")]


@pytest.mark.parametrize("hint, expected", [
    (str, ("prim", "string")), (int, ("prim", "int")), (float, ("prim", "float")),
    (bool, ("prim", "bool")), (dict, ("prim", "map")), (dict[str, Any], ("prim", "map")),
    (list, ("list", ("prim", "any"))), (list[int], ("list", ("prim", "int"))),
    (tuple[int, ...], ("list", ("prim", "int"))), (Optional[str], ("opt", ("prim", "string"))),
    (int | None, ("opt", ("prim", "int"))), (int | str, ("prim", "any")), (Any, ("prim", "any")),
    (Literal["a", "b"], ("prim", "string", ("a", "b"))), ("list[int]", ("list", ("prim", "int"))),
    ("Optional[str]", ("opt", ("prim", "string"))), (object, ("prim", "any")),
])
def test_type_hints(hint, expected):
    assert hint_type(hint) == expected


class Query(TypedDict, total=False):
    text: str
    limit: int


def test_one_dict_tools_take_the_arguments_map():
    def run(args: dict):
        return args

    def typed(payload: Query):
        return payload

    def positional(x, /):
        return x

    assert Tool(run).takes == "dict" and Tool(run).open and Tool(run).params == ()
    t = Tool(typed)
    assert t.takes == "dict" and not t.open
    assert [(p.name, p.required) for p in t.params] == [("text", False), ("limit", False)]
    assert Tool(positional).takes == "dict"


def test_a_map_parameter_with_another_name_is_a_named_parameter():
    def create(user: dict):
        return user
    t = Tool(create)
    assert t.takes == "kwargs" and [p.name for p in t.params] == ["user"]


def test_takes_dict_given_makes_the_one_parameter_the_whole_map():
    def create(user: dict):
        return user
    t = Tool(create, takes="dict")
    assert t.takes == "dict" and t.open and t.params == ()
    r = ptclisp.run("(tool/create {:name \"ada\"})", tools=[t])
    assert r.ok and r.to_python() == {"name": "ada"}


def test_kwargs_tools_accept_any_name():
    def f(query: str, **rest):
        return rest
    t = Tool(f)
    assert t.open and t.signature_text == "tool/f(query :string, ...)"


def test_async_detection_and_partials():
    async def fetch(id: int):
        return {}

    def base(a: int, b: int):
        return a + b

    assert Tool(fetch).is_async
    p = Tool(functools.partial(base, b=1), name="plus-one")
    assert p.name == "plus-one" and not p.is_async
    assert [x.name for x in p.params] == ["a", "b"] and not p.params[0].type == ("prim", "any")


def test_callable_objects_and_builtins():
    class Counter:
        def __call__(self, step: int = 1):
            return step
    assert [p.name for p in Tool(Counter(), name="count").params] == ["step"]
    assert Tool(len, name="size").name == "size"


def test_explicit_tool_overrides_everything():
    t = Tool(lambda args: [], name="find_docs", description="Full-text search.",
             signature="(query :string, limit :int?) -> [{id :int, title :string}]")
    assert t.name == "find-docs" and t.description == "Full-text search."
    assert t.takes == "dict" and not t.open and t.check_returns
    assert t.signature_text == "tool/find-docs(query :string, limit :int?) -> [{id :int, title :string}]"
    t2 = Tool(lambda **kw: kw, name="x", params={"a": ":int", "b": "[:string]?"}, returns=":map")
    assert [(p.name, p.required) for p in t2.params] == [("a", True), ("b", False)]
    assert t2.returns == ("prim", "map")


def test_tool_from_a_json_schema():
    schema = {"type": "object", "properties": {
        "q": {"type": "string", "description": "the query"}, "n": {"type": "integer"}},
        "required": ["q"]}
    t = Tool(lambda **kw: kw, name="s", schema=schema)
    assert [(p.name, p.type, p.required, p.description) for p in t.params] == [
        ("q", ("prim", "string"), True, "the query"), ("n", ("prim", "int"), False, None)]
    # n may be left out, not given null (its schema takes none): shown `n :int?`, and a nil for
    # it is left out (test_tool_calls.py)
    assert t.schema is schema and not t.open
    assert Tool(lambda **kw: kw, name="s", schema={**schema, "additionalProperties": True}).open


def test_bad_definitions_fail_at_once():
    with pytest.raises(TypeError):
        Tool(42, name="x")
    with pytest.raises(ValueError):
        Tool(lambda **kw: 1, name="x", takes="list")
    with pytest.raises(ValueError):
        Tool(lambda a, b, /: 1, name="x")
    with pytest.raises(ValueError):
        Tool(lambda: 1, name="x", signature="(a :lst) -> :int")


def test_tools_as_mapping_list_or_toolset():
    def get_user(id: int):
        return {"id": id}
    by_map = as_tools({"fetch_user": get_user})
    assert [t.name for t in by_map] == ["fetch-user"]  # the mapping's name wins
    assert [t.name for t in as_tools([get_user, Tool(get_user, name="other")])] == ["get-user", "other"]
    ts = ToolSet([get_user])
    assert "get_user" in ts and "get-user" in ts and list(ts) == ["get-user"]
    assert ptclisp.run("(tool/get_user {:id 2})", tools=ts).value == {ptclisp.kw("id"): 2}


def test_tool_names_must_be_symbols_and_unique():
    with pytest.raises(ValueError, match="not a symbol name"):
        ToolSet([lambda: 1])
    with pytest.raises(ValueError, match="two tools are named get-user"):
        ToolSet({"get_user": len, "get-user": len})
    assert ptclisp.run("(tool/valid? {})", tools={"valid?": lambda: True}).value is True
