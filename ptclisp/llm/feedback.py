"""What the model (and the caller) is shown of a result or an error, within fixed sizes.

- `format_execution_result`: REPL-style feedback, at most 10 items per collection and 512
  characters by default; floats without IEEE noise (`3.3`, not `3.3000000000000003`).
- `format_result`: the caller's view, at most 50 items / 500 characters; floats with two
  decimals as in PtcRunner; items separated by ", " (commas are whitespace in PTC-Lisp, so the
  text still reads back): `[1, 2, 3]`, `{:a 1, :b 2}`.
- `truncate_for_history`: a smaller *value* whose printed form fits a byte budget: vectors keep
  leading items, maps their leading entries (in printing order), sets their leading members,
  strings end with "...", anything else too big becomes a cut string.
- `format_error_for_llm`: kind, position, message, the source line with a caret, the Lisp call
  stack and the hint, within 512 characters; a ReadError about delimiters gets the repair hint.
Every text cut says what was cut: `(2/5)` items, `(10/21 chars)`.
"""
from __future__ import annotations

from ..lang.printer import cut_text, format_float, format_string, render_value
from ..lang.values import MAP_TYPES, SET_TYPES, VECTOR_TYPES, PSet, make_map, sort_key
from . import messages as M
from .repair import diagnose

__all__ = [
    "format_execution_result", "format_result", "truncate_for_history", "format_error_for_llm",
    "cut_text",
]

_ERROR_MAX_CHARS = 512
_MESSAGE_SHARE = 300  # the error message keeps at most this much of the error budget
_MIN_HISTORY_BYTES = 16
_MAX_HISTORY_DEPTH = 200  # past this nesting a collection that does not fit is left out


def format_execution_result(value, *, feedback_limit: int = 10,
                            feedback_max_chars: int = 512) -> tuple[str, bool]:
    """(text, truncated?): the value as REPL feedback for the model."""
    return render_value(value, limit=feedback_limit, max_chars=feedback_max_chars,
                        compact_floats=True)


def format_result(value, *, result_limit: int = 50, result_max_chars: int = 500) -> str:
    """The final result as text for the caller."""
    if type(value) is float:
        text = f"{value:.2f}" if value == value and abs(value) != float("inf") else format_float(value)
        return cut_text(text, result_max_chars)[0]
    if type(value) is int:
        return cut_text(render_value(value)[0], result_max_chars)[0]
    return render_value(value, limit=result_limit, max_chars=result_max_chars)[0]


# ---------------------------------------------------------------- history


def truncate_for_history(value, *, max_bytes: int = 1024):
    """value, or a smaller value of the same shape whose printed form fits max_bytes (UTF-8)."""
    if max_bytes < _MIN_HISTORY_BYTES:
        raise ValueError(f"max_bytes must be at least {_MIN_HISTORY_BYTES}")
    return _fit(value, max_bytes, 0)


def _size(value, cap: int) -> int | None:
    """UTF-8 bytes of value's printed form, or None when over cap."""
    text, cut = render_value(value, max_chars=cap)
    if cut:
        return None
    size = len(text.encode("utf-8"))
    return size if size <= cap else None


def _fit(value, budget: int, depth: int):
    """value if it fits budget, else its cut-down version (None if nothing of it fits)."""
    if _size(value, budget) is not None:
        return value
    if type(value) is str:
        return _fit_string(value, budget)
    if depth < _MAX_HISTORY_DEPTH:
        if isinstance(value, VECTOR_TYPES):
            return _fit_items(list(value), budget, depth)
        if isinstance(value, MAP_TYPES):
            return _fit_map(value, budget, depth)
        if isinstance(value, SET_TYPES):
            kept = _fit_items(sorted(value, key=sort_key), budget, depth, whole_only=True,
                              brackets=3)
            return None if kept is None else PSet.of(kept)
    if isinstance(value, (VECTOR_TYPES, MAP_TYPES, SET_TYPES)):
        return None
    return _fit_string(render_value(value, max_chars=budget * 4)[0], budget)


def _fit_string(s: str, budget: int):
    """The longest prefix of s + "..." whose printed form fits budget."""
    room = budget - len(format_string("..."))
    if room < 0:
        return None
    used, keep = 0, 0
    for c in s:
        w = len(format_string(c).encode("utf-8")) - 2
        if used + w > room:
            break
        used += w
        keep += 1
    return s[:keep] + "..."


def _fit_items(items: list, budget: int, depth: int, *, whole_only: bool = False,
               brackets: int = 2):
    """Leading items whose `[a b c]` form fits budget; the first that does not may be cut."""
    if brackets > budget:
        return None
    kept: list = []
    used = brackets
    for item in items:
        gap = 1 if kept else 0
        size = _size(item, budget - used - gap)
        if size is not None:
            kept.append(item)
            used += gap + size
            continue
        if not whole_only:
            part = _fit(item, budget - used - gap, depth + 1)
            if part is not None:
                kept.append(part)
        break
    return kept


def _fit_map(m, budget: int, depth: int):
    """Leading entries (in printing order) whose `{k v}` form fits budget."""
    if budget < 2:
        return None
    kept: list = []
    used = 2
    for k, v in sorted(m.items(), key=lambda kv: sort_key(kv[0])):
        gap = 1 if kept else 0
        key_size = _size(k, budget - used - gap - 2)
        if key_size is None:
            break
        room = budget - used - gap - key_size - 1
        size = _size(v, room)
        if size is not None:
            kept.append((k, v))
            used += gap + key_size + 1 + size
            continue
        part = _fit(v, room, depth + 1)
        if part is not None:
            kept.append((k, part))
        break
    return make_map(kept)


# ---------------------------------------------------------------- errors


def format_error_for_llm(error, *, max_chars: int = _ERROR_MAX_CHARS) -> str:
    """An error as the model should see it: kind, where, what, the line, the hint."""
    kind, message, where, source, hint, stack = _error_fields(error)
    if kind == "ReadError" and source:
        report = diagnose(source)
        if report is not None:
            if message in report.message or _same_place(report, where):
                message = report.message  # the same fact, said once
            elif report.message not in message:
                message = f"{message} ({report.message})"
            hint = report.hint
    at = f" at line {where[0]}, column {where[1]}" if where else ""
    head = f"{kind}{at}: " + cut_text(message, _MESSAGE_SHARE)[0]
    parts = [head]
    caret = _caret(source, *where) if where and source else ""
    if caret:
        parts.append(caret)
    if stack:
        frames = ", ".join(_frame(n, s) for n, s in list(stack)[:3])
        parts.append(cut_text(M.error_in(frames), 120)[0])
    if hint:
        used = sum(len(p) + 1 for p in parts)
        room = max_chars - used
        if room > 20:
            parts.append(cut_text(M.error_hint(hint), room)[0])
    return cut_text("\n".join(parts), max_chars)[0]


def _same_place(report, where) -> bool:
    """Whether the delimiter report points where the reader's error already points."""
    return where is not None and (report.line, report.column) == tuple(where)


def _error_fields(error):
    """(kind, message, (line, column) or None, source, hint, stack) of an error or a dict."""
    if isinstance(error, dict):  # PtcError.to_dict() or a host's {"reason", "message"} map
        get = error.get
        where = _where(get("line"), get("column"))
        return (str(get("kind") or get("reason") or "Error"), str(get("message") or ""), where,
                get("source"), get("hint"), ())
    kind = getattr(error, "kind", None) or "Error"
    message = getattr(error, "message", None)
    if message is None:
        message = str(error)
    span = getattr(error, "span", None)
    where = _where(getattr(span, "line", None), getattr(span, "column", None))
    return (str(kind), str(message), where, getattr(error, "source", None),
            getattr(error, "hint", None), getattr(error, "stack", None) or ())


def _frame(name, span) -> str:
    where = _where(getattr(span, "line", None), getattr(span, "column", None))
    return f"{name} (line {where[0]}, column {where[1]})" if where else str(name)


def _where(line, column):
    return (line, column) if isinstance(line, int) and isinstance(column, int) else None


def _caret(source: str, line: int, column: int, width: int = 72) -> str:
    """The source line (windowed around the column) with a caret under the column."""
    lines = str(source).splitlines()
    if not 1 <= line <= len(lines):
        return ""
    text = lines[line - 1].replace("\t", " ")
    col = max(column - 1, 0)
    start = max(0, min(col - width // 2, len(text) - width)) if len(text) > width else 0
    return f"  {text[start:start + width]}\n  {' ' * min(col - start, width)}^"
