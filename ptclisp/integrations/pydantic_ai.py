"""pydantic-ai: `LispMode`, a capability that folds an agent's tools into one `lisp_eval` tool.

    agent = Agent(model, output_type=Answer, capabilities=[LispMode()])

Used as pydantic-ai-harness's `CodeMode` is: the agent's tools (`tool_plain`, `tool`, toolsets,
MCP toolsets) chosen by `tools=` (all, names, or a predicate; the rest stay native) are called
from programs as `(tool/NAME {...})`, each call going through the agent's own tool manager
(argument validation, hooks, retries). The instructions teach PTC-Lisp with ptclisp's prompt;
lisp_eval's description lists the folded tools with their types; the expected output comes from
the agent's `output_type`. `def`s last for the run, and across runs given the message history
(saved in lisp_eval's return metadata). `(return v)` ends the run with v validated as the
output type; errors come back as the tool's retry prompt. Needs the `pydantic-ai` extra.
"""
from __future__ import annotations

import asyncio
import copy
import inspect
import itertools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import attrs
from pydantic_ai import ModelRetry
from pydantic_ai.agent import Agent
from pydantic_ai.capabilities import AbstractCapability
from pydantic_ai.messages import ToolCallPart, ToolReturn, ToolReturnPart
from pydantic_ai.output import NativeOutput, PromptedOutput, TextOutput, ToolOutput
from pydantic_ai.result import FinalResult
from pydantic_ai.tool_manager import ToolManager
from pydantic_ai.tools import (
    AgentDepsT, DeferredToolRequests, RunContext, ToolDefinition, ToolSelector,
    matches_tool_selector,
)
from pydantic_ai.toolsets import AbstractToolset, WrapperToolset
from pydantic_ai.toolsets.abstract import ToolsetTool
from pydantic_core import SchemaValidator, core_schema
from pydantic_graph import End

from .. import Limits, ToolError
from . import common
from . import messages as M

__all__ = ["LispMode", "TOOL_NAME", "STATE_KEY"]

TOOL_NAME = common.TOOL_NAME
STATE_KEY = "ptclisp_memory"  # lisp_eval's return metadata: the defs, as EDN text
_NATIVE_KINDS = frozenset({"tool-search", "capability-load"})  # framework control tools
_ARGS_VALIDATOR = SchemaValidator(core_schema.typed_dict_schema(
    {"program": core_schema.typed_dict_field(core_schema.str_schema())}))


@attrs.define
class _RunState:
    """One run's lisp_eval: the conversation's defs, and the value a program returned."""

    runner: common.LispRunner
    restored: bool = False  # message history looked at for saved defs
    output: object = None
    returned: bool = False
    calls: itertools.count = attrs.Factory(itertools.count)


@dataclass
class LispMode(AbstractCapability[AgentDepsT]):
    """Capability exposing selected tools as `(tool/NAME ...)` inside one `lisp_eval` tool."""

    tools: ToolSelector[AgentDepsT] = "all"
    """Which tools are folded: "all", a list of names, a metadata dict, or a predicate
    `(ctx, tool_def) -> bool`; the others stay native tools."""
    max_retries: int = 3
    """How many failed programs in a row lisp_eval allows before the run fails."""
    data: Mapping | None = None
    """Values programs read as `data/NAME` (listed in the instructions with samples)."""
    limits: Limits | None = None
    """The walls of each program (ptclisp.Limits; `isolation="process"` for a worker process)."""
    returns: bool = True
    """`(return v)` ends the run with v as the output; False: the model answers as usual."""
    output_type: Any = None
    """What `(return v)` is validated as; by default the agent's own `output_type`."""
    catalog_budget: int | None = None
    """Tokens the folded tools may take in lisp_eval's description; past it the run's prompt
    ranks them: the likeliest in full, an index of the others (ptclisp.host.catalog)."""
    _agent_output: Any = field(default=None, repr=False)
    _validators: list = field(default_factory=list, repr=False)
    _state: _RunState | None = field(default=None, repr=False)

    def for_agent(self, agent) -> "LispMode[AgentDepsT]":
        """Bind to an agent: its output type gives the expected output."""
        bound = copy.copy(self)
        bound._agent_output = getattr(agent, "output_type", None)
        # @agent.output_validator functions check a returned value as they check final_result's
        # (pydantic-ai keeps them on the agent only, no public accessor; the list itself, since
        # validators are registered after the agent, and so this capability, is made)
        bound._validators = getattr(agent, "_output_validators", [])
        return bound

    async def for_run(self, ctx: RunContext[AgentDepsT]) -> "LispMode[AgentDepsT]":
        """A fresh instance per run: its own defs and returned value."""
        run = copy.copy(self)
        checked = self.returns  # without returns a returned value only comes back to the model
        run._state = _RunState(common.LispRunner(
            data=self.data, limits=self.limits, signature=self._signature() if checked else None,
            output_type=self._output() if checked else None))
        return run

    def _output(self):
        spec = self.output_type if self.output_type is not None else self._agent_output
        return _output_types(spec)

    def _signature(self) -> str | None:
        return common.output_signature(self._output())

    def get_instructions(self) -> str:
        """ptclisp's PTC-Lisp prompt, the data and the expected output (and, when the agent
        has an output tool, that `(return v)` is the answer)."""
        text = common.instructions(data=self.data, returns=self.returns,
                                   signature=common.shown_signature(self._output()))
        if self.returns and _has_output_tool(self.output_type if self.output_type is not None
                                             else self._agent_output):
            text += "\n\n" + M.RETURN_NOT_OUTPUT_TOOL
        return text

    def get_wrapper_toolset(self, toolset: AbstractToolset[AgentDepsT]) -> AbstractToolset[AgentDepsT]:
        """The agent's tools with the selected ones folded into lisp_eval."""
        return _LispToolset(toolset, mode=self)

    async def after_node_run(self, ctx: RunContext[AgentDepsT], *, node, result):
        """End the run after the tool calls of a step in which a program returned."""
        state = self._state
        if state is None or not state.returned or not Agent.is_model_request_node(result):
            return result
        state.returned = False
        ctx.messages.append(result.request)  # the tool returns: no dangling calls in history
        return End(FinalResult(state.output))


@dataclass
class _LispEvalTool(ToolsetTool[AgentDepsT]):
    """lisp_eval, with the tools it folds as this step resolved them."""

    folded: dict = field(default_factory=dict)


@dataclass
class _LispToolset(WrapperToolset[AgentDepsT]):
    """The wrapped toolset's native tools plus lisp_eval over the folded ones."""

    mode: LispMode | None = field(default=None, kw_only=True)

    async def get_tools(self, ctx: RunContext[AgentDepsT]) -> dict[str, ToolsetTool[AgentDepsT]]:
        """Native tools as they are, the folded ones only inside lisp_eval's description."""
        tools = await self.wrapped.get_tools(ctx)
        folded, native = {}, {}
        for name, tool in tools.items():
            target = folded if await self._folds(ctx, tool.tool_def) else native
            target[name] = tool
        if TOOL_NAME in native:
            raise ValueError(M.name_clash(TOOL_NAME))
        described = [common.folded_tool(n, t.tool_def.description, t.tool_def.parameters_json_schema,
                                        _no_call, t.tool_def.return_schema, _function(n, t),
                                        t.tool_def.metadata)
                     for n, t in folded.items()]
        definition = ToolDefinition(
            name=TOOL_NAME, parameters_json_schema=common.tool_parameters(),
            description=common.tool_description(described, returns=self.mode.returns,
                                                mission=_prompt_text(ctx),
                                                catalog_budget=self.mode.catalog_budget),
            sequential=True)
        native[TOOL_NAME] = _LispEvalTool(toolset=self, tool_def=definition,
                                          max_retries=self.mode.max_retries,
                                          args_validator=_ARGS_VALIDATOR, folded=folded)
        return native

    async def _folds(self, ctx, tool_def: ToolDefinition) -> bool:
        if tool_def.kind != "function" or getattr(tool_def, "tool_kind", None) in _NATIVE_KINDS:
            return False
        if getattr(tool_def, "unless_native", None) or not ctx.is_tool_available(tool_def):
            return False
        return await matches_tool_selector(self.mode.tools, ctx, tool_def)

    async def call_tool(self, name: str, tool_args: dict[str, Any], ctx: RunContext[AgentDepsT],
                        tool: ToolsetTool[AgentDepsT]) -> Any:
        """Run lisp_eval's program, or pass a native tool's call through."""
        if not isinstance(tool, _LispEvalTool):
            return await self.wrapped.call_tool(name, tool_args, ctx, tool)
        state = self.mode._state
        if not state.restored:
            state.restored = True
            await _restore(state.runner, ctx.messages)
        outcome = await state.runner.arun(tool_args.get("program"), self._folded(ctx, tool, state))
        if outcome.kind == "error":
            raise ModelRetry(outcome.text)
        if outcome.kind == "failed":
            raise common.ProgramFailed(outcome.text, outcome.value)
        body = outcome.body
        if outcome.kind == "returned":
            if self.mode.returns:
                value = outcome.value
                for validator in self.mode._validators:  # a ModelRetry: the model tries again
                    value = await validator.validate(value, ctx)
                state.output, state.returned = value, True
                body = {**body, "note": M.RETURNED}
            else:
                body = {**body, "note": M.RETURN_NOT_ENDING}
        saved = await asyncio.to_thread(state.runner.save)  # printing big defs: off the loop
        return ToolReturn(return_value=body, metadata={STATE_KEY: saved})

    def _folded(self, ctx: RunContext[AgentDepsT], tool: _LispEvalTool, state: _RunState) -> list:
        """The folded tools as ptclisp Tools calling back through a nested tool manager."""
        parent = ctx.tool_manager
        manager = ToolManager(toolset=self.wrapped, ctx=ctx, tools=tool.folded,
                              root_capability=parent.root_capability if parent else None)
        parent_id = ctx.tool_call_id or TOOL_NAME
        out = []
        for name, inner in tool.folded.items():
            call = _caller(manager, name, parent_id, state.calls)
            definition = inner.tool_def
            out.append(common.folded_tool(name, definition.description,
                                          definition.parameters_json_schema, call,
                                          definition.return_schema, _function(name, inner)))
        return out


def _caller(manager: ToolManager, name: str, parent_id: str, counter):
    """The async callable a folded tool runs: one call through the tool manager."""

    async def call(args, /):
        part = ToolCallPart(tool_name=name, args=dict(args or {}),
                            tool_call_id=f"{parent_id}__{next(counter)}")
        try:
            result = await manager.handle_call(part, wrap_validation_errors=False)
        except Exception as e:  # validation errors, ModelRetry, the tool's own exceptions
            raise ToolError(M.tool_failed(common.lisp_name(name), _reason(e)), tool=name) from None
        if isinstance(result, ToolReturn):
            return result.return_value
        if type(result).__name__ == "ToolDenied":
            raise ToolError(M.tool_denied(common.lisp_name(name), str(getattr(result, "message", ""))))
        return result

    return call


def _reason(error: Exception) -> str:
    """An exception as one line the model can act on."""
    inner = getattr(error, "tool_retry", None)  # ToolRetryError: the retry prompt's content
    content = getattr(inner, "content", None)
    if isinstance(content, list):
        return "; ".join(f"{'.'.join(map(str, e.get('loc', ()))) or 'args'}: {e.get('msg')}"
                         for e in content if isinstance(e, dict))[:500]
    text = str(content if content is not None else error) or type(error).__name__
    return " ".join(text.split())[:500]


def _output_types(spec):
    """pydantic-ai's output spec as the types a returned value may be: markers (ToolOutput,
    NativeOutput, PromptedOutput) unwrapped, lists and unions kept as lists, DeferredToolRequests
    left out; None when an item is an output function or TextOutput (those pydantic-ai runs
    itself: a returned value is then not checked here)."""
    if isinstance(spec, (list, tuple)):
        parts = [_output_types(x) for x in spec if x is not DeferredToolRequests]
        return None if any(p is None for p in parts) else \
            [m for p in parts for m in common.output_members(p)]
    if isinstance(spec, ToolOutput):
        return _output_types(spec.output)
    if isinstance(spec, (NativeOutput, PromptedOutput)):
        return _output_types(spec.outputs)
    if isinstance(spec, TextOutput) or inspect.isfunction(spec) or inspect.ismethod(spec):
        return None
    return spec


def _has_output_tool(spec) -> bool:
    """True when the output spec gives the model an output tool (final_result) beside lisp_eval:
    a structured type in pydantic-ai's default tool mode."""
    if spec is None or spec is str:
        return False
    if isinstance(spec, (list, tuple)):
        return any(_has_output_tool(x) for x in spec if x is not DeferredToolRequests)
    if isinstance(spec, (NativeOutput, PromptedOutput, TextOutput)):
        return False
    return any(m is not str for m in common.output_members(spec))


def _function(name: str, tool: ToolsetTool):
    """The Python function behind a function-toolset tool (its annotations type the result)."""
    tools = getattr(tool.toolset, "tools", None)
    held = tools.get(getattr(tool, "original_name", None) or name) if isinstance(tools, dict) else None
    return getattr(held, "function", None)


def _no_call(args, /):  # descriptions only: never called
    raise NotImplementedError


async def _restore(runner: common.LispRunner, messages) -> None:
    """Take the defs of the last lisp_eval in the message history, if any: read in a worker
    thread (a large saved text does not stall the event loop); a damaged or tampered one is
    treated as absent (runner.restore logs a warning)."""
    for message in reversed(messages or ()):
        for part in reversed(getattr(message, "parts", None) or ()):
            meta = getattr(part, "metadata", None)
            if (isinstance(part, ToolReturnPart) and part.tool_name == TOOL_NAME
                    and isinstance(meta, dict) and STATE_KEY in meta):
                await asyncio.to_thread(runner.restore, meta[STATE_KEY])
                return


def _prompt_text(ctx) -> str | None:
    """The run's user prompt as text (what ranks a big catalog), None when it is not text."""
    prompt = getattr(ctx, "prompt", None)
    if isinstance(prompt, str):
        return prompt
    if isinstance(prompt, (list, tuple)):
        return " ".join(p for p in prompt if isinstance(p, str)) or None
    return None
