"""lisp_tool inside the OpenAI Agents SDK's own Runner, the model scripted with ScriptedModel."""
from __future__ import annotations

import asyncio
import json

import pytest

pytest.importorskip("agents")

from agents import Agent, Runner, function_tool, set_tracing_disabled  # noqa: E402
from agents.testing import ScriptedModel, assistant_message, function_call  # noqa: E402

from ptclisp.integrations import messages as M  # noqa: E402
from ptclisp.llm import PREAMBLE  # noqa: E402
from ptclisp.integrations.openai_agents import lisp_tool  # noqa: E402

from . import shop  # noqa: E402
from .shop import CALLS, Admins, clear_calls, double  # noqa: E402,F401  (clear_calls: autouse fixture)

set_tracing_disabled(True)  # no provider: nothing to export traces to

get_users = function_tool(shop.get_users)
score = function_tool(shop.score)
lookup = function_tool(shop.lookup)


def programs(*sources: str) -> list:
    return [[function_call("lisp_eval", {"program": s}, call_id=f"c{i}")]
            for i, s in enumerate(sources, 1)]


def outputs_of(model: ScriptedModel) -> list[str]:
    """The lisp_eval outputs the model was sent, in order (the last request's input)."""
    items = model.last_call.input
    return [i["output"] for i in items if isinstance(i, dict) and i.get("type") == "function_call_output"]


def run(lisp, steps, output_type=None, prompt="go", history=None):
    model = ScriptedModel(steps)
    agent = Agent(name="t", model=model, output_type=output_type, **lisp.agent_kwargs())
    result = Runner.run_sync(agent, (history or []) + [{"role": "user", "content": prompt}])
    return result, model


def test_tools_are_called_from_a_program_and_return_ends_the_run():
    lisp = lisp_tool([get_users, score, double], output_type=Admins)
    program = ('(let [admins (tool/get-users {:role "admin"})]'
               ' (return {:count (count admins) :names (mapv :name admins)}))')
    result, model = run(lisp, programs(program), Admins)
    assert result.final_output == Admins(count=2, names=["Ada", "Cy"])
    assert CALLS == [("get_users", "admin")]
    assert model.remaining_steps == 0 and len(model.calls) == 1
    (tool,) = model.first_call.tools
    assert tool.name == "lisp_eval"
    for line in ["tool/get-users(role string)", "tool/score(user_id int)",
                 "tool/double(x int) -> int"]:
        assert line in tool.description
    assert "Expected output: {count int, names [string]}" in \
        model.first_call.system_instructions


def test_sync_async_and_plain_tools_in_one_program():
    lisp = lisp_tool([get_users, score, double])
    result, _ = run(lisp, programs('(return (str (+ (tool/score {:user_id 2}) (tool/double {:x 4}))))'))
    assert result.final_output == "28"
    assert CALLS == [("score", 2), ("double", 4)]


def test_an_error_is_fed_back_and_corrected():
    lisp = lisp_tool([get_users])
    result, model = run(lisp, programs('(count (tool/get-users {:role "admin"})',
                                       '(return (str (count (tool/get-users {:role "admin"}))))'))
    assert result.final_output == "2"
    first = outputs_of(model)[0]
    assert first.startswith("Error:\n" + PREAMBLE) and "ReadError" in first and "unclosed '('" in first
    assert CALLS == [("get_users", "admin")]


def test_a_return_of_the_wrong_shape_is_refused_then_corrected():
    lisp = lisp_tool([get_users], output_type=Admins)
    result, model = run(lisp, programs('(return {:count 2})',
                                       '(return {:count 2 :names ["Ada" "Cy"]})'), Admins)
    assert result.final_output == Admins(count=2, names=["Ada", "Cy"])
    refusal = outputs_of(model)[0]
    assert "names" in refusal and "{count :int, names [:string]}" in refusal


def test_defs_persist_across_calls_and_runs():
    lisp = lisp_tool([get_users])
    first, model = run(lisp, programs('(def admins (tool/get-users {:role "admin"})) (count admins)',
                                      '(return "kept")'))
    body = json.loads(outputs_of(model)[0])
    assert body["status"] == "ok" and '<untrusted_ptc_output source="memory">\n;; admins = [' in body["feedback"]
    second, _ = run(lisp, programs('(return (:name (first admins)))'),
                    history=first.to_input_list())
    assert second.final_output == "Ada"
    assert CALLS == [("get_users", "admin")]  # the second run reused the def


def test_a_failing_tool_reaches_the_program_as_an_error():
    lisp = lisp_tool([lookup])
    result, model = run(lisp, programs('(tool/lookup {:key "k"})', '(return "handled")'))
    assert result.final_output == "handled"
    assert "tool/lookup failed" in outputs_of(model)[0] and "no key k" in outputs_of(model)[0]


def test_the_model_may_answer_in_text_as_usual():
    lisp = lisp_tool([get_users])
    steps = programs('(count (tool/get-users {:role "admin"}))') + [[assistant_message("two")]]
    result, _ = run(lisp, steps)
    assert result.final_output == "two"


def test_returns_false_keeps_the_run_going():
    lisp = lisp_tool([get_users], returns=False)
    result, model = run(lisp, programs('(return 7)') + [[assistant_message("seven")]])
    assert result.final_output == "seven"
    assert json.loads(outputs_of(model)[0])["note"] == M.RETURN_NOT_ENDING


def test_a_streamed_run_ends_on_return():
    lisp = lisp_tool([get_users, score], output_type=Admins)
    model = ScriptedModel(programs('(def a (tool/get-users {:role "admin"})) (count a)',
                                   '(return {:count (count a) :names (mapv :name a)})'))
    agent = Agent(name="t", model=model, output_type=Admins, **lisp.agent_kwargs())

    async def main():
        streamed = Runner.run_streamed(agent, "go")
        kinds = [e.type async for e in streamed.stream_events()]
        return streamed.final_output, kinds

    output, kinds = asyncio.run(main())
    assert output == Admins(count=2, names=["Ada", "Cy"])
    assert "run_item_stream_event" in kinds
    assert all(c.streamed for c in model.calls)


def test_a_name_clash_and_a_non_tool_are_refused():
    with pytest.raises(ValueError, match="lisp_eval"):
        lisp_tool([function_tool(double, name_override="lisp_eval")])
    with pytest.raises(TypeError, match="Cannot fold"):
        lisp_tool([42])


def test_fail_ends_the_run_as_failed():
    from ptclisp.integrations import ProgramFailed
    lisp = lisp_tool([get_users])
    with pytest.raises(ProgramFailed) as failed:
        run(lisp, programs('(fail {:reason :not-found :message "no customer named Zed"})', "(return 1)"))
    assert failed.value.value == {"reason": "not-found", "message": "no customer named Zed"}


# ---------------------------------------------------------------- parallel calls, untrusted text


def parallel(*sources: str, start: int = 1) -> list:
    """One model step calling lisp_eval once per program (the Runner runs them at once)."""
    return [function_call("lisp_eval", {"program": s}, call_id=f"p{i}")
            for i, s in enumerate(sources, start)]


def test_parallel_calls_in_one_turn_keep_each_others_defs():
    meeting = shop.Meeting(2)
    lisp = lisp_tool([meeting.ameet])
    steps = [parallel("(tool/ameet) (def a 1)", "(tool/ameet) (def b 2)"),
             programs("(return (str [a b]))")[0]]
    result, model = run(lisp, steps)
    assert meeting.met  # the two programs did run at once
    assert result.final_output == "[1 2]"
    assert all(json.loads(o)["status"] == "ok" for o in outputs_of(model)[:2])


def test_a_tools_output_reaches_the_model_only_inside_the_envelope():
    lisp = lisp_tool([shop.notes])
    result, model = run(lisp, programs("(def n (tool/notes)) (println n) n", '(return "done")'))
    (first,) = outputs_of(model)
    body = json.loads(first)
    assert set(body) == {"status", "feedback"} and shop.enveloped_once(body["feedback"])


def test_a_tools_failure_reaches_the_model_only_inside_the_envelope():
    lisp = lisp_tool([function_tool(shop.bad_notes)])  # its exception's text reaches the program
    result, model = run(lisp, programs("(tool/bad-notes)", '(return "done")'))
    assert shop.enveloped_once(outputs_of(model)[0])



# ---------------------------------------------------------------- one tool, many conversations


def test_one_tool_shared_by_two_conversations_keeps_their_defs_apart():
    lisp = lisp_tool([get_users])
    first, _ = run(lisp, programs('(def admins (tool/get-users {:role "admin"})) (return "kept")'))
    # another user's conversation, on the same tool object: admins is not there
    other, model = run(lisp, programs('(return (str (count admins)))', '(return "none")'))
    assert other.final_output == "none"
    assert "Unable to resolve symbol: admins" in outputs_of(model)[0]
    # the first conversation, continued with its items, still has its defs
    again, _ = run(lisp, programs('(return (:name (first admins)))'), history=first.to_input_list())
    assert again.final_output == "Ada"
    assert len(lisp.conversations) == 2


def test_two_conversations_at_once_each_end_on_their_own_return():
    # A's program returns while A's turn is still running (its other call waits for B's next
    # model request); B's turn ends meanwhile: B must go on, not end with A's value
    marked, model_b = [], ScriptedModel(programs("(tool/waita) (def b 1)", '(return (str "B" b))'))

    def marka() -> bool:
        """A's returning program got here."""
        marked.append(True)
        return True

    async def waita() -> bool:
        """B waits for A's return (at most 2 s)."""
        for _ in range(200):
            if marked:
                await asyncio.sleep(0.2)  # A's program ends right after marka
                return True
            await asyncio.sleep(0.01)
        return False

    async def waitb() -> int:
        """A's other call waits for B's second model request (at most 3 s)."""
        for _ in range(300):
            if len(model_b.calls) >= 2:
                return 1
            await asyncio.sleep(0.01)
        return 0

    lisp = lisp_tool([marka, waita, waitb])
    model_a = ScriptedModel([parallel('(tool/marka) (return "A")', "(tool/waitb)")])

    async def main():
        return await asyncio.gather(
            Runner.run(Agent(name="a", model=model_a, **lisp.agent_kwargs()), "go"),
            Runner.run(Agent(name="b", model=model_b, **lisp.agent_kwargs()), "go"))

    a, b = asyncio.run(main())
    assert (a.final_output, b.final_output) == ("A", "B1")


def test_a_conversation_past_the_limit_starts_afresh_with_a_warning(caplog):
    lisp = lisp_tool([get_users], max_conversations=1)
    first, _ = run(lisp, programs('(def x 1) (return "kept")'))
    run(lisp, programs('(def y 2) (return "other")'))  # a second conversation: the first dropped
    with caplog.at_level("WARNING", logger="ptclisp.integrations"):
        again, model = run(lisp, programs('(return (str x))', '(return "fresh")'),
                           history=first.to_input_list())
    assert again.final_output == "fresh"
    assert [r.getMessage() for r in caplog.records] == [M.CONVERSATION_FORGOTTEN]
