"""Date values, JSON bounds and the set helpers, called directly."""
from __future__ import annotations

import datetime as _dt

from hypothesis import given, settings
from hypothesis import strategies as st

import ptclisp
from ptclisp.run import budget
from ptclisp import messages
from ptclisp.core.dates import DateTime, Duration, LocalDate, parse_temporal
from ptclisp.core.json_ns import MAX_DEPTH, generate_string, parse_json
from ptclisp.core.sets import intersection, join, union
from ptclisp.lang.printer import format_value
from ptclisp.lang.values import Keyword, compare, equal


def test_date_values_are_equal_hashable_and_ordered_by_value():
    a, b = LocalDate(5), LocalDate(5)
    assert a == b and hash(a) == hash(b) and equal(a, b)
    assert LocalDate(4) < LocalDate(5) and sorted([DateTime(3), DateTime(1)]) == [DateTime(1), DateTime(3)]
    assert LocalDate(0) != DateTime(0)
    assert a.ptc_sort_key() < LocalDate(6).ptc_sort_key()
    assert compare(a, b) == 0


def test_dates_print_as_iso_text():
    assert format_value(LocalDate(0)) == '"1970-01-01"'
    assert format_value(DateTime(1_500)) == '"1970-01-01T00:00:00.001500Z"'
    assert format_value(DateTime(-1_000_000)) == '"1969-12-31T23:59:59Z"'
    assert format_value(Duration(-2_500_000)) == "#duration[-2500ms]"
    assert DateTime(123_000).ptc_str() == "1970-01-01T00:00:00.123Z"


@settings(max_examples=100, deadline=None)
@given(st.datetimes())
def test_instant_text_parses_back(moment):
    text = (f"{moment.year:04d}-{moment.month:02d}-{moment.day:02d}T{moment.hour:02d}:"
            f"{moment.minute:02d}:{moment.second:02d}.{moment.microsecond:06d}Z")
    epoch = _dt.datetime(1970, 1, 1)
    value = parse_temporal("parse", text)
    assert value == DateTime((moment - epoch) // _dt.timedelta(microseconds=1))
    assert parse_temporal("parse", value.ptc_str()) == value


def test_date_messages_are_pinned():
    assert messages.date_compare_mixed(".isBefore", "LocalDate", "DateTime") == \
        ".isBefore: cannot compare LocalDate with DateTime — use same types"
    r = ptclisp.run('(LocalDate/parse "31.01.2024")')
    assert r.error.message == 'LocalDate/parse: cannot parse "31.01.2024" as a date'
    assert r.error.hint == messages.HINT_DATE


def test_the_session_clock_is_the_date_clock():
    r = ptclisp.run("(.getTime (java.util.Date.))", clock=lambda: 86_400.5)
    assert r.value == 86_400_500


def test_json_depth_bound():
    deep = "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)
    assert parse_json(deep) is None
    ok = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert parse_json(ok) is not None
    assert parse_json('["[[[[", "]]]]"]') == ["[[[[", "]]]]"]  # brackets in strings do not nest


def test_json_parse_is_charged_against_the_size_limit():
    r = ptclisp.run('(json/parse-string "[1,2,3,4,5,6,7,8,9,10]")',
                    limits=ptclisp.Limits(max_collection_size=5))
    assert r.error.kind == "LimitExceeded"


def test_json_generate_outside_a_run():
    assert generate_string({Keyword("a"): [1, None]}) == '{"a":[1,null]}'
    assert generate_string(float("inf")) is None
    assert generate_string(10 ** 5000) == "1" + "0" * 5000  # past Python's int-to-text limit


@settings(max_examples=100, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5)
                    | st.floats(allow_nan=False, allow_infinity=False),
                    lambda kids: st.lists(kids, max_size=3)
                    | st.dictionaries(st.text(max_size=3), kids, max_size=3), max_leaves=10))
def test_json_round_trip(value):
    assert equal(parse_json(generate_string(value)), value)


def test_set_helpers_return_frozen_sets():
    assert union([1, [2]], None) == frozenset({1, (2,)})
    assert intersection(frozenset({1, 2}), {1: "x"}) == frozenset()
    rows = join([{"k": 1, "a": 1}], [{"k": 1, "b": 2}, {"k": 2, "b": 3}])
    assert len(rows) == 1 and dict(next(iter(rows))) == {"k": 1, "a": 1, "b": 2}


def test_join_charges_its_result_size():
    b = budget.Budget(ptclisp.Limits(max_collection_size=3))
    prev = budget.install(b)
    try:
        import pytest
        from ptclisp.errors import LimitExceeded
        with pytest.raises(LimitExceeded):
            join([{"a": 1}, {"a": 2}], [{"b": 1}, {"b": 2}])
    finally:
        budget.install(prev)
