"""Reading an assistant turn in any provider's shape: its text and its native tool calls.

Accepted: plain dicts as the providers send them or the official SDK objects (anything with
`model_dump`). "openai": a chat message (or a whole completion: its first choice);
"openai_responses": the list of output items (or a response with `output`); "anthropic": a
message with content blocks. Nothing here raises on bad input: what cannot be read becomes
`Turn.problem` (the whole turn) or `Call.problem` (one call), said for the model.
"""
from __future__ import annotations

import json
from collections.abc import Mapping

import attrs

from . import messages as M

__all__ = ["Call", "Turn", "read_turn", "MAX_ARGUMENT_CHARS"]

MAX_ARGUMENT_CHARS = 4_000_000  # a tool call's JSON arguments longer than this are not parsed


@attrs.frozen
class Call:
    """One native tool call: id (generated when missing), name, JSON arguments or a problem."""

    id: str
    name: str
    args: dict | None
    problem: str | None = None  # why the arguments cannot be used (said for the model)
    kind: str = "function"  # "custom" for a grammar-constrained call (input is the program)
    id_missing: bool = False


@attrs.frozen
class Turn:
    """The text of a turn and its native tool calls."""

    content: str | None
    calls: tuple = ()
    problem: str | None = None  # the turn itself could not be read


def read_turn(turn, provider: str) -> Turn:
    """The text and calls of an assistant turn; never raises."""
    try:
        data = _plain(turn)
        return _READERS[provider](data)
    except (TypeError, ValueError, AttributeError, KeyError, RecursionError) as exc:
        return Turn(None, (), M.unreadable_turn(_what(exc)))


def _what(exc) -> str:
    text = str(exc.args[0]) if exc.args and isinstance(exc.args[0], str) else ""
    return text or M.UNEXPECTED_STRUCTURE


def _plain(turn):
    """SDK objects as plain dicts/lists."""
    dump = getattr(turn, "model_dump", None)
    if callable(dump):
        return dump(warnings=False)
    if isinstance(turn, (list, tuple)):
        return [_plain(x) for x in turn]
    return turn


def _need(value, kind, what: str):
    if not isinstance(value, kind):
        raise TypeError(M.turn_part(what, kind_of(value)))
    return value


def kind_of(value) -> str:
    """How a JSON value is named to the model: "a number", "an object"..."""
    for t, name in M.JSON_KINDS:
        if isinstance(value, t):
            return name
    return M.NOT_JSON_DATA


def _ids(calls: list) -> tuple:
    """Calls with generated ids where the turn gave none (or a duplicate)."""
    out, seen = [], set()
    for i, c in enumerate(calls, 1):
        if c.id in seen or not c.id:
            c = attrs.evolve(c, id=f"call_{i}_missing_id", id_missing=True)
        seen.add(c.id)
        out.append(c)
    return tuple(out)


def _id(value) -> str:
    return value if isinstance(value, str) else ""


def _name(value) -> str:
    return value if isinstance(value, str) else ""


# ---------------------------------------------------------------- arguments

def decode_args(raw) -> tuple[dict | None, str | None]:
    """(arguments, None) or (None, problem) for JSON text, bytes or an already decoded map."""
    if raw is None or raw == "":
        return {}, None
    if isinstance(raw, (bytes, bytearray)):
        try:
            raw = bytes(raw).decode("utf-8")
        except UnicodeDecodeError:
            return None, M.NOT_UNICODE
    if isinstance(raw, Mapping):
        return dict(raw), None
    if not isinstance(raw, str):
        return None, M.bad_arguments(M.got(kind_of(raw)))
    if len(raw) > MAX_ARGUMENT_CHARS:
        return None, M.arguments_too_large(len(raw), MAX_ARGUMENT_CHARS)
    try:
        value = json.loads(raw)
    except json.JSONDecodeError as e:
        return None, M.bad_arguments(M.json_error(e.msg, e.lineno, e.colno))
    except RecursionError:
        return None, M.bad_arguments(M.JSON_TOO_DEEP)
    if not isinstance(value, dict):
        return None, M.bad_arguments(M.got(kind_of(value)))
    return value, None


def _call(id_, name, raw, kind="function") -> Call:
    if kind == "custom":
        if isinstance(raw, (bytes, bytearray)):
            try:
                raw = bytes(raw).decode("utf-8")
            except UnicodeDecodeError:
                return Call(_id(id_), _name(name), None, M.NOT_UNICODE, kind)
        args, problem = ({"program": raw}, None) if isinstance(raw, str) else \
            (None, M.program_not_string(kind_of(raw)))
        return Call(_id(id_), _name(name), args, problem, kind)
    args, problem = decode_args(raw)
    return Call(_id(id_), _name(name), args, problem, kind)


def _text(content) -> str | None:
    """Text of a content field: a string, or a list of text parts."""
    if content is None or isinstance(content, str):
        return content
    parts = []
    for part in _need(content, list, "the content"):
        if isinstance(part, str):
            parts.append(part)
        elif isinstance(part, Mapping) and part.get("type") in ("text", "output_text"):
            parts.append(str(part.get("text") or ""))
    return "".join(parts) if parts else None


# ---------------------------------------------------------------- providers

def _openai(data) -> Turn:
    data = _need(data, Mapping, "the turn")
    if "choices" in data:  # a whole completion
        choices = _need(data["choices"], list, "choices")
        data = _need(_need(choices[0] if choices else None, Mapping, "the first choice")
                     .get("message"), Mapping, "the message")
    calls = []
    for raw in _need(data.get("tool_calls") or [], list, "tool_calls"):
        if not isinstance(raw, Mapping):
            calls.append(Call("", "", None, M.bad_arguments(M.turn_part("the call", kind_of(raw)))))
        elif raw.get("type") == "custom" or "custom" in raw:
            custom = raw.get("custom") if isinstance(raw.get("custom"), Mapping) else {}
            calls.append(_call(raw.get("id"), custom.get("name"), custom.get("input"), "custom"))
        else:
            fn = raw.get("function") if isinstance(raw.get("function"), Mapping) else {}
            calls.append(_call(raw.get("id"), fn.get("name"), fn.get("arguments")))
    return Turn(_text(data.get("content")), _ids(calls))


def _responses(data) -> Turn:
    if isinstance(data, Mapping) and "output" in data:
        data = data["output"]
    texts, calls = [], []
    for item in _need(data, list, "the output items"):
        if not isinstance(item, Mapping):
            continue
        kind = item.get("type")
        if kind == "message":
            text = _text(item.get("content"))
            if text:
                texts.append(text)
        elif kind == "function_call":
            calls.append(_call(item.get("call_id"), item.get("name"), item.get("arguments")))
        elif kind == "custom_tool_call":
            calls.append(_call(item.get("call_id"), item.get("name"), item.get("input"), "custom"))
    return Turn("\n".join(texts) if texts else None, _ids(calls))


def _anthropic(data) -> Turn:
    data = _need(data, Mapping, "the turn")
    content = data.get("content")
    if content is None or isinstance(content, str):
        return Turn(content)
    texts, calls = [], []
    for block in _need(content, list, "the content"):
        if not isinstance(block, Mapping):
            continue
        if block.get("type") == "text":
            texts.append(str(block.get("text") or ""))
        elif block.get("type") == "tool_use":
            calls.append(_call(block.get("id"), block.get("name"), block.get("input")))
    return Turn("".join(texts) if texts else None, _ids(calls))


_READERS = {"openai": _openai, "openai_responses": _responses, "anthropic": _anthropic,
            "openai_custom": _responses}
