"""Tool results as the model gets them: JSON bodies and the provider's message shapes.

A result body is a JSON object whose one text, `feedback`, is what the model reads. Success:
`{"status": "ok", "feedback": F}`, F the data blocks of the value preview (`user=> ...`, left
out for nil and for a def), the prints and the memory changes (`;; name = preview`, or `Stored:
...`) after the preamble; `{"status": "ok"}` when there is none of them. Error: `{"status":
"error", "reason": R, "feedback": F}`, R one of REASONS, F the message as a data block (it may
quote a tool's output or a value) or, for a protocol error in our own words, the message as
it is. Every text a program or tool wrote is in a data block, once: the body carries no raw
copy beside it (each fact once, about a third of the tokens a body took when it repeated the
prints, the value and the memory previews as their own fields). Every text a body carries is
valid UTF-8 (lone surrogates become U+FFFD), so the provider's client can always send it.
"""
from __future__ import annotations

import json

from ..errors import LimitExceeded, ReadError
from ..lang.printer import format_value
from . import messages as M
from .envelope import error_feedback, execution_feedback
from .feedback import format_error_for_llm

__all__ = ["REASONS", "success_body", "error_body", "classify", "to_json", "clean_text",
           "tool_output", "assemble"]

REASONS = ("parse_error", "runtime_error", "timeout", "memory_limit", "args_error", "fail",
           "validation_error", "unknown_tool", "multiple_tool_calls", "mixed_with_lisp_eval")
_FAIL_PREVIEW_ITEMS = 50


def clean_text(text: str) -> str:
    """text, with anything UTF-8 cannot carry (lone surrogates) replaced by U+FFFD."""
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogatepass").decode("utf-8", "replace")


def to_json(body) -> str:
    """A body as compact JSON text, valid UTF-8."""
    return clean_text(json.dumps(body, ensure_ascii=False, default=str))


def success_body(result, memory_before) -> dict:
    """The body of a program that ran: value preview, prints and memory changes, enveloped."""
    fb = execution_feedback(result.value, prints=result.prints, memory_before=memory_before,
                            memory_after=result.memory, result_with_prints=True)
    return {"status": "ok", "feedback": fb.text} if fb.text else {"status": "ok"}


def error_body(reason: str, message: str, *, ours: bool = False) -> dict:
    """The body of an error: its reason and the message, enveloped as data (it may quote tool
    output), or as it is when ours (a protocol error in our own words)."""
    return {"status": "error", "reason": reason,
            "feedback": message if ours else error_feedback(message)}


def fail_body(value) -> dict:
    """The body of a program that called (fail value)."""
    text = format_value(value, limit=_FAIL_PREVIEW_ITEMS, max_chars=500)
    return error_body("fail", M.program_failed(text))


def classify(error) -> str:
    """The reason of a program's error."""
    if isinstance(error, ReadError):
        return "parse_error"
    if isinstance(error, LimitExceeded):
        return {"timeout": "timeout", "max_memory_mb": "memory_limit"}.get(error.limit,
                                                                           "runtime_error")
    if getattr(error, "code", None) == "signature":
        return "validation_error"
    return "runtime_error"


def program_error_body(error) -> dict:
    """The body of a program that ended in an error."""
    return error_body(classify(error), format_error_for_llm(error))


# ---------------------------------------------------------------- provider shapes

def tool_output(provider: str, call, body: dict) -> dict:
    """One call's result item: a chat tool message, a responses output item or a tool_result."""
    text = to_json(body)
    if provider == "openai":
        return {"role": "tool", "tool_call_id": call.id, "content": text}
    if provider == "anthropic":
        block = {"type": "tool_result", "tool_use_id": call.id, "content": text}
        if isinstance(body, dict) and body.get("status") == "error":
            block["is_error"] = True
        return block
    kind = "custom_tool_call_output" if call.kind == "custom" else "function_call_output"
    return {"type": kind, "call_id": call.id, "output": text}


def assemble(provider: str, outputs: list, feedback: str | None) -> list:
    """The messages to append after the assistant turn: results first, then any feedback."""
    feedback = clean_text(feedback) if feedback else None
    if provider == "anthropic":
        blocks = list(outputs) + ([{"type": "text", "text": feedback}] if feedback else [])
        if not blocks:
            return []
        return [{"role": "user", "content": blocks if outputs else feedback}]
    return list(outputs) + ([{"role": "user", "content": feedback}] if feedback else [])
