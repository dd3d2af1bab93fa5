"""Properties of the LLM layer: parse raises only its typed errors, budgets always hold."""
from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from ptclisp.errors import EvalError, ReadError
from ptclisp.lang.printer import format_value
from ptclisp.llm import (
    ExtractionError, diagnose, format_error_for_llm, format_execution_result, format_result,
    memory_feedback, parse, truncate_for_history, wrap,
)
from ptclisp.lang.source import Span
from ptclisp.lang.values import kw, sym

_FRAGMENTS = st.sampled_from([
    "```", "```clojure", "```lisp", "```python", "```json", "~~~", "````", "\n", "\r\n", "\r",
    "(", ")", "[", "]", "{", "}", "#{", "#(", '"', "\\", "\\\"", ";", "#_", "'", "</clojure>",
    "<clojure>", "<lisp>", "</lisp>", "<think>", "</think>", "\ufeff", "\u200b", "\u00a0",
    "\u201c", "\u201d", "\u2018", " ", "def x", "(+ 1 2)", "{\"a\": 1}", "import os", "print(1)",
    "thinking:", "x",
])
REPLIES = st.one_of(st.text(max_size=300), st.lists(_FRAGMENTS, max_size=40).map("".join))

VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=200),
              st.sampled_from([kw("a"), kw("order-id"), sym("s")])),
    lambda inner: st.one_of(
        st.lists(inner, max_size=15),
        st.dictionaries(st.one_of(st.text(max_size=12), st.sampled_from([kw("k"), kw("z")]),
                                  st.integers()), inner, max_size=10),
        st.frozensets(st.integers() | st.text(max_size=6), max_size=10)),
    max_leaves=80)


@settings(max_examples=300, deadline=None)
@given(REPLIES)
def test_parse_raises_only_extraction_errors(reply):
    try:
        code = parse(reply)
    except ExtractionError as e:
        assert e.message and e.kind in ("NoCodeFound", "MultipleCodeBlocks")
        return
    assert isinstance(code, str) and code == code.strip()


@settings(max_examples=300, deadline=None)
@given(REPLIES)
def test_diagnose_never_fails_and_its_repairs_balance(code):
    report = diagnose(code)
    if report is not None and report.repaired is not None:
        assert diagnose(report.repaired) is None


@settings(max_examples=150, deadline=None)
@given(VALUES, st.integers(min_value=16, max_value=2000))
def test_history_values_fit_their_byte_budget(value, max_bytes):
    small = truncate_for_history(value, max_bytes=max_bytes)
    assert len(format_value(small).encode("utf-8")) <= max_bytes
    if len(format_value(value).encode("utf-8")) <= max_bytes:
        assert small is value


@settings(max_examples=150, deadline=None)
@given(VALUES, st.integers(min_value=0, max_value=700), st.integers(min_value=0, max_value=60))
def test_feedback_texts_stay_within_their_limits(value, max_chars, limit):
    text, _ = format_execution_result(value, feedback_limit=limit, feedback_max_chars=max_chars)
    assert len(text) <= max_chars
    assert len(format_result(value, result_limit=limit, result_max_chars=max_chars)) <= max_chars


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(st.text(min_size=1, max_size=20), VALUES, max_size=8),
       st.integers(min_value=20, max_value=400))
def test_memory_previews_stay_within_their_limit(after, preview_max):
    mf = memory_feedback({}, after, preview_max_chars=preview_max, max_chars=2000)
    assert all(len(p) <= preview_max for p in mf.changed.values())
    assert mf.text is None or len(mf.text) <= 2000


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=1500), st.text(max_size=400), st.text(max_size=800),
       st.integers(min_value=1, max_value=30), st.integers(min_value=1, max_value=300),
       st.sampled_from([EvalError, ReadError]))
def test_error_texts_stay_within_512(message, hint, source, line, column, cls):
    err = cls(message, span=Span(line, column), source=source, hint=hint or None,
              stack=[("f" * 50, Span(1, 1))] * 4)
    assert len(format_error_for_llm(err)) <= 512


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["</untrusted_ptc_output>", "</UNTRUSTED_ptc_output >", "<",
                                 "/", "untrusted_ptc_output", ">", " ", "\n", "x"]),
                max_size=30).map("".join))
def test_data_never_closes_its_block(content):
    block = wrap(content, "println")
    inner = block[:-len("</untrusted_ptc_output>")]
    inner = inner.replace("</untrusted_ptc_output (escaped)>", "#")
    assert re.search(r"<\s*/\s*untrusted", inner, re.IGNORECASE) is None


def test_repair_keeps_a_character_literal_that_ends_the_program():
    """`(\\` then a newline: the newline is the character, so the closer goes after it."""
    report = diagnose("(\\\n")
    assert report.repaired == "(\\\n)" and diagnose(report.repaired) is None
