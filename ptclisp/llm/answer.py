"""A final answer given as plain text (no tool call), checked against the return signature.

Without a signature, or for `:any` and `:string`, the text is the answer. Otherwise the answer
is JSON, recovered leniently from what models write around it: a ```json (or bare) fenced
block, JSON after a line of prose, trailing commas; then checked against the signature. A
mismatch is a message for the model (the turn continues), never an answer.
"""
from __future__ import annotations

import json

from .. import signatures as S
from . import messages as M
from .extract import extract_fenced_blocks

__all__ = ["final_answer", "recover_json"]

_TEXT_TYPES = (S.ANY, ("prim", "string"), ("opt", ("prim", "string")), ("opt", S.ANY))
_BARE_TYPES = (("prim", "datetime"), ("prim", "keyword"))
_JSON_TAGS = ("json", "jsonc", "json5", "")
_NOT_FOUND = object()


class _BadJson(Exception):
    """JSON was found but does not parse."""


def final_answer(text: str, signature) -> tuple[object, str | None]:
    """(answer, None), or (None, a message for the model) when the text does not fit."""
    if signature is None or signature.output in _TEXT_TYPES:
        return text, None
    t = signature.output
    expected = S.render(t)
    try:
        value = recover_json(text)
    except _BadJson as e:
        return None, M.answer_bad_json(expected, str(e))
    if value is _NOT_FOUND:
        if _base(t) not in _BARE_TYPES or not text.strip():
            return None, M.answer_not_json(expected)
        value = text.strip()
    problems = S.check(value, t)
    if problems:
        return None, M.answer_mismatch(expected, S.problems_text(problems))
    return value, None


def _base(t):
    return t[1] if t[0] == "opt" else t


def recover_json(text: str):
    """The JSON value in text (fenced, whole, or the first balanced {...}/[...]); or _NOT_FOUND."""
    for tag, body in extract_fenced_blocks(text):
        if tag in _JSON_TAGS and body.strip():
            return _loads(body)
    stripped = text.strip()
    try:
        return _loads(stripped)
    except _BadJson:
        pass
    for i, c in enumerate(text):
        if c in "{[":
            chunk = _balanced(text, i)
            if chunk is not None:
                return _loads(chunk)
            break
    return _NOT_FOUND


def _loads(text: str):
    try:
        return json.loads(_drop_trailing_commas(text))
    except json.JSONDecodeError as e:
        raise _BadJson(M.json_error(e.msg, e.lineno, e.colno)) from None
    except RecursionError:
        raise _BadJson(M.JSON_TOO_DEEP) from None


def _drop_trailing_commas(text: str) -> str:
    """text without commas that stand right before a closing bracket (outside strings)."""
    out, in_string, escaped, pending = [], False, False, None
    for c in text:
        if in_string:
            out.append(c)
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                in_string = False
            continue
        if pending is not None:
            if c.isspace():
                pending.append(c)
                continue
            if c not in "}]":
                out.append(",")
            out.extend(pending[1:])
            pending = None
        if c == ",":
            pending = [","]
            continue
        if c == '"':
            in_string, escaped = True, False
        out.append(c)
    if pending is not None:
        out.extend(pending)
    return "".join(out)


def _balanced(text: str, start: int) -> str | None:
    """The bracket-balanced JSON text from start (string-aware), or None when it never closes."""
    depth, in_string, escaped = 0, False, False
    for i in range(start, len(text)):
        c = text[i]
        if in_string:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c in "{[":
            depth += 1
        elif c in "}]":
            depth -= 1
            if depth == 0:
                return text[start:i + 1]
    return None
