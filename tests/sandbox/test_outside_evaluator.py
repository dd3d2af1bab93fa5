"""The third hostile review (issue 26, items 2, 3 and 7): host work outside the evaluator.

Host numbers and dates at the door (tool results and data=), model replies parsed by
`llm.parse` and `parse_json_answer`, values a run makes that must export and print, saved
sessions loaded back. Each case runs beside a heartbeat thread (10 ms ticks in this process):
the host is never kept waiting more than FREEZE seconds, and each run ends within its limits
(timeout 1 s, tool_timeout 8 s, max_wall 10 s, as in the issue) plus MARGIN. Reply parsing
is held linear by growth: t(4n)/t(n), best of 3, under GROWTH (quadratic work gives 16).
PTCLISP_FUZZ=long adds sizes, shapes and values to every table.
"""
from __future__ import annotations

import datetime as dt
import json
import os
import time
from decimal import Decimal

import pytest

import ptclisp
from ptclisp import Agent, Limits, Session, format_value, messages
from ptclisp.core.numbers import MAX_INT_BITS
from ptclisp.host import numbers
from ptclisp.llm import extract, json_answer
from ptclisp.llm import messages as LM

from hostile import MARGIN
from test_host_walls import FREEZE, Heartbeat

LONG = os.environ.get("PTCLISP_FUZZ") == "long"
LIMITS = dict(timeout=1.0, tool_timeout=8.0, max_wall=10.0)
GROWTH = 9.0  # t(4n)/t(n): linear work gives about 4, quadratic 16
BIG = messages.host_number_too_big(MAX_INT_BITS)
FAR_EAST = dt.timezone(dt.timedelta(hours=23, minutes=59))
FAR_WEST = dt.timezone(-dt.timedelta(hours=23, minutes=59))


class _Day(dt.date):
    """A date subclass whose ordinal lies (a hostile host type)."""

    def toordinal(self):
        return 10 ** 18


# ---------------------------------------------------------------- host values at the door

# (id, host value, the problem the error names); every one froze or raised raw before
OUT_OF_RANGE = [
    ("decimal-1e1000000", json.loads('{"p": 1e1000000}', parse_float=Decimal)["p"], BIG),
    ("decimal-1e999999", Decimal("1e999999"), BIG),
    ("decimal-negative", Decimal("-7e50000"), BIG),
    ("decimal-huge-exponent", Decimal("1e999999999999999"), BIG),
    ("decimal-snan", Decimal("sNaN"), messages.HOST_SIGNALING_NAN),
    ("range-10**12", range(10 ** 12), messages.host_too_many_items(10 ** 12, numbers.LAZY_ITEMS)),
    ("range-past-ssize", range(10 ** 30), messages.host_too_many_items(None, numbers.LAZY_ITEMS)),
    ("datetime-max-west", dt.datetime.max.replace(tzinfo=FAR_WEST), messages.HOST_DATE_OUT_OF_RANGE),
    ("datetime-min-east", dt.datetime.min.replace(tzinfo=FAR_EAST), messages.HOST_DATE_OUT_OF_RANGE),
    ("date-lying-ordinal", _Day(2024, 1, 1), messages.HOST_DATE_OUT_OF_RANGE),
]
if LONG:
    OUT_OF_RANGE += [(f"decimal-1e{e}", Decimal(f"1e{e}"), BIG) for e in (30103, 40000, 10 ** 6 + 1, 10 ** 8)]
    OUT_OF_RANGE += [(f"range-{n}", range(n), messages.host_too_many_items(n, numbers.LAZY_ITEMS))
                     for n in (numbers.LAZY_ITEMS + 1, 10 ** 9)]
    OUT_OF_RANGE += [("frozenset-range", frozenset(range(10)) | frozenset(), None)]  # crosses: small


# (id, host value, the PTC value it becomes): the bounds keep what a program could hold
IN_RANGE = [
    ("decimal-whole", Decimal("12.000"), 12),
    ("decimal-fraction", Decimal("0.125"), 0.125),
    ("decimal-1e300-whole", Decimal("1e300"), 10 ** 300),
    ("decimal-under-cap", Decimal("1e30102"), 10 ** 30102),  # 10**30102 < 2**100000
    ("decimal-long-fraction", Decimal("1" * 1000 + ".5"), float("1" * 1000 + ".5")),  # inf, as JSON
    ("decimal-tiny", Decimal("1e-999999999"), 0.0),
    ("decimal-infinity", Decimal("-Infinity"), float("-inf")),
    ("range-small", range(3), [0, 1, 2]),
]


def _tool_of(value):
    return ptclisp.Tool(lambda: {"price": value}, name="price")


@pytest.mark.parametrize("value,problem", [c[1:] for c in OUT_OF_RANGE if c[2]],
                         ids=[c[0] for c in OUT_OF_RANGE if c[2]])
def test_a_tool_result_past_what_a_value_holds_is_a_clear_error_without_a_freeze(value, problem):
    session = Session(tools=[_tool_of(value)], limits=Limits(**LIMITS))
    with Heartbeat() as hb:
        start = time.perf_counter()
        r = session.run("(:price (tool/price))")
        took = time.perf_counter() - start
    assert r.status == "error" and r.error.kind == "ToolError" and r.error.code == "tool-result"
    assert r.error.message == messages.tool_out_of_range("price", problem)
    assert hb.gap < FREEZE and took < LIMITS["timeout"] + MARGIN
    assert "took" not in r.error.message  # the tool is not blamed for the door's time


@pytest.mark.parametrize("value,problem", [c[1:] for c in OUT_OF_RANGE if c[2]],
                         ids=[c[0] for c in OUT_OF_RANGE if c[2]])
def test_data_past_what_a_value_holds_names_where_it_is(value, problem):
    with Heartbeat() as hb, pytest.raises(ValueError) as info:
        Session(data={"orders": [{"id": 1}, {"id": 2, "price": value}]})
    assert str(info.value) == messages.api_data_out_of_range("orders", ["1", ":price"], problem)
    assert str(info.value).startswith("(get-in data/orders [1 :price]) holds ")
    assert hb.gap < FREEZE


@pytest.mark.parametrize("value,expected", [c[1:] for c in IN_RANGE], ids=[c[0] for c in IN_RANGE])
def test_host_numbers_a_program_could_hold_still_cross(value, expected):
    r = Session(data={"x": value}).run("data/x")
    assert r.ok and ptclisp.lang.values.equal(r.value, expected), (r.value, expected)
    assert type(r.value) is type(expected) or isinstance(expected, list)


def test_decimal_nan_and_extreme_but_valid_dates_cross():
    r = Session(data={"n": Decimal("NaN"), "d": dt.datetime.max.replace(tzinfo=dt.timezone.utc),
                      "e": dt.datetime(1, 1, 2, tzinfo=FAR_EAST), "day": dt.date.max}).run(
        "[data/n data/d data/e data/day]")
    assert r.ok and r.value[0] != r.value[0]  # NaN
    assert format_value(r.value[1:]) == '["9999-12-31T23:59:59.999999Z" "0001-01-01T00:01:00Z" "9999-12-31"]'
    assert r.to_python()[1:] == ["9999-12-31T23:59:59.999999Z", "0001-01-01T00:01:00Z", "9999-12-31"]


# ---------------------------------------------------------------- values a run makes

INSTANTS = [  # (program, what it gives): extreme offsets are refused where they are made
    ('(java.time.Instant/parse "9999-12-31T23:59:59.999999-23:59")', None),
    ('(java.time.Instant/parse "0001-01-01T00:00:00+23:59")', None),
    ('(parse "9999-12-31T23:59:59-00:01")', None),
    ('(java.util.Date. "9999-12-31T23:59:59-23:59")', None),
    ('(java.time.Instant/parse "9999-12-31T23:59:59.999999Z")', "9999-12-31T23:59:59.999999Z"),
    ('(java.time.Instant/parse "0001-01-01T00:00:00-01:00")', "0001-01-01T01:00:00Z"),
]
if LONG:
    INSTANTS += [(f'(parse "{y:04d}-{m:02d}-31T23:59:59{z}")', None)
                 for y, m, z in ((9999, 12, "-23:59"),)]
    INSTANTS += [(f'(java.time.Instant/parse "0001-01-01T00:{mi:02d}:00+{h:02d}:{mi:02d}")', None)
                 for h, mi in ((1, 0), (12, 30), (23, 59)) if h * 60 + mi > 0]


@pytest.mark.parametrize("program,shown", INSTANTS)
def test_every_instant_a_run_makes_exports_and_prints_or_is_refused(program, shown):
    r = ptclisp.run(program, limits=Limits(**LIMITS))
    if shown is None:
        assert r.status == "error" and r.error.kind == "EvalError", r
        assert "out of the supported range (years 1 to 9999)" in r.error.message
        return
    assert r.ok and format_value(r.value) == f'"{shown}"' and r.to_python() == shown


# ---------------------------------------------------------------- saved sessions loaded back

SAVED = ';; ptclisp session\n{:format "ptclisp-session" :version 1 :signature SIG :memory MEM :history [] :journal nil :summaries {}}'
MALFORMED = messages.SAVED_MALFORMED
TAMPERED = [  # (id, signature, memory, the message or the start of it)
    ("memory-vector", "nil", "[1 2]", MALFORMED),
    ("memory-number", "nil", "7", MALFORMED),
    ("signature-5000-deep", '"' + "[" * 5000 + ":int" + "]" * 5000 + '"', "{}", MALFORMED),
    ("datetime-1e300", "nil", '{"x" {:ptclisp-datetime 1e300}}',
     "saved session holds a DateTime of 1.0E300, which is not a number in range (years 1 to 9999)"),
    ("datetime-past-9999", "nil", '{"x" {:ptclisp-datetime 253402300800000000}}',
     "saved session holds a DateTime of 253402300800000000, which is not"),
    ("date-huge", "nil", '{"x" [{:ptclisp-date 99999999999}]}', "saved session holds a LocalDate of 99999999999"),
    ("duration-text", "nil", '{"x" {:ptclisp-duration "long"}}', 'saved session holds a Duration of "long"'),
    ("regex-number", "nil", '{"x" {:ptclisp-regex 5}}', MALFORMED),
    ("memory-deep", "nil", '{"x" ' + "[" * 3000 + "]" * 3000 + "}", "nesting depth exceeds the limit"),
]
if LONG:
    TAMPERED += [(f"datetime-{v}", "nil", f'{{"x" {{:ptclisp-datetime {v}}}}}', "saved session holds a DateTime of")
                 for v in ("-1e300", "##Inf", "nil", '"now"', "-62135596800000001")]
    TAMPERED += [("signature-deep-map", '"' + "{a " * 3000 + ":int" + "}" * 3000 + '"', "{}", "")]


@pytest.mark.parametrize("sig,mem,says", [c[1:] for c in TAMPERED], ids=[c[0] for c in TAMPERED])
def test_a_tampered_saved_session_is_refused_with_a_clear_error(sig, mem, says):
    text = SAVED.replace("SIG", sig).replace("MEM", mem)
    with pytest.raises((ValueError, ptclisp.PtcError)) as info:
        Session.load(text)
    shown = getattr(info.value, "message", None) or str(info.value)
    assert shown.startswith(says) or says in shown, shown
    assert "Traceback" not in shown and "Error" not in shown.replace("ReadError", "")


def test_a_saved_date_in_range_loads_back():
    s = Session.load(SAVED.replace("SIG", "nil").replace(
        "MEM", '{"x" {:ptclisp-datetime 253402300799999999} "d" {:ptclisp-date -719162}}'))
    assert format_value(s.memory["x"]) == '"9999-12-31T23:59:59.999999Z"'
    assert format_value(s.memory["d"]) == '"0001-01-01"'


# ---------------------------------------------------------------- reply parsing: linear


def _best_of_3(fn, text) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        try:
            fn(text)
        except (extract.ExtractionError, json_answer.JsonAnswerError):
            pass
        best = min(best, time.perf_counter() - start)
    return best


def _growth(fn, unit: str, n: int, prefix: str = "") -> float:
    """t(4n)/t(n), the least of up to three measurements: a busy machine can slow one of them
    (9.4 seen once with three test workers on two cores), quadratic work is slow in all three."""
    ratio = float("inf")
    for _ in range(3):
        small = _best_of_3(fn, prefix + unit * n)
        ratio = min(ratio, _best_of_3(fn, prefix + unit * (4 * n)) / max(small, 0.002))
        if ratio < GROWTH:
            break
    return ratio


REPLY_UNITS = ["<lisp>", "<think>", "<lisp>\n", "<clojure>(a\n", "<think></think", "#_", "#_(",
               "```clojure\n\"\n", "<reasoning>x"]
if LONG:
    REPLY_UNITS += ["<LISP> \n", "</lisp><lisp>", "<thinking><think>", "```\n<lisp>\n", "#_#_ ", "~~~\n",
                    "<think>```clojure\n(+ 1 2)\n```"]


@pytest.mark.parametrize("unit", REPLY_UNITS)
def test_llm_parse_is_linear_in_the_reply(unit):
    n = 200_000 // len(unit) // 4  # 4n: the issue's 200 KB reply
    ratio = _growth(extract.parse, unit, n)
    assert ratio < GROWTH, f"{unit!r}: t(4n)/t(n) = {ratio:.1f}"


JSON_UNITS = [("[", "[1,"), ("", "{"), ("", '{"a":[1,'), ("[", '"a,'), ("x ", "{a b"), ("{", '"a":1,')]
if LONG:
    JSON_UNITS += [("", "["), ("[", "{"), ("```json\n", "[1,"), ("", '["a\\",')]


@pytest.mark.parametrize("prefix,unit", JSON_UNITS)
def test_parse_json_answer_is_linear_in_the_reply(prefix, unit):
    n = 100_000 // len(unit) // 4
    ratio = _growth(json_answer.parse_json_answer, unit, n, prefix)
    assert ratio < GROWTH, f"{prefix!r}+{unit!r}*n: t(4n)/t(n) = {ratio:.1f}"


def test_the_issue_json_reply_is_cut_back_within_the_depth_bound_without_a_freeze():
    with Heartbeat() as hb:
        answer = json_answer.parse_json_answer("[" + "[1," * 33333)
    # kept: the items before the last comma at most REPAIR_DEPTH deep (the 63rd "[1,"; the innermost list is [1])
    value, depth = answer.value, 0
    while isinstance(value, list):
        value, depth = value[-1], depth + 1
    assert depth == json_answer.REPAIR_DEPTH and answer.repairs[-1] == LM.repair_cut(1)  # innermost: [1]
    assert hb.gap < FREEZE and hb.peak_mb < 200  # was 19.9 s and 570 MB


def test_a_broken_answer_too_deep_to_repair_says_so():
    with pytest.raises(json_answer.JsonAnswerError) as info:
        json_answer.parse_json_answer("[" * 100 + "{a b}" + "]" * 100)
    assert info.value.message == LM.json_too_deep(json_answer.REPAIR_DEPTH)


def test_a_cut_answer_within_the_bounds_is_still_repaired():
    answer = json_answer.parse_json_answer('{"items": [1, 2, 3, ')
    assert answer.value == {"items": [1, 2, 3]} and answer.repairs


@pytest.mark.parametrize("unit", ["<lisp>", "<think>", "#_"] + (["<think></think", "("] if LONG else []))
def test_an_agent_turn_of_openers_ends_without_a_freeze(unit):
    from ptclisp.agent.conversation import MAX_REPLY_CHARS
    reply = (unit * MAX_REPLY_CHARS)[:MAX_REPLY_CHARS - 1]
    replies = [reply, "```clojure\n(return 1)\n```"]
    with Heartbeat() as hb:
        start = time.perf_counter()
        result = Agent(llm=lambda m, t: replies.pop(0), max_turns=2, limits=Limits(**LIMITS)).run("x")
        took = time.perf_counter() - start
    assert result.status == "ok" and result.answer == 1, result.message
    assert hb.gap < FREEZE and took < 2 * (LIMITS["timeout"] + MARGIN)  # was 11.7 s a turn


# ---------------------------------------------------------------- the texts, pinned

UP = __import__("ptclisp.upstream.messages", fromlist=["M"])
PINNED = [
    (messages.host_number_too_big(100_000), "a number past the integer limit (2^100000, about 30,103 digits)"),
    (messages.HOST_SIGNALING_NAN, "a signaling NaN (Decimal('sNaN')), which is not a number"),
    (messages.HOST_DATE_OUT_OF_RANGE,
     "a date or datetime outside the years 1 to 9999 (UTC), which no date value holds"),
    (messages.host_too_many_items(10 ** 12, 1_000_000),
     "a sequence of 1,000,000,000,000 items, over the 1,000,000 a sequence that is not a list may have"),
    (messages.host_too_many_items(None, 5), "a sequence of more items than can be counted, over the 5 a "
                                            "sequence that is not a list may have"),
    (messages.api_data_out_of_range("orders", ["1", ":price"], "a number"),
     "(get-in data/orders [1 :price]) holds a number; convert it first"),
    (messages.api_data_out_of_range("n", [], "a number"), "data/n holds a number; convert it first"),
    (messages.tool_out_of_range("price", "a number"), "tool/price returned a number; the host must fix the tool"),
    (messages.saved_bad_tag("LocalDate", "7.5"),
     "saved session holds a LocalDate of 7.5, which is not a number in range (years 1 to 9999)"),
    (LM.json_too_deep(64), "No JSON value found in your reply (it nests more than 64 levels, too deep to repair)."),
    (LM.json_too_long(100_000),
     "No JSON value found in your reply (it is longer than 100,000 characters, too long to repair)."),
    (UP.schema_pattern_too_slow("^(a|a)*$", 0.25), "the tool's schema pattern '^(a|a)*$' took over 0.25 s on "
     "an argument (it backtracks); shorten the text or send other arguments"),
    (UP.schema_too_slow(1.0), "checking the arguments against the tool's schema took over 1.0 s; send "
                              "smaller arguments"),
    (UP.schema_too_deep(200), "the arguments or the tool's schema nest more than 200 levels (a schema "
                              "that refers to itself?); send flatter arguments"),
    (UP.schema_bad_pattern("(?<"), "the tool's schema has a pattern that cannot be used ('(?<'); its "
                                   "upstream must fix it"),
    (UP.ANSWER_TOO_DEEP, "the answer is JSON nested too deeply to be read"),
]


@pytest.mark.parametrize("text,expected", PINNED)
def test_the_new_texts_are_pinned(text, expected):
    assert text == expected
