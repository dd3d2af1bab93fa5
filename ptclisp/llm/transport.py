"""Handling one assistant turn of the tool-call transports: `handle_response`.

Mode "tool_call": `lisp_eval` is the only native tool. No call -> the text is the final answer
(checked against the session's return signature; fenced Lisp as text gets targeted feedback);
one `lisp_eval` -> the program runs and the turn ends on `(return v)` or `(fail v)`; an unknown
tool, bad arguments, or several calls -> paired errors, nothing runs, plus a feedback message.
Mode "combined": tools exposed "native" or "both" are native tools too; several native calls per
turn run in order (unknown ones get paired errors), `lisp_eval` must be alone in its turn, and
`(return v)` does not end the conversation: the model answers in text.

Every call id gets exactly one result, whatever the turn holds; nothing raises out of
`handle_response` for any turn (a host misuse such as an unknown provider is a ValueError).
The caller appends the assistant turn itself, then `Step.messages`.
"""
from __future__ import annotations

import logging
import time

import attrs

from ..errors import PtcError
from ..result import Result
from ..host.door import to_python
from . import messages as M
from .extract import LISP_TAGS, extract_fenced_blocks
from .feedback import format_error_for_llm
from .json_answer import final_answer
from .lisp_tool import PROVIDERS, TOOL_NAME, native_names
from .preview import build_preview
from .results import (
    assemble, error_body, fail_body, program_error_body, success_body, tool_output,
)
from .turns import Call, kind_of, read_turn

__all__ = ["Step", "handle_response"]

log = logging.getLogger("ptclisp.llm")
_MODES = ("tool_call", "combined")
_CODE_TAGS = LISP_TAGS | {"clj", "cljs", "cljc", "edn"}


@attrs.define
class Step:
    """What one assistant turn led to."""

    status: str  # "continue" | "ok" | "failed"
    answer: object = None  # the returned value or the final answer (plain Python)
    result: Result | None = None  # the Result of the program run this turn, if any
    messages: list = attrs.Factory(list)  # to append after the assistant turn
    repairs: tuple = ()  # how a JSON final answer was recovered (json_answer.py), if it was
    native_calls: list = attrs.Factory(list)  # combined mode: name, args, result, error, duration

    @property
    def done(self) -> bool:
        """True when the conversation has its answer (or has failed)."""
        return self.status != "continue"


def handle_response(turn, session, *, provider: str = "openai", mode: str = "tool_call") -> Step:
    """Handle an assistant turn (dict or SDK object) of a tool-call transport."""
    if provider not in PROVIDERS:
        raise ValueError(M.bad_choice("provider", PROVIDERS, provider))
    if mode not in _MODES:
        raise ValueError(M.bad_choice("mode", _MODES, mode))
    parsed = read_turn(turn, provider)
    try:
        if parsed.problem is not None:
            return _feedback(provider, parsed.problem)
        if not parsed.calls:
            return _final(parsed.content, session, provider)
        if mode == "tool_call":
            return _tool_call(parsed.calls, session, provider)
        return _combined(parsed.calls, session, provider)
    except Exception:  # a bug of ours or of the host: the model still gets a paired result
        log.exception("handle_response failed on a turn")
        body = error_body("runtime_error", M.INTERNAL_ERROR, ours=True)
        return _paired(provider, [(c, body) for c in parsed.calls], M.INTERNAL_ERROR)


def _feedback(provider: str, text: str) -> Step:
    return Step("continue", messages=assemble(provider, [], text))


def _paired(provider: str, pairs, feedback: str | None = None, **step) -> Step:
    outputs = [tool_output(provider, call, body) for call, body in pairs]
    return Step(step.pop("status", "continue"), messages=assemble(provider, outputs, feedback),
                **step)


# ---------------------------------------------------------------- no calls: the final answer

def _final(content, session, provider: str) -> Step:
    if content is None or not content.strip():
        return _feedback(provider, M.NO_CONTENT)
    if _has_fenced_lisp(content):
        return _feedback(provider, M.FENCED_CODE)
    answer, problem = final_answer(content, getattr(session, "signature", None))
    if problem is not None:
        return _feedback(provider, problem)
    return Step("ok", answer=answer.value, repairs=answer.repairs)


def _has_fenced_lisp(content: str) -> bool:
    return any(tag in _CODE_TAGS or (tag == "" and body.strip().startswith("("))
               for tag, body in extract_fenced_blocks(content))


# ---------------------------------------------------------------- mode "tool_call"

def _tool_call(calls: tuple, session, provider: str) -> Step:
    if len(calls) > 1:
        return _reject(calls, "multiple_tool_calls", M.MULTIPLE_CALLS, provider, feedback=True)
    call = calls[0]
    if call.name != TOOL_NAME:
        message = M.unknown_tool_only_lisp_eval(call.name, call.name.replace("_", "-"))
        return _reject(calls, "unknown_tool", message, provider, feedback=True)
    problem = _call_problem(call) or _program_problem(call.args)
    if problem is not None:
        return _reject(calls, "args_error", problem, provider, feedback=True)
    return _run_program(call, session, provider, final=True)


def _reject(calls, reason: str, message: str, provider: str, *, feedback: bool) -> Step:
    body = error_body(reason, message, ours=True)
    return _paired(provider, [(c, body) for c in calls], message if feedback else None)


def _call_problem(call: Call) -> str | None:
    if call.id_missing:
        return M.MISSING_ID
    return call.problem


def _program_problem(args) -> str | None:
    program = args.get("program") if isinstance(args, dict) else None
    if program is None:
        return M.PROGRAM_MISSING
    if not isinstance(program, str):
        return M.program_not_string(kind_of(program))
    if not program.strip():
        return M.PROGRAM_BLANK
    try:
        program.encode("utf-8")
    except UnicodeEncodeError:
        return M.NOT_UNICODE
    return None


def _run_program(call: Call, session, provider: str, *, final: bool) -> Step:
    """Run lisp_eval's program; final: (return v) and (fail v) end the conversation."""
    before = dict(session.memory)
    result = session.run(call.args["program"], final=False)
    if result.status == "error":
        return _paired(provider, [(call, program_error_body(result.error))], result=result)
    if result.status == "failed":
        status = "failed" if final else "continue"
        return _paired(provider, [(call, fail_body(result.value))], status=status,
                       answer=result.to_python() if final else None, result=result)
    body = success_body(result, before)
    if result.status == "returned" and final:
        return _paired(provider, [(call, body)], status="ok", answer=result.to_python(),
                       result=result)
    return _paired(provider, [(call, body)], result=result)


# ---------------------------------------------------------------- mode "combined"

def _combined(calls: tuple, session, provider: str) -> Step:
    lisp = [c for c in calls if c.name == TOOL_NAME]
    if len(lisp) > 1:
        return _reject(calls, "multiple_tool_calls", M.MULTIPLE_CALLS, provider, feedback=False)
    if lisp and len(calls) > 1:
        return _reject(calls, "mixed_with_lisp_eval", M.MIXED_CALLS, provider, feedback=False)
    if lisp:
        problem = _call_problem(lisp[0]) or _program_problem(lisp[0].args)
        if problem is not None:
            return _reject(lisp, "args_error", problem, provider, feedback=False)
        return _run_program(lisp[0], session, provider, final=False)
    names = native_names(session)
    log: list = []
    return _paired(provider, [(c, _timed_native(c, names, session, log)) for c in calls],
                   native_calls=log)


def _timed_native(call: Call, names: dict, session, log: list):
    """The body of one native call, with an entry in `log` (its time, its error if any)."""
    start = time.perf_counter()
    body, error = _native(call, names, session)
    log.append({"name": call.name, "args": call.args, "result": None if error else body,
                "error": error, "duration": time.perf_counter() - start})
    return body


def _native(call: Call, names: dict, session) -> tuple:
    """The body of one native app-tool call, and its error message (None when it succeeded)."""
    tool = names.get(call.name)
    if tool is None:
        known = ", ".join([*names, TOOL_NAME])
        message = M.unknown_native_tool(call.name, known)
        return error_body("unknown_tool", message, ours=True), message
    problem = _call_problem(call)
    if problem is not None:
        return error_body("args_error", problem, ours=True), problem
    try:
        value, _cached = session.tools.call_native(tool.name, call.args)
    except PtcError as e:
        reason = "args_error" if e.code in ("tool-args", "unknown-tool") else "runtime_error"
        return error_body(reason, format_error_for_llm(e)), e.message
    if tool.cache and tool.expose == "both":
        return build_preview(tool, value, call.args)[1], None
    return _plain(value), None


def _plain(value):
    """A native result as JSON data (keyword keys and values as their names)."""
    return to_python(value)
