"""Big data= lists read in place by `ptclisp.run` (#29 item 2, ptclisp/host/inplace.py).

The oracle is the copying door: `Session(data=d).run(p)` converts everything at creation, so
`ptclisp.run(p, data=d)`, which reads records in place where a fused pipeline reads only their
keyword fields, must give the same value or the same kind of error for every program and data.
"""
from __future__ import annotations

import decimal
import enum
import os

from hypothesis import given, settings
from hypothesis import strategies as st

import ptclisp
from ptclisp import Session
from ptclisp import messages
from ptclisp.host import inplace


class Tier(enum.IntEnum):
    GOLD = 1


class Word(str, enum.Enum):
    PAID = "paid"


# CI runs a few dozen examples of each property; PTCLISP_FUZZ=long ten times as many
LONG = os.environ.get("PTCLISP_FUZZ") == "long"
N = 250  # over inplace.MIN_ITEMS and the fused loop's threshold

KEYS = ["id", "status", "total", "user_id", "user-id", "a b", "items", "tags"]
VALUES = st.one_of(
    st.integers(-5, 50), st.floats(allow_nan=False, allow_infinity=False, width=32), st.none(),
    st.booleans(), st.sampled_from(["paid", "open", " PAID", "", "é"]),
    st.just(Tier.GOLD), st.just(Word.PAID), st.just(decimal.Decimal("2.5")), st.just(object()),
    st.lists(st.integers(0, 3), max_size=3),
    st.lists(st.fixed_dictionaries({"qty": st.integers(1, 3), "sku": st.sampled_from(["a", "b"])}),
             max_size=2),
    st.fixed_dictionaries({"x": st.integers(0, 2)}))
RECORD = st.dictionaries(st.sampled_from(KEYS), VALUES, max_size=6)
ITEM = st.one_of(RECORD, RECORD, RECORD, st.integers(0, 3), st.none())

PROGRAMS = [
    '(->> data/rows (filter #(= (:status %) "paid")) (map :total) (filter number?) (reduce + 0))',
    "(->> data/rows (filter :total) (map :id) (remove nil?) count)",
    "(->> data/rows (remove #(nil? (:status %))) (map :items) (filter vector?) (map count) (reduce + 0))",
    "(->> data/rows (filter #(= (:user-id %) 3)) (map :total) vec)",
    "(->> data/rows (filter #(= (:user_id %) 3)) (filter :status) (take 3))",
    "(->> data/rows (keep :tags) (filter vector?) (map count) (reduce + 0))",
    "(->> data/rows (filter #(some? (:items %))) (filter #(= 1 (:id %))) (map :items) (take 2))",
    "(reduce (fn [acc r] (if (number? (:total r)) (+ acc 1) acc)) 0 (filter #(:id %) data/rows))",
    '(->> data/rows (filter #(= (:status %) "paid")) (map #(vector (:id %) (:items %))) (take 4))',
    "(->> data/rows (filter map?) (map keys) (take 2))",
    # stages that call functions: not fused; records read as maps of the keys the stages read
    '(->> data/rows (filter #(= (:status %) "paid")) (map (fn [o] (count (filter some? [(:id o) (:total o)])))) (reduce + 0))',
    "(->> data/rows (map (fn [r] (mapv #(if (number? %) (inc %) %) [(:id r) (:user-id r)]))) (take 5))",
    "(->> data/rows (filter #(vector? (:items %))) (map (fn [o] (reduce + 0 (map #(if (number? (:qty %)) (:qty %) 0) (:items o))))) (reduce + 0))",
    "(->> data/rows (map (fn [r] (mapv (fn [k] (k r)) [:id :total]))) (take 3))",
    "(->> data/rows (map (fn [r] (let [x r] (:id x)))) (filter some?) count)",
    "(->> data/rows (remove (fn [r] (println (:status r)) (nil? (:id r)))) (map :id) (take 2))",
    # a pipeline inside a stage's function, over the record's list: a nested loop (raw when
    # its stages read their items by keyword only)
    '(->> data/rows (filter #(= (:status %) "paid")) (map (fn [o] (reduce + 0 (map #(* 2 (:qty %)) (:items o))))) (reduce + 0))',
    '(->> data/rows (map (fn [o] (count (filter #(= (:sku %) "a") (:items o))))) (reduce + 0))',
    '(->> data/rows (map (fn [o] (filter #(= (:sku %) "b") (:items o)))) (filter seq) (take 3))',
    "(->> data/rows (filter (fn [o] (pos? (count (keep :qty (:items o)))))) (map :id) (take 5))",
    "(->> data/rows (map (fn [o] (reduce + 0 (map inc (:tags o))))) (filter pos?) count)",
    "(count (map :items data/rows))",  # one stage: no pipeline, read in place all the same
    "(first (map (fn [r] [(:id r) (:tags r)]) data/rows))",
    # beside infinite sequences (#37): read as long as the host's list, and reduced ends a fold
    "(->> data/rows (map :id) (map vector (range)) (take 4))",
    "(zipmap (range) (map :total data/rows))",
    "(->> data/rows (map :id) (reduce (fn [a x] (if (= x 2) (reduced a) (inc a))) 0))",
]


def _same(program: str, data: dict, string_keys: bool):
    fast = ptclisp.run(program, data=data, string_keys=string_keys)
    try:
        slow = Session(data=data, string_keys=string_keys).run(program)
    except (TypeError, ValueError):  # the copying door refuses at creation...
        assert fast.ok or fast.error.code == "type"  # ...read in place, only what is read is checked
        return
    _alike(program, fast, slow)


def _alike(program: str, fast, slow):
    """The two results give the same value, or fail with the same error code."""
    assert fast.ok == slow.ok, (program, fast.error, slow.error)
    if slow.ok:
        assert fast.value == slow.value, program
    else:
        assert fast.error.code == slow.error.code, (program, fast.error, slow.error)


@settings(max_examples=400 if LONG else 40)
@given(rows=st.lists(ITEM, min_size=N, max_size=N + 5), string_keys=st.booleans(),
       program=st.sampled_from(PROGRAMS))
def test_read_in_place_sees_what_the_copying_door_gives(rows, string_keys, program):
    _same(program, {"rows": rows, "small": [1, 2]}, string_keys)


def records(n: int) -> list:
    return [{"id": i, "status": "paid" if i % 3 else "open", "total": i % 50,
             "user_id": i % 7, "items": [{"sku": "a", "qty": 1 + i % 3}]} for i in range(n)]


def test_a_pipeline_calling_functions_reads_only_the_keys_it_reads(monkeypatch):
    calls = []
    real = inplace._convert
    monkeypatch.setattr(inplace, "_convert", lambda lazy: calls.append(lazy.name) or real(lazy))
    rows = records(1000)
    want = sum(i["qty"] for r in rows if r["status"] == "paid" for i in r["items"])
    program = ('(->> data/rows (filter #(= (:status %) "paid"))'
               ' (map (fn [o] (reduce + 0 (map :qty (:items o))))) (reduce + 0))')
    r = ptclisp.run(program, data={"rows": rows})
    assert r.ok and r.value == want
    assert calls == []
    seen = ptclisp.run("(->> data/rows (map (fn [r] (keys r))) first)", data={"rows": rows})
    assert seen.ok and len(seen.value) == 5  # the function sees the record whole: converted
    assert calls == ["rows"]


def test_a_fused_pipeline_reads_the_host_records_without_converting_them(monkeypatch):
    calls = []
    real = inplace._convert
    monkeypatch.setattr(inplace, "_convert", lambda lazy: calls.append(lazy.name) or real(lazy))
    rows = records(1000)
    want = sum(r["total"] for r in rows if r["status"] == "paid")
    r = ptclisp.run('(->> data/rows (filter #(= (:status %) "paid")) (map :total) (reduce + 0))',
                    data={"rows": rows})
    assert r.ok and r.value == want
    assert calls == []  # never converted whole
    r = ptclisp.run("(count data/rows)", data={"rows": rows})
    assert r.ok and r.value == 1000
    assert calls == ["rows"]  # anything else reads it converted, once


def test_records_a_pipeline_returns_are_converted_like_any_data():
    rows = records(300)
    r = ptclisp.run("(->> data/rows (filter #(= (:id %) 4)) (filter :status))", data={"rows": rows})
    assert r.ok and r.value == [{ptclisp.Keyword(k): v for k, v in rows[4].items()
                                 if k != "items"} | {ptclisp.Keyword("items"): [
                                     {ptclisp.Keyword("sku"): "a", ptclisp.Keyword("qty"): 2}]}]


def test_the_host_list_is_not_copied_and_not_changed():
    rows = records(300)
    before = [dict(r) for r in rows]
    r = ptclisp.run("(->> data/rows (filter #(> (:total %) 10)) (map :items) (map count) (reduce + 0))",
                    data={"rows": rows})
    assert r.ok and r.value == sum(1 for x in rows if x["total"] > 10)
    assert rows == before


def test_a_bad_value_read_in_place_is_a_clear_error_naming_where_it_is():
    rows = records(300)
    rows[7]["total"] = object()
    r = ptclisp.run("(->> data/rows (filter #(:total %)) (map :total) count)", data={"rows": rows})
    assert not r.ok and r.error.code == "type"
    assert "data/rows" in r.error.message and "[7 :total]" in r.error.message
    assert "Traceback" not in r.error.message
    assert r.error.hint == messages.HINT_DATA_READ_IN_PLACE


def test_a_bad_value_the_program_never_reads_is_not_an_error():
    rows = records(300)
    rows[7]["note"] = object()  # Session(data=) refuses this at creation; a one-shot run reads only :total
    r = ptclisp.run("(->> data/rows (map :total) (reduce + 0))", data={"rows": rows})
    assert r.ok and r.value == sum(x["total"] for x in rows)


def test_session_data_gives_the_converted_value():
    rows = records(300)
    s = Session(data={"rows": rows})
    assert s.data[ptclisp.Keyword("rows")][0][ptclisp.Keyword("id")] == 0


# ---------------------------------------------------------------- tool results read in place

def _as_tool(program: str) -> tuple:
    """(program reading `(tool/rows)` as a pipeline's source, the same program reading it
    through a local: not a pipeline's source, so converted at the call as before)."""
    fast = program.replace("data/rows", "(tool/rows)")
    slow = f"(let [rows (tool/rows)] {program.replace('data/rows', 'rows')})"
    return fast, slow


@settings(max_examples=300 if LONG else 30)
@given(rows=st.lists(ITEM, min_size=N, max_size=N + 5), string_keys=st.booleans(),
       program=st.sampled_from(PROGRAMS))
def test_a_tool_result_read_in_place_gives_what_the_converted_one_gives(rows, string_keys, program):
    fast_p, slow_p = _as_tool(program)
    tools = {"rows": lambda: rows}
    fast = ptclisp.run(fast_p, tools=tools, string_keys=string_keys)
    slow = ptclisp.run(slow_p, tools=tools, string_keys=string_keys)
    if not slow.ok and slow.error.code == "tool-result":  # not data: refused at the call...
        assert fast.ok or fast.error.code in ("tool-result", "type")  # ...in place, where read
        return
    _alike(program, fast, slow)


def test_a_tool_result_a_pipeline_reads_is_logged_as_a_snapshot_of_its_leading_records():
    rows = records(1000)
    r = ptclisp.run('(->> (tool/rows) (filter #(= (:status %) "paid")) (map :total) (reduce + 0))',
                    tools={"rows": lambda: rows})
    assert r.ok and r.value == sum(x["total"] for x in rows if x["status"] == "paid")
    entry = r.tool_calls[0]
    whole = ptclisp.run("(tool/rows)", tools={"rows": lambda: rows}).value
    assert entry["result_items"] == 1000 and entry["error"] is None
    kept = entry["result"]
    assert type(kept) is list and 1 <= len(kept) < 20 and kept == whole[:len(kept)]
    assert len(ptclisp.format_value(kept)) <= 2 * inplace.LOG_CHARS
    rows[0]["total"] = 999  # the host changes its data after the run: the log does not change
    assert r.tool_calls[0]["result"][0][ptclisp.Keyword("total")] == 0


def test_a_bad_value_in_the_logged_records_of_a_tool_result_read_in_place_shows_in_the_log():
    rows = records(300)
    rows[3]["note"] = object()
    r = ptclisp.run("(->> (tool/rows) (map :total) (reduce + 0))", tools={"rows": lambda: rows})
    assert r.ok and r.value == sum(x["total"] for x in rows)
    entry = r.tool_calls[0]
    assert entry["result"] is None and "tool/rows" in entry["error"] and ":note" in entry["error"]
    r = ptclisp.run("(->> (tool/rows) (map :note) (filter some?) count)", tools={"rows": lambda: rows})
    assert not r.ok and r.error.code == "tool-result"  # read: the tool's own error, as before


def test_cached_and_checked_tools_are_converted_at_the_call():
    rows = records(300)
    program = "(->> (tool/rows) (map :total) (reduce + 0))"
    for tool in (ptclisp.Tool(lambda: rows, name="rows", cache=True),
                 ptclisp.Tool(lambda: rows, name="rows", returns="[{total :int}]")):
        r = ptclisp.run(program, tools=[tool])
        assert r.ok and r.value == sum(x["total"] for x in rows)
        assert type(r.tool_calls[0]["result"]) is list and "result_items" not in r.tool_calls[0]
