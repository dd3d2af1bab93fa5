"""Extraction details beyond the corpus: PtcRunner's response_handler_parse_test cases (the exact
behaviour behind the reference), `#_` discards, error texts and the repair diagnosis."""
from __future__ import annotations

import pytest

import ptclisp
from ptclisp.llm import (
    ExtractionError, MultipleCodeBlocks, NoCodeFound, diagnose, extract_fenced_blocks,
    extract_fenced_blocks_with_lines, parse, strip_thinking,
)
from ptclisp.llm import messages as M


def test_trailing_newline_after_block():
    assert parse("```clojure\n(+ 1 2)\n```\n") == "(+ 1 2)"
    assert parse("```lisp\n(def x 42)\n```\n") == "(def x 42)"


@pytest.mark.parametrize("reply,code", [
    # PtcRunner's `#_` cases (response_handler_parse_test.exs)
    ("(def x #_ignored 42)", "(def x  42)"),
    ("(def x #_(ignored expr) 42)", "(def x  42)"),
    ("#_comment1 #_comment2 (+ 1 2)", "(+ 1 2)"),
    ("#_\nignored\n(+ 1 2)\n", "(+ 1 2)"),
    ("(def x #_first #_second actual)", "(def x   actual)"),
    # Divergence from PtcRunner (which keeps `ignored`): Clojure's `#_#_a b` discards a and b.
    ("(def x #_#_nested-discard ignored 42)", "(def x  42)"),
    # Going past: discards inside strings and comments are text, not discards.
    ('(str "#_x" 1)', '(str "#_x" 1)'),
    ("(+ 1 2) ; #_(not this)", "(+ 1 2) ; #_(not this)"),
    ("(vector #_[1 2] #_{:a 1} #_#{3} #_\"s\" 4)", "(vector     4)"),
    ("(f #_'x 1)", "(f  1)"),
])
def test_discards(reply, code):
    assert parse(reply) == code


def test_discard_in_code_block_follows_clojure():
    reply = "```clojure\n(def x 1)\n#_\n#_high-value (filter pred items)\n(def y 2)\n```\n"
    code = parse(reply)
    assert "(def x 1)" in code and "(def y 2)" in code
    # PtcRunner keeps (filter pred items) here; Clojure discards both forms after `#_ #_`.
    assert "filter" not in code and "high-value" not in code


def test_unreadable_discard_is_left_for_the_reader():
    assert parse("(def x #_(unclosed 1") == "(def x #_(unclosed 1"
    assert parse("(f #_") == "(f #_"


def test_error_texts():
    with pytest.raises(MultipleCodeBlocks) as info:
        parse("```clojure\n(def x 1)\n```\n\n```clojure\n(def y 2)\n```")
    err = info.value
    assert err.count == 2 and err.kind == "MultipleCodeBlocks"
    assert "exactly ONE is required" in err.message and "2 code blocks" in err.message
    assert "single ```clojure block" in err.hint
    with pytest.raises(NoCodeFound) as info:
        parse("Just some text")
    assert info.value.message == M.NO_CODE and info.value.hint == M.NO_CODE_HINT
    with pytest.raises(NoCodeFound) as info:
        parse("```python\nprint(len(xs))\n```")
    assert info.value.reason == "python" and "(count" in info.value.hint
    with pytest.raises(NoCodeFound) as info:
        parse('```json\n{"tool": "x"}\n```')
    assert info.value.reason == "json" and "(tool/search" in info.value.hint
    with pytest.raises(NoCodeFound) as info:
        parse("```ruby\nputs 1\n```")
    assert info.value.language == "ruby" and "```ruby" in info.value.message
    assert issubclass(NoCodeFound, ExtractionError) and issubclass(MultipleCodeBlocks, ExtractionError)


def test_blocks_with_lines_keep_exact_fence_lines():
    text = "intro\n  ```Clojure  \n(a)\n  </CLOJURE>\n~~~\n(b)\n~~~~\n"
    assert extract_fenced_blocks_with_lines(text) == [
        ("clojure", "(a)", "  ```Clojure  ", "  </CLOJURE>"), ("", "(b)", "~~~", "~~~~")]
    assert extract_fenced_blocks("```clojure\n(a)") == []  # unclosed: not a block


def test_strip_thinking_keeps_reply_without_exactly_one_lisp_block():
    two = "```clojure\n(a)\n```\n```clojure\n(b)\n```"
    assert strip_thinking(two) == two
    assert strip_thinking("Text\n```lisp\n(a)\n```\nmore") == "```lisp\n(a)\n```"


def test_parse_accepts_any_object_and_never_leaks_other_exceptions():
    with pytest.raises(NoCodeFound):
        parse(None)
    with pytest.raises(NoCodeFound):
        parse("[" * 100_000)


# ---------------------------------------------------------------- delimiter diagnosis


def test_balanced_code_has_no_report():
    assert diagnose('(let [s "a)b" c \\)] (str s c)) ; (') is None
    assert diagnose("#{1 2} #(+ % 1) {:a [1]}") is None


def test_unclosed_names_innermost_opener_and_repairs():
    r = diagnose("(let [x 1]\n  (+ x 1")
    assert r.message == "unclosed '(' opened at line 2, column 3 (2 delimiters are unclosed in all)"
    assert r.repaired == "(let [x 1]\n  (+ x 1))"
    assert r.hint.startswith("add 2 ')' at the end; ") and r.hint.endswith("(let [x 1]\n  (+ x 1))")
    assert (r.line, r.column) == (2, 3)


def test_the_repair_places_a_closer_where_the_readers_hint_does():
    # one implementation (lang/read_errors.indentation_repair): the `)` goes after `(+ x 1)`,
    # not at the end of the program
    code = "(let [x 1]\n  (+ x 1\n  (inc x))"
    reader_hint = ptclisp.run(code).error.hint
    assert reader_hint.startswith("add ')' at line 2, column 9, after `(+ x 1`")
    r = diagnose(code)
    assert r.repaired == "(let [x 1]\n  (+ x 1)\n  (inc x))"
    assert r.hint == reader_hint + "; " + M.REPAIRED_INTRO + "\n" + r.repaired
    assert diagnose(r.repaired) is None


def test_repair_after_a_trailing_comment_goes_on_a_new_line():
    r = diagnose("(inc (dec 3) ; comment")
    assert r.repaired == "(inc (dec 3) ; comment\n)"


def test_set_and_fn_literal_openers():
    assert diagnose("#{1 2").message == "unclosed '#{' opened at line 1, column 1"
    assert diagnose("(map #(inc %) [1 2]").hint.startswith("add ')' at the end")


def test_long_repaired_program_shows_only_its_end():
    code = "(do\n" + "\n".join(f"  (def v{i} {i})" for i in range(40)) + "\n  (+ v1 v2"
    r = diagnose(code)
    assert "would then end with: (+ v1 v2))" in r.hint and len(r.hint) < 200


def test_stray_closer_in_the_middle_is_not_repaired():
    r = diagnose("(+ 1 2)) (inc 3)")
    assert r.repaired is None and r.hint == M.STRAY_HINT


@pytest.mark.parametrize("reply,message,hint", [
    ("Just text", "No valid PTC-Lisp code found in response.",
     "Please provide code in a ```clojure or ```lisp code block, or as a raw s-expression "
     "starting with '('."),
    ("```python\nx = 1\n```", "Your reply contains Python code, but only PTC-Lisp programs run here.",
     "Write the program in PTC-Lisp (Clojure syntax) in one ```clojure block, e.g. "
     "(count (filter even? [1 2 3])) instead of len([x for x in xs if x % 2 == 0])."),
    ('{"a": 1}', "Your reply contains JSON, but only PTC-Lisp programs run here.",
     "Call tools from a PTC-Lisp program in one ```clojure block, e.g. (tool/search {:query "
     "\"x\"}); write data as Lisp maps {:key \"value\"}."),
    ("```go\nx := 1\n```", "Your reply contains a ```go block, but only PTC-Lisp programs run here.",
     "Write the program in PTC-Lisp (Clojure syntax) in one ```clojure block."),
    ("```clojure\n\n```", "Your ```clojure block is empty.",
     "Put the whole program between the opening and the closing fence."),
    ("```\n```", "Your ```clojure block is empty.",
     "Put the whole program between the opening and the closing fence."),
    ("```clojure\n", "Your reply ended right after opening a code block: it was probably cut off.",
     "Send the whole program again in one ```clojure block, keeping it shorter."),
    ("```lisp\n(a)\n```\n```lisp\n(b)\n```\n```lisp\n(c)\n```",
     "Found 3 code blocks in your response, but exactly ONE is required.",
     "Combine all your code into a single ```clojure block. Variables defined in separate blocks "
     "are NOT shared."),
])
def test_extraction_messages_are_pinned(reply, message, hint):
    with pytest.raises(ExtractionError) as info:
        parse(reply)
    assert (info.value.message, info.value.hint) == (message, hint)


@pytest.mark.parametrize("code,message,hint", [
    ("(a", "unclosed '(' opened at line 1, column 1",
     "add ')' at the end; the program would then read:\n(a)"),
    ('(a "b', "unclosed string opened at line 1, column 4 (2 delimiters are unclosed in all)",
     "add '\"' then ')' at the end; the program would then read:\n(a \"b\")"),
    ("(a))", "unexpected ')' at line 1, column 4: nothing is open there",
     "remove ')' at the end; the program would then read:\n(a)"),
    ("[a)", "')' at line 1, column 3 does not close '[' opened at line 1, column 1",
     "close the '[' with ']' first, or remove the extra closer"),
    ("a) (b)", "unexpected ')' at line 1, column 2: nothing is open there",
     "remove it, or look for a missing opener before it"),
    ("(a \\", "unclosed '(' opened at line 1, column 1",
     "add ')' at the end; the program would then read:\n(a )"),
])
def test_repair_messages_are_pinned(code, message, hint):
    report = diagnose(code)
    assert (report.message, report.hint) == (message, hint)
