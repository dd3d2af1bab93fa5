"""`Agent`: a model and a Session in a loop until the answer, and `AgentResult`.

`llm` is any callable `(messages, tools) -> reply`: messages are OpenAI chat dicts (the system
prompt first), tools are OpenAI chat tool definitions (None in content mode), and the reply is
the assistant's text or an assistant message dict (`content`, `tool_calls`, and optionally
`usage`: token counts). An async callable (or one returning an awaitable) works with `arun`.
The adapters in `ptclisp.agent.adapters` make such callables from the official SDK clients.
"""
from __future__ import annotations

import asyncio
import functools
import inspect
import logging
import time

import attrs

from ..limits import Limits
from ..session import Session
from . import messages as M
from ..llm import TRANSPORTS
from .conversation import Conversation
from .trace import Trace, TurnRecord

__all__ = ["Agent", "AgentResult"]

log = logging.getLogger("ptclisp.agent")
_ASK, _FEED = "ask", "feed"  # the two kinds of step of a run (Agent._steps)


@attrs.define
class AgentResult:
    """The outcome of an agent run.

    answer: the returned value or the final answer (plain JSON-shaped Python), None otherwise.
    status: "ok", "failed" (the program called fail; answer is its value), "max_turns" (no
        answer within the turn budget) or "error" (the llm callable failed).
    turns: model replies handled. messages: the whole transcript (OpenAI chat dicts).
    tool_calls: the app-tool log (name, args, result, error, duration; "native" in combined
        mode). usage: token counts summed over turns, when the provider reports them.
    trace: one TurnRecord per turn (`trace.to_jsonl()`). message: why it ended, unless "ok".
    """

    answer: object
    status: str
    turns: int
    messages: list
    tool_calls: list
    usage: dict
    trace: Trace
    message: str | None = None

    @property
    def ok(self) -> bool:
        """True when the run ended with an answer."""
        return self.status == "ok"


class Agent:
    """Runs missions: the model writes PTC-Lisp programs, a Session runs them."""

    def __init__(self, *, llm, tools=None, data=None, signature=None,
                 transport: str = "content", max_turns: int = 8, limits: Limits | None = None,
                 on_turn=None, retry_turns: int = 0, upstreams=None, string_keys: bool = False,
                 catalog_budget: int | None = None):
        """llm: the model callable (see the module). tools, data, limits, signature, upstreams,
        string_keys: as for Session. transport: "content", "tool_call" or "combined".
        catalog_budget: tokens the tools may take in the first request before only the
        mission's likeliest are shown in full, the others indexed (ptclisp.host.catalog).
        max_turns: model replies before the run ends "max_turns"; retry_turns: extra turns after the last one, only to
        fix a value that did not match the signature. on_turn: called with each TurnRecord."""
        if transport not in TRANSPORTS:
            raise ValueError(M.bad_choice("transport", TRANSPORTS, transport))
        for name, value, least in (("max_turns", max_turns, 1), ("retry_turns", retry_turns, 0)):
            if not isinstance(value, int) or isinstance(value, bool) or value < least:
                raise ValueError(M.not_positive(name, value))
        self.llm, self.tools, self.data, self.signature = llm, tools, data, signature
        self.transport, self.max_turns, self.retry_turns = transport, max_turns, retry_turns
        self.limits, self.on_turn, self.upstreams = limits, on_turn, upstreams
        self.string_keys, self.catalog_budget = string_keys, catalog_budget

    def session(self) -> Session:
        """A fresh Session with the agent's tools, data, limits and signature."""
        return Session(tools=self.tools, data=self.data, limits=self.limits,
                       signature=self.signature, upstreams=self.upstreams,
                       string_keys=self.string_keys)

    def start(self, mission: str, session: Session | None = None) -> Conversation:
        """The conversation of a mission, before the first model reply."""
        return Conversation.start(session or self.session(), mission, transport=self.transport,
                                  max_turns=self.max_turns, retry_turns=self.retry_turns,
                                  catalog_budget=self.catalog_budget)

    def run(self, mission: str, *, session: Session | None = None) -> AgentResult:
        """Run the mission to its end; bad model output ends as a status, never an exception."""
        conv = self.start(mission, session)
        steps = self._steps(conv)
        step = _advance(steps.send, None)
        while step is not None:
            kind, call = step
            if kind is _FEED:
                step = _advance(steps.send, call())
                continue
            try:
                reply = call()
            except Exception as e:
                step = _advance(steps.throw, e)
                continue
            if inspect.isawaitable(reply):
                _close(reply)
                conv.end("error", M.LLM_ASYNC_IN_RUN)
                break
            step = _advance(steps.send, reply)
        return result_of(conv)

    async def arun(self, mission: str, *, session: Session | None = None) -> AgentResult:
        """`run` for asyncio: awaits an async llm; programs run in a worker thread."""
        conv = self.start(mission, session)
        steps = self._steps(conv)
        step = _advance(steps.send, None)
        while step is not None:
            kind, call = step
            if kind is _FEED:
                step = _advance(steps.send, await asyncio.to_thread(call))
                continue
            try:
                reply = call()
                if inspect.isawaitable(reply):
                    reply = await reply
            except Exception as e:
                step = _advance(steps.throw, e)
                continue
            step = _advance(steps.send, reply)
        return result_of(conv)

    def _steps(self, conv: Conversation):
        """The turns of a run, driven by `run` and `arun`: yields (_ASK, call) to be sent the
        llm's reply (or thrown what it raised), then (_FEED, call) to be sent its TurnRecord."""
        while conv.running:
            messages, tools = _request(conv)
            start = time.perf_counter()
            try:
                reply = yield _ASK, functools.partial(self.llm, messages, tools)
            except Exception as e:
                _llm_failed(conv, e)
                return
            seconds = time.perf_counter() - start
            self._notify((yield _FEED, functools.partial(conv.feed, reply, llm_seconds=seconds)))

    def _notify(self, record: TurnRecord) -> None:
        if self.on_turn is None:
            return
        try:
            self.on_turn(record)
        except Exception:  # the host's callback must not end the run
            log.exception("on_turn raised on turn %d", record.turn)


def _advance(resume, value):
    """The run's next step after resuming its steps with value (send or throw), or None at the end."""
    try:
        return resume(value)
    except StopIteration:
        return None


def _request(conv: Conversation) -> tuple[list, list | None]:
    """Copies of the messages (the llm may not change the transcript) and the tools."""
    return [dict(m) for m in conv.messages], conv.tools()


def _llm_failed(conv: Conversation, error: Exception) -> None:
    log.exception("the llm callable raised on turn %d", conv.turn + 1)
    conv.end("error", M.llm_raised(f"{type(error).__name__}: {error}"))


def _close(awaitable) -> None:
    close = getattr(awaitable, "close", None)
    if callable(close):
        close()  # no "coroutine was never awaited" warning


def result_of(conv: Conversation) -> AgentResult:
    """The AgentResult of a conversation (ended or not)."""
    return AgentResult(conv.answer, conv.status, conv.turn, conv.messages, conv.tool_calls,
                       conv.usage, conv.trace, conv.message)
