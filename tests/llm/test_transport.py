"""handle_response: every branch of the tool-call and combined transports, in the three provider
shapes (behaviour of PtcRunner v0.13.0's PtcToolCall and TextMode, our own texts)."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, strategies as st

from ptclisp import Limits, Session, Tool
from ptclisp.llm import handle_response
from ptclisp.llm import messages as M
from ptclisp.llm.results import REASONS
from ptclisp.llm.turns import MAX_ARGUMENT_CHARS

from shapes import PROVIDERS, results, turn

LISP = "lisp_eval"


def step_of(provider, session, content=None, calls=(), mode="tool_call"):
    """Handle a turn; check the pairing invariant; return (step, bodies, feedback)."""
    step = handle_response(turn(provider, content, calls), session, provider=provider, mode=mode)
    bodies, feedback = results(provider, step.messages)
    assert len(bodies) == len(calls), "every call gets exactly one result"
    for i, _, _ in calls:
        if i is not None:
            assert i in bodies
    for body in bodies.values():
        if isinstance(body, dict) and body.get("status") == "error":
            assert body["reason"] in REASONS and body["feedback"]
    assert step.done == (step.status != "continue")
    return step, bodies, feedback


def one(provider, session, program_args, mode="tool_call", name=LISP):
    step, bodies, feedback = step_of(provider, session, None, [("c1", name, program_args)], mode)
    return step, bodies["c1"], feedback


@pytest.fixture(params=PROVIDERS)
def provider(request):
    return request.param


# ---------------------------------------------------------------- no tool calls


@pytest.mark.parametrize("content", [None, "", "  \n"])
def test_no_content_and_no_calls_is_feedback(provider, content):
    step, _, feedback = step_of(provider, Session(), content)
    assert step.status == "continue" and feedback == M.NO_CONTENT


@pytest.mark.parametrize("content", [
    "Here:\n```clojure\n(+ 1 2)\n```", "```lisp\n(count [1])\n```", "```\n  (+ 1 2)\n```",
])
def test_fenced_lisp_as_content_is_targeted_feedback(provider, content):
    session = Session(signature="{count :int}")
    step, _, feedback = step_of(provider, session, content)
    assert step.status == "continue" and feedback == M.FENCED_CODE and step.result is None


def test_plain_text_is_the_final_answer(provider):
    step, _, _ = step_of(provider, Session(), "The answer is 42.")
    assert (step.status, step.answer, step.messages) == ("ok", "The answer is 42.", [])


def test_a_python_block_is_not_lisp_so_it_is_an_answer(provider):
    text = "Use this:\n```python\nprint(1)\n```"
    assert step_of(provider, Session(), text)[0].answer == text


@pytest.mark.parametrize("content, expected", [
    ('{"count": 3}', {"count": 3}),
    ('```json\n{"count": 3,}\n```', {"count": 3}),
    ('Here is the result: {"count": 3, "note": "a } b"} - done', {"count": 3, "note": "a } b"}),
    ('{"count": 3, "items": [1, 2,],}', {"count": 3, "items": [1, 2]}),
])
def test_json_answers_are_recovered_leniently_for_map_signatures(provider, content, expected):
    step, _, _ = step_of(provider, Session(signature="{count :int}"), content)
    assert step.status == "ok" and step.answer == expected


def test_list_and_scalar_signatures(provider):
    assert step_of(provider, Session(signature="[:int]"), "[1, 2, 3]")[0].answer == [1, 2, 3]
    assert step_of(provider, Session(signature=":int"), " 42 ")[0].answer == 42
    assert step_of(provider, Session(signature=":bool"), "true")[0].answer is True
    assert step_of(provider, Session(signature=":string"), "just text")[0].answer == "just text"


@pytest.mark.parametrize("signature, content, message", [
    ("{count :int}", '{"count": "3"}', M.answer_mismatch("{count :int}", 'count: expected :int, got string "3"')),
    ("{count :int}", "I could not find it.", M.answer_not_json("{count :int}")),
    ("{count :int}", '```json\n{"count": }\n```',  # repaired to {"count": ""}, then checked
     M.answer_mismatch("{count :int}", 'count: expected :int, got string ""')),
    ("[:int]", '{"count": 1}', None),
])
def test_a_final_answer_that_does_not_fit_is_feedback_not_an_answer(provider, signature, content,
                                                                     message):
    step, _, feedback = step_of(provider, Session(signature=signature), content)
    assert step.status == "continue" and step.answer is None
    if message is not None:
        assert feedback == message
    else:
        assert feedback.startswith("Your final answer does not match the expected output [:int]")


# ---------------------------------------------------------------- one lisp_eval


def test_intermediate_program_continues_with_result_memory_and_feedback(provider):
    session = Session()
    step, body, feedback = one(provider, session, {"program": "(def x 10)"})
    assert step.status == "continue" and feedback is None and step.result.status == "ok"
    # each fact once, in the form the model reads: no raw copies beside the data blocks
    assert set(body) == {"status", "feedback"} and body["status"] == "ok"
    assert body["feedback"] == (M.PREAMBLE + '\n\n<untrusted_ptc_output source="memory">\n'
                                ';; x = 10\n</untrusted_ptc_output>')  # a var: no value shown
    step, body, _ = one(provider, session, {"program": "(+ x 5)"})
    assert '<untrusted_ptc_output source="result">\nuser=> 15\n' in body["feedback"]
    assert "Stored: x" in body["feedback"]


def test_prints_and_a_nil_value(provider):
    step, body, _ = one(provider, Session(), {"program": '(println "hi")'})
    assert set(body) == {"status", "feedback"} and 'source="result"' not in body["feedback"]
    assert '<untrusted_ptc_output source="println">\nhi\n' in body["feedback"]


def test_the_value_is_shown_beside_the_prints(provider):
    _, body, _ = one(provider, Session(), {"program": '(println "hi") 42'})
    text = body["feedback"]
    assert text.count("user=> 42") == 1 and text.count("\nhi\n") == 1
    assert text.index('source="result"') < text.index('source="println"')


def test_nothing_to_show_is_a_bare_ok(provider):
    assert one(provider, Session(), {"program": "nil"})[1] == {"status": "ok"}


def test_a_long_result_says_it_was_cut(provider):
    _, body, _ = one(provider, Session(), {"program": "(range 100)"})
    # PtcRunner wrote "[0 1 ... 49 ...] (50/100)"
    assert '\nuser=> [0 1 2 ' in body["feedback"] and "49 ... 50 more]" in body["feedback"]
    assert M.PREVIEW_CUT_HINT in body["feedback"]


def test_return_ends_the_conversation_with_the_value(provider):
    step, body, _ = one(provider, Session(), {"program": "(return {:total 3 :ids [1 2]})"})
    assert step.status == "ok" and step.done and body["status"] == "ok"
    assert step.answer == {"total": 3, "ids": [1, 2]} and step.result.status == "returned"


def test_return_is_checked_against_the_signature(provider):
    session = Session(signature="{total :int}", memory={"a": 1})
    step, body, _ = one(provider, session, {"program": '(def a 2) (return {:total "x"})'})
    assert step.status == "continue" and body["reason"] == "validation_error"
    assert "total" in body["feedback"] and session.memory == {"a": 1}
    step, _, _ = one(provider, session, {"program": "(println 1) nil"})  # exploring: no check
    assert step.status == "continue" and step.result.status == "ok"
    assert one(provider, session, {"program": "(return {:total 1})"})[0].answer == {"total": 1}


def test_fail_ends_the_conversation_as_failed(provider):
    step, body, _ = one(provider, Session(), {"program": '(fail {:reason :not-found :message "no"})'})
    assert step.status == "failed" and step.done
    assert set(body) == {"status", "reason", "feedback"} and body["reason"] == "fail"
    assert M.program_failed('{:message "no" :reason :not-found}') in body["feedback"]
    assert body["feedback"].startswith("Error:\n" + M.PREAMBLE)
    assert step.answer == {"reason": "not-found", "message": "no"}


@pytest.mark.parametrize("program, reason, text", [
    ("(+ 1", "parse_error", "ReadError"),
    ("(undefined-fn 1)", "runtime_error", "Unable to resolve symbol: undefined-fn"),
    ('(+ 1 "a")', "runtime_error", "EvalError"),
    ("(loop [i 0] (recur (inc i)))", "timeout", "LimitExceeded"),
])
def test_program_errors_are_paired_and_continue(provider, program, reason, text):
    session = Session(limits=Limits(timeout=0.2), memory={"kept": 1})
    step, body, feedback = one(provider, session, {"program": f"(def kept 2) {program}"})
    assert step.status == "continue" and feedback is None
    assert body["reason"] == reason and text in body["feedback"]
    assert body["feedback"].startswith("Error:\n" + M.PREAMBLE)
    assert session.memory == {"kept": 1}


# ---------------------------------------------------------------- protocol errors


@pytest.mark.parametrize("args, message", [
    ({}, M.PROGRAM_MISSING),
    ({"code": "(+ 1 2)"}, M.PROGRAM_MISSING),
    ({"program": 42}, M.program_not_string("a number")),
    ({"program": True}, M.program_not_string("a boolean")),
    ({"program": {"a": 1}}, M.program_not_string("an object")),
    ({"program": "  \n\t"}, M.PROGRAM_BLANK),
    ({"program": "(str \"\ud800\")"}, M.NOT_UNICODE),
])
def test_bad_program_argument_is_a_paired_args_error(provider, args, message):
    session = Session()
    step, body, feedback = one(provider, session, args)
    assert (body["reason"], body["feedback"], feedback) == ("args_error", message, message)
    assert step.status == "continue" and step.result is None


@pytest.mark.parametrize("raw, message", [
    ('{"program": ', M.bad_arguments(M.json_error("Expecting value", 1, 13))),
    ("[1, 2]", M.bad_arguments(M.got("a list"))),
    ('"(+ 1 2)"', M.bad_arguments(M.got("a string"))),
    ("[" * 100_000 + "]" * 100_000, None),
    (b"{\"program\": \"(+ 1 \xff)\"}", M.NOT_UNICODE),
    ('{"program": "' + "x" * (MAX_ARGUMENT_CHARS + 1) + '"}',
     M.arguments_too_large(13 + MAX_ARGUMENT_CHARS + 1 + 2, MAX_ARGUMENT_CHARS)),
])
def test_malformed_arguments_are_a_paired_args_error(raw, message):
    session = Session()
    for provider in ("openai", "openai_responses"):  # Anthropic sends input as an object
        step, body, feedback = one(provider, session, raw)
        assert body["reason"] == "args_error" and step.status == "continue"
        if message is not None:
            assert body["feedback"] == message


def test_anthropic_input_that_is_not_an_object(provider="anthropic"):
    _, body, _ = one(provider, Session(), ["(+ 1 2)"])
    assert body["reason"] == "args_error" and body["feedback"] == M.bad_arguments(M.got("a list"))


def test_unknown_tool_is_paired_with_a_pointer_to_programs(provider):
    session = Session(tools={"search_logs": lambda query: []})
    step, body, feedback = one(provider, session, {"query": "x"}, name="search_logs")
    message = M.unknown_tool_only_lisp_eval("search_logs", "search-logs")
    assert (body["reason"], body["feedback"], feedback) == ("unknown_tool", message, message)


def test_several_calls_are_all_rejected_and_nothing_runs(provider):
    called = []
    session = Session(tools={"ping": lambda: called.append(1)})
    calls = [("a", LISP, {"program": "(def x 1) (tool/ping)"}), ("b", LISP, {"program": "(def y 2)"}),
             ("c", "ping", {}), ("d", "nope", "{bad json")]
    step, bodies, feedback = step_of(provider, session, "Let me run both.", calls)
    assert {b["reason"] for b in bodies.values()} == {"multiple_tool_calls"}
    assert feedback == M.MULTIPLE_CALLS and session.memory == {} and called == []


def test_a_call_without_id_gets_a_generated_id_and_does_not_run(provider):
    session = Session()
    step, bodies, _ = step_of(provider, session, None, [(None, LISP, {"program": "(def x 1)"})])
    [(call_id, body)] = bodies.items()
    assert call_id == "call_1_missing_id" and body["feedback"] == M.MISSING_ID
    assert session.memory == {}


@pytest.mark.parametrize("bad", [42, "text", None, [1, 2], {"content": 7}, 3.5, b"\xff", object()])
def test_turns_that_are_not_turns_are_feedback_never_exceptions(provider, bad):
    step = handle_response(bad, Session(), provider=provider)
    assert step.status == "continue" and step.result is None
    _, feedback = results(provider, step.messages)
    assert feedback.startswith("The assistant turn could not be read") or feedback == M.NO_CONTENT


def test_an_internal_failure_still_pairs_every_call(provider, monkeypatch):
    session = Session()
    monkeypatch.setattr(session, "run", lambda *a, **k: 1 / 0)
    step, body, feedback = one(provider, session, {"program": "(+ 1 2)"})
    assert body["feedback"] == M.INTERNAL_ERROR and feedback == M.INTERNAL_ERROR


def test_host_misuse_is_a_value_error():
    with pytest.raises(ValueError, match="provider must be one of"):
        handle_response({}, Session(), provider="gemini")
    with pytest.raises(ValueError, match="mode must be one of"):
        handle_response({}, Session(), mode="content")


# ---------------------------------------------------------------- combined mode


def _combined_session(log):
    def search_logs(query: str) -> list:
        """Search log events."""
        log.append(("search", query))
        return [{"id": 1, "level": "error"}, {"id": 2, "level": "info"}, {"id": 3, "level": "error"}]

    def lookup(id: int) -> dict:
        log.append(("lookup", id))
        return {"id": id, "name": "alice"}

    def secret() -> str:
        return "program only"

    def boom() -> str:
        raise RuntimeError("disk on fire")

    return Session(tools=[Tool(search_logs, expose="both", cache=True),
                          Tool(lookup, expose="native"), Tool(secret),
                          Tool(boom, expose="native")])


def test_combined_runs_several_native_calls_and_pairs_unknown_ones(provider):
    log = []
    session = _combined_session(log)
    calls = [("a", "lookup", {"id": 7}), ("b", "secret", {}), ("c", "nope", {}),
             ("d", "lookup", {"id": 8})]
    step, bodies, feedback = step_of(provider, session, None, calls, mode="combined")
    assert bodies["a"] == {"id": 7, "name": "alice"} and bodies["d"]["id"] == 8
    known = "search_logs, lookup, boom, lisp_eval"
    assert bodies["b"]["reason"] == bodies["c"]["reason"] == "unknown_tool"
    assert bodies["c"]["feedback"] == M.unknown_native_tool("nope", known)
    assert log == [("lookup", 7), ("lookup", 8)] and feedback is None and step.status == "continue"


def test_combined_native_errors(provider):
    session = _combined_session([])
    step, bodies, _ = step_of(provider, session, None,
                              [("a", "boom", {}), ("b", "lookup", {"id": "seven"}),
                               ("c", "lookup", "{oops")], mode="combined")
    assert bodies["a"]["reason"] == "runtime_error" and "ToolError" in bodies["a"]["feedback"]
    assert bodies["b"]["reason"] == "args_error" and "id" in bodies["b"]["feedback"]
    assert bodies["c"]["reason"] == "args_error"


def test_combined_lisp_eval_must_be_alone(provider):
    log = []
    session = _combined_session(log)
    calls = [("a", LISP, {"program": "(def x 1)"}), ("b", "lookup", {"id": 1})]
    _, bodies, feedback = step_of(provider, session, None, calls, mode="combined")
    assert [b["reason"] for b in bodies.values()] == ["mixed_with_lisp_eval"] * 2
    assert bodies["a"]["feedback"] == M.MIXED_CALLS and feedback is None and log == []
    calls = [("a", LISP, {"program": "(def x 1)"}), ("b", LISP, {"program": "(def y 1)"})]
    _, bodies, _ = step_of(provider, session, None, calls, mode="combined")
    assert [b["reason"] for b in bodies.values()] == ["multiple_tool_calls"] * 2
    assert session.memory == {}


def test_combined_program_sees_only_program_tools_and_return_does_not_end(provider):
    session = _combined_session([])
    step, body, _ = one(provider, session, {"program": "(tool/lookup {:id 1})"}, mode="combined")
    assert body["reason"] == "runtime_error" and "lookup" in body["feedback"]
    step, body, _ = one(provider, session, {"program": "(return (tool/secret))"}, mode="combined")
    assert step.status == "continue" and 'user=> "program only"' in body["feedback"]
    step, body, _ = one(provider, session, {"program": "(fail :x)"}, mode="combined")
    assert step.status == "continue" and body["reason"] == "fail"
    step, body, feedback = one(provider, session, {}, mode="combined")
    assert body["reason"] == "args_error" and feedback is None
    assert step_of(provider, session, "All done: 3 errors.", mode="combined")[0].answer == \
        "All done: 3 errors."


def test_cache_hit_across_a_native_call_and_a_program(provider):
    log = []
    session = _combined_session(log)
    _, body, _ = one(provider, session, {"query": "error code 42"}, mode="combined",
                     name="search_logs")
    assert body == {
        "result_count": 3, "sample_keys": ["id", "level"], "status": "ok",
        "schema": {"type": "array", "items": {"type": "object",
                                              "properties": {"id": "integer", "level": "string"}}},
        "full_result_cached": True,
        "cache_hint": 'Call lisp_eval and then call (tool/search-logs {:query "error code 42"}) '
                      'to process the full cached result.'}
    program = ('(def rows (tool/search-logs {:query "error code 42"})) '
               '(count (filter #(= (:level %) "error") rows))')
    step, body, _ = one(provider, session, {"program": program}, mode="combined")
    assert "user=> 2" in body["feedback"] and log == [("search", "error code 42")]
    assert step.result.tool_calls[0]["cached"] is True
    _, body, _ = one(provider, session, {"program": '(count (tool/search-logs {:query "other"}))'},
                     mode="combined")
    assert "user=> 3" in body["feedback"] and len(log) == 2


# ---------------------------------------------------------------- any turn at all


_names = st.sampled_from([LISP, "lookup", "search_logs", "nope", "", "lisp-eval"])
_args = st.one_of(
    st.fixed_dictionaries({"program": st.sampled_from(["(+ 1 2)", "(return 1)", "(fail 1)", "(",
                                                       "", "(tool/lookup {:id 1})"])}),
    st.dictionaries(st.text(max_size=5), st.integers() | st.text(max_size=5), max_size=3),
    st.text(max_size=20), st.integers(), st.none())
_calls = st.lists(st.tuples(st.one_of(st.none(), st.sampled_from(["a", "b", "c", "a"])),
                            _names, _args), max_size=4)


@given(provider=st.sampled_from(PROVIDERS), mode=st.sampled_from(["tool_call", "combined"]),
       content=st.one_of(st.none(), st.text(max_size=30)), calls=_calls)
def test_every_call_gets_exactly_one_result_whatever_the_turn(provider, mode, content, calls):
    session = _combined_session([])
    step = handle_response(turn(provider, content, calls), session, provider=provider, mode=mode)
    bodies, _ = results(provider, step.messages)
    assert len(bodies) == len(calls)
    json.dumps(step.messages)


_keys = st.sampled_from(["role", "content", "tool_calls", "id", "type", "function", "name",
                         "arguments", "output", "call_id", "input", "text", "choices", "message",
                         "custom"])
_values = st.sampled_from(["function", "tool_use", "function_call", "custom_tool_call", "text",
                           "message", "output_text", "lisp_eval", "custom", "{}",
                           '{"program": "(+ 1 2)"}'])
_garbage = st.recursive(st.none() | st.integers() | st.text(max_size=5) | _values,
                        lambda inner: st.lists(inner, max_size=3)
                        | st.dictionaries(_keys, inner, max_size=4), max_leaves=15)


@given(provider=st.sampled_from(PROVIDERS), mode=st.sampled_from(["tool_call", "combined"]),
       garbage=_garbage)
def test_any_structure_is_handled_without_an_exception(provider, mode, garbage):
    step = handle_response(garbage, Session(), provider=provider, mode=mode)
    assert step.status in ("continue", "ok")
    json.dumps(step.messages)
