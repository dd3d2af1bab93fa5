"""Every text of the agent layer, pinned."""
from __future__ import annotations

from ptclisp.agent import messages as M


def test_texts_for_the_model():
    assert M.REPLY_UNREADABLE == ("Your reply could not be read: send text (one ```clojure block) "
                                  "or a lisp_eval call.")
    assert M.reply_too_long(123456, 100000) == (
        "Your reply is 123,456 characters long; at most 100,000 are read, so nothing ran. Send "
        "a short program: the data stays in the tools and in memory (def).")
    assert M.NO_OUTPUT == "The program ran: its value is nil and it printed nothing."


def test_texts_for_the_host():
    assert M.llm_raised("ValueError: x") == "the llm callable raised an exception: ValueError: x"
    assert M.llm_bad_type("a value of type int") == (
        "the llm callable returned a value of type int; it must return the assistant's text "
        "(str) or an assistant message dict")
    assert M.LLM_ASYNC_IN_RUN == ("the llm callable is asynchronous: use "
                                  "`await agent.arun(mission)`")
    assert M.out_of_turns(8, None) == "no answer after 8 turns"
    assert M.out_of_turns(2, "boom") == "no answer after 2 turns; the last turn: boom"
    assert M.program_failed(':not-found') == "the program called fail: :not-found"
    assert M.bad_choice("transport", ("a", "b"), "c") == "transport must be one of a, b; got 'c'"
    assert M.not_positive("max_turns", 0) == "max_turns must be a positive integer; got 0"


def test_texts_of_the_command_line():
    assert M.cli_bad_model("x") == ("--model x: expected openai:MODEL, openai-responses:MODEL, "
                                    "anthropic:MODEL or replay:FILE")
    # ptclisp is not on a package index: the install is from a clone (#27 item 8)
    assert M.cli_sdk_missing("openai") == ("--model needs the openai package: "
                                           "pip install -e '.[openai]' in a clone of ptclisp")
    assert M.cli_bad_replay("r.json", "not an array") == (
        "r.json: not a replay file (not an array); expected a JSON array of replies")
    assert M.CLI_NO_MODEL == "give --model PROVIDER:MODEL (or set PTCLISP_MODEL)"
    assert M.REPLAY_EXHAUSTED == "the replay file has no more replies"
    assert M.cli_no_state("d") == ("no conversation in d: start one with "
                                   "`ptclisp agent start --state DIR MISSION`")
    assert M.cli_state_exists("d") == "d already holds a conversation; use another directory or delete it"
    assert M.CLI_ENDED == "the conversation has ended; start a new one with `ptclisp agent start`"
    assert M.CLI_EMPTY_REPLY == "the reply is empty"
    assert M.cli_state_busy("d") == "another step is running in d: wait for it to end, then reply again"
    assert M.CLI_BAD_STATE == "the saved conversation cannot be read"
    assert M.cli_tool_reply_format("lisp_eval") == (
        'Reply with text for a final answer, or with a JSON object calling tools: {"tool_calls": '
        '[{"name": "lisp_eval", "arguments": {"program": "(+ 1 2)"}}]}. Tools: lisp_eval.')
    assert M.cli_turn(3) == "--- turn 3 ---"
    assert M.cli_call_result("call_1") == "=== result of call_1 ==="
    assert (M.CLI_SYSTEM, M.CLI_USER, M.CLI_TOOLS) == ("=== system ===", "=== user ===",
                                                       "=== tools ===")
