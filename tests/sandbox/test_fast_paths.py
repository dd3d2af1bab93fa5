"""Fast paths keep every promise (#35 items 1, 4 and 6): fused loops, data read in place, tool
results read in place and the compiled-code cache give exactly what the closure tier gives over
converted data: the same value, or the same error kind and text, also at the limits.

Each program runs by five paths:
- closure: `Session(data=)` with nothing compiled (codegen.THRESHOLD out of reach);
- copied: `Session(data=)` as it comes (pipelines over THRESHOLD items fused, hot loops compiled);
- compiled: `Session(data=)` with everything compiled (THRESHOLD 1);
- in place: `ptclisp.run(program, data=)`, the records read in place by the fused loops;
- tool: the list returned by a tool, read in place as the pipeline's source.
The tables below state what the closure tier gives (computed from the data in Python, or read
from the spec's rules: a call of a function is one step, `:line-items` finds "line-items", else
"line_items"); the property test at the end requires the five paths to agree on generated data
and programs, with limits set low. CI runs 300 examples; PTCLISP_FUZZ=long 2,000.
"""
from __future__ import annotations

import os

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ptclisp
from ptclisp import Keyword, Limits, Session, messages
from ptclisp.jit import codegen

LONG = os.environ.get("PTCLISP_FUZZ") == "long"
N = 260  # records: over inplace.MIN_ITEMS and the fused loop's threshold
PATHS = ("closure", "copied", "compiled", "in place", "tool")


def run_by(path: str, program: str, rows: list, limits: Limits | None = None,
           string_keys: bool = False):
    """The Result of program over data/rows by one path (see the module docstring); the clock
    roomy, so that load on a shared machine is no difference between paths."""
    limits = attrs.evolve(limits or Limits(), timeout=30.0, max_wall=60.0)
    kept = codegen.THRESHOLD
    codegen.THRESHOLD = {"closure": 10**9, "compiled": 1}.get(path, kept)
    try:
        if path == "in place":
            return ptclisp.run(program, data={"rows": rows}, limits=limits, string_keys=string_keys)
        if path == "tool":
            return Session(tools={"rows": lambda: rows}, limits=limits, string_keys=string_keys).run(
                program.replace("data/rows", "(tool/rows)"))
        return Session(data={"rows": rows}, limits=limits, string_keys=string_keys).run(program)
    finally:
        codegen.THRESHOLD = kept


def outcome(r) -> tuple:
    """What a program's result says: its value as printed (0.0 apart from -0.0), or its
    error's kind, code, message and hint."""
    if r.ok:
        return r.status, ptclisp.format_value(r.value)
    e = r.error
    return r.status, e.kind, e.code, e.message, e.hint


def outcomes(program: str, rows: list, limits=None, string_keys=False) -> dict:
    return {p: outcome(run_by(p, program, rows, limits, string_keys)) for p in PATHS}


def assert_all_give(program, rows, want, limits=None, string_keys=False):
    """Every path gives want: a value, or ("error", limit or code)."""
    got = outcomes(program, rows, limits, string_keys)
    for path, o in got.items():
        if type(want) is tuple and want[0] == "error":
            assert o[0] == "error" and o[2] == want[1], (path, program, o)
        else:
            assert o == ("ok", ptclisp.format_value(want)), (path, program, o)
    assert len(set(got.values())) == 1, (program, got)  # the same text too


# ---------------------------------------------------------------- item 1: every spelling found

def orders(list_key: str, n: int = N, item_key: str = "qty") -> list:
    return [{"id": i, "status": "paid" if i % 3 else "open",
             list_key: [{item_key: 1 + i % 2}, {item_key: 2}]} for i in range(n)]


def flex(record: dict, name: str):
    """Spec 7.5 over a host record of str keys: the key as written, else with _ for -."""
    if name in record:
        return record[name]
    return record.get(name.replace("-", "_"))


def qty_sum(record, list_name="line-items", item_name="qty") -> int:
    return sum(flex(i, item_name) or 0 for i in flex(record, list_name) or [])


NESTED = [  # (program, Python over the records giving its value)
    ("(->> data/rows (map (fn [o] (reduce + 0 (map :qty (:line-items o))))) (reduce + 0))",
     lambda rows: sum(qty_sum(o) for o in rows)),
    ("(->> data/rows (filter (fn [o] (pos? (count (filter :qty (:line-items o)))))) count)",
     lambda rows: sum(1 for o in rows if any(flex(i, "qty") for i in flex(o, "line-items") or []))),
    ("(->> data/rows (keep (fn [o] (when (= (:status o) \"paid\") (count (:line-items o))))) (reduce + 0))",
     lambda rows: sum(len(flex(o, "line-items") or []) for o in rows if o["status"] == "paid")),
    ("(->> data/rows (filter #(= (:status %) \"paid\")) (reduce (fn [a o] (+ a (reduce + 0 (keep :qty (:line-items o))))) 0))",
     lambda rows: sum(qty_sum(o) for o in rows if o["status"] == "paid")),
    ("(->> data/rows (remove #(= (:status %) \"paid\")) (map (fn [o] (reduce + 0 (map #(* 10 (:unit-qty %)) (:line-items o))))) (reduce + 0))",
     lambda rows: sum(10 * qty_sum(o, item_name="unit-qty") for o in rows if o["status"] != "paid")),
    ("(->> data/rows (map (fn [o] (count (filter #(> (:qty %) 1) (:line-items o))))) (reduce + 0))",
     lambda rows: sum(sum(1 for i in flex(o, "line-items") or [] if flex(i, "qty") > 1) for o in rows)),
]


@pytest.mark.parametrize("list_key", ["line-items", "line_items", "other"])
@pytest.mark.parametrize("program,expect", NESTED, ids=[p for p, _ in NESTED])
def test_a_nested_pipeline_finds_the_list_under_every_spelling(program, expect, list_key):
    rows = orders(list_key, item_key="unit_qty" if ":unit-qty" in program else "qty")
    assert_all_give(program, rows, expect(rows))
    assert_all_give(program, rows, expect(rows), string_keys=True)


@pytest.mark.parametrize("key", ["order-id", "order_id", "order id", None])
@pytest.mark.parametrize("value", [7, {"n": 1}, "x", None])
def test_a_field_is_found_under_every_spelling(key, value):
    rows = [{"id": i, "status": "paid" if i % 2 else "open", **({key: value} if key else {})}
            for i in range(N)]
    want = [flex(r, "order-id") for r in rows if r["status"] == "paid"]
    program = '(->> data/rows (filter #(= (:status %) "paid")) (map :order-id) vec)'
    assert_all_give(program, rows, [{Keyword("n"): 1} if type(v) is dict else v for v in want])
    program = "(->> data/rows (map (fn [r] (:order-id r))) (filter some?) count)"
    assert_all_give(program, rows, sum(1 for r in rows if flex(r, "order-id") is not None))


def test_the_spelling_can_change_from_record_to_record():
    rows = [{"id": i, "status": "paid", ("line-items" if i % 2 else "line_items"): [{"qty": 1}]}
            for i in range(N)]
    rows[7] = {"id": 7, "status": "paid"}  # no list: nil, which is empty
    rows[8] = {"id": 8, "status": "paid", "line-items": None, "line_items": [{"qty": 5}]}
    program = NESTED[0][0]
    assert_all_give(program, rows, N - 2)  # rows 7 and 8 add nothing: "line-items" holds nil,
    # which is found: the lookup does not go on to "line_items"


def test_records_keyed_by_keywords_are_read_by_the_lookup():
    rows = [{Keyword("id"): i, Keyword("line_items"): [{Keyword("qty"): 2}]} for i in range(N)]
    assert_all_give(NESTED[0][0], rows, 2 * N)


@pytest.mark.parametrize("string_keys", [False, True])
def test_a_record_holding_a_key_and_the_keyword_of_its_name_is_read_as_the_door_reads_it(string_keys):
    """A host may hand back values keyed by keywords, mixed with its own str keys: the door
    decides which one `:k` finds (one key at the door; with string keys the keyword first)."""
    rows = orders("line-items")
    for r in rows[::3]:
        r[Keyword("line-items")] = [{"qty": 10}]
        r[Keyword("id")] = -1
    rows[1][Keyword("line_items")] = [{"qty": 100}]
    for program in (NESTED[0][0], "(->> data/rows (filter #(= -1 (:id %))) (map :id) (reduce + 0))",
                    "(->> data/rows (map (fn [r] (count (:line-items r)))) (reduce + 0))"):
        got = outcomes(program, rows, string_keys=string_keys)
        assert len(set(got.values())) == 1, (program, got)


def test_a_list_that_is_not_one_is_read_as_the_closure_tier_reads_it():
    rows = orders("line_items")
    rows[5]["line_items"] = "ab"  # a string: its characters, whose :qty is nil
    rows[6]["line_items"] = ({"qty": 4},)  # a tuple the host built: a vector
    program = "(->> data/rows (map (fn [o] (reduce + 0 (keep :qty (:line-items o))))) (reduce + 0))"
    want = sum(qty_sum(o) for i, o in enumerate(rows) if i != 5)
    assert_all_give(program, rows, want)
    rows[7]["line_items"] = 3  # no collection: map's own error
    assert_all_give(program, rows, ("error", "type"))


def test_a_field_nested_too_deeply_is_refused_as_the_whole_list_is():
    """A fused loop reading a field nested past what the door converts gives the error the
    door gives for the whole list (data=, or the tool's result), not one of its own."""
    deep = 1
    for _ in range(30_000):
        deep = [deep]
    rows = [{"id": i, "d": deep if i == 250 else 1} for i in range(N)]
    whole = "(let [r data/rows] (->> r (map :d) (filter vector?) count))"  # converted whole
    want = {p: outcome(run_by(p, whole, rows))[:4] for p in ("in place", "tool")}
    assert want["in place"][2:] == ("type", messages.API_DATA_TOO_DEEP)
    assert want["tool"][2] == "tool-result"
    for program in ("(->> data/rows (map :d) (filter vector?) count)",
                    "(->> data/rows (filter #(vector? (:d %))) (map :id) vec)",
                    "(->> data/rows (map (fn [r] (:d r))) (filter vector?) count)"):
        for path in ("in place", "tool"):
            assert outcome(run_by(path, program, rows))[:4] == want[path], (path, program)


# ---------------------------------------------------------------- item 4: the limits

LIMITS = [  # (program, limits, what the closure tier gives)
    # one step per call of the functions, for the items that reach them: 260 + 1
    ("(->> data/rows (filter #(= (:id %) 3)) (map (fn [r] (+ 11 (:id r)))) first)",
     Limits(max_steps=261), 14),
    ("(->> data/rows (filter #(= (:id %) 3)) (map (fn [r] (+ 11 (:id r)))) first)",
     Limits(max_steps=260), ("error", "max_steps")),
    # the rest of the program has the steps the pipeline did not take: 260 + 5 + 95
    ("(do (->> data/rows (filter #(< (:id %) 5)) (map (fn [r] (:id r))) count)"
     " (reduce + 0 (map (fn [x] x) (range 95))))", Limits(max_steps=360), 4465),
    ("(do (->> data/rows (filter #(< (:id %) 5)) (map (fn [r] (:id r))) count)"
     " (reduce + 0 (map (fn [x] x) (range 95))))", Limits(max_steps=359), ("error", "max_steps")),
    # keyword stages and builtins are no calls; a nested pipeline's functions are
    ("(->> data/rows (filter :id) (map :id) (map inc) (reduce + 0))", Limits(max_steps=1),
     sum(range(1, N + 1))),  # 0 is truthy
    ("(->> data/rows (map (fn [o] (count (filter #(= 1 (:qty %)) (:line-items o))))) (reduce + 0))",
     Limits(max_steps=3 * N), N // 2),
    ("(->> data/rows (map (fn [o] (count (filter #(= 1 (:qty %)) (:line-items o))))) (reduce + 0))",
     Limits(max_steps=3 * N - 1), ("error", "max_steps")),
    # a type error the closure tier meets before the step limit, and the other way round
    ("(->> data/rows (filter #(< (:id %) 300)) (map (fn [r] (+ 1 (:status r)))) count)",
     Limits(max_steps=N + 1), ("error", "type")),
    ("(->> data/rows (filter #(< (:id %) 300)) (map (fn [r] (+ 1 (:status r)))) count)",
     Limits(max_steps=N - 1), ("error", "max_steps")),
    # a function no item reaches is never called: no depth error
    ("(->> data/rows (filter #(= (:id %) -1)) (map (fn [r] (:id r))) vec)", Limits(max_depth=0),
     ("error", "max_depth")),  # the filter's function is called
    ("(->> data/rows (filter #(= (:id %) -1)) (map (fn [r] (:id r))) vec)", Limits(max_depth=1), []),
    ("(->> data/rows (filter :nope) (map (fn [r] (:id r))) vec)", Limits(max_depth=0), []),
    ("(->> data/rows (map (fn [r] (:id r))) count)", Limits(max_depth=0), ("error", "max_depth")),
    ("(->> data/rows (map (fn [o] (count (map #(:qty %) (:nope o))))) (reduce + 0))",
     Limits(max_depth=1), 0),
    ("(->> data/rows (map (fn [o] (count (map #(:qty %) (:line-items o))))) (reduce + 0))",
     Limits(max_depth=1), ("error", "max_depth")),
]


@pytest.mark.parametrize("program,limits,want", LIMITS, ids=[f"{p} {lim}" for p, lim, _ in LIMITS])
def test_every_path_meets_the_limits_where_the_closure_tier_does(program, limits, want):
    rows = orders("line-items")
    assert_all_give(program, rows, want, limits)


def test_a_hot_function_loop_meets_the_step_limit_where_each_call_would():
    """A map/fold a hot function runs as one compiled loop (jit/fns.py) ticks as its calls do:
    the type error at the third item comes before the step limit at the hundredth."""
    for program in ('(map (fn [x] (+ x 1)) (concat [1 2 "a"] (range 300)))',
                    '(reduce (fn [a x] (+ a x)) 0 (concat [1 2 "a"] (range 300)))',
                    "(reduce (fn [a x] (+ a x)) 0 (range 300))",
                    "(map (fn [x] (+ x 1)) (filter #(= % 3) (range 300)))",
                    "(count (map (fn [x] (inc (count (filter odd? [x])))) (range 300)))"):
        for steps in (2, 99, 100, 299, 300, 301, 302, 599, 600, 601, 1100):
            got = {p: outcome(run_by(p, program, [], Limits(max_steps=steps)))
                   for p in ("closure", "copied", "compiled")}
            assert len(set(got.values())) == 1, (program, steps, got)


def test_a_compiled_loop_takes_its_tick_before_the_depth_limit_as_a_call_does():
    """A call ticks, then checks its depth: with both limits at 1 the second call fails the step
    limit, also when it is the first call of a compiled loop (which refuses a too deep loop at
    once)."""
    program = '(count (map (fn [o] (remove (fn [x] (nil? (:qty x))) "ab")) [1]))'
    for steps, depth, want in ((1, 1, "max_steps"), (2, 1, "max_depth"), (2, 2, "max_steps"),
                              (3, 2, "ok")):  # three calls: the outer one, one per character
        got = {p: outcome(run_by(p, program, [], Limits(max_steps=steps, max_depth=depth)))
               for p in ("closure", "copied", "compiled")}
        assert {o[2] if o[0] == "error" else o[0] for o in got.values()} == {want}, got


# ---------------------------------------------------------------- item 6: the code cache

CONSTANTS = ["0.0", "-0.0", "1", "1.0", "true", "false", "0", "nil", "[0.0]", "[-0.0]", "[1]",
             "[1.0]", "[true]", "{:a 0.0}", "{:a -0.0}", "{:a 1}", "{:a true}", "#{0.0}",
             "#{-0.0}", "(/ 1 0.0)", "(/ 1 -0.0)", "##NaN", '"a"', ":a", "[:a 1.0 \"1\"]"]


def test_the_code_cache_keeps_constants_of_other_types_and_signs_apart():
    """Each constant in a hot function, after every other one was compiled in the same shape
    by another session: the value is the constant's own (what the closure tier gives)."""
    def hot(c):
        return f"(let [f (fn [x] {c})] (last (map f (range 300))))"
    for c in CONSTANTS:
        Session().run(hot(c))
    for c in CONSTANTS:
        want = ptclisp.format_value(Session().run(f"((fn [x] {c}) 1)").value)
        for other in CONSTANTS:
            Session().run(hot(other))
            got = Session().run(hot(c))
            assert got.ok and ptclisp.format_value(got.value) == want, (c, other)


def test_a_fused_pipeline_keeps_its_own_constants():
    rows = orders("line-items")
    for a, b in (("0.0", "-0.0"), ("1", "1.0"), ("1", "true"), ("0", "false")):
        for c in (a, b, a):
            program = f"(->> data/rows (map (fn [r] {c})) (filter some?) (map (fn [x] [x (/ 1 x)])) last)"
            want = outcomes(program, rows)["closure"]
            assert set(outcomes(program, rows).values()) == {want}, program


# ---------------------------------------------------------------- the differential property

LIST_KEYS = ["line-items", "line_items", "items"]
REC_KEYS = ["id", "status", "order-id", "order_id", "total"]
ITEM_KEYS = ["qty", "unit-price", "unit_price"]
SCALARS = st.one_of(st.integers(-3, 9), st.none(), st.sampled_from(["paid", "open", "", "x"]),
                    st.booleans(), st.sampled_from([0.5, -0.0, 2.0]))
ITEMS = st.dictionaries(st.sampled_from(ITEM_KEYS),
                        st.one_of(st.integers(0, 5), st.none(), st.just("q"), st.just(1.5)),
                        max_size=3)
LISTS = st.one_of(st.lists(ITEMS, max_size=4), st.none(), st.just("ab"), st.just(7),
                  st.lists(st.one_of(ITEMS, st.integers(0, 2)), max_size=3))
RECORDS = st.builds(lambda a, b: {**a, **b},
                    st.dictionaries(st.sampled_from(REC_KEYS), SCALARS, max_size=4),
                    st.dictionaries(st.sampled_from(LIST_KEYS), LISTS, max_size=2))
ODD = st.sampled_from([None, 3, "x", [1]])  # an item that is no record


@st.composite
def row_lists(draw) -> list:
    """N rows cycling through a few generated records (some keyed by keywords), an item that is
    no record here and there."""
    base = draw(st.lists(RECORDS, min_size=1, max_size=6))
    keyed = draw(st.integers(0, 9))
    if keyed == 0:  # values a host hands back as it got them: keyed by keywords
        base = [{Keyword(k): v for k, v in r.items()} for r in base]
    elif keyed == 1:  # ...mixed with its own keys
        base = [{**r, **{Keyword(k): v for k, v in draw(RECORDS).items()}} for r in base]
    rows = [dict(base[i % len(base)]) for i in range(N)]
    for _ in range(draw(st.integers(0, 2)) if draw(st.booleans()) else 0):
        rows[draw(st.integers(0, N - 1))] = draw(ODD)
    return rows


def _kw(keys) -> st.SearchStrategy:
    return st.sampled_from([":" + k for k in keys])


@st.composite
def inner_pipelines(draw) -> str:
    """A pipeline over a record o's list, in a stage's function."""
    item = draw(_kw(ITEM_KEYS))
    stages = draw(st.lists(st.sampled_from([
        f"(map {item})", f"(filter {item})", f"(keep {item})", f"(remove #(nil? ({item} %)))",
        f"(filter #(number? ({item} %)))", f"(map #(if (number? ({item} %)) ({item} %) 0))",
        "(map #(* 2 %))", "(filter some?)"]), min_size=1, max_size=3))
    end = draw(st.sampled_from(["", "(reduce + 0)", "count", "(reduce (fn [a x] (+ a 1)) 0)"]))
    source = f"({draw(_kw(LIST_KEYS))} o)"
    return f"(->> {source} {' '.join(stages)} {end})".replace("  ", " ").replace(" )", ")")


@st.composite
def programs(draw) -> str:
    rec, inner = draw(_kw(REC_KEYS)), draw(inner_pipelines())
    stage = st.sampled_from([
        f"(filter {rec})", f"(remove {rec})", f"(map {rec})", f"(keep {rec})",
        f'(filter #(= ({rec} %) "paid"))', f"(filter #(number? ({rec} %)))",
        f"(map (fn [o] {inner}))", f"(filter (fn [o] (pos? (count {inner}))))",
        f"(keep (fn [o] (when ({rec} o) {inner})))", f"(map (fn [o] [({rec} o) {inner}]))",
        "(filter some?)", "(map count)", "(map #(+ 1 %))",
        # a function calling a function value: no fusing; records read as maps of the keys read
        f"(map (fn [o] ((fn [x] x) ({rec} o))))", f"(filter (fn [o] (some? ((fn [x] x) ({rec} o)))))"])
    stages = draw(st.lists(stage, min_size=1, max_size=3))
    end = draw(st.sampled_from([
        "count", "vec", "(take 3)", "last", "(reduce + 0)", "(reduce (fn [a x] (+ a (count [x]))) 0)",
        f"(reduce (fn [a o] (+ a (count {inner}))) 0)", f"(map (fn [o] {inner}))"]))
    return f"(->> data/rows {' '.join(stages)} {end})"


LOW = st.one_of(st.none(), st.sampled_from([1, 30, N - 1, N, N + 1, 2 * N, 3 * N + 7, 1500]))
DEPTHS = st.one_of(st.none(), st.sampled_from([0, 1, 2, 3]))


@settings(max_examples=2000 if LONG else 300, suppress_health_check=list(HealthCheck))
@given(rows=row_lists(), program=programs(), steps=LOW, depth=DEPTHS, string_keys=st.booleans())
def test_every_path_gives_what_the_closure_tier_gives(rows, program, steps, depth, string_keys):
    limits = Limits(max_steps=steps, **({} if depth is None else {"max_depth": depth}))
    got = outcomes(program, rows, limits, string_keys)
    want = got["closure"]
    assert want[0] in ("ok", "error") and (want[0] == "ok" or want[1] != "InternalError"), want
    for path, o in got.items():
        assert o == want, (path, program, steps, depth, o, want)
