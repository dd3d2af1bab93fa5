"""lisp_tool inside LangGraph's prebuilt ReAct agent, the chat model scripted."""
from __future__ import annotations

import asyncio
import json
import warnings

import pytest

pytest.importorskip("langchain_core")
pytestmark = pytest.mark.filterwarnings("ignore:create_react_agent has been moved")
pytest.importorskip("langgraph")

from langchain_core.language_models.fake_chat_models import GenericFakeChatModel  # noqa: E402
from langchain_core.messages import AIMessage, ToolMessage  # noqa: E402
from langchain_core.tools import StructuredTool, tool  # noqa: E402

from ptclisp.integrations import messages as M  # noqa: E402
from ptclisp.integrations.langchain import LispTool, lisp_tool  # noqa: E402

from . import shop  # noqa: E402
from .shop import CALLS, Admins, clear_calls, double  # noqa: E402,F401  (clear_calls: autouse fixture)

with warnings.catch_warnings():  # create_react_agent moved to langchain.agents in LangGraph 1.0
    warnings.simplefilter("ignore")
    from langgraph.prebuilt import create_react_agent

get_users = tool(shop.get_users)
score = StructuredTool.from_function(coroutine=shop.score, name="score")  # no sync function
lookup = tool(shop.lookup)


class Scripted(GenericFakeChatModel):
    """GenericFakeChatModel, which binds tools by ignoring them."""

    def bind_tools(self, tools, **kwargs):
        return self


def calls(*programs: str) -> list:
    return [AIMessage(content="", tool_calls=[{"name": "lisp_eval", "args": {"program": p},
                                               "id": f"c{i}"}])
            for i, p in enumerate(programs, 1)]


def react(lisp: LispTool, replies: list, *, sync: bool = True, history=None):
    model = Scripted(messages=iter(replies + [AIMessage(content="MODEL CALLED AGAIN")]))
    agent = create_react_agent(lisp.chat_model(model), [lisp], prompt=lisp.instructions)
    state = {"messages": (history or []) + [("user", "go")]}
    out = agent.invoke(state) if sync else asyncio.run(agent.ainvoke(state))
    return out["messages"]


def tool_messages(messages) -> list[ToolMessage]:
    return [m for m in messages if isinstance(m, ToolMessage)]


@pytest.mark.parametrize("sync", [True, False])
def test_tools_are_called_from_a_program_and_return_ends_the_loop(sync):
    lisp = lisp_tool([get_users, score, double], output_type=Admins)
    program = ('(let [admins (tool/get-users {:role "admin"})]'
               ' (return {:count (count admins) :names (mapv :name admins)}))')
    messages = react(lisp, calls(program), sync=sync)
    assert json.loads(messages[-1].content) == {"count": 2, "names": ["Ada", "Cy"]}
    assert lisp.output == Admins(count=2, names=["Ada", "Cy"])
    assert CALLS == [("get_users", "admin")]
    assert "MODEL CALLED AGAIN" not in [m.content for m in messages]


@pytest.mark.parametrize("sync", [True, False])
def test_sync_async_and_plain_tools_in_one_program(sync):
    lisp = lisp_tool([get_users, score, double])
    messages = react(lisp, calls('(return (str (+ (tool/score {:user_id 2}) (tool/double {:x 4}))))'),
                     sync=sync)
    assert messages[-1].content == "28"
    assert CALLS == [("score", 2), ("double", 4)]


def test_the_description_and_instructions():
    lisp = lisp_tool([get_users, score, double], output_type=Admins, data={"limit": 5})
    for line in ["tool/get-users(role string)", "tool/score(user_id int)", "tool/double(x int) -> int"]:
        assert line in lisp.description
    assert lisp.instructions.startswith("You write PTC-Lisp")
    assert "Expected output: {count int, names [string]}" in lisp.instructions
    assert "data/limit" in lisp.instructions


def test_an_error_is_fed_back_as_an_error_message_and_corrected():
    lisp = lisp_tool([get_users])
    messages = react(lisp, calls('(count (tool/get-users {:role "admin"})',
                                 '(return (str (count (tool/get-users {:role "admin"}))))'))
    first = tool_messages(messages)[0]
    assert first.status == "error" and "unclosed '('" in first.content
    assert messages[-1].content == "2"


def test_a_return_of_the_wrong_shape_is_refused_then_corrected():
    lisp = lisp_tool([get_users], output_type=Admins)
    messages = react(lisp, calls('(return {:count 2})', '(return {:count 2 :names ["Ada" "Cy"]})'))
    refusal = tool_messages(messages)[0]
    assert refusal.status == "error" and "names" in refusal.content
    assert lisp.output == Admins(count=2, names=["Ada", "Cy"])


def test_defs_persist_across_calls_and_invocations():
    lisp = lisp_tool([get_users])
    first = react(lisp, calls('(def admins (tool/get-users {:role "admin"})) (count admins)',
                              '(return "kept")'))
    body = json.loads(tool_messages(first)[0].content)
    assert '<untrusted_ptc_output source="memory">\n;; admins = [' in body["feedback"]
    second = react(lisp, calls('(return (:name (last admins)))'), history=first)
    assert second[-1].content == "Cy"
    assert CALLS == [("get_users", "admin")]


def test_a_failing_tool_reaches_the_program_as_an_error():
    lisp = lisp_tool([lookup])
    messages = react(lisp, calls('(tool/lookup {:key "k"})', '(return "handled")'))
    assert "tool/lookup failed" in tool_messages(messages)[0].content
    assert messages[-1].content == "handled"


def test_returns_false_lets_the_model_answer():
    lisp = lisp_tool([get_users], returns=False)
    messages = react(lisp, calls('(return 7)') + [AIMessage(content="seven")])
    assert json.loads(tool_messages(messages)[0].content)["note"] == M.RETURN_NOT_ENDING
    assert messages[-1].content == "seven"


def test_the_tool_alone_runs_programs():
    lisp = lisp_tool([double])
    msg = lisp.invoke({"type": "tool_call", "name": "lisp_eval", "id": "x",
                       "args": {"program": "(tool/double {:x 5})"}})
    assert '<untrusted_ptc_output source="result">\nuser=> 10\n' in json.loads(msg.content)["feedback"]


@pytest.mark.parametrize("sync", [True, False])
def test_fail_ends_the_loop_as_failed(sync):
    from ptclisp.integrations import ProgramFailed
    lisp = lisp_tool([get_users])
    with pytest.raises(ProgramFailed) as failed:
        react(lisp, calls('(fail {:reason :not-found :message "no customer named Zed"})', "(return 1)"), sync=sync)
    assert failed.value.value == {"reason": "not-found", "message": "no customer named Zed"}


# ---------------------------------------------------------------- parallel calls, untrusted text


def parallel_calls(*programs: str) -> AIMessage:
    """One AIMessage calling lisp_eval once per program (ToolNode runs them at once)."""
    return AIMessage(content="", tool_calls=[{"name": "lisp_eval", "args": {"program": p},
                                              "id": f"p{i}"} for i, p in enumerate(programs, 1)])


@pytest.mark.parametrize("sync", [True, False])
def test_parallel_calls_in_one_turn_keep_each_others_defs(sync):
    meeting = shop.Meeting(2)
    name = "meet" if sync else "ameet"
    lisp = lisp_tool([meeting.meet if sync else meeting.ameet])
    replies = [parallel_calls(f"(tool/{name}) (def a 1)", f"(tool/{name}) (def b 2)")] + \
        calls("(return (str [a b]))")
    messages = react(lisp, replies, sync=sync)
    assert meeting.met  # ToolNode did run the two programs at once
    assert [json.loads(m.content)["status"] for m in tool_messages(messages)[:2]] == ["ok", "ok"]
    assert messages[-1].content == "[1 2]"


def test_a_tools_output_reaches_the_model_only_inside_the_envelope():
    lisp = lisp_tool([tool(shop.notes)])
    messages = react(lisp, calls("(def n (tool/notes)) (println n) n", '(return "done")'))
    body = json.loads(tool_messages(messages)[0].content)
    assert set(body) == {"status", "feedback"} and shop.enveloped_once(body["feedback"])


def test_a_tools_failure_reaches_the_model_only_inside_the_envelope():
    lisp = lisp_tool([tool(shop.bad_notes)])
    messages = react(lisp, calls("(tool/bad-notes)", '(return "done")'))
    first = tool_messages(messages)[0]
    assert first.status == "error" and shop.enveloped_once(first.content)


# ---------------------------------------------------------------- one tool, many conversations


@pytest.mark.parametrize("sync", [True, False])
def test_one_tool_shared_by_two_conversations_keeps_their_defs_apart(sync):
    lisp = lisp_tool([get_users])
    first = react(lisp, calls('(def admins (tool/get-users {:role "admin"})) (return "kept")'), sync=sync)
    # another user's conversation, on the same tool object: admins is not there
    other = react(lisp, calls('(return (str (count admins)))', '(return "none")'), sync=sync)
    refused = tool_messages(other)[0]
    assert refused.status == "error" and "Unable to resolve symbol: admins" in refused.content
    assert other[-1].content == "none"
    # the first conversation, continued with its messages, still has its defs
    again = react(lisp, calls('(return (:name (last admins)))'), history=first, sync=sync)
    assert again[-1].content == "Cy"
    assert len(lisp.conversations) == 2


def test_two_conversations_at_once_keep_their_defs_apart():
    meeting = shop.Meeting(2)
    lisp = lisp_tool([meeting.ameet])

    async def one(replies):
        model = Scripted(messages=iter(replies + [AIMessage(content="MODEL CALLED AGAIN")]))
        agent = create_react_agent(lisp.chat_model(model), [lisp], prompt=lisp.instructions)
        return (await agent.ainvoke({"messages": [("user", "go")]}))["messages"]

    async def main():
        return await asyncio.gather(
            one(calls('(tool/ameet) (def secret "A") (return "A")')),
            one(calls('(tool/ameet) (def b 1)', '(return (str secret))', '(return (str "B" b))')))

    a, b = asyncio.run(main())
    assert meeting.met and a[-1].content == "A" and b[-1].content == "B1"
    assert "Unable to resolve symbol: secret" in tool_messages(b)[1].content


def test_a_conversation_past_the_limit_starts_afresh_with_a_warning(caplog):
    lisp = lisp_tool([get_users], max_conversations=1)
    first = react(lisp, calls('(def x 1) (return "kept")'))
    react(lisp, calls('(def y 2) (return "other")'))  # a second conversation: the first dropped
    with caplog.at_level("WARNING", logger="ptclisp.integrations"):
        again = react(lisp, calls('(return (str x))', '(return "fresh")'), history=first)
    assert again[-1].content == "fresh"
    assert [r.getMessage() for r in caplog.records] == [M.CONVERSATION_FORGOTTEN]
