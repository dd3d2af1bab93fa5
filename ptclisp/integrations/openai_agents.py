"""The OpenAI Agents SDK: one `lisp_eval` FunctionTool over the SDK's function tools or callables.

    lisp = lisp_tool([get_users, score], output_type=Admins)
    agent = Agent(name="ops", model=model, output_type=Admins, **lisp.agent_kwargs())

`lisp.tool` is the FunctionTool, `lisp.instructions` teach PTC-Lisp (ptclisp's prompt, the data,
the expected output) and `lisp.tool_use_behavior` ends the run when a program calls
`(return v)`, with v validated as `output_type`. A folded FunctionTool is called through its own
`on_invoke_tool` (the SDK parses and validates the arguments), with its failures raised to the
program instead of turned into text. Program errors come back as the tool's output text, as the
SDK expects. One LispTool keeps one conversation's `def`s: make one per conversation. Needs the
`openai-agents` extra.
"""
from __future__ import annotations

import dataclasses
import itertools
import json
from collections.abc import Callable, Iterable, Mapping

from agents import FunctionTool, RunContextWrapper
from agents.agent import ToolsToFinalOutputResult
from agents.tool import set_function_tool_failure_error_function
from agents.tool_context import ToolContext

from .. import Limits, Tool, ToolError
from . import common
from . import messages as M

__all__ = ["LispTool", "lisp_tool", "TOOL_NAME"]

TOOL_NAME = common.TOOL_NAME


def lisp_tool(tools: Iterable, *, data: Mapping | None = None, output_type=None,
              limits: Limits | None = None, returns: bool = True) -> "LispTool":
    """A LispTool folding `tools` (FunctionTools, ptclisp Tools or plain callables)."""
    return LispTool(list(tools), data=data, output_type=output_type, limits=limits,
                    returns=returns)


class LispTool:
    """lisp_eval for one Agents SDK conversation: the tool, its instructions, its state."""

    def __init__(self, tools: list, *, data: Mapping | None = None, output_type=None,
                 limits: Limits | None = None, returns: bool = True):
        """tools: the SDK's FunctionTools, ptclisp Tools or plain callables (sync or async);
        output_type: what `(return v)` is validated as (the agent's output_type)."""
        signature = common.output_signature(output_type)
        self.returns = returns
        self.runner = common.LispRunner(data=data, limits=limits,
                                        signature=signature if returns else None,
                                        output_type=output_type if returns else None)
        self._sources = [_source(t) for t in tools]
        if any(s[0] == TOOL_NAME for s in self._sources):
            raise ValueError(M.name_clash(TOOL_NAME))
        self._calls = itertools.count(1)
        self._returned: list = []  # the value a program of this turn returned
        self._failed: list = []  # the ProgramFailed of a program of this turn that called fail
        described = [build(None) for _, build in self._sources]
        self.instructions = common.instructions(
            data=data, signature=common.shown_signature(output_type), returns=returns)
        self.tool = FunctionTool(name=TOOL_NAME,
                                 description=common.tool_description(described, returns=returns),
                                 params_json_schema=common.tool_parameters(),
                                 on_invoke_tool=self._invoke, strict_json_schema=True)

    def agent_kwargs(self) -> dict:
        """What to pass to `agents.Agent`: instructions, tools and tool_use_behavior."""
        return {"instructions": self.instructions, "tools": [self.tool],
                "tool_use_behavior": self.tool_use_behavior}

    async def _invoke(self, ctx: ToolContext, raw: str) -> str:
        try:
            program = json.loads(raw).get("program")
        except (ValueError, AttributeError):
            program = None
        tools = [build(ctx) for _, build in self._sources]
        outcome = await self.runner.arun(program, tools)
        if outcome.kind == "error":
            return outcome.text
        if outcome.kind == "failed":  # ends the run in tool_use_behavior, after this turn's calls
            self._failed[:] = [common.ProgramFailed(outcome.text, outcome.value)]
            return outcome.text
        body = outcome.body
        if outcome.kind == "returned":
            if self.returns:
                self._returned[:] = [outcome.value]
                body = {**body, "note": M.RETURNED}
            else:
                body = {**body, "note": M.RETURN_NOT_ENDING}
        return common.to_json(body)

    def tool_use_behavior(self, context: RunContextWrapper, results: list) -> ToolsToFinalOutputResult:
        """The run ends when a lisp_eval program of this turn called `(return v)` or `(fail v)`."""
        if self._failed and any(r.tool.name == TOOL_NAME for r in results):
            raise self._failed.pop()
        if self._returned and any(r.tool.name == TOOL_NAME for r in results):
            return ToolsToFinalOutputResult(True, self._returned.pop())
        return ToolsToFinalOutputResult(False)


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
