"""One agent conversation, one model reply at a time: the loop of `Agent` and of step mode.

`Conversation.start` builds the system prompt and the first message (context and mission);
`feed(reply)` takes one whole model reply (text, or an OpenAI chat assistant message with
`tool_calls`), runs it in the session, appends the reply and the feedback to `messages` and
records the turn. The conversation ends on `(return v)`/`(fail v)` or a final answer
("ok"/"failed"), on the turn budget ("max_turns"), or when the host ends it ("error"). A
signature mismatch is fed back like any error; after the last work turn it may use one of
`retry_turns` extra turns. Nothing the model sends raises out of `feed`. `to_state` and
`from_state` carry a conversation between stateless requests (the session is saved apart).
"""
from __future__ import annotations

import json
import logging
from collections.abc import Mapping

import attrs

from ..llm import (
    ExtractionError, context_message, cut_text, error_feedback, format_error_for_llm,
    handle_response, parse, request_tools, strip_thinking, system_prompt, truncate_for_history,
    turn_feedback, turn_info,
)
from ..llm import messages as LM
from ..llm.lisp_tool import TOOL_NAME
from ..lang.printer import format_value
from ..host.door import to_python
from ..lang.values import Var
from . import messages as M
from .trace import Trace, TurnRecord, prompt_size, tool_call_entry

__all__ = ["Conversation", "MAX_REPLY_CHARS"]

log = logging.getLogger("ptclisp.agent")

MAX_REPLY_CHARS = 100_000  # a longer reply is not run (models that dump data back)
HISTORY_REPLY_CHARS = 4_000  # what the transcript keeps of an over-long reply


@attrs.define
class Conversation:
    """The state of one conversation between a model and a session."""

    session: object
    transport: str
    max_turns: int
    retry_turns: int = 0
    messages: list = attrs.Factory(list)
    turn: int = 0
    status: str = "running"  # "running" | "ok" | "failed" | "max_turns" | "error"
    answer: object = None
    message: str | None = None  # why it ended, when not "ok"
    retries_left: int = 0
    tool_calls: list = attrs.Factory(list)  # the app-tool log (plain data)
    usage: dict = attrs.Factory(dict)  # token counts summed over turns
    trace: Trace = attrs.Factory(Trace)
    last_problem: str | None = None
    mission: str | None = None  # ranks a big upstream catalog in lisp_eval's description
    catalog_budget: int | None = None

    @classmethod
    def start(cls, session, mission: str, *, transport: str = "content", max_turns: int = 8,
              retry_turns: int = 0, catalog_budget: int | None = None) -> "Conversation":
        """A new conversation: the system prompt and the first message (catalog_budget: see
        ptclisp.host.catalog)."""
        profile = "single_shot" if max_turns == 1 else "multi_turn"
        upstreams = getattr(session, "upstreams", None)
        catalog = None  # the tool transports carry it in lisp_eval's description
        if upstreams is not None and transport == "content":
            catalog = upstreams.catalog_text(mission=mission, budget=catalog_budget)
        messages = [
            {"role": "system",
             "content": system_prompt(transport=transport, profile=profile, catalog=catalog)},
            {"role": "user", "content": context_message(session, mission, transport=transport,
                                                        catalog_budget=catalog_budget)},
        ]
        return cls(session, transport, max_turns, retry_turns, messages,
                   retries_left=retry_turns, mission=mission, catalog_budget=catalog_budget)

    @property
    def running(self) -> bool:
        """True until the conversation has ended."""
        return self.status == "running"

    def tools(self) -> list | None:
        """The request's native tools (OpenAI chat shape); None in content mode."""
        if self.transport == "content":
            return None
        return request_tools(self.transport, session=self.session, provider="openai", taught=True,
                             mission=self.mission, catalog_budget=self.catalog_budget)

    def end(self, status: str, message: str | None) -> None:
        """End the conversation from outside (the host's llm failed)."""
        self.status, self.message = status, message

    # ------------------------------------------------------------ one turn

    def feed(self, reply, *, llm_seconds: float = 0.0) -> TurnRecord:
        """Run one model reply; append it and the feedback; record the turn. Never raises."""
        self.turn += 1
        chars, tokens = prompt_size(self.messages)
        rec = TurnRecord(self.turn, prompt_chars=chars, prompt_messages=len(self.messages),
                         prompt_tokens_estimate=tokens, llm_seconds=round(llm_seconds, 6))
        try:
            retry = self._turn(reply, rec)
        except Exception:  # a bug of ours or of the host's tools: the run ends, it does not raise
            log.exception("agent turn %d failed", self.turn)
            rec.status, rec.error = "error", LM.INTERNAL_ERROR
            self.end("error", LM.INTERNAL_ERROR)
            retry = False
        self._budget(rec, retry)
        self.trace.turns.append(rec)
        log.info("turn %d: %s", rec.turn, rec.status)
        return rec

    def _turn(self, reply, rec: TurnRecord) -> bool:
        """Handle the reply; True when it ended in a signature mismatch (a retry is due)."""
        message, problem = _read_reply(reply)
        rec.usage = message.pop("usage", None) or {}
        self._add_usage(rec.usage)
        rec.reply_chars = prompt_size([message])[0]
        if problem is not None:
            self.messages.append({"role": "assistant", "content": ""})
            return self._error(rec, problem, M.llm_bad_type(problem_kind(reply)))
        content = message.get("content") or ""
        if rec.reply_chars > MAX_REPLY_CHARS and (self.transport == "content"
                                                  or not message.get("tool_calls")):
            self.messages.append(_compact(message))
            return self._error(rec, M.reply_too_long(rec.reply_chars, MAX_REPLY_CHARS))
        self.messages.append(_compact(message))
        if self.transport == "content":
            return self._content(content, rec)
        return self._tool_turn(message, rec)

    def _content(self, text: str, rec: TurnRecord) -> bool:
        try:
            program = parse(text)
        except ExtractionError as e:
            return self._error(rec, format_error_for_llm(e))
        rec.program = program
        single = self.max_turns == 1
        before = dict(self.session.memory)
        result = self.session.run(program, final=single)
        self._record_run(rec, result)
        if result.status == "error":
            return self._error(rec, result.error, signature=result.error.code == "signature")
        if result.status == "returned" or (single and result.status == "ok"):
            self._finish(rec, "ok", result.to_python())
        elif result.status == "failed":
            self._finish(rec, "failed", result.to_python(), format_value(result.value))
        else:
            text = turn_feedback(result.value, turn=self.turn, max_turns=self.max_turns,
                                 prints=result.prints, memory_before=before,
                                 memory_after=self.session.memory, **self._retry_args())
            self._say(text)
        return False

    def _tool_turn(self, message: dict, rec: TurnRecord) -> bool:
        calls = message.get("tool_calls") or []
        step = handle_response(message, self.session, provider="openai", mode=self.transport)
        self.messages.extend(step.messages)
        rec.repairs = list(step.repairs)
        rec.program = _program_of(calls)
        self._record_natives(rec, step.native_calls)
        if step.result is not None:
            self._record_run(rec, step.result)
        if step.status == "ok":
            self._finish(rec, "ok", step.answer)
            return False
        if step.status == "failed":
            self._finish(rec, "failed", step.answer, json.dumps(step.answer, default=str))
            return False
        if self._single_shot_value(step.result):  # one program: its last value is the answer
            self._finish(rec, "ok", step.result.to_python())
            return False
        error = step.result.error if step.result is not None else None
        feedback = _feedback_text(step.messages)
        problem = (format_error_for_llm(error) if error is not None
                   else _call_error(step.messages) or (feedback if not calls else None))
        if problem is not None:
            rec.status, rec.error = "error", problem
            self.last_problem = problem
        signature = (error is not None and error.code == "signature") or (
            not calls and feedback is not None and self.session.signature is not None
            and bool((message.get("content") or "").strip()))
        self._append_turn_line(signature)
        return signature

    def _single_shot_value(self, result) -> bool:
        """A single-turn tool_call run whose program ended with a value of the right shape."""
        if self.max_turns != 1 or self.transport != "tool_call" or result is None:
            return False
        signature = self.session.signature
        return result.status == "ok" and (signature is None or not signature.check(result.value))

    # ------------------------------------------------------------ endings and budget

    def _error(self, rec: TurnRecord, error, host_message: str | None = None, *,
               signature: bool = False) -> bool:
        text = error if isinstance(error, str) else format_error_for_llm(error)
        rec.status, rec.error = "error", text
        self.last_problem = host_message or text
        retry = self._retry_args(signature)
        self._say(error_feedback(text, turn=self.turn, max_turns=self.max_turns, **retry))
        return signature

    def _finish(self, rec: TurnRecord, status: str, answer, failure: str | None = None):
        rec.status, rec.result = status, truncate_for_history(answer)
        self.status, self.answer = status, answer
        self.message = M.program_failed(failure) if status == "failed" else None

    def _budget(self, rec: TurnRecord, retry: bool) -> None:
        """After the last work turn: a retry turn after a signature mismatch, or the end."""
        if not self.running or self.turn < self.max_turns:
            return
        if retry and self.retries_left > 0:
            self.retries_left -= 1
            return
        self.end("max_turns", M.out_of_turns(self.turn, self.last_problem))
        if rec.status == "continue":
            rec.status = "max_turns"

    def _retry_args(self, signature: bool = True) -> dict:
        """turn_info's retry arguments: retry lines only where a retry turn can follow."""
        left = self.retries_left if (signature or self.turn < self.max_turns) else 0
        return {"retry_turns": self.retry_turns, "retries_left": left}

    def _append_turn_line(self, signature: bool) -> None:
        line = turn_info(self.turn, self.max_turns, **self._retry_args(signature))
        if not line:
            return
        last = self.messages[-1]
        if last.get("role") == "user" and isinstance(last.get("content"), str):
            last["content"] = f"{last['content']}\n\n{line}"
        else:
            self.messages.append({"role": "user", "content": line})

    def _say(self, text: str) -> None:
        self.messages.append({"role": "user", "content": text or M.NO_OUTPUT})

    # ------------------------------------------------------------ records

    def _record_run(self, rec: TurnRecord, result) -> None:
        rec.run_seconds = round(result.duration, 6)
        rec.prints = list(result.prints)
        calls = [tool_call_entry(c) for c in result.tool_calls]
        rec.tool_calls.extend(calls)
        self.tool_calls.extend(calls)
        if result.status != "error" and type(result.value) is not Var:  # a def's var: no value
            rec.result = truncate_for_history(to_python(result.value))

    def _record_natives(self, rec: TurnRecord, calls: list) -> None:
        for call in calls:
            entry = dict(tool_call_entry(call), native=True)
            rec.tool_calls.append(entry)
            self.tool_calls.append(entry)

    def _add_usage(self, usage: dict) -> None:
        for key, value in usage.items():
            if isinstance(value, int) and not isinstance(value, bool):
                self.usage[key] = self.usage.get(key, 0) + value

    # ------------------------------------------------------------ between requests

    def to_state(self) -> dict:
        """Everything but the session, as JSON-ready data."""
        names = ("transport", "max_turns", "retry_turns", "messages", "turn", "status",
                 "answer", "message", "retries_left", "tool_calls", "usage", "last_problem",
                 "mission", "catalog_budget")
        state = {n: getattr(self, n) for n in names}
        state["trace"] = [r.to_dict() for r in self.trace.turns]
        return state

    @classmethod
    def from_state(cls, session, state: dict) -> "Conversation":
        """The conversation to_state saved, over the session loaded beside it."""
        trace = Trace([TurnRecord(**r) for r in state.pop("trace", ())])
        return cls(session, trace=trace, **state)


# ---------------------------------------------------------------- helpers

def _read_reply(reply) -> tuple[dict, str | None]:
    """(assistant message, None), or (an empty message, the model-facing problem)."""
    if reply is None:
        return {"role": "assistant", "content": ""}, None
    if isinstance(reply, str):
        return {"role": "assistant", "content": reply}, None
    if isinstance(reply, Mapping):
        message = dict(reply)
        message["role"] = "assistant"
        calls = message.pop("tool_calls", None)
        calls = [c for c in calls if isinstance(c, Mapping)] if isinstance(calls, list) else []
        if calls:  # entries that are not calls at all are dropped, so history stays well paired
            message["tool_calls"] = calls
        content = message.get("content")
        if content is not None and not isinstance(content, str):
            message["content"] = _parts_text(content)
            if message["content"] is None:
                return {"role": "assistant", "content": ""}, M.REPLY_UNREADABLE
        return message, None
    return {"role": "assistant", "content": ""}, M.REPLY_UNREADABLE


def problem_kind(reply) -> str:
    """How an unusable reply is named to the host."""
    return f"a value of type {type(reply).__name__}"


def _parts_text(content) -> str | None:
    """The text of a list of content parts, or None when it is not one."""
    if not isinstance(content, list):
        return None
    texts = [p.get("text") for p in content if isinstance(p, Mapping)]
    return "".join(t for t in texts if isinstance(t, str))


def _compact(message: dict) -> dict:
    """The reply as the transcript keeps it: thinking stripped, an over-long text cut."""
    out = {k: v for k, v in message.items() if k != "usage"}
    content = out.get("content")
    if isinstance(content, str):
        content = strip_thinking(content)
        if len(content) > HISTORY_REPLY_CHARS:
            content = cut_text(content, HISTORY_REPLY_CHARS)[0]
        out["content"] = content
    if out.get("tool_calls"):
        out["tool_calls"] = _with_ids(out["tool_calls"])
    return out


def _with_ids(calls: list) -> list:
    """Calls with the ids handle_response gives calls without one, so results pair up."""
    out, seen = [], set()
    for i, call in enumerate(calls, 1):
        id_ = call.get("id")
        if not isinstance(id_, str) or not id_ or id_ in seen:
            call = dict(call, id=f"call_{i}_missing_id")
        seen.add(call["id"])
        out.append(call)
    return out


def _program_of(calls: list) -> str | None:
    for call in calls:
        fn = call.get("function") if isinstance(call.get("function"), Mapping) else {}
        if fn.get("name") == TOOL_NAME:
            args = _json_or_text(fn.get("arguments"))
            program = args.get("program") if isinstance(args, dict) else None
            return program if isinstance(program, str) else None
    return None


def _json_or_text(raw):
    if isinstance(raw, str):
        try:
            return json.loads(raw)
        except ValueError:
            return raw
    return raw


def _call_error(messages: list) -> str | None:
    """The message of the first tool result that is an error (unknown tool, bad arguments...)."""
    for m in messages:
        if m.get("role") == "tool":
            body = _json_or_text(m.get("content"))
            if isinstance(body, dict) and body.get("status") == "error":
                return str(body.get("feedback") or body.get("reason"))
    return None


def _feedback_text(messages: list) -> str | None:
    """The text of the feedback user message handle_response added, if any."""
    for m in reversed(messages):
        if m.get("role") == "user" and isinstance(m.get("content"), str):
            return m["content"]
    return None
