"""JSON final answers: the layers of recovery (Skyvern's 004 cases), the notes, the errors."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

from ptclisp.llm import JsonAnswerError, parse_json_answer
from ptclisp.llm import messages as M


@pytest.mark.parametrize("reply,value,repairs", [
    ('{"a": 1}', {"a": 1}, ()),
    ('  [1, 2]\n', [1, 2], ()),
    ("42", 42, ()),
    ('```json\n{"a": [1, 2]}\n```', {"a": [1, 2]}, (M.REPAIR_FENCE,)),
    ('```\n{"a": 1}\n```', {"a": 1}, (M.REPAIR_FENCE,)),
    ('Here\'s the result: {"x": 5}', {"x": 5}, (M.REPAIR_PROSE,)),  # PtcRunner JsonParser vector
    ('{"a": "}"} trailing text', {"a": "}"}, (M.REPAIR_PROSE,)),     # PtcRunner JsonParser vector
    ('Sure!\n[{"id": 1}]\nHope that helps.', [{"id": 1}], (M.REPAIR_PROSE,)),
    ('[{"id": 1}, {"id": 2}, {"id"', [{"id": 1}, {"id": 2}], (M.REPAIR_PROSE, M.repair_cut(2))[1:]),
    ('{"items": [1, 2, 3', {"items": [1, 2]}, (M.repair_cut(2),)),
])
def test_recovered_answers(reply, value, repairs):
    answer = parse_json_answer(reply)
    assert answer.value == value and answer.repairs == repairs


@pytest.mark.parametrize("reply,value", [
    ('{"a": 1,}', {"a": 1}),
    ('[1, 2, 3,]', [1, 2, 3]),
    ("{'a': 'x'}", {"a": "x"}),
    ('{"a": 1, // the count\n "b": 2}', {"a": 1, "b": 2}),
    ('{"a": 1 /* note */}', {"a": 1}),
    ('{"text": "Hello "world"", "id": 1}', {"text": 'Hello "world"', "id": 1}),  # 004's case
    ('{a: 1}', {"a": 1}),
])
def test_syntax_slips_are_repaired_and_noted(reply, value):
    answer = parse_json_answer(reply)
    assert answer.value == value
    assert answer.repairs[0] == M.REPAIR_SYNTAX


def test_the_repair_library_notes_are_passed_on():
    answer = parse_json_answer('{"a": 1, // c\n}')
    assert any(r.startswith("repair: ") and "comment" in r for r in answer.repairs)


@pytest.mark.parametrize("reply,message", [
    ("", M.JSON_EMPTY), ("   \n", M.JSON_EMPTY), (None, M.JSON_EMPTY),
    ("I could not find any orders.", M.JSON_NONE),
])
def test_nothing_parses_is_a_clear_message_for_the_model(reply, message):
    with pytest.raises(JsonAnswerError) as info:
        parse_json_answer(reply)
    assert info.value.message == message
    assert info.value.feedback == (f"Error: {message} Please reply with a valid value matching "
                                   "the expected output.")
    assert info.value.hint == M.JSON_ANSWER_HINT


def test_messages_are_pinned():
    assert M.JSON_NONE == "No JSON value found in your reply."
    assert M.JSON_EMPTY == "Your reply is empty."
    assert M.REPAIR_FENCE == "took the JSON out of a code fence"
    assert M.REPAIR_PROSE == "skipped text around the JSON"
    assert M.REPAIR_SYNTAX == "fixed JSON syntax (comments, trailing commas or quotes)"
    assert M.repair_cut(3) == "the reply was cut off; kept the 3 complete item(s)"
    assert M.JSON_ANSWER_HINT.startswith("Reply with only the JSON value")


def test_checked_against_a_signature():
    assert parse_json_answer('```json\n{"order_count": 3}\n```', "{order_count :int}").value == {
        "order_count": 3}
    assert parse_json_answer('{"order-count": 3}', "{order_count :int}").value  # hyphen alias
    with pytest.raises(JsonAnswerError) as info:
        parse_json_answer('{"count": "5"}', "{count :int}")
    assert info.value.message == (f"{M.JSON_NOT_SHAPE} count: expected :int, got string \"5\"")
    assert info.value.problems == (("count", 'expected :int, got string "5"'),)
    with pytest.raises(JsonAnswerError) as info:
        parse_json_answer("[1, \"2\", 3]", "[:int]")
    assert info.value.problems[0][0] == "[1]"


@settings(max_examples=200, derandomize=True)
@given(st.text(max_size=200))
def test_any_text_gives_an_answer_or_a_json_answer_error(text):
    try:
        parse_json_answer(text)
    except JsonAnswerError as e:
        assert e.message


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=12)


@settings(max_examples=200, derandomize=True)
@given(json_values, st.sampled_from(["{}", "Answer: {}", "```json\n{}\n```", "{}\nDone."]))
def test_valid_json_in_any_wrapping_comes_back_unchanged(value, wrapping):

    text = json.dumps(value)
    if not isinstance(value, (list, dict)) and wrapping != "{}":
        return  # bare scalars are found only on their own
    assert parse_json_answer(wrapping.replace("{}", text)).value == value
