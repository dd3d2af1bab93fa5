"""JSON final answers taken leniently from a model's reply, each repair noted.

Layers, first success wins (the order robust agents use): the trimmed reply as strict JSON;
the body of a ```json (or bare ```) fence; the first balanced {...} or [...] after or between
prose; then the `json-repair` library on that candidate (comments, trailing commas, single
quotes, unescaped inner quotes, missing brackets); a reply cut off mid-array keeps its complete
items. `JsonAnswer.repairs` says what was done; JsonAnswerError carries the message for the model.
`final_answer` applies it to a tool-call transport's plain-text final answer: the text itself
for no signature, `:string` and `:any`; else the JSON answer, or a message for the model.
"""
from __future__ import annotations

import collections
import json
import re

import attrs
import json_repair

from ..host import signatures as S
from . import messages as M

__all__ = ["JsonAnswer", "JsonAnswerError", "parse_json_answer", "final_answer"]

_FENCE = re.compile(r"```[ \t]*(?:json[c5]?|JSON)?[ \t]*\n(.*?)(?:\n[ \t]*```|\Z)", re.DOTALL)
_MAX_CUT_TRIES = 200
REPAIR_CHARS = 100_000  # nor one longer (the agent's reply cap, MAX_REPLY_CHARS)
REPAIR_DEPTH = 64  # a broken answer nested deeper is not repaired (the work would be quadratic)
_TEXT_TYPES = (S.ANY, ("prim", "string"), ("opt", ("prim", "string")), ("opt", S.ANY))
_BARE_TYPES = (("prim", "datetime"), ("prim", "keyword"))  # may be written without quotes


@attrs.frozen
class JsonAnswer:
    """A parsed answer: the plain Python value and the repairs that were needed (may be empty)."""

    value: object
    repairs: tuple = ()


class JsonAnswerError(ValueError):
    """No usable JSON answer; `message` and `hint` are for the model, `feedback` is the retry text."""

    def __init__(self, message: str, hint: str = M.JSON_ANSWER_HINT, *, problems=()):
        super().__init__(message)
        self.message, self.hint, self.problems = message, hint, tuple(problems)

    @property
    def feedback(self) -> str:
        return M.json_retry(self.message)


def _outside_strings(text: str, start: int = 0):
    """(index, char) of text from start, skipping JSON string literals (quotes included)."""
    in_str, esc = False, False
    for i in range(start, len(text)):
        c = text[i]
        if in_str:
            esc, in_str = (not esc and c == "\\"), (in_str if esc or c != '"' else False)
        elif c == '"':
            in_str = True
        else:
            yield i, c


def _balanced_end(text: str, start: int) -> int | None:
    """Index after the bracket closing text[start], or None when the text ends first."""
    stack = []
    for i, c in _outside_strings(text, start):
        if c in "[{":
            stack.append(c)
        elif c in "]}":
            if not stack:
                return None
            stack.pop()
            if not stack:
                return i + 1
    return None


def _strict(text: str):
    try:
        return True, json.loads(text)
    except (ValueError, RecursionError):
        return False, None


def _repaired(text: str):
    """(ok, value, notes) from json-repair; ok is False when it found nothing."""
    try:
        value, log = json_repair.repair_json(text, return_objects=True, logging=True)
    except (ValueError, RecursionError, TypeError):
        return False, None, ()
    if value == "" and text.strip() not in ('""', "''"):
        return False, None, ()
    notes = tuple(dict.fromkeys(M.repair_note(e["text"]) for e in log if e.get("text")))
    return True, value, notes


def _cut_back(text: str):
    """A reply cut off inside a collection: keep the items before the last complete comma.

    Linear in the text: only the last _MAX_CUT_TRIES commas at most REPAIR_DEPTH deep keep a
    copy of the open brackets (deeper JSON does not parse anyway)."""
    stack: list = []
    commas: collections.deque = collections.deque(maxlen=_MAX_CUT_TRIES)
    for i, c in _outside_strings(text):
        if c in "[{":
            stack.append(c)
        elif c in "]}" and stack:
            stack.pop()
        elif c == "," and stack and len(stack) <= REPAIR_DEPTH:
            commas.append((i, tuple(stack)))
    if not stack:
        return None
    for i, opened in reversed(commas):
        closers = "".join("]" if o == "[" else "}" for o in reversed(opened))
        ok, value = _strict(text[:i] + closers)
        if ok:
            return value
    return None


def _depth(text: str) -> int:
    """How deep brackets nest in text, outside strings."""
    depth = deepest = 0
    for _, c in _outside_strings(text):
        if c in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif c in "]}" and depth:
            depth -= 1
    return deepest


def _count(v) -> int:
    """Items kept in the innermost list on the path of last values (the array that was cut)."""
    found = v
    while isinstance(v, (list, dict)) and v:
        if isinstance(v, list):
            found = v
        v = v[-1] if isinstance(v, list) else list(v.values())[-1]
    return len(found) if isinstance(found, (list, dict)) else 1


def _candidate(text: str):
    """(candidate text, repairs) : the fenced body or the JSON found among prose."""
    m = _FENCE.search(text)
    if m and m.group(1).strip():
        return m.group(1).strip(), (M.REPAIR_FENCE,)
    starts = [i for i in (text.find("{"), text.find("[")) if i >= 0]
    if not starts:
        return text, ()
    start = min(starts)
    end = _balanced_end(text, start)
    body = text[start:end] if end else text[start:]
    return body, ((M.REPAIR_PROSE,) if body != text else ())


def _parse(text: str) -> JsonAnswer:
    ok, value = _strict(text)
    if ok:
        return JsonAnswer(value)
    body, repairs = _candidate(text)
    ok, value = _strict(body)
    if ok:
        return JsonAnswer(value, repairs)
    if body[:1] in "[{" and _balanced_end(body, 0) is None:
        value = _cut_back(body)
        if value is not None:
            return JsonAnswer(value, repairs + (M.repair_cut(_count(value)),))
    if body[:1] not in "[{":
        raise JsonAnswerError(M.JSON_NONE)
    if len(body) > REPAIR_CHARS:  # json-repair: about 15 us a character, in Python
        raise JsonAnswerError(M.json_too_long(REPAIR_CHARS))
    if _depth(body) > REPAIR_DEPTH:  # json-repair's work grows with depth times length
        raise JsonAnswerError(M.json_too_deep(REPAIR_DEPTH))
    ok, value, notes = _repaired(body)
    if not ok:
        raise JsonAnswerError(M.JSON_NONE)
    return JsonAnswer(value, repairs + (M.REPAIR_SYNTAX,) + notes)


def parse_json_answer(text, signature=None) -> JsonAnswer:
    """The JSON value in a reply, repaired if need be, checked against a return signature.

    signature: text such as "{count :int}" or a parsed Signature; raises JsonAnswerError when
    nothing parses or the value does not match it.
    """
    text = text.strip() if isinstance(text, str) else ""
    if not text:
        raise JsonAnswerError(M.JSON_EMPTY)
    answer = _parse(text)
    if signature is not None:
        sig = S.parse(signature) if isinstance(signature, str) else signature
        problems = sig.check(answer.value)
        if problems:
            raise JsonAnswerError(M.json_not_shape(S.problems_text(problems)), problems=problems)
    return answer


def final_answer(text: str, signature) -> tuple[JsonAnswer | None, str | None]:
    """(answer, None), or (None, a message for the model) when the text does not fit signature."""
    if signature is None or signature.output in _TEXT_TYPES:
        return JsonAnswer(text), None
    t = signature.output
    expected = S.render(t)
    try:
        return parse_json_answer(text, signature), None
    except JsonAnswerError as e:
        if e.problems:
            return None, M.answer_mismatch(expected, S.problems_text(e.problems))
    bare = t[1] if t[0] == "opt" else t
    if bare not in _BARE_TYPES or not text.strip():
        return None, M.answer_not_json(expected)
    problems = signature.check(text.strip())
    if problems:
        return None, M.answer_mismatch(expected, S.problems_text(problems))
    return JsonAnswer(text.strip()), None
