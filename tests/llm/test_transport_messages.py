"""The texts the transports show a model, pinned (they are part of the model-facing contract)."""
from __future__ import annotations

from ptclisp.llm import messages as M


def test_turn_and_call_messages():
    assert M.NO_CONTENT == ("Your reply had no text and no tool calls. Call lisp_eval with a "
                            "program, or give the final answer as a plain reply.")
    assert M.FENCED_CODE == ("Programs are not read from the reply text here: call the lisp_eval "
                             "tool with the program in its `program` argument instead of writing "
                             "a fenced code block.")
    assert M.MULTIPLE_CALLS == ("Exactly one lisp_eval call per assistant turn: none of this "
                                "turn's tool calls ran. Put all the work into one program.")
    assert M.MIXED_CALLS == ("lisp_eval must be the only tool call of its assistant turn: none of "
                             "this turn's tool calls ran. Call the native tools in one turn and "
                             "lisp_eval in another.")
    assert M.unknown_tool_only_lisp_eval("search_logs", "search-logs") == (
        "Unknown tool `search_logs`: lisp_eval is the only native tool here. Call app tools "
        "inside a program, e.g. (tool/search-logs {...}).")
    assert M.unknown_native_tool("x", "a, lisp_eval") == (
        "Unknown tool `x`. Tools you can call natively: a, lisp_eval.")
    assert M.PROGRAM_MISSING == ("lisp_eval needs a `program` argument: a non-empty string of "
                                 "PTC-Lisp source.")
    assert M.program_not_string("a number") == (
        "lisp_eval's `program` must be a string of PTC-Lisp source, got a number.")
    assert M.PROGRAM_BLANK == "lisp_eval's `program` must be a non-empty string of PTC-Lisp source."
    assert M.bad_arguments(M.got("a list")) == (
        "The tool call's arguments are not a valid JSON object: got a list.")
    assert M.arguments_too_large(5_000_000, 4_000_000) == (
        "The tool call's arguments are too large (5,000,000 characters; at most 4,000,000).")
    assert M.MISSING_ID == ("This tool call has no id, so its result cannot be paired with it; "
                            "it did not run. Call the tool again.")
    assert M.unreadable_turn(M.turn_part("the turn", "a number")) == (
        "The assistant turn could not be read: the turn is a number.")
    assert M.program_failed('{:reason "x"}') == 'The program failed: {:reason "x"}'


def test_answer_and_preview_messages():
    assert M.answer_mismatch("{count :int}", "count: expected :int, got nil") == (
        "Your final answer does not match the expected output {count :int}: count: expected "
        ":int, got nil. Reply again with a value of that shape, or call lisp_eval.")
    assert M.answer_not_json("[:int]") == (
        "Your final answer must be JSON matching [:int], but no JSON value was found in it. "
        "Reply with the JSON only, or call lisp_eval.")
    assert M.cache_hint("(tool/q)") == (
        "Call lisp_eval and then call (tool/q) to process the full cached result.")
    assert M.preview_fallback("t", "raised") == (
        "custom preview for tool 't' fell back to the metadata preview: category=raised")


def test_prints_cut_messages():
    assert M.prints_cut(34, 60, 499, 889) == (
        ";; (printed output cut: the first 34 of 60 lines shown, 499 of 889 characters; "
        "print specific fields instead)")
    assert M.prints_cut_in_line(1, 512, 745) == (
        ";; (printed output cut: the first 512 of 745 characters shown, inside its only line; "
        "print specific fields instead)")
    assert M.prints_cut_in_line(3, 512, 745).endswith("inside the first of 3 lines; "
                                                     "print specific fields instead)")
