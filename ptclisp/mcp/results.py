"""What lisp_eval answers: a run's Result as the text a model acts on, as an MCP tool result.

- ok / returned: the value (at most RESULT_ITEMS items per collection, RESULT_CHARS characters,
  saying when cut), then what the program printed (within PRINTS_CHARS), then in a kept session
  the names its `def`s created or changed.
- error: an MCP tool error whose text is `format_error_for_llm`'s (kind, line and column, the
  line with a caret, the hint), never a Python traceback.
- failed (the program called `fail`): a tool error saying so, with the value it failed with.
"""
from __future__ import annotations

from mcp.types import CallToolResult, TextContent

from .. import Result
from ..llm import cut_text, format_error_for_llm, format_execution_result, memory_feedback
from . import messages as M

__all__ = ["tool_result", "error_result", "argument_error"]

RESULT_ITEMS = 100  # items per collection in the value shown
RESULT_CHARS = 8_000  # characters of the value shown
PRINTS_CHARS = 8_000  # characters of printed output shown
ERROR_CHARS = 1_000  # characters of an error shown
MEMORY_CHARS = 2_000  # characters of the memory section (kept sessions)


def tool_result(result: Result, *, memory_before=None, kept: bool = False) -> CallToolResult:
    """The MCP answer for one run (memory_before: the session's memory before it, if kept)."""
    if result.error is not None:
        return error_result(format_error_for_llm(result.error, max_chars=ERROR_CHARS))
    if result.status == "failed":
        value, _ = format_execution_result(result.value, feedback_max_chars=300)
        return error_result(format_error_for_llm(
            {"kind": M.FAILED_KIND, "message": M.failed(value), "hint": M.HINT_FAILED}))
    parts = [_value_text(result)]
    if result.prints:
        printed, cut = cut_text("\n".join(str(p) for p in result.prints), PRINTS_CHARS)
        parts += [M.PRINTED, printed] + ([M.PRINTS_CUT] if cut else [])
    if kept:
        memory = memory_feedback(memory_before, result.memory, max_chars=MEMORY_CHARS)
        if memory.changed and memory.text:
            parts.append(memory.text)
    return _text(("\n".join(parts)), is_error=False)


def _value_text(result: Result) -> str:
    text, cut = format_execution_result(result.value, feedback_limit=RESULT_ITEMS,
                                        feedback_max_chars=RESULT_CHARS)
    lines = [text]
    if cut:
        lines.append(M.RESULT_CUT)
    if result.status == "returned":
        lines.append(M.RETURNED)
    return "\n".join(lines)


def error_result(text: str) -> CallToolResult:
    """An MCP tool error (isError) with this text."""
    return _text(text, is_error=True)


def argument_error(message: str, hint: str) -> CallToolResult:
    """A tool error for lisp_eval arguments of the wrong shape, in the same format as others."""
    return error_result(format_error_for_llm(
        {"kind": M.ARGUMENT_ERROR, "message": message, "hint": hint}))


def _text(text: str, *, is_error: bool) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=text)], is_error=is_error)
