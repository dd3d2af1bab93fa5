"""Any JSON a host has, and the Python values hosts pass, through every path that shows or
converts host data (#29 item 1): each returns without raising, within its size limits, and the
conversion round-trips.

Expected values are the host's value made JSON-shaped by `plain` below, written from the
door's contract (docs/llm.md "Keys", ptclisp/host/door.py): tuples and sets are lists, dates
ISO 8601 text (a naive datetime read as UTC), a Decimal the number it holds, dataclasses and
pydantic models their fields. CI runs a fixed set of examples; PTCLISP_FUZZ=1 explores more.
"""
from __future__ import annotations

import dataclasses
import datetime as dt
import decimal
import json
import math
import os
from types import SimpleNamespace

import anyio
import pydantic
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ptclisp
from ptclisp import Session, Tool
from ptclisp.cli.main import main
from ptclisp.errors import PtcError
from ptclisp.host.saving import SaveError
from ptclisp.host.door import from_python
from ptclisp.llm import (
    build_preview, context_message, format_execution_result, memory_feedback, turn_feedback,
)
from ptclisp.mcp import LispEval
from ptclisp.upstream.calls import Binding
from ptclisp.upstream.content import KIND, OK, VALUE
from ptclisp.upstream.config import Limits as UpstreamLimits
from ptclisp.upstream.redact import Redactor

FUZZ = bool(os.environ.get("PTCLISP_FUZZ"))
N = 300 if FUZZ else 20  # examples per property
PROPERTY = settings(max_examples=N, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

# ---------------------------------------------------------------- strategies

ODD_KEYS = ["", " ", "a b", "1st", "42", "é", "ключ", "日本語", "customer_id", "Content-Type",
            "ok?", "x/y", ":a", "a:b", "#tag", "with\nnewline", "\"quoted\"", "🙂"]
KEYS = st.one_of(st.sampled_from(ODD_KEYS), st.text(max_size=10))
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(),
    st.integers(min_value=-10 ** 60, max_value=10 ** 60),  # bigger than any int64
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=30),
    st.sampled_from(["", "{\"a\": 1, \"b\": [2]}", "[1, 2]", "12.50", " paid", "PAID"]))
JSON = st.recursive(
    SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=6), st.dictionaries(KEYS, inner, max_size=6)),
    max_leaves=40)
RECORD = st.fixed_dictionaries(
    {"id": st.one_of(st.integers(), st.text(alphabet="0123456789", min_size=1, max_size=5))},
    optional={"status": st.sampled_from(["paid", "PAID", " paid", "open", None]),
              "total": st.one_of(st.none(), st.floats(allow_nan=False), st.just("12.50")),
              "tags": st.lists(st.text(max_size=5), max_size=3),
              "items": st.lists(st.fixed_dictionaries({"sku": st.text(max_size=4),
                                                       "qty": st.integers(0, 9)}), max_size=3),
              "children": st.lists(st.dictionaries(KEYS, SCALARS, max_size=3), max_size=2),
              "extra key": SCALARS})
RECORDS = st.lists(RECORD, max_size=8)  # missing and extra keys from record to record
NAMES = st.from_regex(r"[a-z][a-z0-9_-]{0,8}", fullmatch=True)  # data/NAME as a program writes it
DATA = st.dictionaries(NAMES, st.one_of(JSON, RECORDS), min_size=1, max_size=4)


@dataclasses.dataclass
class Point:
    """A record the host's types declare."""

    x: object
    label: object


class Line(pydantic.BaseModel):
    """A pydantic model, as hosts pass them."""

    sku: str
    qty: int
    price: decimal.Decimal


ZONES = st.sampled_from([None, dt.timezone.utc, dt.timezone(dt.timedelta(hours=2)),
                         dt.timezone(dt.timedelta(hours=-5, minutes=-30))])
PY_SCALARS = st.one_of(
    SCALARS, st.dates(),
    st.datetimes(min_value=dt.datetime(1900, 1, 1), max_value=dt.datetime(2200, 1, 1),
                 timezones=ZONES),
    st.decimals(allow_nan=False, allow_infinity=False, places=3, min_value=-10 ** 9,
                max_value=10 ** 9),
    st.builds(Line, sku=st.text(max_size=4), qty=st.integers(0, 99),
              price=st.decimals(allow_nan=False, allow_infinity=False, places=2,
                                min_value=0, max_value=1000)))
PYTHON = st.recursive(
    PY_SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.tuples(inner, inner),
                            st.dictionaries(KEYS, inner, max_size=5),
                            st.builds(Point, x=inner, label=inner)),
    max_leaves=25)


def plain(x):
    """The JSON-shaped value the door's contract makes of a host value."""
    if isinstance(x, dict):
        return {k: plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [plain(v) for v in x]
    if isinstance(x, dt.datetime):
        return Instant(x if x.tzinfo is not None else x.replace(tzinfo=dt.timezone.utc))
    if isinstance(x, dt.date):
        return x.isoformat()
    if isinstance(x, decimal.Decimal):
        return int(x) if x == x.to_integral_value() else float(x)
    if isinstance(x, pydantic.BaseModel):
        return plain(x.model_dump())
    if dataclasses.is_dataclass(x):
        return {f.name: plain(getattr(x, f.name)) for f in dataclasses.fields(x)}
    return x


@dataclasses.dataclass
class Instant:
    """Expected: ISO 8601 text in UTC ("Z") naming this instant, to the microsecond (the
    printer may write `.001Z` or `.001000Z`: the same instant)."""

    at: dt.datetime


def same(a, b) -> bool:
    """Equality of JSON-shaped values, NaN equal to NaN, a bool never equal to a number
    (a loop, not recursion: values here nest hundreds of levels deep)."""
    stack = [(a, b)]
    while stack:
        a, b = stack.pop()
        if isinstance(b, Instant):
            if not (type(a) is str and a.endswith("Z")
                    and dt.datetime.fromisoformat(a[:-1] + "+00:00") == b.at):
                return False
            continue
        if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
            continue
        if type(a) is not type(b) and not {type(a), type(b)} <= {int, float}:
            return False
        if isinstance(a, dict):
            if a.keys() != b.keys():
                return False
            stack.extend((a[k], b[k]) for k in a)
        elif isinstance(a, list):
            if len(a) != len(b):
                return False
            stack.extend(zip(a, b))
        elif a != b:
            return False
    return True


def _ok(result):
    assert result.error is None, result.error.render()
    return result


# ---------------------------------------------------------------- the door, both ways


@PROPERTY
@given(DATA)
def test_session_data_round_trips(data):
    session = Session(data=data)
    for name, value in data.items():
        assert same(_ok(session.run(f"data/{name}")).to_python(), value)


@PROPERTY
@given(PYTHON)
def test_python_values_hosts_pass_round_trip_as_data_and_as_tool_results(value):
    assert same(_ok(Session(data={"v": value}).run("data/v")).to_python(), plain(value))
    tool = Tool(lambda: value, name="get")
    assert same(_ok(Session(tools=[tool]).run("(tool/get)")).to_python(), plain(value))


@PROPERTY
@given(JSON)
def test_tool_results_round_trip_and_go_back_as_arguments(value):
    seen = []
    tools = [Tool(lambda: value, name="get"), Tool(lambda x: seen.append(x), name="put")]
    session = Session(tools=tools)
    assert same(_ok(session.run("(tool/get)")).to_python(), value)
    _ok(session.run("(tool/put {:x (tool/get)})"))
    assert same(seen[0], value)  # the tool's own value, back through the door as an argument


def _upstream_answer(value, structured: bool):
    """An MCP upstream's answer as the client library hands it over."""
    content = [SimpleNamespace(type="text", text=json.dumps(value))]
    return SimpleNamespace(content=content, structured_content=value if structured else None,
                           is_error=False)


@PROPERTY
@given(JSON, st.booleans())
def test_upstream_results_reach_the_program_whole(value, structured):
    host = SimpleNamespace(redactor=Redactor(["s3cret"]), limits=UpstreamLimits())
    info = SimpleNamespace(name="t", output_schema=None)
    shaped, _ = Binding._shape_result(SimpleNamespace(host=host), "srv", info,
                                      _upstream_answer({"result": value}, structured),
                                      {"raw": False, "base64": False})
    # structured content is "json"; the same document as text is "json_text" (docs/upstreams.md)
    assert shaped[OK] is True and shaped[KIND].name == ("json" if structured else "json_text")
    got = _ok(Session(tools=[Tool(lambda: shaped, name="up")]).run("(:value (tool/up))"))
    want = shaped[VALUE]
    assert same(got.to_python(), want)
    if structured:  # the SDK's {"result": x} wrapper is taken off
        assert same(want, value)


# ---------------------------------------------------------------- what the model is shown


@PROPERTY
@given(DATA)
def test_context_message_shows_every_data_value_within_bounds(data):
    text = context_message(Session(data=data), "Count them.")
    lines = text.splitlines()
    for name in data:
        assert any(ln.startswith(f"data/{name} ") for ln in lines)
    assert all(len(ln) <= 2500 for ln in lines), max(map(len, lines))
    assert len(lines) <= 10 + 36 * len(data)  # a name, 30 keys, cut notes and a sample each


@PROPERTY
@given(st.one_of(JSON, RECORDS))
def test_feedback_paths_stay_within_their_sizes(value):
    v = from_python(value)
    text, _ = format_execution_result(v)
    assert len(text) <= 512
    memory = memory_feedback({}, {"v": v, "w": v})
    assert memory.text == "" or len(memory.text) <= 1024 + 200
    whole = turn_feedback(v, turn=1, max_turns=5, prints=["x" * 2000],
                          memory_before={}, memory_after={"v": v})
    assert 0 < len(whole) <= 512 + 1024 + 250 + 1200  # three cut blocks and their envelope


@PROPERTY
@given(st.one_of(JSON, RECORDS), st.sampled_from(["metadata", "rows"]))
def test_previews_are_json_for_any_result(value, kind):
    tool = Tool(lambda: value, name="get", expose="both", cache=True, preview=kind)
    status, preview = build_preview(tool, from_python(value), {"q": "x"})
    assert status == "ok" and preview["full_result_cached"] is True
    json.dumps(preview)


@PROPERTY
@given(st.one_of(JSON, RECORDS))
def test_describe_answers_for_any_data(value):
    summary = _ok(Session(data={"v": value}).run("(describe data/v)")).to_python()
    assert isinstance(summary, dict) and "type" in summary


# ---------------------------------------------------------------- hosts' other doors


@settings(max_examples=max(N // 4, 5), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.dictionaries(NAMES, JSON, min_size=1, max_size=3))
def test_the_cli_prints_any_json_data(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("cli") / "data.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    name = next(iter(data))
    out = _cli(["run", "--data", str(path), "--json", "-e", f"data/{name}"])
    assert same(json.loads(out), _json_view(data[name]))


def _json_view(v):
    """What --json prints: ##NaN as null, infinities as "Infinity"/"-Infinity" (its help)."""
    if isinstance(v, float) and math.isnan(v):
        return None
    if isinstance(v, float) and math.isinf(v):
        return "Infinity" if v > 0 else "-Infinity"
    if isinstance(v, dict):
        return {k: _json_view(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_json_view(x) for x in v]
    return v


def _cli(argv) -> str:
    import contextlib
    import io
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        code = main(argv)
    assert code in (0, None), buf.getvalue()
    return buf.getvalue()


@PROPERTY
@given(DATA)
def test_mcp_lisp_eval_answers_over_any_context(context):
    program = "[" + " ".join(f"data/{name}" for name in context) + "]"
    result = anyio.run(lambda: LispEval()(program, context, None))
    text = result.content[0].text
    assert not result.is_error, text
    assert text.startswith("[") and len(text) <= 8_200


@PROPERTY
@given(DATA)
def test_saved_sessions_keep_what_programs_defined_from_data(data):
    session = Session(data=data)
    names = list(data)
    _ok(session.run(" ".join(f"(def v{i} data/{n})" for i, n in enumerate(names))))
    loaded = Session.load(session.save())
    for i, name in enumerate(names):
        assert same(_ok(loaded.run(f"v{i}")).to_python(), data[name])


# ---------------------------------------------------------------- one case per shape


def _deep(levels: int):
    v: object = {"leaf": 1}
    for i in range(levels):
        v = [v] if i % 2 else {"down": v}
    return v


SHAPES = {
    "nested maps and lists": {"a": {"b": {"c": [{"d": [1, {"e": None}]}]}}},
    "lists of lists": [[1, [2, [3, []]]], [], [[["x"]]]],
    "records with missing and extra keys": [{"id": 1, "name": "a"}, {"id": 2},
                                            {"id": "3", "name": None, "extra": True}],
    "None": None,
    "booleans": [True, False, {"flag": False}],
    "huge ints": [2 ** 64, -(10 ** 40), 10 ** 300],
    "NaN and infinities": [float("nan"), float("inf"), float("-inf"), -0.0],
    "empty strings and keys": {"": "", "k": ["", {"": None}]},
    "keys that are not keywords": {"a b": 1, "1st": 2, "é": 3, "ключ": 4, "x/y": 5,
                                   "Content-Type": 6, "42": 7},
    "1,000-key map": {f"key {i}": i for i in range(1000)},
    "deep nesting": _deep(400),  # under the 512 levels a value may have leaving the sandbox
    "a JSON string": json.dumps({"a": 1, "b": [1, 2]}),
    "a tree": {"name": "root", "children": [{"name": "a", "children": [
        {"name": "leaf", "children": []}]}, {"name": "b", "children": []}]},
    "line items": [{"order": 1, "items": [{"sku": "TEA", "qty": 2}, {"sku": "CUP", "qty": 1}]},
                   {"order": 2, "items": []}],
    "dates": [dt.date(2024, 3, 1), dt.datetime(2024, 3, 1, 12, 30, tzinfo=dt.timezone.utc),
              dt.datetime(2024, 3, 1, 12, 30)],
    "Decimals": [decimal.Decimal("1.50"), decimal.Decimal("3"), decimal.Decimal("-0.001")],
    "tuples": (1, ("a", (None,))),
    "a dataclass": Point(x=[1, 2], label="p"),
    "a pydantic model": Line(sku="TEA", qty=2, price=decimal.Decimal("4.50")),
}


@pytest.mark.parametrize("name", list(SHAPES))
def test_each_shape_through_every_path(name):
    value = SHAPES[name]
    want = plain(value)
    session = Session(data={"v": value}, tools=[Tool(lambda: value, name="get")])
    assert same(_ok(session.run("data/v")).to_python(), want)
    assert same(_ok(session.run("(tool/get)")).to_python(), want)
    text = context_message(session, "Look at data/v.")
    assert "data/v " in text and max(map(len, text.splitlines())) <= 2500
    v = _ok(session.run("data/v")).value  # as a program holds it
    assert len(format_execution_result(v)[0]) <= 512
    assert len(turn_feedback(v, turn=1, max_turns=3, memory_before={},
                             memory_after={"v": v})) <= 3000
    json.dumps(build_preview(Tool(lambda: value, name="get", expose="both", cache=True,
                                  preview="rows"), v, {})[1])
    assert isinstance(_ok(session.run("(describe data/v)")).to_python(), dict)
    _ok(session.run("(def kept data/v)"))
    assert same(_ok(Session.load(session.save()).run("kept")).to_python(), want)


@pytest.mark.parametrize("name", list(SHAPES))
def test_the_agent_plays_a_conversation_over_each_shape(name):
    value = SHAPES[name]
    replies = ["```clojure\n(def v data/v)\n(println (type v))\n```", "```clojure\n(return v)\n```"]
    seen = []

    def llm(messages, tools):
        seen.append(messages)
        return replies.pop(0)
    result = ptclisp.Agent(llm=llm, data={"v": value}).run("Give back data/v as it is.")
    assert result.status == "ok" and result.turns == 2, result.message
    assert same(result.answer, plain(value))
    assert "data/v " in seen[0][1]["content"]  # the context message named it
    assert len(seen[1][-1]["content"]) <= 3000  # the turn's feedback, bounded


# ---------------------------------------------------------------- bad values say where


class Opaque:
    """Something no host value should be."""


def test_data_that_is_not_data_is_named_where_it_is():
    with pytest.raises(TypeError) as e:
        Session(data={"orders": [{"id": 1, "meta": {"when": Opaque()}}]})
    assert str(e.value).startswith("(get-in data/orders [0 :meta :when]) holds a Python Opaque")


def test_a_tool_result_that_is_not_data_is_named_where_it_is():
    r = Session(tools=[Tool(lambda: {"a b": [1, {"b": Opaque()}]}, name="get")]).run("(tool/get)")
    assert r.error is not None and r.error.kind == "ToolError"
    assert r.error.message.startswith('tool/get returned something that is not data at '
                                      '(get-in result ["a b" 1 :b]) (tools return maps')


def test_too_deep_to_leave_the_sandbox_is_a_limit_not_a_python_error():
    session = Session(data={"v": _deep(2000)})  # in: data= may be 20,000 levels deep
    r = session.run("(count data/v)")
    assert r.error is None and r.value == 1
    r = session.run("data/v")
    with pytest.raises(PtcError) as e:  # out: 512 levels at most, said as a limit
        r.to_python()
    assert "512 levels" in str(e.value)


def test_saved_sessions_keep_huge_ints_and_say_what_is_too_deep_to_save():
    session = Session(data={"v": [10 ** 300, -(7 * 10 ** 9999 + 3)]})  # past CPython's 4,300
    _ok(session.run("(def big data/v)"))
    assert Session.load(session.save()).run("big").to_python() == [10 ** 300, -(7 * 10 ** 9999 + 3)]
    _ok(session.run("(def d (reduce (fn [a _] [a]) [] (range 2000)))"))
    with pytest.raises(SaveError) as e:
        session.save()
    assert "memory d holds a value nested too deeply to save" in str(e.value)
    assert "big" in Session.load(session.save(skip_unsaveable=True)).memory


def test_an_int_past_the_integer_cap_is_refused_at_the_door_naming_where_it_is():
    # a program's own integers stop at 2**100000 (`*` refuses more); a host int past that costs
    # seconds to print (10**338000: 2.6 s in context_message before), so the door refuses it
    # as it refuses a Decimal past the cap
    cap = 2 ** 100_000
    for data in ({"x": [1, {"a": cap}]}, {"x": [1, {"a": -cap}]}, {"x": [1, [cap]]}):
        with pytest.raises(ValueError, match=r"\(get-in data/x \[1 .*integer limit"):
            Session(data=data)
    s = Session(data={"x": [cap - 1, {"a": 1 - cap}]})  # under the cap: as it is
    assert s.run("(first data/x)").value == cap - 1
    r = ptclisp.run("(tool/t)", tools={"t": lambda: {"rows": [{"n": 10 ** 40_000}]}})
    assert r.error is not None and r.error.code == "tool-result" and "integer limit" in r.error.message
