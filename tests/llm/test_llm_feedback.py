"""Result, history and error feedback: PtcRunner's truncation tests and our own limits."""
from __future__ import annotations

import math

import ptclisp
from ptclisp.errors import EvalError, InternalError, ReadError
from ptclisp.llm import (
    NoCodeFound, cut_text, format_error_for_llm, format_execution_result, format_result, parse,
    truncate_for_history,
)
from ptclisp.lang.printer import format_value
from ptclisp.lang.source import Span
from ptclisp.lang.values import is_set, kw


def _bytes(v) -> int:
    return len(format_value(v).encode("utf-8"))


# ---------------------------------------------------------------- execution feedback


def test_execution_result_limits_items_and_says_so():
    assert format_execution_result(list(range(20))) == ("[0 1 2 3 4 5 6 7 8 9 ... 10 more]", True)
    assert format_execution_result(list(range(5)), feedback_limit=2) == ("[0 1 ... 3 more]", True)


def test_execution_result_floats_without_noise():
    assert format_execution_result(1.1 + 2.2) == ("3.3", False)
    assert format_execution_result([0.1 + 0.2, math.inf]) == ("[0.3 ##Inf]", False)


def test_execution_result_character_budget():
    text, cut = format_execution_result("y" * 1000)
    assert cut and len(text) <= 512 and text.endswith("/1000 chars)")
    text, cut = format_execution_result([{kw("id"): i, kw("name"): f"user {i}"} for i in range(9)],
                                        feedback_max_chars=80)
    assert cut and len(text) <= 80 and text.startswith("[{:id 0 :name \"user 0\"}") \
        and text.endswith(" more]")


# ---------------------------------------------------------------- caller result


def test_format_result_floats_two_decimals():
    assert format_result(2.0) == "2.00"
    assert format_result(-0.005) == "-0.01" or format_result(-0.005) == "-0.00"
    assert format_result(math.inf) == "##Inf" and format_result(math.nan) == "##NaN"


def test_format_result_collections_and_scalars():
    assert format_result({kw("a"): 1, kw("b"): [1, 2]}) == "{:a 1 :b [1 2]}"  # as format_value
    assert format_result("hi") == '"hi"'
    assert format_result(None) == "nil" and format_result(True) == "true"
    assert format_result(list(range(60))).endswith(" 49 ... 10 more]")


def test_format_result_budget():
    text = format_result(list(range(1000)))
    assert len(text) <= 500 and text.endswith(" more]")
    assert len(format_result(10 ** 700)) <= 500
    assert len(format_result(1e300, result_max_chars=100)) <= 100


# ---------------------------------------------------------------- history (PtcRunner's tests)


def test_small_values_pass_through_unchanged():
    for v in (42, "hello", [1, 2, 3], {kw("a"): 1, kw("b"): 2}, None, [], {}):
        assert truncate_for_history(v) == v


def test_large_strings_are_truncated_with_ellipsis():
    result = truncate_for_history("x" * 2000)
    assert isinstance(result, str) and result.endswith("...")
    assert _bytes(result) <= 1024 and len(result) > 1000


def test_custom_max_bytes():
    result = truncate_for_history("x" * 200, max_bytes=100)
    assert result.endswith("...") and _bytes(result) <= 100


def test_large_lists_keep_leading_items():
    result = truncate_for_history(list(range(1, 1001)))
    assert isinstance(result, list) and 1 < len(result) < 1000
    assert result == list(range(1, len(result) + 1)) and _bytes(result) <= 1024


def test_large_maps_keep_leading_entries():
    big = {f"key_{i}": f"value_{i}" for i in range(1, 501)}
    result = truncate_for_history(big)
    assert isinstance(result, dict) and 0 < len(result) < 500 and _bytes(result) <= 1024
    assert all(big[k] == v for k, v in result.items())


def test_nested_values_truncate_inside():
    result = truncate_for_history({kw("large_string"): "x" * 2000, kw("small_value"): 42})
    assert isinstance(result, dict) and result[kw("large_string")].endswith("...")
    assert _bytes(result) <= 1024
    rows = truncate_for_history([{kw("body"): "z" * 600}, {kw("body"): "w" * 600}])
    assert len(rows) == 2 and rows[1][kw("body")].endswith("...") and _bytes(rows) <= 1024


def test_other_values_become_cut_strings():
    result = truncate_for_history(10 ** 2000, max_bytes=64)
    assert isinstance(result, str) and result.startswith("1000") and _bytes(result) <= 64


def test_sets_keep_leading_members():
    result = truncate_for_history(frozenset(range(1000)), max_bytes=64)
    assert is_set(result) and 0 < len(result) < 1000 and _bytes(result) <= 64


def test_unicode_counts_bytes():
    result = truncate_for_history("ü" * 1000, max_bytes=100)
    assert _bytes(result) <= 100 and result.startswith("ü")


# ---------------------------------------------------------------- errors


def test_read_error_gets_caret_and_repair_hint():
    source = "(let [x 1]\n  (+ x 1"
    err = ReadError("unclosed '(' opened at line 2, column 3", span=Span(2, 3), source=source)
    text = format_error_for_llm(err)
    assert text.splitlines()[0] == ("ReadError at line 2, column 3: unclosed '(' opened at "
                                    "line 2, column 3 (2 delimiters are unclosed in all)")
    assert "    (+ x 1\n    ^" in text
    assert "Hint: add 2 ')' at the end" in text and "(+ x 1))" in text
    assert len(text) <= 512


def test_eval_error_with_stack_and_hint():
    err = EvalError("Wrong number of args (3) passed to: f", span=Span(1, 1),
                    source="(f 1 2 3)", hint="f takes 1 argument", stack=[("f", Span(1, 1))])
    assert format_error_for_llm(err) == (
        "EvalError at line 1, column 1: Wrong number of args (3) passed to: f\n"
        "  (f 1 2 3)\n  ^\n"
        "  in: f (line 1, column 1)\n"
        "Hint: f takes 1 argument")


def test_internal_error_and_plain_shapes():
    assert format_error_for_llm(InternalError("internal error")) == "InternalError: internal error"
    assert format_error_for_llm({"reason": "timeout", "message": "took too long"}) == \
        "timeout: took too long"
    err = EvalError("boom", span=Span(1, 2), source="(x)")
    assert format_error_for_llm(err.to_dict()).startswith("EvalError at line 1, column 2: boom")
    try:
        parse("no code")
    except NoCodeFound as e:
        assert format_error_for_llm(e).startswith("NoCodeFound: No valid PTC-Lisp code found")


def test_error_text_stays_within_512():
    err = EvalError("m" * 2000, span=Span(1, 500), source="(" + "a " * 1000 + ")",
                    hint="h" * 2000, stack=[("g" * 300, None)] * 5)
    text = format_error_for_llm(err)
    assert len(text) <= 512 and "/2000 chars)" in text


def test_cut_text_shape():
    assert cut_text("abcdefghijklmnopqrstu", 50) == ("abcdefghijklmnopqrstu", False)
    text, cut = cut_text("x" * 100, 30)
    assert cut and text == "x" * 12 + "... (12/100 chars)" and len(text) == 30


def test_read_error_about_one_opener_says_it_once():
    """The reader's message and the delimiter report name the same opener: one clause, not two."""
    text = format_error_for_llm(ptclisp.run("(let [x [1 2 (+ 1 2)").error)
    first = text.splitlines()[0]
    assert first == ("ReadError at line 1, column 9: unclosed '[' opened at line 1, "
                     "column 9 (3 delimiters are unclosed in all)")
    assert first.count("unclosed '['") == 1
