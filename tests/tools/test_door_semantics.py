"""What a program sees of host data that crossed the door (issue 29, item 2): keys, nesting,
scalars, equality, hashing, the way back out, snapshots, saving and process isolation.

Each case is a host value, a program over it and what the program must print: the expected
text follows docs/llm.md "Keys" (a str key that reads as a keyword crosses as that keyword,
any other key stays the str it was) and the printer's notation for values, not our output.
"""
from __future__ import annotations

import math

import pytest

import ptclisp
from ptclisp import Limits, Session, kw
from ptclisp.host.door import DATA_DEPTH, from_python, to_python

KEYS = {"ok": 1, "x-y": 2, "Content-Type": 3, "a b": 4, "1x": 5, "é": 6, "名前": 7, "": 8,
        "a/b": 9}
ORDERS = [{"id": 1, "status": "paid", "items": [{"sku": "s1", "qty": 2}, {"sku": "s2", "qty": 1}]},
          {"id": 2, "status": "open", "items": []},
          {"id": 3, "status": "paid", "items": [{"sku": "s1", "qty": 5}], "note": None}]

# (host data, program, what it prints)
CASES = [
    # keys: keywords only where the str reads back as the same keyword
    ({"m": KEYS}, "(println (sort-by str (keys data/m)))",  # (str :ok) is ":ok", before "a b"
     '["" "1x" :Content-Type :ok :x-y "a b" "a/b" "é" "名前"]'),
    ({"m": KEYS}, '(println [(get data/m "1x") (get data/m "é") (get data/m "a/b") (:Content-Type data/m)])',
     "[5 6 9 3]"),
    ({"m": {"": {"": [""]}}}, '(println (get-in data/m ["" "" 0]))', ""),
    # nested lists of lists, empty collections, records with missing or extra keys
    ({"ll": [[1, [2, []]], [], [[{"a": [[3]]}]]]}, "(println data/ll)", "[[1 [2 []]] [] [[{:a [[3]]}]]]"),
    ({"ll": [[1, [2, []]], [], [[{"a": [[3]]}]]]}, "(println (= data/ll [[1 [2 []]] [] [[{:a [[3]]}]]]))", "true"),
    ({"o": ORDERS}, "(println (map :note data/o))", "[nil nil nil]"),
    ({"o": ORDERS}, "(println (contains? (nth data/o 2) :note) (contains? (first data/o) :note))", "true false"),
    ({"o": ORDERS}, "(println (->> data/o (mapcat :items) (map :qty) (reduce + 0)))", "8"),
    ({"o": ORDERS}, "(println (get-in data/o [0 :items 1 :sku]))", "s2"),
    ({"e": {"v": [], "m": {}, "s": ""}}, "(println data/e)", '{:m {} :s "" :v []}'),
    # scalars: nil, booleans apart from 1 and 0, huge ints exact, NaN and the infinities
    ({"x": [None, True, False, 1, 0]}, "(println data/x (map true? data/x) (count (set data/x)))",
     "[nil true false 1 0] [false true false false false] 5"),
    ({"n": 10 ** 30}, "(println (+ data/n 1) (type data/n))", "1000000000000000000000000000001 :number"),
    ({"f": [float("nan"), float("inf"), float("-inf"), -0.0, 1.5]}, "(println data/f)",
     "[##NaN ##Inf ##-Inf -0.0 1.5]"),
    ({"f": [float("inf")]}, "(println (> (first data/f) 1e308))", "true"),
    # equality and hashing: door values and the same values built by the program are one
    ({"o": ORDERS}, '(println (= (second data/o) {:id 2 :status "open" :items []}))', "true"),
    ({"o": ORDERS}, '(println (get {{:id 2 :status "open" :items []} :hit} (second data/o)))', ":hit"),
    ({"o": ORDERS}, '(println (count (set [(second data/o) {:items [] :status "open" :id 2}])))', "1"),
    ({"o": ORDERS}, '(println (get (frequencies (map :items data/o)) []))', "1"),
    ({"o": ORDERS}, '(println (contains? #{[{:sku "s1" :qty 5}]} (:items (last data/o))))', "true"),
    ({"m": KEYS}, '(println (= data/m (zipmap (keys data/m) (vals data/m))))', "true"),
    ({"m": {"1x": 1}}, '(println (= data/m {"1x" 1}) (= data/m {:1x 1}))', "true false"),
    # maps keyed by what is not a str
    # (a Python dict holds True and 1 as one key: True and 0 here; true stays apart from 1)
    ({"m": {True: "t", 0: "zero", None: "none", (1, 2): "pair"}},
     '(println (get data/m true) (get data/m 1) (get data/m 0) (get data/m false) (get data/m nil)'
     ' (get data/m [1 2]))', "t nil zero nil none pair"),
    ({"m": {1: "one", 0: "zero"}}, '(println (get data/m true) (get data/m 1) (get data/m false))',
     "nil one nil"),
]


@pytest.mark.parametrize("data, program, printed", CASES, ids=[c[1][:60] for c in CASES])
def test_what_a_program_sees_of_host_data(data, program, printed):
    r = ptclisp.run(program, data=data)
    assert r.error is None, r.error
    if printed is not None:
        assert r.prints == [printed]


def test_keys_that_are_not_keywords_read_by_get():
    r = ptclisp.run('[(:ok data/m) (get data/m "a b") (get data/m "") (get data/m "名前")]',
                    data={"m": KEYS})
    assert r.value == [1, 4, 8, 7]


def test_tool_results_see_the_same_as_data():
    for data, program, printed in CASES:
        [(name, value)] = data.items()
        text = program.replace(f"data/{name}", f"(tool/{name})")
        r = ptclisp.run(text, tools={name: lambda value=value: value})
        assert r.error is None and (printed is None or r.prints == [printed]), (text, r.error)


def test_deep_nesting_up_to_data_depth():
    deep: list = []
    for _ in range(DATA_DEPTH - 1):
        deep = [deep]
    session = Session(data={"deep": {"a": deep}}, limits=Limits(max_depth=DATA_DEPTH + 10))
    assert session.run("(count (:a data/deep))").value == 1


# ---------------------------------------------------------------- snapshots


def test_the_host_mutating_its_data_later_changes_nothing_a_session_sees():
    rows = [{"id": 1, "tags": ["a"], "meta": {"k": 1}}]
    data = {"rows": rows}
    s = Session(data=data)
    s.run("(def before data/rows)")
    rows[0]["id"] = 99
    rows[0]["tags"].append("b")
    rows[0]["meta"]["k"] = 2
    rows.append({"id": 2})
    data["other"] = 1
    expected = '[{:id 1 :meta {:k 1} :tags ["a"]}]'
    assert s.run("(println data/rows)").prints == [expected]
    assert s.run("(println before)").prints == [expected]
    assert s.run("data/other").error is not None  # a key the host added later is not there


def test_a_tool_mutating_what_it_returned_earlier_changes_nothing():
    held = [{"n": 1, "xs": [1]}]
    tools = {"rows": lambda: held}
    s = Session(tools=tools)
    s.run("(def first-call (tool/rows))")
    held[0]["n"] = 2
    held[0]["xs"].append(2)
    assert s.run("(println first-call (tool/rows))").prints == ['[{:n 1 :xs [1]}] [{:n 2 :xs [1 2]}]']


def test_the_host_data_is_never_mutated_by_the_door():
    rows = [{"a b": 1, "ok": [{"x": (1, 2)}]}]
    before = repr(rows)
    ptclisp.run("(def r data/rows) (count r)", data={"rows": rows})
    from_python(rows)
    assert repr(rows) == before


# ---------------------------------------------------------------- the way back out


@pytest.mark.parametrize("value", [
    KEYS, ORDERS, [[1, [2, []]], [], [[{"a": [[3]]}]]], {"": {"": [None, True, False]}},
    {"n": 10 ** 30, "f": [float("inf"), -0.0, 1.5]}, [], {},
], ids=["keys", "orders", "lists", "empty-keys", "numbers", "empty-list", "empty-map"])
def test_values_round_trip_through_to_python(value):
    assert to_python(from_python(value)) == value
    r = ptclisp.run("data/v", data={"v": value})
    assert r.to_python() == value


def test_nan_round_trips_as_nan():
    back = to_python(from_python({"x": [float("nan")]}))
    assert list(back) == ["x"] and math.isnan(back["x"][0])


def test_tuples_and_sets_come_back_as_lists():
    assert to_python(from_python({"t": (1, (2, 3))})) == {"t": [1, [2, 3]]}
    assert sorted(to_python(from_python({"s": {3, 1}}))["s"]) == [1, 3]


def test_door_maps_have_keyword_keys_and_plain_python_types():
    value = from_python({"order_id": 1, "items": [{"sku": "a"}]})
    assert value == {kw("order_id"): 1, kw("items"): [{kw("sku"): "a"}]}


# ---------------------------------------------------------------- saving and isolation


def test_a_saved_session_holding_door_data_loads_the_same():
    s = Session(data={"orders": ORDERS})
    r = s.run('(def paid (filter #(= (:status %) "paid") data/orders)) (def keyed data/orders)')
    assert r.error is None
    back = Session.load(s.save(), data={"orders": ORDERS})
    assert back.run("(= paid (filter #(= (:status %) \"paid\") data/orders))").value is True
    assert back.run("(= keyed data/orders)").value is True
    assert back.run("(println (first keyed))").prints == [
        '{:id 1 :items [{:qty 2 :sku "s1"} {:qty 1 :sku "s2"}] :status "paid"}']


def test_odd_keys_survive_saving():
    s = Session(data={"m": KEYS})
    s.run("(def m data/m)")
    back = Session.load(s.save())
    assert back.run("(= m (zipmap (keys m) (vals m)))").value is True
    assert back.run('[(get m "a b") (get m "名前") (get m "") (:ok m)]').value == [4, 7, 8, 1]


def test_process_isolation_sees_the_same_door_values():
    program = ('[(->> data/orders (mapcat :items) (map :qty) (reduce + 0))'
               ' (sort-by str (keys data/m)) (get data/m "名前") (:n data/x)]')
    data = {"orders": ORDERS, "m": KEYS, "x": {"n": 10 ** 30}}
    inside = ptclisp.run(program, data=data)
    isolated = ptclisp.run(program, data=data, limits=Limits(isolation="process", timeout=30))
    assert isolated.error is None, isolated.error
    assert isolated.value == inside.value
    assert isolated.value[0] == 8 and isolated.value[2] == 7 and isolated.value[3] == 10 ** 30


# ---------------------------------------------------------------- rows of many shapes


MIXED = [{"a": 1, "b": "x"}, {"a": 2, "b": "y"},  # flat rows first
         {"a": 3, "n": [1, {"c": 2}], "b": "z"},  # then a nested value in the middle
         {"a": 4, "new key": {"d": []}, "b": "w"},  # a key never met before
         {"a": 5, 7: "seven", "b": "v"},  # a key that is not a str
         {"b": "u", "a": 6}]  # the same keys in another order


def test_rows_of_many_shapes_keep_their_keys_in_the_host_order():
    for value in (from_python(MIXED), ptclisp.run("data/rows", data={"rows": MIXED}).value,
                  ptclisp.run("(tool/rows)", tools={"rows": lambda: MIXED}).value):
        assert [list(row) for row in value] == [
            [kw("a"), kw("b")], [kw("a"), kw("b")], [kw("a"), kw("n"), kw("b")],
            [kw("a"), "new key", kw("b")], [kw("a"), 7, kw("b")], [kw("b"), kw("a")]]
        assert value[2][kw("n")] == [1, {kw("c"): 2}] and value[3]["new key"] == {kw("d"): []}
        back = to_python(value)  # JSON-shaped: a key that is no str comes back as its text
        assert back[4] == {"a": 5, "7": "seven", "b": "v"} and back[:4] + back[5:] == MIXED[:4] + MIXED[5:]


def test_a_long_string_in_a_nested_tool_row_is_host_data_and_what_is_built_of_it_is_charged():
    # issue 35 item 4: the parts of a tool result are not size-charged, read in place or
    # copied (as data= never was); its own length is, and what a program builds is
    rows = [{"id": 1, "tags": ["a"]}, {"id": 2, "tags": ["b"], "body": "x" * 5000}]
    r = ptclisp.run("(count (:body (second (tool/rows))))", tools={"rows": lambda: rows},
                    limits=Limits(max_string_chars=2000))
    assert r.value == 5000
    r = ptclisp.run("(count (str (:body (second (tool/rows))) \"!\"))", tools={"rows": lambda: rows},
                    limits=Limits(max_string_chars=2000))
    assert r.error is not None and r.error.limit == "max_string_chars" and "2000" in str(r.error)
    r = ptclisp.run("(count (tool/text))", tools={"text": lambda: "x" * 5000},
                    limits=Limits(max_string_chars=2000))
    assert r.error is not None and r.error.limit == "max_string_chars"


# ---------------------------------------------------------------- the way out: shared parts


def test_a_part_shared_in_a_value_comes_out_as_separate_copies():
    out = ptclisp.run("(let [m {:a [1]}] [m m])").to_python()
    assert out == [{"a": [1]}, {"a": [1]}]
    assert out[0] is not out[1] and out[0]["a"] is not out[1]["a"]


def test_a_value_shared_into_an_explosion_is_still_refused():
    r = ptclisp.run("(let [v (reduce (fn [x _] [x x]) 1 (range 40))] v)")
    assert r.error is None
    with pytest.raises(ptclisp.LimitExceeded):
        r.to_python()
