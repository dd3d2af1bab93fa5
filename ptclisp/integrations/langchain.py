"""LangChain / LangGraph: one `lisp_eval` BaseTool over LangChain tools or plain callables.

    lisp = lisp_tool([get_users, score], output_type=Admins)
    agent = create_agent(lisp.chat_model(model), [lisp], system_prompt=lisp.instructions)

`lisp` is a BaseTool (sync and async) whose programs call the folded tools as
`(tool/NAME {...})`, each through the tool's own `invoke`/`ainvoke`. Program errors come back as
an error ToolMessage (`handle_tool_error`), as LangChain expects. `(return v)` validates v as
`output_type`, keeps it as the ToolMessage's artifact and in `lisp.output`; the chat model
wrapped by `lisp.chat_model(model)` then answers with v as JSON instead of asking the provider,
so the agent loop (`langchain.agents.create_agent`, or LangGraph's older
`create_react_agent`) ends right there, without another model call. One LispTool serves many
conversations: each keeps its own `def`s, found through the ids of its model turns in the graph
state that ToolNode injects (parallel calls of one turn merge their defs); called alone, without
a graph state, the tool has one conversation. Needs the `langchain` extra.
"""
from __future__ import annotations

import json
import threading
from collections.abc import Iterable, Mapping
from typing import Annotated, Any

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, ToolMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.tools import BaseTool, ToolException
from langgraph.prebuilt import InjectedState
from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from .. import Limits, Tool, ToolError
from . import common
from . import messages as M

__all__ = ["LispTool", "ReturningChatModel", "lisp_tool", "TOOL_NAME"]

TOOL_NAME = common.TOOL_NAME
RETURNED_KEY = "ptclisp_returned"  # in a lisp_eval ToolMessage's artifact: the returned value


def lisp_tool(tools: Iterable, *, data: Mapping | None = None, output_type=None,
              limits: Limits | None = None, returns: bool = True, mission: str | None = None,
              catalog_budget: int | None = None,
              max_conversations: int = common.MAX_CONVERSATIONS) -> "LispTool":
    """A LispTool folding `tools` (LangChain tools, ptclisp Tools or plain callables); mission:
    the task's text, which ranks the tools shown in full past catalog_budget tokens;
    max_conversations: conversations whose defs are kept (the least recently used dropped)."""
    tools = list(tools)
    signature = common.output_signature(output_type)
    conversations = common.Conversations(lambda: common.LispRunner(
        data=data, limits=limits, signature=signature if returns else None,
        output_type=output_type if returns else None), max_conversations)
    sources = [_source(t) for t in tools]
    if any(name == TOOL_NAME for name, _ in sources):
        raise ValueError(M.name_clash(TOOL_NAME))
    described = [build(False) for _, build in sources]
    return LispTool(description=common.tool_description(described, returns=returns,
                                                        mission=mission,
                                                        catalog_budget=catalog_budget),
                    conversations=conversations, sources=sources, returns=returns,
                    instructions=common.instructions(
                        data=data, signature=common.shown_signature(output_type), returns=returns))


class LispArgs(BaseModel):
    """lisp_eval's arguments: the program (what the model writes), and the graph state
    LangGraph's ToolNode injects (its messages find the conversation)."""

    program: str = Field(description=M.PROGRAM_PARAM)
    state: Annotated[Any, InjectedState] = None


class LispTool(BaseTool):
    """lisp_eval for LangChain conversations: the tool, its instructions, each conversation's
    state (found through the conversation's messages that LangGraph's ToolNode injects)."""

    model_config = ConfigDict(arbitrary_types_allowed=True)
    name: str = TOOL_NAME
    description: str = M.TOOL_DESCRIPTION
    args_schema: Any = LispArgs
    response_format: str = "content_and_artifact"
    handle_tool_error: Any = True  # a program's error is the ToolMessage the model reads
    conversations: Any = None
    sources: list = Field(default_factory=list)
    returns: bool = True
    instructions: str = ""
    output: Any = None  # the last value a program returned, validated as the output type
    direct: Any = None  # the one conversation of calls made without a graph state
    _lock: Any = PrivateAttr(default_factory=threading.Lock)

    @property
    def tool_call_schema(self) -> dict:
        """What the model is shown: {"program": string} (the injected state left out)."""
        return common.tool_parameters()

    def _run(self, program: str = None, state=None, run_manager=None, **_: Any) -> tuple:
        conversation = self.conversation(state)
        tools = [build(False) for _, build in self.sources]
        return self._answer(conversation.runner.run(program, tools))

    async def _arun(self, program: str = None, state=None, run_manager=None, **_: Any) -> tuple:
        conversation = self.conversation(state)
        tools = [build(True) for _, build in self.sources]
        return self._answer(await conversation.runner.arun(program, tools))

    def conversation(self, state) -> common.Conversation:
        """The conversation a call belongs to, found by the ids of its model turns (LangGraph
        gives every message one): the one this turn or an earlier one of its messages used,
        else a new one. Without a graph state or message ids (the tool called alone): the
        tool's one direct conversation."""
        messages = state.get("messages") if isinstance(state, Mapping) else \
            getattr(state, "messages", None)
        turns = _turn_keys(messages) if isinstance(messages, list) else []
        with self._lock:
            if not turns:
                if self.direct is None:
                    self.direct = self.conversations.new()
                return self.direct
            found = self.conversations.find(turns)
            if found is None:
                if _had_lisp_eval(messages):  # its state was dropped (max_conversations)
                    common.log.warning(M.CONVERSATION_FORGOTTEN)
                found = self.conversations.new()
            self.conversations.bind(turns[0], found)  # the turn's other calls find it too
            return found

    def _answer(self, outcome: common.Outcome) -> tuple:
        if outcome.kind == "error":
            raise ToolException(outcome.text)
        if outcome.kind == "failed":
            raise common.ProgramFailed(outcome.text, outcome.value)
        body, artifact = outcome.body, None
        if outcome.kind == "returned":
            self.output = outcome.value
            if self.returns:
                body, artifact = {**body, "note": M.RETURNED}, {RETURNED_KEY: outcome.value}
            else:
                body = {**body, "note": M.RETURN_NOT_ENDING}
        return common.to_json(body), artifact

    def chat_model(self, model) -> "ReturningChatModel":
        """`model`, answering with the returned value once a program returned (ends the loop)."""
        return ReturningChatModel(inner=model)


def _turn_keys(messages: list) -> list:
    """The keys of a conversation's model turns, the latest (whose calls run now) first: [] when
    the latest has no id."""
    ais = [m for m in reversed(messages) if isinstance(m, AIMessage)]
    if not ais or not ais[0].id:
        return []
    return [("turn", m.id) for m in ais if m.id]


def _had_lisp_eval(messages: list) -> bool:
    """True when a conversation's messages hold a lisp_eval result (it used lisp_eval)."""
    return any(isinstance(m, ToolMessage) and m.name == TOOL_NAME for m in messages)


def returned_value(messages) -> tuple[bool, Any]:
    """(True, value) when the trailing tool messages hold a lisp_eval return."""
    for m in reversed(list(messages)):
        if not isinstance(m, ToolMessage):
            break
        artifact = getattr(m, "artifact", None)
        if m.name == TOOL_NAME and isinstance(artifact, dict) and RETURNED_KEY in artifact:
            return True, artifact[RETURNED_KEY]
    return False, None


class ReturningChatModel(BaseChatModel):
    """A chat model that, after a lisp_eval return, answers with the value (as JSON) itself."""

    model_config = ConfigDict(arbitrary_types_allowed=True)
    inner: Any = None  # the provider's chat model, or it with tools bound

    @property
    def _llm_type(self) -> str:
        return "ptclisp-returning"

    def bind_tools(self, tools, **kwargs) -> "ReturningChatModel":
        """The inner model with the tools bound, still answering returns itself."""
        return ReturningChatModel(inner=self.inner.bind_tools(tools, **kwargs))

    def _generate(self, messages, stop=None, run_manager=None, **kwargs) -> ChatResult:
        done, value = returned_value(messages)
        if done:
            return _final(value)
        return _result(self.inner.invoke(messages, stop=stop, **kwargs))

    async def _agenerate(self, messages, stop=None, run_manager=None, **kwargs) -> ChatResult:
        done, value = returned_value(messages)
        if done:
            return _final(value)
        return _result(await self.inner.ainvoke(messages, stop=stop, **kwargs))


def _final(value) -> ChatResult:
    plain = value.model_dump(mode="json") if hasattr(value, "model_dump") else value
    text = plain if isinstance(plain, str) else json.dumps(plain, ensure_ascii=False, default=str)
    return ChatResult(generations=[ChatGeneration(message=AIMessage(content=text))])


def _result(message) -> ChatResult:
    return ChatResult(generations=[ChatGeneration(message=message)])


def _source(tool) -> tuple:
    """(name, build(is_async) -> ptclisp Tool) for one folded tool."""
    if isinstance(tool, BaseTool):
        schema = tool.get_input_jsonschema() if tool.args_schema is not None else None

        def build(is_async: bool, tool=tool, schema=schema) -> Tool:
            sync_missing = getattr(tool, "func", True) is None  # a coroutine-only StructuredTool
            call = _async_caller(tool) if is_async or sync_missing else _sync_caller(tool)
            return common.folded_tool(tool.name, tool.description, schema, call)
        return tool.name, build
    if isinstance(tool, Tool):
        return tool.name, lambda is_async: tool
    if callable(tool):
        made = Tool(tool)
        return made.name, lambda is_async: made
    raise TypeError(M.not_a_tool(repr(tool)))


def _plain(args) -> dict:
    return dict(args or {})


def _sync_caller(tool: BaseTool):
    def call(args, /):
        try:
            return tool.invoke(_plain(args))
        except Exception as e:
            raise ToolError(M.tool_failed(common.lisp_name(tool.name), str(e) or type(e).__name__),
                            tool=tool.name) from None
    return call


def _async_caller(tool: BaseTool):
    async def call(args, /):
        try:
            return await tool.ainvoke(_plain(args))
        except Exception as e:
            raise ToolError(M.tool_failed(common.lisp_name(tool.name), str(e) or type(e).__name__),
                            tool=tool.name) from None
    return call
