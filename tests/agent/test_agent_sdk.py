"""Acceptance: the Agent with the official openai (chat completions, responses) and anthropic
SDK clients against a replay server on 127.0.0.1. Each transport reaches the right answer after
a turn that errors and is corrected and a signature retry."""
from __future__ import annotations

import asyncio
import json

import anthropic
import openai
import pytest
from anthropic.types import MessageParam, ToolParam
from openai.types.chat import ChatCompletionFunctionToolParam, ChatCompletionMessageParam
from openai.types.responses import FunctionToolParam, ResponseInputParam
from pydantic import TypeAdapter

from agent_replay import BUILDERS, ReplayServer
from ptclisp import Agent, Tool
from ptclisp.agent import anthropic_messages, openai_chat, openai_responses
from ptclisp.messages import return_mismatch
from ptclisp.llm import messages as LM

ORDERS = {3: [{"id": 1, "total": 10.5, "paid": True}, {"id": 2, "total": 4.25, "paid": False},
              {"id": 3, "total": 20.0, "paid": True}]}
TOTAL = 34.75  # 10.5 + 4.25 + 20.0
SIGNATURE = "{total :float}"


def get_orders(customer_id: int) -> list:
    """The orders of a customer."""
    return ORDERS.get(customer_id, [])


FETCH = "(def os (tool/get-orders {:customer_id 3}))\n(println (count os))"
TYPO = "(def os (tool/get-orders {:customer_id 3}))\n(println (count (filtr :paid os)))"
AS_TEXT = '(return {:total (str (reduce + (map :total os)))})'
RIGHT = "(return {:total (reduce + (map :total os))})"


def fenced(program):
    return f"Let me look.\n```clojure\n{program}\n```"


def lisp(i, program):
    return (f"call_{i}", "lisp_eval", {"program": program})


def script(transport, build):
    """The recorded turns of one conversation, in one API's JSON."""
    if transport == "content":
        return [build(fenced(p)) for p in (TYPO, FETCH, AS_TEXT, RIGHT)]
    if transport == "tool_call":
        return [build(calls=[lisp(1, TYPO)]), build(calls=[lisp(2, FETCH)]),
                build('{"total": "34.75"}'),  # a final answer of the wrong shape
                build(f'Here it is:\n```json\n{{"total": {TOTAL},}}\n```')]  # repaired JSON
    return [build(calls=[("call_1", "get_orders", {"customer_id": 3})]),
            build(calls=[lisp(2, TYPO)]), build(calls=[lisp(3, FETCH)]),
            build(calls=[lisp(4, AS_TEXT)]), build(calls=[lisp(5, RIGHT)]),
            build(f'{{"total": {TOTAL}}}')]


def client_llm(api, url, *, asynchronous=False):
    if api == "anthropic":
        cls = anthropic.AsyncAnthropic if asynchronous else anthropic.Anthropic
        return anthropic_messages(cls(api_key="test", base_url=url, max_retries=0),
                                  "claude-test", max_tokens=1024)
    cls = openai.AsyncOpenAI if asynchronous else openai.OpenAI
    client = cls(api_key="test", base_url=url + "/v1", max_retries=0)
    return (openai_chat if api == "openai_chat" else openai_responses)(client, "gpt-test")


@pytest.fixture(scope="module")
def server():
    with ReplayServer() as s:
        yield s


APIS = ("openai_chat", "openai_responses", "anthropic")
TRANSPORTS = ("content", "tool_call", "combined")


@pytest.mark.parametrize("transport", TRANSPORTS)
@pytest.mark.parametrize("api", APIS)
def test_each_api_and_transport_reaches_the_answer(server, api, transport):
    turns = script(transport, BUILDERS[api])
    server.play(turns)
    tools = [Tool(get_orders, expose="both")] if transport == "combined" else [get_orders]
    agent = Agent(llm=client_llm(api, server.url), tools=tools, signature=SIGNATURE,
                  transport=transport)
    result = agent.run("What is the total of customer 3's orders?")
    assert (result.status, result.answer, result.message) == ("ok", {"total": TOTAL}, None)
    assert result.turns == len(turns) and not server.responses
    assert result.usage == {"input_tokens": 12 * len(turns), "output_tokens": 5 * len(turns)}
    records = result.trace.turns
    typo = 1 if transport == "combined" else 0
    assert records[typo].status == "error" and "filtr" in records[typo].error
    assert records[typo + 1].prints == ["3"]
    _check_requests(server.requests, api, transport)
    # what the model was told after its typo and after the value of the wrong shape
    sent = json.dumps([body for _, body in server.requests])
    assert "Unable to resolve symbol: filtr" in sent
    if transport == "tool_call":
        mismatch = LM.answer_mismatch(SIGNATURE, 'total: expected :float, got string "34.75"')
        assert json.dumps(mismatch)[1:-1] in sent
        assert records[-1].repairs  # the fenced JSON with a trailing comma, noted in the trace
    else:
        expected = return_mismatch(SIGNATURE, "total: expected :float, got string")
        assert expected in sent.replace("\\", "")  # inside a JSON tool result or as text


def _check_requests(requests, api, transport):
    paths = {path for path, _ in requests}
    assert paths == {{"openai_chat": "/v1/chat/completions", "openai_responses": "/v1/responses",
                      "anthropic": "/v1/messages"}[api]}
    first, last = requests[0][1], requests[-1][1]
    names = _tool_names(first, api)
    assert names == {"content": [], "tool_call": ["lisp_eval"],
                     "combined": ["get_orders", "lisp_eval"]}[transport]
    if api == "openai_chat":
        assert first["messages"][0]["role"] == "system"
        roles = [m["role"] for m in last["messages"]]
        assert ("tool" in roles) == (transport != "content")
    elif api == "openai_responses":
        assert "PTC-Lisp" in first["instructions"]
        kinds = {i.get("type") for i in last["input"]}
        assert ("function_call_output" in kinds) == (transport != "content")
    else:
        assert "PTC-Lisp" in first["system"]
        roles = [m["role"] for m in last["messages"]]
        assert all(a != b for a, b in zip(roles, roles[1:]))  # user and assistant alternate
        blocks = [b["type"] for m in last["messages"] for b in m["content"]]
        assert ("tool_result" in blocks) == (transport != "content")


def _tool_names(body, api):
    tools = body.get("tools") or []
    if api == "openai_chat":
        return [t["function"]["name"] for t in tools]
    return [t["name"] for t in tools]


@pytest.mark.parametrize("api", APIS)
def test_async_clients_with_arun(server, api):
    server.play(script("tool_call", BUILDERS[api]))
    agent = Agent(llm=client_llm(api, server.url, asynchronous=True), tools=[get_orders],
                  signature=SIGNATURE, transport="tool_call")
    result = asyncio.run(agent.arun("What is the total of customer 3's orders?"))
    assert (result.status, result.answer, result.turns) == ("ok", {"total": TOTAL}, 4)


def test_a_provider_error_ends_the_run_with_status_error(server):
    server.play([])  # the server answers 500
    agent = Agent(llm=client_llm("openai_chat", server.url), tools=[get_orders])
    result = agent.run("anything")
    assert result.status == "error" and result.turns == 0 and result.answer is None
    assert result.message.startswith("the llm callable raised an exception: InternalServerError")


SDK_TYPES = {"openai_chat": ("messages", list[ChatCompletionMessageParam],
                             list[ChatCompletionFunctionToolParam]),
             "openai_responses": ("input", ResponseInputParam, list[FunctionToolParam]),
             "anthropic": ("messages", list[MessageParam], list[ToolParam])}


@pytest.mark.parametrize("api", APIS)
def test_the_adapters_requests_validate_as_the_sdk_request_types(server, api):
    server.play(script("combined", BUILDERS[api]))
    tools = [Tool(get_orders, expose="both")]
    agent = Agent(llm=client_llm(api, server.url), tools=tools, signature=SIGNATURE,
                  transport="combined")
    assert agent.run("What is the total of customer 3's orders?").ok
    key, messages_type, tools_type = SDK_TYPES[api]
    for _, body in server.requests:  # raises ValidationError on a shape the SDK does not take
        TypeAdapter(messages_type).validate_python(body[key])
        TypeAdapter(tools_type).validate_python(body["tools"])
