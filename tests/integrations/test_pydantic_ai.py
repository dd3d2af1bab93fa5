"""LispMode inside pydantic-ai's own agent loop, the model scripted with FunctionModel."""
from __future__ import annotations

import asyncio
import json
import threading
from dataclasses import dataclass

import pytest

pytest.importorskip("pydantic_ai")

from pydantic import BaseModel  # noqa: E402
from pydantic_ai import Agent, ModelRetry, RunContext  # noqa: E402
from pydantic_ai.messages import (  # noqa: E402
    ModelMessagesTypeAdapter, ModelResponse, RetryPromptPart, TextPart, ToolCallPart,
    ToolReturnPart,
)
from pydantic_ai.models.function import AgentInfo, DeltaToolCall, FunctionModel  # noqa: E402
from pydantic_ai.toolsets import FunctionToolset  # noqa: E402

from ptclisp import Limits  # noqa: E402
from ptclisp.integrations import ProgramFailed, common, messages as M  # noqa: E402
from ptclisp.integrations.pydantic_ai import STATE_KEY, LispMode  # noqa: E402

from .shop import EVIL, Meeting, outside_blocks  # noqa: E402

USERS = [{"id": 1, "name": "Ada", "role": "admin"}, {"id": 2, "name": "Bo", "role": "user"},
         {"id": 3, "name": "Cy", "role": "admin"}]


class Admins(BaseModel):
    count: int
    names: list[str]


@dataclass
class Script:
    """A model that answers each request with the next scripted part, and keeps what it saw."""

    replies: list
    seen: list = None
    infos: list = None

    def __post_init__(self):
        self.seen, self.infos = [], []

    def __call__(self, messages, info: AgentInfo) -> ModelResponse:
        self.seen.append(list(messages[-1].parts))
        self.infos.append(info)
        reply = self.replies[len(self.seen) - 1]
        if isinstance(reply, str) and reply.startswith("("):
            reply = ToolCallPart("lisp_eval", {"program": reply}, tool_call_id=f"c{len(self.seen)}")
        elif isinstance(reply, str):
            reply = TextPart(reply)
        return reply if isinstance(reply, ModelResponse) else ModelResponse(parts=[reply])

    def parts(self, kind) -> list:
        return [p for parts in self.seen for p in parts if isinstance(p, kind)]

    def retries(self) -> list[str]:
        """What the model was told to retry on (a RetryPromptPart, or a return marked retried)."""
        return [p.model_response() if isinstance(p, RetryPromptPart) else str(p.content)
                for parts in self.seen for p in parts
                if isinstance(p, RetryPromptPart) or getattr(p, "outcome", None) == "retried"]


def agent_with_tools(script: Script, output_type=str, **mode) -> tuple[Agent, list]:
    calls: list = []
    agent = Agent(FunctionModel(script), output_type=output_type, deps_type=dict,
                  capabilities=[LispMode(**mode)])

    @agent.tool_plain
    def get_users(role: str) -> list[dict]:
        """Users with a role."""
        calls.append(("get_users", role))
        return [u for u in USERS if u["role"] == role]

    @agent.tool
    def greeting(ctx: RunContext[dict], name: str) -> str:
        """A greeting in the deps' language."""
        calls.append(("greeting", name))
        return f"{ctx.deps['hello']}, {name}"

    @agent.tool_plain
    async def score(user_id: int) -> int:
        """An async lookup."""
        await asyncio.sleep(0)
        calls.append(("score", user_id))
        return user_id * 10

    return agent, calls


def test_tools_are_called_from_one_program_and_return_ends_the_run():
    program = ('(let [admins (tool/get-users {:role "admin"})]'
               ' (return {:count (count admins) :names (mapv :name admins)}))')
    script = Script([program])
    agent, calls = agent_with_tools(script, Admins)
    result = agent.run_sync("Which admins?", deps={"hello": "hi"})
    assert result.output == Admins(count=2, names=["Ada", "Cy"])
    assert calls == [("get_users", "admin")]
    assert len(script.seen) == 1  # one model request: the return ended the run
    # the model saw one native tool, lisp_eval, whose description lists the folded tools
    (info,) = script.infos
    assert [t.name for t in info.function_tools] == ["lisp_eval"]
    description = info.function_tools[0].description
    assert "tool/get-users(role string) -> [map]" in description
    assert "tool/greeting(name string) -> string" in description
    assert "tool/score(user_id int) -> int" in description
    # history ends with the tool return, so it can be passed to a later run
    last = result.all_messages()[-1]
    assert isinstance(last.parts[0], ToolReturnPart) and last.parts[0].tool_name == "lisp_eval"


def test_sync_async_and_run_context_tools_in_one_program():
    program = ('(return (str (tool/greeting {:name "Ada"}) " " '
               '(+ (tool/score {:user_id 1}) (tool/score {:user_id 3}))))')
    agent, calls = agent_with_tools(Script([program]))
    result = agent.run_sync("Greet", deps={"hello": "bonjour"})
    assert result.output == "bonjour, Ada 40"
    assert calls == [("greeting", "Ada"), ("score", 1), ("score", 3)]


def test_instructions_teach_ptc_lisp_and_the_expected_output():
    script = Script(['(return {:count 0 :names []})'])
    agent, _ = agent_with_tools(script, Admins, data={"limit": 5})
    request = agent.run_sync("x", deps={"hello": "hi"}).all_messages()[0]
    text = request.instructions
    assert text.startswith("You write PTC-Lisp")
    assert "Expected output: {count int, names [string]}" in text
    assert "data/limit" in text
    assert M.FINISH_RETURN in text


def test_an_error_is_fed_back_as_a_retry_and_corrected():
    script = Script(['(count (tool/get-users {:role "admin"})', '(return (str (count (tool/get-users {:role "admin"}))))'])
    agent, calls = agent_with_tools(script)
    result = agent.run_sync("How many admins?", deps={"hello": "hi"})
    assert result.output == "2"
    (retry,) = script.retries()
    assert "unclosed '('" in retry
    assert [p.tool_name for p in script.parts(ToolReturnPart)] == ["lisp_eval"]
    assert calls == [("get_users", "admin")]  # the broken program called nothing


def test_a_return_of_the_wrong_shape_is_refused_then_corrected():
    script = Script(['(return {:count "two"})', '(return {:count 2 :names ["Ada" "Cy"]})'])
    agent, _ = agent_with_tools(script, Admins)
    result = agent.run_sync("x", deps={"hello": "hi"})
    assert result.output == Admins(count=2, names=["Ada", "Cy"])
    (retry,) = script.retries()
    assert "count" in retry and "names" in retry


def test_pydantic_validation_beyond_the_signature_is_applied():
    class Positive(BaseModel):
        n: int

        def model_post_init(self, _):
            if self.n <= 0:
                raise ValueError("n must be positive")

    script = Script(['(return {:n 0})', '(return {:n 3})'])
    agent, _ = agent_with_tools(script, Positive)
    assert agent.run_sync("x", deps={"hello": "hi"}).output == Positive(n=3)
    (retry,) = script.retries()
    assert "n must be positive" in retry


def test_the_agents_output_validators_check_a_returned_value():
    script = Script(['(return {:count 1 :names ["Ada"]})', '(return {:count 2 :names ["Ada" "Cy"]})'])
    agent, _ = agent_with_tools(script, Admins)
    checked = []

    @agent.output_validator
    def at_least_two(ctx: RunContext[dict], out: Admins) -> Admins:
        checked.append(out)
        if out.count < 2:
            raise ModelRetry("expected at least two admins")
        return Admins(count=out.count, names=sorted(out.names, reverse=True))  # a validator may change it

    result = agent.run_sync("x", deps={"hello": "hi"})
    assert result.output == Admins(count=2, names=["Cy", "Ada"])
    assert checked == [Admins(count=1, names=["Ada"]), Admins(count=2, names=["Ada", "Cy"])]
    (retry,) = script.retries()
    assert "expected at least two admins" in retry


def test_defs_persist_across_calls_within_a_run():
    script = Script(['(def admins (tool/get-users {:role "admin"})) (count admins)',
                     '(return (:name (last admins)))'])
    agent, calls = agent_with_tools(script)
    assert agent.run_sync("x", deps={"hello": "hi"}).output == "Cy"
    (first,) = [p for p in script.seen[1] if isinstance(p, ToolReturnPart)]
    assert json.loads(json.dumps(first.content))["status"] == "ok"
    assert '<untrusted_ptc_output source="memory">\n;; admins = [' in first.content["feedback"]
    assert calls == [("get_users", "admin")]


def test_defs_persist_across_runs_through_message_history():
    agent, calls = agent_with_tools(Script(['(def admins (tool/get-users {:role "admin"})) (return "ok")']))
    first = agent.run_sync("x", deps={"hello": "hi"})
    saved = ModelMessagesTypeAdapter.dump_json(first.all_messages())  # through JSON, as stored
    history = ModelMessagesTypeAdapter.validate_json(saved)
    agent2, calls2 = agent_with_tools(Script(['(return (str (count admins)))']))
    result = agent2.run_sync("again", deps={"hello": "hi"}, message_history=history)
    assert result.output == "2"
    assert calls2 == []  # admins came from the history, not from a new call
    metadata = [p.metadata for m in history for p in m.parts if isinstance(p, ToolReturnPart)]
    assert "admins" in metadata[-1][STATE_KEY]


def test_a_fresh_run_without_history_starts_without_defs():
    agent, _ = agent_with_tools(Script(['(def x 1) (return "ok")', '(return (str x))',
                                        '(return "fresh")']))
    agent.run_sync("x", deps={"hello": "hi"})
    result = agent.run_sync("y", deps={"hello": "hi"})
    assert result.output == "fresh"  # `x` was unknown: an analysis error, then a new program


@pytest.mark.parametrize("selector, folded, native", [
    (["get_users"], ["get-users"], ["greeting", "lisp_eval", "score"]),
    (lambda ctx, d: d.name != "score", ["get-users", "greeting"], ["lisp_eval", "score"]),
    ("all", ["get-users", "greeting", "score"], ["lisp_eval"]),
])
def test_the_selector_chooses_the_folded_tools(selector, folded, native):
    script = Script(['(return "done")'])
    agent, _ = agent_with_tools(script, tools=selector)
    agent.run_sync("x", deps={"hello": "hi"})
    (info,) = script.infos
    assert sorted(t.name for t in info.function_tools) == native
    description = next(t for t in info.function_tools if t.name == "lisp_eval").description
    for name in ["get-users", "greeting", "score"]:
        assert (f"tool/{name}(" in description) == (name in folded)


def test_a_native_tool_next_to_lisp_eval_still_works():
    script = Script([ToolCallPart("score", {"user_id": 2}, tool_call_id="n1"), "done: 20"])
    agent, calls = agent_with_tools(script, tools=["get_users"])
    assert agent.run_sync("x", deps={"hello": "hi"}).output == "done: 20"
    assert calls == [("score", 2)]


def test_the_model_may_answer_through_the_output_tool_as_usual():
    final = ToolCallPart("final_result", {"count": 1, "names": ["Ada"]}, tool_call_id="f")
    script = Script(['(count (tool/get-users {:role "admin"}))', final])
    agent, _ = agent_with_tools(script, Admins)
    assert agent.run_sync("x", deps={"hello": "hi"}).output == Admins(count=1, names=["Ada"])


def test_returns_false_keeps_the_run_going():
    script = Script(['(return 7)', "seven"])
    agent, _ = agent_with_tools(script, returns=False)
    assert agent.run_sync("x", deps={"hello": "hi"}).output == "seven"
    (ret,) = script.parts(ToolReturnPart)
    assert '<untrusted_ptc_output source="result">\nuser=> 7\n' in ret.content["feedback"]
    assert ret.content["note"] == M.RETURN_NOT_ENDING


def test_tool_errors_reach_the_program_as_data():
    agent = Agent(FunctionModel(Script(['(tool/lookup {:key "k"})', '(return "handled")'])),
                  capabilities=[LispMode()])
    script = agent.model.function

    @agent.tool_plain
    def lookup(key: str) -> str:
        """Always refuses."""
        raise ModelRetry("no such key, try another")

    assert agent.run_sync("x").output == "handled"
    (retry,) = script.retries()
    assert "tool/lookup failed: no such key, try another" in retry


def test_bad_arguments_to_a_folded_tool_are_reported_with_the_field():
    agent, calls = agent_with_tools(Script(['(tool/score {:user_id "one"})', '(return "ok")']))
    agent.run_sync("x", deps={"hello": "hi"})
    script = agent.model.function
    (retry,) = script.retries()
    assert "score" in retry and calls == []


def test_a_toolset_is_folded_too():
    toolset = FunctionToolset()

    @toolset.tool_plain
    def double(x: int) -> int:
        """Twice x."""
        return 2 * x

    script = Script(['(return (str (tool/double {:x 21})))'])
    agent = Agent(FunctionModel(script), toolsets=[toolset], capabilities=[LispMode()])
    assert agent.run_sync("x").output == "42"


def test_limits_apply_to_programs():
    script = Script(['(loop [i 0] (recur (inc i)))', '(return "stopped")'])
    agent, _ = agent_with_tools(script, limits=Limits(max_steps=1000))
    assert agent.run_sync("x", deps={"hello": "hi"}).output == "stopped"
    (retry,) = script.retries()
    assert "max_steps" in retry or "steps" in retry


def test_too_many_failed_programs_end_the_run():
    from pydantic_ai.exceptions import UnexpectedModelBehavior
    agent, _ = agent_with_tools(Script(["(nope)"] * 5), max_retries=2)
    with pytest.raises(UnexpectedModelBehavior):
        agent.run_sync("x", deps={"hello": "hi"})


def test_process_isolation():
    script = Script(['(return (str (count (tool/get-users {:role "admin"}))))'])
    agent, calls = agent_with_tools(script, limits=Limits(isolation="process"))
    assert agent.run_sync("x", deps={"hello": "hi"}).output == "2"
    assert calls == [("get_users", "admin")]


# ---------------------------------------------------------------- streaming


def streamed(programs: list):
    """A stream function that sends each program as a lisp_eval call in small chunks."""
    state = {"n": 0}

    async def stream(messages, info):
        program = programs[state["n"]]
        state["n"] += 1
        args = json.dumps({"program": program})
        yield {0: DeltaToolCall(name="lisp_eval", tool_call_id=f"s{state['n']}")}
        for i in range(0, len(args), 7):
            yield {0: DeltaToolCall(json_args=args[i:i + 7])}

    return stream


def test_a_streaming_run_ends_on_return():
    programs = ['(def admins (tool/get-users {:role "admin"})) (count admins)',
                '(return {:count (count admins) :names (mapv :name admins)})']
    agent, calls = agent_with_tools(Script([]), Admins)

    async def main():
        model = FunctionModel(stream_function=streamed(programs))
        async with agent.run_stream("x", deps={"hello": "hi"}, model=model) as run:
            return await run.get_output()

    assert asyncio.run(main()) == Admins(count=2, names=["Ada", "Cy"])
    assert calls == [("get_users", "admin")]


def test_a_streamed_event_run_sees_the_lisp_eval_calls():
    agent, _ = agent_with_tools(Script([]))
    model = FunctionModel(stream_function=streamed(['(return "hi")']))

    async def main():
        async with agent.run_stream_events("x", deps={"hello": "hi"}, model=model) as stream:
            return [e async for e in stream]

    events = asyncio.run(main())
    names = [getattr(getattr(e, "part", None), "tool_name", None) for e in events]
    assert "lisp_eval" in names
    assert events[-1].result.output == "hi"


def test_fail_ends_the_run_as_failed():
    script = Script(['(fail {:reason :not-found :message "no customer named Zed"})', "(return 1)"])
    agent, _ = agent_with_tools(script, int)
    with pytest.raises(ProgramFailed) as failed:
        agent.run_sync("Who is Zed?", deps={"hello": "hi"})
    assert failed.value.value == {"reason": "not-found", "message": "no customer named Zed"}
    assert str(failed.value).startswith("The program failed with {")
    assert len(script.seen) == 1  # the model was not asked again


def test_a_big_catalog_is_ranked_by_the_runs_prompt():
    # #38: past the catalog budget, lisp_eval's description holds the prompt's likeliest tools
    # in full and an index of the others; a program still calls an indexed one
    def make(i: int):
        def tool(customer_id: int) -> list[dict]:
            return [{"id": i}]
        tool.__name__ = f"list_thing_{i}"
        tool.__doc__ = f"Things of kind {i} for a customer."
        return tool
    toolset = FunctionToolset([make(i) for i in range(120)])

    def refunds_of_customer(customer_id: int) -> list[dict]:
        """Refunds given back to one customer."""
        return [{"amount": 5.0}, {"amount": 2.5}]
    toolset.add_function(refunds_of_customer)
    script = Script(["(return (+ (reduce + (map :amount (tool/refunds-of-customer {:customer_id 2})))"
                     " (count (tool/list-thing-7 {:customer_id 2}))))"])
    agent = Agent(FunctionModel(script), output_type=float, toolsets=[toolset],
                  capabilities=[LispMode()])
    result = agent.run_sync("How much was refunded to customer 2?")
    assert result.output == 8.5
    [lisp_eval] = [t for t in script.infos[0].function_tools if t.name == "lisp_eval"]
    head, index = lisp_eval.description.split(";; every other tool")
    assert "tool/refunds-of-customer(customer_id int)" in head
    assert "tool/list-thing-7(" not in head and "list-thing-7" in index


# ---------------------------------------------------------------- output types (#37.4)


class Report(BaseModel):
    total: float
    rows: list[str]


class Failure(BaseModel):
    reason: str


def _union_specs():
    from typing import Union
    from pydantic_ai import ToolOutput
    return [[Report, Failure], (Report, Failure), Union[Report, Failure], Report | Failure,
            [ToolOutput(Report), ToolOutput(Failure)]]


@pytest.mark.parametrize("spec", _union_specs(), ids=["list", "tuple", "Union", "pipe", "ToolOutput"])
def test_a_union_or_list_of_output_types_takes_a_value_of_any_member(spec):
    # pydantic-ai's documented forms: each member its own output tool; (return v) takes v as
    # the member it matches, as pydantic-ai's own output validation would
    script = Script(['(return {:reason "no data"})'])
    agent, _ = agent_with_tools(script, spec)
    assert agent.run_sync("x", deps={"hello": "hi"}).output == Failure(reason="no data")
    script = Script(['(return {:rows ["a"] :total 2})'])
    agent, _ = agent_with_tools(script, spec)
    assert agent.run_sync("x", deps={"hello": "hi"}).output == Report(total=2.0, rows=["a"])


def test_a_union_output_refuses_a_value_no_member_takes_then_the_model_corrects_it():
    script = Script(['(return {:total "lots"})', '(return {:reason "none"})'])
    agent, _ = agent_with_tools(script, [Report, Failure])
    assert agent.run_sync("x", deps={"hello": "hi"}).output == Failure(reason="none")
    (retry,) = script.retries()
    assert "does not match the expected output" in retry and "reason" in retry


def test_the_card_lists_each_shape_of_a_union_output():
    script = Script(['(return {:reason "x"})'])
    agent, _ = agent_with_tools(script, [Report, Failure])
    text = agent.run_sync("x", deps={"hello": "hi"}).all_messages()[0].instructions
    assert "Expected output: one of {total float, rows [string]} or {reason string} " in text
    assert "e.g. (return {" in text


def test_a_list_output_type_is_one_type_not_a_union():
    script = Script(['(return [{:reason "a"} {:reason "b"}])'])
    agent, _ = agent_with_tools(script, list[Failure])
    result = agent.run_sync("x", deps={"hello": "hi"})
    assert result.output == [Failure(reason="a"), Failure(reason="b")]
    assert "Expected output: [{reason string}]" in result.all_messages()[0].instructions


@pytest.mark.parametrize("output_type, program, said", [
    (Admins, "(return {:count 0 :names []})", True),
    ([Report, Failure], '(return {:reason "x"})', True),
    (str, '(return "x")', False),  # no output tool: nothing to say
])
def test_the_card_says_once_that_return_is_the_answer_when_there_is_an_output_tool(
        output_type, program, said):
    agent, _ = agent_with_tools(Script([program]), output_type)
    text = agent.run_sync("x", deps={"hello": "hi"}).all_messages()[0].instructions
    assert text.count(M.RETURN_NOT_OUTPUT_TOOL) == (1 if said else 0)


def test_the_output_tool_still_answers_beside_a_union():
    final = ToolCallPart("final_result_Failure", {"reason": "by tool"}, tool_call_id="f")
    agent, _ = agent_with_tools(Script([final]), [Report, Failure])
    assert agent.run_sync("x", deps={"hello": "hi"}).output == Failure(reason="by tool")


# ---------------------------------------------------------------- untrusted text (#36.7)

def evil_agent(script, fails: bool = False, output_type=str):
    agent = Agent(FunctionModel(script), output_type=output_type, capabilities=[LispMode()])

    @agent.tool_plain
    def notes() -> str:
        """A tool whose output (or failure) carries text written to steer the model."""
        if fails:
            raise ValueError(EVIL)
        return EVIL

    return agent


def test_a_tools_output_reaches_the_model_only_inside_the_envelope():
    script = Script(['(def n (tool/notes)) (println n) n', '(return "done")'])
    evil_agent(script).run_sync("x")
    (ret,) = script.parts(ToolReturnPart)
    text = json.dumps(ret.content)  # everything the model is sent of the result
    assert "ignore previous" in text
    assert "ignore previous" not in outside_blocks(ret.content["feedback"])
    assert set(ret.content) == {"status", "feedback"}  # no raw copy beside the envelope
    # the tool's fake closer is escaped: it ends no block
    assert ret.content["feedback"].count("</untrusted_ptc_output>") == \
        ret.content["feedback"].count("<untrusted_ptc_output source=")


def test_a_tools_failure_reaches_the_model_only_inside_the_envelope():
    script = Script(['(tool/notes)', '(return "done")'])
    evil_agent(script, fails=True).run_sync("x")
    (retry,) = script.retries()
    assert "ignore previous" in retry and "ignore previous" not in outside_blocks(retry)
    assert retry.count("</untrusted_ptc_output>") == retry.count("<untrusted_ptc_output source=")


def test_a_refused_return_names_the_values_keys_inside_the_envelope():
    class Strict(BaseModel, extra="forbid"):
        n: int

    script = Script(['(return {:n 1 (tool/notes) 2})', '(return {:n 1})'])
    assert evil_agent(script, output_type=Strict).run_sync("x").output == Strict(n=1)
    (retry,) = script.retries()
    assert "ignore previous" in retry and "ignore previous" not in outside_blocks(retry)


# ---------------------------------------------------------------- saved state (#36.9)


def _history_with(state):
    """A run's history whose lisp_eval return metadata holds `state` instead of the real one."""
    agent, _ = agent_with_tools(Script(['(def admins (tool/get-users {:role "admin"})) (return "ok")']))
    messages = agent.run_sync("x", deps={"hello": "hi"}).all_messages()
    for m in messages:
        for p in m.parts:
            if isinstance(p, ToolReturnPart):
                real = p.metadata[STATE_KEY]
                p.metadata = {STATE_KEY: state(real) if callable(state) else state}
    return ModelMessagesTypeAdapter.validate_json(ModelMessagesTypeAdapter.dump_json(messages))


@pytest.mark.parametrize("state, said", [
    (lambda real: real[: len(real) // 2], "ReadError"),  # truncated
    (["a", "list"], "not text but list"),
    (lambda real: real.replace('"admins" [', '"admins" (1 2 [', 1), ""),  # a list inside
    (lambda real: real.replace('"admins" [', '"admins" ' + "7" * 600_000 + " [", 1),
     "an integer of more than"),
    (lambda real: real + " " * common.MAX_SAVED_CHARS, "over the"),
    ({"memory": 1}, "not text but dict"),
    (lambda real: "{:format 1}", "ValueError"),
])
def test_unreadable_saved_state_is_treated_as_absent_with_a_warning(state, said, caplog):
    history = _history_with(state)
    agent, calls = agent_with_tools(Script(['(return (str (count admins)))', '(return "fresh")']))
    with caplog.at_level("WARNING", logger="ptclisp.integrations"):
        result = agent.run_sync("again", deps={"hello": "hi"}, message_history=history)
    assert result.output == "fresh"  # admins was not restored: the run went on without it
    (warning,) = [r.getMessage() for r in caplog.records if r.name == "ptclisp.integrations"]
    assert warning.startswith("ptclisp: the saved lisp_eval state could not be read") and said in warning
    assert "admins" not in warning  # the saved text itself is never logged


def test_saved_state_is_read_off_the_event_loop(monkeypatch):
    threads = []
    original = common.LispRunner.restore

    def spy(self, text):
        threads.append(threading.current_thread() is threading.main_thread())
        return original(self, text)

    monkeypatch.setattr(common.LispRunner, "restore", spy)
    history = _history_with(lambda real: real)
    agent, calls = agent_with_tools(Script(['(return (str (count admins)))']))
    assert agent.run_sync("again", deps={"hello": "hi"}, message_history=history).output == "2"
    assert threads == [False] and calls == []


def test_two_lisp_eval_calls_in_one_response_keep_both_defs():
    both = ModelResponse(parts=[ToolCallPart("lisp_eval", {"program": "(def a 1)"}, tool_call_id="p1"),
                                ToolCallPart("lisp_eval", {"program": "(def b 2)"}, tool_call_id="p2")])
    agent, _ = agent_with_tools(Script([both, "(return (str [a b]))"]))
    assert agent.run_sync("x", deps={"hello": "hi"}).output == "[1 2]"


def test_one_lispmode_shared_by_two_agents_running_at_once_keeps_their_defs_apart():
    mode, meeting = LispMode(), Meeting(2)
    scripts = [Script(['(tool/ameet) (def secret "A") (return "A")']),
               Script(['(tool/ameet) (def b 1)', '(return (str secret))', '(return (str "B" b))'])]

    def agent(script):
        a = Agent(FunctionModel(script), capabilities=[mode])
        a.tool_plain(meeting.ameet)
        return a

    async def main():
        return await asyncio.gather(*(agent(s).run("go") for s in scripts))

    a, b = asyncio.run(main())
    assert meeting.met and (a.output, b.output) == ("A", "B1")
    (retry,) = scripts[1].retries()
    assert "Unable to resolve symbol: secret" in retry
