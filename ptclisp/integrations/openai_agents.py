"""The OpenAI Agents SDK: one `lisp_eval` FunctionTool over the SDK's function tools or callables.

    lisp = lisp_tool([get_users, score], output_type=Admins)
    agent = Agent(name="ops", model=model, output_type=Admins, **lisp.agent_kwargs())

`lisp.tool` is the FunctionTool, `lisp.instructions` teach PTC-Lisp (ptclisp's prompt, the data,
the expected output) and `lisp.tool_use_behavior` ends the run when a program calls
`(return v)`, with v validated as `output_type`. A folded FunctionTool is called through its own
`on_invoke_tool` (the SDK parses and validates the arguments), with its failures raised to the
program instead of turned into text. Program errors come back as the tool's output text, as the
SDK expects. One LispTool serves many conversations, each with its own `def`s: a run's calls
share its conversation (parallel calls merge their defs), and a later run finds it through the
lisp_eval results its input items carry (`result.to_input_list()`, an SDK session); a run whose
input carries none (a server-kept conversation, `previous_response_id`) starts afresh. Needs the
`openai-agents` extra.
"""
from __future__ import annotations

import dataclasses
import hashlib
import itertools
import json
import threading
import weakref
from collections.abc import Callable, Iterable, Mapping

from agents import FunctionTool, RunContextWrapper
from agents.agent import ToolsToFinalOutputResult
from agents.tool import set_function_tool_failure_error_function
from agents.tool_context import ToolContext

from .. import Limits, Tool, ToolError
from ..llm.envelope import error_feedback
from . import common
from . import messages as M

__all__ = ["LispTool", "lisp_tool", "TOOL_NAME"]

TOOL_NAME = common.TOOL_NAME


def lisp_tool(tools: Iterable, *, data: Mapping | None = None, output_type=None,
              limits: Limits | None = None, returns: bool = True, mission: str | None = None,
              catalog_budget: int | None = None,
              max_conversations: int = common.MAX_CONVERSATIONS) -> "LispTool":
    """A LispTool folding `tools` (FunctionTools, ptclisp Tools or plain callables)."""
    return LispTool(list(tools), data=data, output_type=output_type, limits=limits,
                    returns=returns, mission=mission, catalog_budget=catalog_budget,
                    max_conversations=max_conversations)


class LispTool:
    """lisp_eval for Agents SDK conversations: the tool, its instructions, each
    conversation's state (found through the run and the conversation's own items)."""

    def __init__(self, tools: list, *, data: Mapping | None = None, output_type=None,
                 limits: Limits | None = None, returns: bool = True, mission: str | None = None,
                 catalog_budget: int | None = None,
                 max_conversations: int = common.MAX_CONVERSATIONS):
        """tools: the SDK's FunctionTools, ptclisp Tools or plain callables (sync or async);
        output_type: what `(return v)` is validated as (the agent's output_type); mission:
        the task's text, which ranks the tools shown in full past catalog_budget tokens
        (ptclisp.host.catalog; without it a big catalog is indexed); max_conversations:
        conversations whose defs are kept (the least recently used dropped)."""
        signature = common.output_signature(output_type)
        self.returns = returns
        self.conversations = common.Conversations(lambda: common.LispRunner(
            data=data, limits=limits, signature=signature if returns else None,
            output_type=output_type if returns else None), max_conversations)
        self._sources = [_source(t) for t in tools]
        if any(s[0] == TOOL_NAME for s in self._sources):
            raise ValueError(M.name_clash(TOOL_NAME))
        self._runs: dict = {}  # id of a run's Usage -> its Conversation, while the run lives
        self._lock = threading.Lock()
        described = [build(None) for _, build in self._sources]
        self.instructions = common.instructions(
            data=data, signature=common.shown_signature(output_type), returns=returns)
        self.tool = FunctionTool(name=TOOL_NAME,
                                 description=common.tool_description(
                                     described, returns=returns, mission=mission,
                                     catalog_budget=catalog_budget),
                                 params_json_schema=common.tool_parameters(),
                                 on_invoke_tool=self._invoke, strict_json_schema=True)

    def agent_kwargs(self) -> dict:
        """What to pass to `agents.Agent`: instructions, tools and tool_use_behavior."""
        return {"instructions": self.instructions, "tools": [self.tool],
                "tool_use_behavior": self.tool_use_behavior}

    def conversation(self, ctx: RunContextWrapper) -> common.Conversation:
        """The conversation of a run: the one its calls already used, else the one whose
        lisp_eval result the run's input carries (a later run of it), else a new one."""
        usage = ctx.usage
        with self._lock:
            found = self._runs.get(id(usage))
            if found is not None:
                return found
            found = self.conversations.find(_result_keys(ctx.turn_input))
            if found is None:
                if _had_lisp_eval(ctx.turn_input):  # its state was dropped (max_conversations)
                    common.log.warning(M.CONVERSATION_FORGOTTEN)
                found = self.conversations.new()
            self._runs[id(usage)] = found
            weakref.finalize(usage, self._runs.pop, id(usage), None)
            return found

    async def _invoke(self, ctx: ToolContext, raw: str) -> str:
        conversation = self.conversation(ctx)
        text = await self._answer(ctx, raw, conversation)
        self.conversations.bind(_key(ctx.tool_call_id, text), conversation)
        return text

    async def _answer(self, ctx: ToolContext, raw: str, conversation: common.Conversation) -> str:
        try:
            program = json.loads(raw).get("program")
        except (ValueError, AttributeError):
            program = None
        tools = [build(ctx) for _, build in self._sources]
        outcome = await conversation.runner.arun(program, tools)
        if outcome.kind == "error":
            return outcome.text
        if outcome.kind == "failed":  # ends the run in tool_use_behavior, after this turn's calls
            conversation.failed[:] = [common.ProgramFailed(outcome.text, outcome.value)]
            return error_feedback(outcome.text)
        body = outcome.body
        if outcome.kind == "returned":
            if self.returns:
                conversation.returned[:] = [outcome.value]
                body = {**body, "note": M.RETURNED}
            else:
                body = {**body, "note": M.RETURN_NOT_ENDING}
        return common.to_json(body)

    def tool_use_behavior(self, context: RunContextWrapper, results: list) -> ToolsToFinalOutputResult:
        """The run ends when a lisp_eval program of this turn called `(return v)` or `(fail v)`."""
        if not any(r.tool.name == TOOL_NAME for r in results):
            return ToolsToFinalOutputResult(False)
        with self._lock:
            conversation = self._runs.get(id(context.usage))
        if conversation is None:
            return ToolsToFinalOutputResult(False)
        if conversation.failed:
            raise conversation.failed.pop()
        if conversation.returned:
            return ToolsToFinalOutputResult(True, conversation.returned.pop())
        return ToolsToFinalOutputResult(False)


def _key(call_id, output: str) -> str:
    """What finds a conversation by one of its lisp_eval results: the call id and the text."""
    return hashlib.sha256(f"{call_id}\0{output}".encode("utf-8", "replace")).hexdigest()


def _field(item, name: str):
    """A field of an input item, given as a dict or as the SDK's model object."""
    return item.get(name) if isinstance(item, dict) else getattr(item, name, None)


def _had_lisp_eval(items) -> bool:
    """True when a run's input carries a lisp_eval call (a conversation that used it)."""
    return any(_field(i, "type") == "function_call" and _field(i, "name") == TOOL_NAME
               for i in (items if isinstance(items, list) else ()))


def _result_keys(items) -> list[str]:
    """The keys of the function-call results a run's input carries, the latest first."""
    keys = []
    for item in reversed(items if isinstance(items, list) else ()):
        output = _field(item, "output")
        if _field(item, "type") == "function_call_output" and isinstance(output, str):
            keys.append(_key(_field(item, "call_id"), output))
    return keys


def _source(tool) -> tuple[str, Callable]:
    """(name, build(ctx) -> ptclisp Tool) for one folded tool."""
    if isinstance(tool, FunctionTool):
        raising = dataclasses.replace(tool)
        set_function_tool_failure_error_function(raising, None)  # failures reach the program
        return tool.name, lambda ctx: common.folded_tool(
            tool.name, tool.description, tool.params_json_schema, _caller(raising, ctx),
            getattr(tool, "output_json_schema", None))
    if isinstance(tool, Tool):
        return tool.name, lambda ctx: tool
    if callable(tool):
        made = Tool(tool)
        return made.name, lambda ctx: made
    raise TypeError(M.not_a_tool(repr(tool)))


def _caller(tool: FunctionTool, ctx: ToolContext | None):
    """The async callable a folded FunctionTool runs: its on_invoke_tool, failures raised."""
    counter = itertools.count(1)

    async def call(args, /):
        text = json.dumps(dict(args or {}), default=str)
        inner = ToolContext(context=ctx.context, usage=ctx.usage, tool_name=tool.name,
                            tool_call_id=f"{ctx.tool_call_id}__{next(counter)}",
                            tool_arguments=text, agent=ctx.agent, run_config=ctx.run_config)
        try:
            return await tool.on_invoke_tool(inner, text)
        except Exception as e:
            raise ToolError(M.tool_failed(common.lisp_name(tool.name), str(e) or type(e).__name__),
                            tool=tool.name) from None

    return call
