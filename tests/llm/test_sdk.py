"""The tool definitions, turns and results against the official openai and anthropic SDKs: the
definitions validate as the SDKs' request types, recorded responses parse into SDK objects that
handle_response reads, and the examples of docs/llm.md run through real SDK clients talking to a
replay server (no network)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from anthropic.types import MessageParam, ToolParam
from openai.types.chat import (
    ChatCompletion, ChatCompletionFunctionToolParam, ChatCompletionMessageParam,
)
from openai.types.responses import CustomToolParam, FunctionToolParam, Response, ResponseInputParam
from anthropic.types import Message
from pydantic import BaseModel, TypeAdapter

from ptclisp import Session, Tool
from ptclisp.llm import handle_response, request_tools, tool_schema

from replay import Replay, chat_completion, message, response
from shapes import results

DOC = Path(__file__).parent.parent.parent / "docs" / "llm.md"
TOOL_TYPES = {"openai": ChatCompletionFunctionToolParam, "openai_responses": FunctionToolParam,
              "anthropic": ToolParam, "openai_custom": CustomToolParam}


def valid(type_, value):
    """value validates as the SDK type and loses nothing (no key the type does not know)."""
    assert _materialized(TypeAdapter(type_).validate_python(value)) == value
    return True


def _materialized(v):
    """Validated data with pydantic's lazy iterables (Iterable[...] fields) read out.

    Some SDK releases put response models (pydantic) in the input unions; a block may then
    validate as the model, whose unset defaults are not part of what we sent.
    """
    if isinstance(v, BaseModel):
        return _materialized(v.model_dump(exclude_unset=True))
    if isinstance(v, dict):
        return {k: _materialized(x) for k, x in v.items()}
    if isinstance(v, (str, bytes)):
        return v
    if hasattr(v, "__iter__"):
        return [_materialized(x) for x in v]
    return v


def _session():
    def search_logs(query: str, limit: int | None = None) -> list:
        """Search log events."""
        return [{"id": 1, "level": "error"}]
    return Session(tools=[Tool(search_logs, expose="both", cache=True),
                          Tool(lambda: 1, name="ping-now", expose="native")])


@pytest.mark.parametrize("provider", list(TOOL_TYPES))
def test_definitions_are_valid_sdk_request_types(provider):
    assert valid(TOOL_TYPES[provider], tool_schema(provider))
    native = "openai_responses" if provider == "openai_custom" else provider
    tools = request_tools("combined", session=_session(), provider=provider)
    assert [t.get("name") or t["function"]["name"] for t in tools] == \
        ["search_logs", "ping_now", "lisp_eval"]
    for t in tools[:-1]:
        assert valid(TOOL_TYPES[native], t)
    assert valid(TOOL_TYPES[provider], tools[-1])


def test_request_tools_by_mode():
    session = _session()
    assert request_tools("content", session=session) == []
    assert request_tools("tool_call", session=session) == [tool_schema("openai")]
    with pytest.raises(ValueError, match="mode must be one of content, tool_call, combined"):
        request_tools("text")


# ---------------------------------------------------------------- recorded responses


def test_sdk_objects_are_read_like_dicts():
    call = [("call_1", "lisp_eval", {"program": "(return (+ 1 2))"})]
    objects = {
        "openai": ChatCompletion.model_validate(chat_completion(None, call)).choices[0].message,
        "openai_responses": Response.model_validate(response(None, call)).output,
        "anthropic": Message.model_validate(message("Let me count.", call)),
    }
    for provider, turn in objects.items():
        step = handle_response(turn, Session(), provider=provider)
        assert step.status == "ok" and step.answer == 3
        bodies, _ = results(provider, step.messages)
        assert list(bodies) == ["call_1"]


def test_a_whole_completion_or_response_is_read_too():
    call = [("c9", "lisp_eval", {"program": "(return 9)"})]
    completion = ChatCompletion.model_validate(chat_completion(None, call))
    assert handle_response(completion, Session()).answer == 9
    resp = Response.model_validate(response(None, call))
    assert handle_response(resp, Session(), provider="openai_responses").answer == 9


def test_result_messages_are_valid_sdk_input_types():
    calls = [("a", "lisp_eval", {"program": "(+ 1 2)"}), ("b", "lisp_eval", {"program": "x"})]
    step = handle_response(chat_completion(None, calls)["choices"][0]["message"], Session())
    for m in step.messages:
        assert valid(ChatCompletionMessageParam, m)
    step = handle_response(response(None, calls)["output"], Session(), provider="openai_responses")
    assert valid(ResponseInputParam, step.messages)
    step = handle_response(message(None, calls), Session(), provider="anthropic")
    for m in step.messages:
        assert valid(MessageParam, m)
    step = handle_response(response(None, (), [("c", "lisp_eval", "(+ 1 2)")])["output"],
                           Session(), provider="openai_custom")
    assert valid(ResponseInputParam, step.messages)
    assert step.messages[0]["type"] == "custom_tool_call_output"


# ---------------------------------------------------------------- the examples of docs/llm.md


def doc_examples() -> dict:
    namespace: dict = {}
    for block in re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL):
        exec(compile(block, str(DOC), "exec"), namespace)
    return namespace


EXAMPLES = doc_examples()
COUNT = '(->> (tool/search-logs {:query "timeout"}) (filter #(= (:level %) "error")) count)'


def test_doc_tool_call_openai_chat():
    replay = Replay([
        chat_completion(None, [("call_1", "lisp_eval", {"program": f"(def n {COUNT}) n"})]),
        chat_completion(None, [("call_2", "lisp_eval", {"program": "(return {:errors n})"})]),
    ])
    answer = EXAMPLES["run_openai_chat"](replay.openai(), "How many errors?", "test-model")
    assert answer == {"errors": 1}
    first, second = replay.requests
    assert first["tools"] == request_tools("tool_call", provider="openai")
    for m in second["messages"]:
        assert valid(ChatCompletionMessageParam, m)
    tool_msg = second["messages"][-1]
    assert tool_msg["tool_call_id"] == "call_1"
    assert "\nuser=> 1\n" in json.loads(tool_msg["content"])["feedback"]


def test_doc_tool_call_anthropic_with_a_json_final_answer():
    replay = Replay([
        message("Counting.", [("toolu_1", "lisp_eval", {"program": COUNT})]),
        message('Here you go:\n```json\n{"errors": 1,}\n```'),
    ])
    answer = EXAMPLES["run_anthropic"](replay.anthropic(), "Count them.", "test-model")
    assert answer == {"errors": 1}
    second = replay.requests[1]
    for m in second["messages"]:
        assert valid(MessageParam, m)
    assert second["messages"][-1]["content"][0]["tool_use_id"] == "toolu_1"


def test_doc_content_transport():
    replay = Replay([
        chat_completion("Let me look.\n```clojure\n(def n " + COUNT + ")\nn\n```"),
        chat_completion("```clojure\n(return n)\n```"),
    ])
    assert EXAMPLES["run_content"](replay.openai(), "How many?", "test-model") == 1
    feedback = replay.requests[1]["messages"][-1]["content"]
    assert "user=> 1" in feedback and "Turn 2 of 6" in feedback


def test_doc_combined_openai_responses():
    replay = Replay([
        response(None, [("c1", "lookup_user", {"id": 7}), ("c2", "search_logs", {"query": "x"})]),
        response(None, [("c3", "lisp_eval",
                         {"program": '(count (tool/search-logs {:query "x"}))'})]),
        response("There is 1 event; user 7 is Ada."),
    ])
    answer = EXAMPLES["run_combined"](replay.openai(), "Who and how many?", "test-model")
    assert answer == "There is 1 event; user 7 is Ada."
    outputs = [i for i in replay.requests[1]["input"] if i.get("type") == "function_call_output"]
    assert json.loads(outputs[0]["output"]) == {"id": 7, "name": "Ada"}
    preview = json.loads(outputs[1]["output"])
    assert preview["full_result_cached"] is True and preview["rows"][0]["id"] == 1
    ran = [i for i in replay.requests[2]["input"] if i.get("call_id") == "c3"][-1]
    assert "\nuser=> 2\n" in json.loads(ran["output"])["feedback"]
    assert valid(ResponseInputParam, replay.requests[2]["input"])


def test_doc_grammar_constrained():
    replay = Replay([
        response(None, (), [("c1", "lisp_eval", "(return (+ 20 22))")]),
    ])
    assert EXAMPLES["run_grammar"](replay.openai(), "Add.", "test-model") == 42
    assert replay.requests[0]["tools"][0]["format"]["syntax"] == "lark"
