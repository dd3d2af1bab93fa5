"""The trace of an agent run: one record per turn, exportable as JSON lines.

A record holds what a host needs to see where a run went: sizes of what the model was sent
(characters, messages, estimated tokens), the model's time and token usage, the program, how it
ended (status, result or error, prints), the app-tool calls with their durations, and how a JSON
final answer was repaired. Values are cut with `truncate_for_history`, so a record stays small.
"""
from __future__ import annotations

import json
from pathlib import Path

import attrs

from ..llm import estimate_tokens, truncate_for_history
from ..host.door import to_python

__all__ = ["Trace", "TurnRecord", "tool_call_entry"]


@attrs.define
class TurnRecord:
    """What happened in one turn."""

    turn: int
    prompt_chars: int = 0  # characters of every message the model was sent this turn
    prompt_messages: int = 0
    prompt_tokens_estimate: int = 0
    reply_chars: int = 0
    llm_seconds: float = 0.0
    usage: dict = attrs.Factory(dict)  # token counts the provider reported for this turn
    program: str | None = None  # the program run this turn (content, or lisp_eval's argument)
    status: str = "continue"  # "continue" | "error" | "ok" | "failed" | "max_turns"
    result: object = None  # the program's value (plain JSON, cut) or the final answer
    prints: list = attrs.Factory(list)
    error: str | None = None  # what went wrong this turn, as the model was told
    tool_calls: list = attrs.Factory(list)  # app-tool calls: name, args, duration, error
    run_seconds: float = 0.0
    repairs: list = attrs.Factory(list)  # how a JSON final answer was recovered

    def to_dict(self) -> dict:
        """The record as JSON-ready data."""
        return attrs.asdict(self)


def prompt_size(messages: list) -> tuple[int, int]:
    """(characters, estimated tokens) of the text in chat messages."""
    text = "\n".join(_text(m) for m in messages)
    return len(text), estimate_tokens(text)


def _text(message: dict) -> str:
    content = message.get("content")
    parts = [content if isinstance(content, str) else ""]
    for call in message.get("tool_calls") or ():
        fn = call.get("function") or {}
        parts.append(str(fn.get("arguments") or ""))
    return "".join(parts)


def tool_call_entry(call: dict) -> dict:
    """One entry of Result.tool_calls as plain, cut JSON data."""
    return {"name": call.get("name"), "args": _plain(call.get("args")),
            "result": _plain(call.get("result")), "error": call.get("error"),
            "duration": round(float(call.get("duration") or 0.0), 6)}


def _plain(value):
    """value cut to the history size, then as plain JSON (cut first: a big result costs what
    fits, not its whole size)."""
    return truncate_for_history(to_python(truncate_for_history(value)))


@attrs.define
class Trace:
    """The records of a run, first turn first."""

    turns: list = attrs.Factory(list)

    def to_jsonl(self) -> str:
        """One JSON object per line, one line per turn."""
        return "".join(json.dumps(r.to_dict(), ensure_ascii=False, default=str) + "\n"
                       for r in self.turns)

    def write(self, path) -> None:
        """Write the JSON lines to a file."""
        Path(path).write_text(self.to_jsonl(), encoding="utf-8")
