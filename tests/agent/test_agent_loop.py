"""The Agent loop with scripted models: endings, feedback, budget lines, trace, bad replies."""
from __future__ import annotations

import asyncio
import json
import logging

import pytest

import ptclisp
from ptclisp import Agent, Tool
from ptclisp.agent import Conversation, messages as M
from ptclisp.agent.conversation import MAX_REPLY_CHARS
from ptclisp.llm import messages as LM
from ptclisp.messages import return_mismatch


def scripted(*replies, seen=None):
    """An llm callable answering with the replies in order; keeps what it was sent."""
    queue = list(replies)

    def llm(messages, tools):
        if seen is not None:
            seen.append((messages, tools))
        return queue.pop(0)
    return llm


def block(program: str) -> str:
    return f"```clojure\n{program}\n```"


def users(result) -> list[str]:
    return [m["content"] for m in result.messages if m["role"] == "user"]


def price(sku: str) -> float:
    """The price of a product."""
    return {"a": 2.5, "b": 4.0}[sku]


# ---------------------------------------------------------------- endings

def test_explore_then_return():
    seen = []
    llm = scripted(block('(def p (tool/price {:sku "a"}))\n(println p)'),
                   block("(return {:total (* 2 p)})"), seen=seen)
    result = Agent(llm=llm, tools=[price], signature="{total :float}").run("Two of a?")
    assert (result.status, result.answer, result.turns, result.message) == (
        "ok", {"total": 5.0}, 2, None)
    system, first = seen[0][0][:2]
    assert system == {"role": "system",
                      "content": ptclisp.llm.system_prompt(transport="content")}
    assert first["role"] == "user" and first["content"].endswith("<mission>\nTwo of a?\n</mission>")
    assert seen[0][1] is None  # no native tools in content mode
    assert "2.5" in users(result)[1] and users(result)[1].endswith(LM.turn_of(2, 8, 7))
    assert [c["name"] for c in result.tool_calls] == ["price"]
    assert result.tool_calls[0]["args"] == {"sku": "a"} and result.tool_calls[0]["result"] == 2.5
    assert result.tool_calls[0]["duration"] >= 0


def test_fail_ends_with_status_failed_and_its_value():
    llm = scripted(block('(fail {:reason "not-found"})'))
    result = Agent(llm=llm).run("find it")
    assert (result.status, result.answer) == ("failed", {"reason": "not-found"})
    assert result.message == M.program_failed('{:reason "not-found"}')


def test_an_error_turn_is_fed_back_and_memory_stays():
    llm = scripted(block("(def x 1)"), block("(def x 2)\n(undefined-fn x)"), block("(return x)"))
    result = Agent(llm=llm).run("x?")
    assert result.answer == 1  # the failed turn's def was rolled back
    feedback = users(result)[2]
    assert feedback.startswith(LM.ERROR_HEADER) and "Unable to resolve symbol: undefined-fn" in feedback
    assert feedback.endswith(LM.turn_of(3, 8, 6))
    assert [r.status for r in result.trace.turns] == ["continue", "error", "ok"]


def test_signature_mismatch_is_fed_back_and_retried():
    llm = scripted(block('(return {:total "5"})'), block("(return {:total 5.0})"))
    result = Agent(llm=llm, signature="{total :float}").run("total?")
    assert (result.status, result.answer) == ("ok", {"total": 5.0})
    assert return_mismatch("{total :float}", 'total: expected :float, got string "5"') in users(result)[1]


def test_retry_turns_give_one_more_turn_after_a_mismatch_on_the_last_turn():
    replies = [block("(println 1)"), block('(return {:total "5"})'), block("(return {:total 5})")]
    no_retry = Agent(llm=scripted(*replies), signature="{total :int}", max_turns=2).run("t")
    assert (no_retry.status, no_retry.turns) == ("max_turns", 2)
    assert no_retry.message.startswith("no answer after 2 turns; the last turn: ")
    agent = Agent(llm=scripted(*replies), signature="{total :int}", max_turns=2, retry_turns=1)
    result = agent.run("t")
    assert (result.status, result.answer, result.turns) == ("ok", {"total": 5}, 3)
    assert users(result)[1].endswith(LM.final_work_turn(1))
    assert users(result)[2].endswith(LM.turn_with_retries(3, 0, 1))


def test_the_turn_budget_ends_the_run_with_status_max_turns():
    result = Agent(llm=scripted(*[block("(println :looking)")] * 3), max_turns=3).run("loop")
    assert (result.status, result.turns, result.answer) == ("max_turns", 3, None)
    assert users(result)[1].endswith(LM.turn_of_next_last(2, 3, 2))
    assert users(result)[2].endswith(LM.final_work_turn(0))
    assert result.message == M.out_of_turns(3, None)


def test_single_turn_agents_answer_with_the_last_value():
    result = Agent(llm=scripted(block("(+ 1 2)")), max_turns=1).run("add")
    assert (result.status, result.answer) == ("ok", 3)
    assert result.messages[0]["content"] == ptclisp.llm.system_prompt(profile="single_shot")


# ---------------------------------------------------------------- bad model output

@pytest.mark.parametrize("reply", [None, "", "I think the answer is 4.", 42, ["x"], b"(+ 1 2)"])
def test_nothing_or_garbage_ends_as_max_turns_with_a_message(reply):
    result = Agent(llm=lambda m, t: reply, max_turns=2).run("x")
    assert result.status == "max_turns" and result.turns == 2 and result.message
    assert all(r.status == "error" for r in result.trace.turns)


def test_garbage_is_named_for_the_host():
    result = Agent(llm=lambda m, t: 42, max_turns=1).run("x")
    assert result.message == M.out_of_turns(1, M.llm_bad_type("a value of type int"))
    assert users(result)[1].startswith(LM.ERROR_HEADER) and M.REPLY_UNREADABLE in users(result)[1]


def test_a_huge_reply_is_not_run_and_is_cut_in_the_transcript():
    huge = block("(def x 1)\n" + ";; pad\n" * (MAX_REPLY_CHARS // 7))
    result = Agent(llm=scripted(huge, block("(return :done)"))).run("x")
    assert (result.status, result.answer) == ("ok", "done")
    assert M.reply_too_long(len(huge), MAX_REPLY_CHARS) in users(result)[1]
    assert len(result.messages[2]["content"]) < 5_000
    assert result.trace.turns[0].status == "error" and result.trace.turns[0].program is None


def test_an_llm_that_raises_ends_with_status_error(caplog):
    def llm(messages, tools):
        raise ConnectionError("provider down")
    with caplog.at_level(logging.ERROR, logger="ptclisp.agent"):
        result = Agent(llm=llm).run("x")
    assert (result.status, result.turns) == ("error", 0)
    assert result.message == M.llm_raised("ConnectionError: provider down")
    assert "the llm callable raised" in caplog.text


def test_an_async_llm_in_run_says_to_use_arun():
    async def llm(messages, tools):
        return block("(return 1)")
    result = Agent(llm=llm).run("x")
    assert (result.status, result.message) == ("error", M.LLM_ASYNC_IN_RUN)


def test_bad_options_are_host_errors():
    with pytest.raises(ValueError, match="transport must be one of"):
        Agent(llm=print, transport="smoke")
    with pytest.raises(ValueError, match="max_turns must be a positive integer"):
        Agent(llm=print, max_turns=0)


# ---------------------------------------------------------------- history, trace, callbacks

def test_thinking_is_stripped_from_the_transcript():
    reply = "<thinking>secret plan</thinking>\n" + block("(return 1)")
    result = Agent(llm=scripted(reply)).run("x")
    assert result.answer == 1 and "secret plan" not in json.dumps(result.messages)


def test_the_trace_exports_json_lines_and_on_turn_sees_each_turn(tmp_path):
    got = []
    llm = scripted({"role": "assistant", "content": block("(println (tool/price {:sku \"b\"}))"),
                    "usage": {"input_tokens": 100, "output_tokens": 7}},
                   {"role": "assistant", "content": block("(return 4)"),
                    "usage": {"input_tokens": 130, "output_tokens": 3}})
    result = Agent(llm=llm, tools=[price], on_turn=got.append).run("price of b")
    assert [r.turn for r in got] == [1, 2] and got == result.trace.turns
    assert result.usage == {"input_tokens": 230, "output_tokens": 10}
    assert "usage" not in result.messages[2]  # the transcript keeps messages only
    lines = [json.loads(line) for line in result.trace.to_jsonl().splitlines()]
    first = lines[0]
    assert first["program"] == '(println (tool/price {:sku "b"}))' and first["prints"] == ["4.0"]
    assert first["tool_calls"][0]["name"] == "price" and first["tool_calls"][0]["result"] == 4.0
    assert first["prompt_messages"] == 2 and first["prompt_chars"] > 1000
    assert first["usage"] == {"input_tokens": 100, "output_tokens": 7}
    assert lines[1]["status"] == "ok" and lines[1]["result"] == 4
    path = tmp_path / "trace.jsonl"
    result.trace.write(path)
    assert path.read_text(encoding="utf-8") == result.trace.to_jsonl()


def test_an_on_turn_that_raises_does_not_end_the_run():
    def boom(record):
        raise RuntimeError("host bug")
    result = Agent(llm=scripted(block("(println 1)"), block("(return 2)")), on_turn=boom).run("x")
    assert (result.status, result.answer) == ("ok", 2)


def test_the_llm_cannot_change_the_transcript():
    def llm(messages, tools):
        messages.clear()
        return block("(return 1)")
    assert len(Agent(llm=llm).run("x").messages) == 3


# ---------------------------------------------------------------- tool transports

def call(program, id_="c1"):
    return {"role": "assistant", "content": None, "tool_calls": [
        {"id": id_, "type": "function",
         "function": {"name": "lisp_eval", "arguments": json.dumps({"program": program})}}]}


def test_tool_call_transport_with_a_text_answer():
    seen = []
    llm = scripted(call('(println (tool/price {:sku "a"}))'), "2.5", seen=seen)
    result = Agent(llm=llm, tools=[price], transport="tool_call", signature=":float").run("a?")
    assert (result.status, result.answer) == ("ok", 2.5)
    assert [t["function"]["name"] for t in seen[0][1]] == ["lisp_eval"]
    tool_msg = result.messages[3]
    assert tool_msg["role"] == "tool" and \
        '<untrusted_ptc_output source="println">\n2.5\n' in json.loads(tool_msg["content"])["feedback"]
    assert result.messages[4] == {"role": "user", "content": LM.turn_of(2, 8, 7)}


def test_combined_transport_native_calls_are_logged():
    llm = scripted({"role": "assistant", "content": None, "tool_calls": [
        {"id": "n1", "type": "function", "function": {"name": "price",
                                                      "arguments": '{"sku": "b"}'}}]},
        "It costs 4.0.")
    tools = [Tool(price, expose="both")]
    result = Agent(llm=llm, tools=tools, transport="combined").run("price of b?")
    assert (result.status, result.answer) == ("ok", "It costs 4.0.")
    [entry] = result.tool_calls
    duration = entry.pop("duration")
    assert entry == {"name": "price", "args": {"sku": "b"}, "result": 4.0, "error": None,
                     "native": True}
    assert isinstance(duration, float) and duration >= 0
    assert result.trace.turns[0].tool_calls == result.tool_calls  # the turn's record has it too
    assert result.messages[3] == {"role": "tool", "tool_call_id": "n1", "content": "4.0"}


def test_combined_transport_native_call_errors_are_logged():
    llm = scripted({"role": "assistant", "content": None, "tool_calls": [
        {"id": "n1", "type": "function", "function": {"name": "prize", "arguments": "{}"}}]},
        "Sorry.")
    result = Agent(llm=llm, tools=[Tool(price, expose="both")], transport="combined").run("?")
    [entry] = result.tool_calls
    assert (entry["name"], entry["result"], entry["native"]) == ("prize", None, True)
    assert entry["error"] == LM.unknown_native_tool("prize", "price, lisp_eval")


# ---------------------------------------------------------------- asyncio

def test_arun_with_an_async_llm_and_an_async_tool():
    async def stock(sku: str) -> int:
        """Units in stock."""
        await asyncio.sleep(0)
        return {"a": 3}[sku]

    replies = [block('(def n (tool/stock {:sku "a"}))'), block("(return (* n 2))")]

    async def llm(messages, tools):
        return replies.pop(0)
    result = asyncio.run(Agent(llm=llm, tools=[stock]).arun("double the stock of a"))
    assert (result.status, result.answer) == ("ok", 6)


def test_arun_takes_a_sync_llm_too():
    result = asyncio.run(Agent(llm=scripted(block("(return 7)"))).arun("x"))
    assert result.answer == 7


# ---------------------------------------------------------------- state between requests

def test_a_conversation_survives_saving_between_replies():
    agent = Agent(llm=None, tools=[price], signature="{total :float}")
    conv = agent.start("two of a")
    conv.feed(block('(def p (tool/price {:sku "a"}))'))
    text, state = conv.session.save(), json.loads(json.dumps(conv.to_state()))
    again = Conversation.from_state(ptclisp.Session.load(text, tools=[price]), state)
    again.feed(block("(return {:total (* 2 p)})"))
    assert (again.status, again.answer, again.turn) == ("ok", {"total": 5.0}, 2)
    assert [r.turn for r in again.trace.turns] == [1, 2]


def test_single_turn_tool_call_agents_answer_with_the_last_value():
    result = Agent(llm=scripted(call("(* 6 7)")), transport="tool_call", max_turns=1).run("x")
    assert (result.status, result.answer) == ("ok", 42)
    wrong = Agent(llm=scripted(call('"42"')), transport="tool_call", max_turns=1,
                  signature=":int").run("x")
    assert wrong.status == "max_turns"


def test_a_call_of_an_unknown_tool_is_an_error_turn():
    bad = {"role": "assistant", "content": None, "tool_calls": [
        {"id": "x1", "type": "function", "function": {"name": "price", "arguments": "{}"}}]}
    result = Agent(llm=scripted(bad, call("(return 1)")), tools=[price],
                   transport="tool_call").run("x")
    assert (result.status, result.answer) == ("ok", 1)
    first = result.trace.turns[0]
    assert first.status == "error" and first.error == LM.unknown_tool_only_lisp_eval("price", "price")
    assert json.loads(result.messages[3]["content"])["reason"] == "unknown_tool"


@pytest.mark.parametrize("tool_calls", [7, "lisp_eval", [None, 3]])
def test_garbage_tool_calls_never_raise(tool_calls):
    bad = {"role": "assistant", "content": None, "tool_calls": tool_calls}
    result = Agent(llm=lambda m, t: bad, transport="tool_call", max_turns=2).run("x")
    assert result.status == "max_turns" and result.message
    assert [m["role"] for m in result.messages[2:]] == ["assistant", "user"] * 2
    assert all(m["content"].startswith(LM.NO_CONTENT) for m in result.messages[3::2])


def test_calls_without_ids_keep_the_transcript_paired():
    no_id = {"role": "assistant", "content": None, "tool_calls": [
        {"type": "function", "function": {"name": "lisp_eval", "arguments": '{"program": "1"}'}}]}
    result = Agent(llm=scripted(no_id, call("(return 2)")), transport="tool_call").run("x")
    assert result.answer == 2
    assert result.messages[2]["tool_calls"][0]["id"] == result.messages[3]["tool_call_id"]
