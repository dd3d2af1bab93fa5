"""Bounds on a value leaving the sandbox, as host data (`to_python`) or as whole text.

Values are immutable, so a program can share one part many times: `[x x]` nested sixty
levels is 61 objects inside a run, but 2^60 leaves once written out as JSON data or text.
`measure` walks each distinct object once (remembered by id) and adds up what writing the
value out would cost, every shared part counted each time it appears, stopping as soon as a
cap is passed. Callers convert small values straight away and measure only when a first pass
got past a small probe, so ordinary values pay nothing.
"""
from __future__ import annotations

from .. import messages
from ..errors import LimitExceeded
from .values import MAP_TYPES, SET_TYPES, VECTOR_TYPES, Keyword

EXPORT_DEPTH = 512  # levels of nesting a value may have as host data (JSON encoders recurse)
EXPORT_ITEMS = 5_000_000  # items of a value as host data, shared parts counted each time
FORMAT_CHARS = 16_000_000  # characters of a value printed whole (format_value, the CLI)
PROBE = 100_000  # items or characters a first, unmeasured pass may reach

_COLLECTIONS = (*MAP_TYPES, *VECTOR_TYPES, *SET_TYPES)
_INF = float("inf")


def measure(v, max_items: float, max_chars: float, max_depth: float) -> tuple[int, int, int]:
    """(items, chars, depth) of v written out; returns early once a cap is passed.

    items: collection members (a map entry counts key and value); chars: about how many
    characters v prints as; depth: levels of nesting."""
    if not isinstance(v, _COLLECTIONS):
        return 0, _atom_chars(v), 0
    done: dict[int, tuple[int, int, int]] = {}
    stack = [(v, False)]
    while stack:
        x, ready = stack.pop()
        if ready:
            n, c, d = _combine(x, done)
            if n > max_items or c > max_chars or d > max_depth:
                return n, c, d
            done[id(x)] = (n, c, d)
        elif id(x) not in done:
            stack.append((x, True))
            stack.extend((y, False) for y in _parts(x)
                         if isinstance(y, _COLLECTIONS) and id(y) not in done)
    return done[id(v)]


def _parts(x):
    if isinstance(x, MAP_TYPES):
        return [p for kv in x.items() for p in kv]
    return x


def _combine(x, done) -> tuple[int, int, int]:
    n, c, d = len(x) * (2 if isinstance(x, MAP_TYPES) else 1), 2 + 2 * len(x), 0
    for y in _parts(x):
        if isinstance(y, _COLLECTIONS):
            yn, yc, yd = done[id(y)]
            n, c, d = n + yn, c + yc, max(d, yd)
        else:
            c += _atom_chars(y)
    return n, c, d + 1


def _atom_chars(y) -> int:
    t = type(y)
    if t is str:
        return len(y) + 2
    if t is int:
        return y.bit_length() // 3 + 2
    if t is Keyword:
        return len(y.name) + 1
    return 24


def too_deep() -> LimitExceeded:
    """The error of a value nested too deeply to leave the sandbox as data."""
    return LimitExceeded(messages.export_too_deep(EXPORT_DEPTH), limit="export",
                         value=EXPORT_DEPTH, hint=messages.HINT_EXPORT)


def too_big() -> LimitExceeded:
    """The error of a value with too many items to leave the sandbox as data."""
    return LimitExceeded(messages.export_too_big(EXPORT_ITEMS), limit="export",
                         value=EXPORT_ITEMS, hint=messages.HINT_EXPORT)


def too_long() -> LimitExceeded:
    """The error of a value too long to print whole."""
    return LimitExceeded(messages.format_too_big(FORMAT_CHARS), limit="export",
                         value=FORMAT_CHARS, hint=messages.HINT_EXPORT)


def check_data(v) -> None:
    """Raise LimitExceeded when v is too deep or too big to become host data."""
    n, _, d = measure(v, EXPORT_ITEMS, _INF, EXPORT_DEPTH)
    if d > EXPORT_DEPTH:
        raise too_deep()
    if n > EXPORT_ITEMS:
        raise too_big()


def check_text(v) -> int:
    """v's depth; raises LimitExceeded when v prints as more than FORMAT_CHARS characters."""
    _, chars, depth = measure(v, _INF, FORMAT_CHARS, _INF)
    if chars > FORMAT_CHARS:
        raise too_long()
    return depth
