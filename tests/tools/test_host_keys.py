"""One key convention at the host door: string keys that read as keywords cross as keywords."""
from __future__ import annotations

import dataclasses
import datetime as dt
import decimal
import enum
from typing import Optional

import pydantic
import pytest
from hypothesis import given, settings, strategies as st

import ptclisp
from ptclisp import kw, read_value, format_value
from ptclisp.host.door import from_python, reads_as_keyword, to_python


def test_keys_that_read_as_keywords_become_keywords_spelled_as_the_host_spelled_them():
    value = from_python({"customer_id": 3, "DEBUG": 1, "Content-Type": "json", "order-id": 2,
                         "1st": 0, "a b": 1, "x/y": 2, "a:b": 3, "": 4, 7: "seven"})
    assert value == {kw("customer_id"): 3, kw("DEBUG"): 1, kw("Content-Type"): "json",
                     kw("order-id"): 2, "1st": 0, "a b": 1, "x/y": 2, "a:b": 3, "": 4, 7: "seven"}


def test_the_model_reads_and_prints_one_spelling():
    tools = {"orders": lambda: [{"customer_id": 3, "total": 12.5}]}
    r = ptclisp.run('(let [o (first (tool/orders))] (println o) [(:customer_id o) (:customer-id o) (get o "customer_id")])',
                    tools=tools)
    assert r.value == [3, 3, 3]  # flexible lookup stays
    assert r.prints == ["{:customer_id 3 :total 12.5}"]


def test_values_leave_as_the_host_spelled_them():
    seen = []
    tools = {"get": lambda: {"customer_id": 1, "a b": 2},
             "put": lambda **kw: seen.append(kw) or True}
    r = ptclisp.run("(let [m (tool/get)] (tool/put {:row m}) m)", tools=tools)
    assert seen == [{"row": {"customer_id": 1, "a b": 2}}]  # tool arguments: names again
    assert r.to_python() == {"customer_id": 1, "a b": 2}


def test_string_keys_option_keeps_the_host_keys():
    s = ptclisp.Session(data={"rows": [{"customer_id": 1}]}, tools={"t": lambda: {"k": 1}},
                        string_keys=True)
    r = s.run("[(first data/rows) (tool/t) (budget/remaining)]")
    assert r.value == [{"customer_id": 1}, {"k": 1}, {}]
    assert s.run("(:customer-id (first data/rows))").value == 1


def test_data_crosses_the_door_as_tool_results_do():
    data = {"o": {"day": dt.date(2024, 1, 31), "price": decimal.Decimal("12.50"),
                  "qty": decimal.Decimal("3"), "at": dt.datetime(2024, 1, 31, 9, tzinfo=dt.timezone.utc)}}
    r = ptclisp.run("(println data/o) data/o", data=data)
    assert r.prints == ['{:at "2024-01-31T09:00:00Z" :day "2024-01-31" :price 12.5 :qty 3}']
    assert "#<" not in r.prints[0]
    assert ptclisp.run("(+ 1 (:price (tool/t)))", tools={"t": lambda: data["o"]}).value == 13.5


def test_data_that_is_not_data_is_a_type_error_naming_the_key():
    with pytest.raises(TypeError, match=r'\(get-in data/orders \[1 :price\]\) holds a Python object'):
        ptclisp.Session(data={"orders": [{"price": 1}, {"price": object()}]})
    with pytest.raises(TypeError, match=r'data/blob holds a Python bytes'):
        ptclisp.Session(data={"blob": b"x"})
    with pytest.raises(TypeError, match="data must be a mapping"):
        ptclisp.Session(data=[1, 2])


def test_deep_data_is_accepted():
    deep = []
    for _ in range(3000):
        deep = [deep]
    assert ptclisp.run("(count data/deep)", data={"deep": deep}).value == 1


def test_the_host_data_is_not_mutated():
    data = {"rows": [{"a": 1}]}
    ptclisp.run("(def x data/rows)", data=data)
    assert data == {"rows": [{"a": 1}]} and type(next(iter(data["rows"][0]))) is str


KEYS = st.one_of(st.text(max_size=8), st.from_regex(r"[a-zA-Z_][a-zA-Z0-9_\-?!]{0,6}", fullmatch=True))
JSON = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=8)),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(KEYS, inner, max_size=4)),
    max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(JSON)
def test_host_to_program_to_host_is_lossless(value):
    assert to_python(from_python(value)) == value
    # and through the program and its printed form
    assert to_python(read_value(format_value(from_python(value)))) == value


@given(st.text(max_size=10))
def test_a_keyword_key_reads_back_as_itself(name):
    if reads_as_keyword(name):
        assert read_value(format_value(kw(name))) is kw(name)


@dataclasses.dataclass
class Invoice:
    invoice_id: int
    total: float
    note: Optional[str] = None


class User(pydantic.BaseModel):
    user_id: int
    name: str
    email: Optional[str] = None


def get_invoice(invoice_id: int) -> Invoice:
    return Invoice(invoice_id, 9.5)


def get_user(user_id: int) -> User:
    return User(user_id=user_id, name="Ada")


def test_dataclass_and_pydantic_results_cross_as_maps_and_show_their_keys():
    session = ptclisp.Session(tools=[get_invoice, get_user])
    assert session.tools["get-invoice"].signature_text == (
        "tool/get-invoice(invoice_id :int) -> {invoice_id :int, total :float, note :string?}")
    assert session.tools["get-user"].signature_text == (
        "tool/get-user(user_id :int) -> {user_id :int, name :string, email :string?}")
    r = session.run("[(tool/get-invoice {:invoice_id 1}) (tool/get-user {:user_id 2})]")
    assert r.value == [{kw("invoice_id"): 1, kw("total"): 9.5, kw("note"): None},
                       {kw("user_id"): 2, kw("name"): "Ada", kw("email"): None}]


@settings(max_examples=100, deadline=None)
@given(JSON)
def test_host_to_program_to_host_through_a_run(value):
    seen = []
    tools = {"get": lambda: value, "put": lambda **kw: seen.append(kw["v"]) or True}
    r = ptclisp.run("(let [v (tool/get)] (tool/put {:v v}) [v data/v])", tools=tools,
                    data={"v": value})
    assert r.error is None, r.error
    assert seen == [value] and r.to_python() == [value, value]


def test_the_convention_holds_in_a_worker_process():
    limits = ptclisp.Limits(isolation="process")
    data, tools = {"rows": [{"customer_id": 1}]}, {"t": lambda: {"k": 1}}
    r = ptclisp.run("[(first data/rows) (tool/t)]", data=data, tools=tools, limits=limits)
    assert r.value == [{kw("customer_id"): 1}, {kw("k"): 1}]
    r = ptclisp.run("[(first data/rows) (tool/t)]", data=data, tools=tools, limits=limits,
                    string_keys=True)
    assert r.value == [{"customer_id": 1}, {"k": 1}]


class Field(str, enum.Enum):
    TOTAL = "total"


def test_a_str_subclass_key_crosses_as_its_str():
    # an enum of str keys is the host spelling a string key: it reads as the keyword
    assert from_python({Field.TOTAL: 1, "a b": Field.TOTAL}) == {kw("total"): 1, "a b": "total"}
    assert from_python([{"total": 2}, {Field.TOTAL: 3}]) == [{kw("total"): 2}, {kw("total"): 3}]


def test_rows_of_mixed_shapes_cross_alike():
    rows = [{"id": 1, "tags": ["a"]}, {"id": 2}, {"new key": None, "id": 3.5}, {1: "x"},
            {None: 1}, 7, "s", {"k": {"nested_key": True}}]
    assert from_python(rows) == [{kw("id"): 1, kw("tags"): ["a"]}, {kw("id"): 2},
                                 {"new key": None, kw("id"): 3.5}, {1: "x"}, {None: 1}, 7, "s",
                                 {kw("k"): {kw("nested_key"): True}}]
    assert from_python(rows, string_keys=True)[:3] == [{"id": 1, "tags": ["a"]}, {"id": 2},
                                                       {"new key": None, "id": 3.5}]


def test_a_long_string_inside_a_row_of_a_tool_result_is_host_data():
    # issue 35 item 4: not size-charged, read in place or copied; what is built of it is
    rows = [{"id": i, "note": "x" * (5000 if i == 3 else 3)} for i in range(5)]
    low = ptclisp.Limits(max_string_chars=4000)
    assert ptclisp.run("(count (tool/rows))", tools={"rows": lambda: rows}, limits=low).value == 5
    r = ptclisp.run("(apply str (map :note (tool/rows)))", tools={"rows": lambda: rows}, limits=low)
    assert r.error is not None and r.error.limit == "max_string_chars"
