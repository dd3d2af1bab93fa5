"""The turn-feedback envelope: execution data wrapped as untrusted data blocks, turn budgets.

Tool output reaches the model through results, prints, memory previews and error messages, and
any of them may carry text written to steer the model ("ignore previous instructions"). So
every piece is wrapped as `<untrusted_ptc_output source="result">...</untrusted_ptc_output>`
after a fixed preamble telling the model it is data only, and anything inside that looks like
the closing tag (any case, spacing or attributes) is escaped so the data cannot end its block.
Each turn's feedback ends with the turn budget ("Turn 3 of 10 (7 remaining)", the final-turn
warning), error turns included. Shapes and wording follow PtcRunner v0.13.0.
"""
from __future__ import annotations

import re

import attrs

from ..lang.values import Var
from . import messages as M
from .feedback import cut_text, format_error_for_llm, format_execution_result
from .memory import MemoryFeedback, memory_feedback

__all__ = [
    "PREAMBLE", "wrap", "wrap_with_preamble", "turn_info", "with_turn_info",
    "ExecutionFeedback", "execution_feedback", "turn_feedback", "error_feedback",
]

PREAMBLE = M.PREAMBLE
_CLOSING_TAG = re.compile(
    r"<[\s\u200b-\u200d\u2060\ufeff]*/[\s\u200b-\u200d\u2060\ufeff]*untrusted[^>]*>?",
    re.IGNORECASE)
_SOURCE = re.compile(r"[a-z][a-z0-9_-]{0,40}")


def wrap(content: str | None, source: str) -> str | None:
    """content as a data block from source; None stays None and "" stays ""."""
    if _SOURCE.fullmatch(source) is None:
        raise ValueError(f"invalid source name for a data block: {source!r}")
    if content is None or content == "":
        return content
    safe = _CLOSING_TAG.sub(M.ESCAPED_CLOSER, content)
    return f'<untrusted_ptc_output source="{source}">\n{safe}\n</untrusted_ptc_output>'


def wrap_with_preamble(content: str | None, source: str) -> str | None:
    """The preamble followed by one data block."""
    block = wrap(content, source)
    return block if not block else PREAMBLE + "\n\n" + block


# ---------------------------------------------------------------- turn budget


def turn_info(turn: int, max_turns: int, *, retry_turns: int = 0, retries_left: int = 0) -> str:
    """The budget line after `turn` (1-based, the turn just run); "" for single-turn runs."""
    if max_turns <= 1:
        return ""
    work_left = max_turns - turn + 1  # including the turn just run, as PtcRunner counts
    after = work_left - 1
    next_turn = turn + 1
    if work_left <= 0:
        if retries_left <= 0:
            return ""
        attempt = retry_turns - retries_left + 1
        if retries_left == 1:
            return M.final_retry(attempt, retry_turns)
        return M.retry_turn(next_turn, attempt, retry_turns, retries_left)
    if after == 1:
        return M.final_work_turn(retries_left)
    if retries_left > 0:
        return M.turn_with_retries(next_turn, after, retries_left)
    if after <= 0:
        return ""
    if after == 2:
        return M.turn_of_next_last(next_turn, max_turns, after)
    return M.turn_of(next_turn, max_turns, after)


def with_turn_info(text: str, turn: int, max_turns: int, *, retry_turns: int = 0,
                   retries_left: int = 0) -> str:
    """text followed by the turn-budget line (if any)."""
    line = turn_info(turn, max_turns, retry_turns=retry_turns, retries_left=retries_left)
    if not line:
        return text
    return f"{text}\n\n{line}" if text else line


# ---------------------------------------------------------------- one turn


@attrs.frozen
class ExecutionFeedback:
    """A turn's execution feedback: the enveloped text and its structured parts."""

    text: str  # "" when there is nothing to show
    result: str | None  # "user=> ..." preview, None for a nil result
    prints: list
    memory: MemoryFeedback
    truncated: bool


def execution_feedback(result=None, *, prints=(), memory_before=None, memory_after=None,
                       feedback_max_chars: int = 512, preview_max_chars: int = 250,
                       result_with_prints: bool = False) -> ExecutionFeedback:
    """Result preview (only when nothing was printed, unless result_with_prints), prints and
    memory changes, enveloped."""
    prints = [str(p) for p in prints or ()]
    preview, preview_cut = _result_preview(result, preview_max_chars)
    printed, prints_cut = _prints_block(prints, feedback_max_chars)
    memory = memory_feedback(memory_before, memory_after, preview_max_chars=preview_max_chars,
                             max_chars=max(feedback_max_chars * 2, preview_max_chars))
    shown = preview if result_with_prints or not prints else None
    blocks = [wrap(shown, "result"), wrap(printed, "println"), wrap(memory.text, "memory")]
    blocks = [b for b in blocks if b]
    text = PREAMBLE + "\n\n" + "\n\n".join(blocks) if blocks else ""
    return ExecutionFeedback(text, preview, prints, memory,
                             preview_cut or prints_cut or memory.truncated)


def turn_feedback(result=None, *, turn: int, max_turns: int, prints=(), memory_before=None,
                  memory_after=None, retry_turns: int = 0, retries_left: int = 0,
                  feedback_max_chars: int = 512, preview_max_chars: int = 250) -> str:
    """The whole feedback message after a successful turn, turn budget included."""
    fb = execution_feedback(result, prints=prints, memory_before=memory_before,
                            memory_after=memory_after, feedback_max_chars=feedback_max_chars,
                            preview_max_chars=preview_max_chars)
    return with_turn_info(fb.text, turn, max_turns, retry_turns=retry_turns,
                          retries_left=retries_left)


def error_feedback(error, *, turn: int | None = None, max_turns: int = 1, retry_turns: int = 0,
                   retries_left: int = 0, feedback_max_chars: int = 512) -> str:
    """The feedback message after a failed turn: the error as a data block, then the budget."""
    text = error if isinstance(error, str) else format_error_for_llm(error)
    text = cut_text(text, feedback_max_chars)[0]
    message = M.ERROR_HEADER + "\n" + wrap_with_preamble(text, "error")
    if turn is None:
        return message
    return with_turn_info(message, turn, max_turns, retry_turns=retry_turns,
                          retries_left=retries_left)


def _result_preview(result, max_chars: int) -> tuple[str | None, bool]:
    """`user=> value` for a non-nil, non-var result."""
    if result is None or type(result) is Var:
        return None, False
    text, cut = format_execution_result(result, feedback_limit=50, feedback_max_chars=max_chars)
    preview = "user=> " + text
    return (preview + "\n" + M.PREVIEW_CUT_HINT if cut else preview), cut


def _prints_block(prints: list, max_chars: int) -> tuple[str | None, bool]:
    """The printed lines within max_chars; when cut, a line saying exactly what was left out."""
    if not prints:
        return None, False
    text = "\n".join(prints)
    if len(text) <= max_chars:
        return text, False
    lines = text.split("\n")
    kept, used = [], -1
    for line in lines:
        if used + 1 + len(line) > max_chars:
            break
        kept.append(line)
        used += 1 + len(line)
    if kept:
        shown = "\n".join(kept)
        note = M.prints_cut(len(kept), len(lines), len(shown), len(text))
    else:  # the first line alone is too long: its beginning
        shown = text[:max_chars]
        note = M.prints_cut_in_line(len(lines), len(shown), len(text))
    return shown + "\n" + note, True
