"""About how many bytes a value holds: what a session's memory is charged for (max_session_memory_mb).

Each distinct collection and string counts once (a string kept 3,000 times is one string);
numbers and other small values count their own size wherever they appear. Collections of
plain numbers are summed in C, so a million integers costs milliseconds. Sizes are CPython's
(`sys.getsizeof`) plus 16 bytes per slot of a collection: an estimate, not an accounting.
"""
from __future__ import annotations

import sys

from ..lang.values import MAP_TYPES, SET_TYPES, VECTOR_TYPES

_COLLECTIONS = (*MAP_TYPES, *VECTOR_TYPES, *SET_TYPES)
_DEEP_TYPES = frozenset((str, *MAP_TYPES, *VECTOR_TYPES, *SET_TYPES))
SLOT = 16  # bytes per slot of a collection (pointer, hash, spare room)
CHUNK = 65536  # items summed in one C call
_getsizeof = sys.getsizeof


def footprint(v, stop_at: float = float("inf")) -> int:
    """Estimated bytes v holds; returns early once past stop_at."""
    seen: set = set()
    total, stack = 0, [v]
    while stack and total <= stop_at:
        x = stack.pop()
        if id(x) in seen:
            continue
        if type(x) is str:
            seen.add(id(x))
            total += _getsizeof(x)
            continue
        if not isinstance(x, _COLLECTIONS):
            total += _getsizeof(x)
            continue
        seen.add(id(x))
        items = [*x.keys(), *x.values()] if isinstance(x, MAP_TYPES) else x
        total += 64 + SLOT * len(items)
        for i in range(0, len(items), CHUNK):  # in C, a chunk at a time: other threads run
            part = items[i:i + CHUNK] if len(items) > CHUNK else items
            if _DEEP_TYPES.isdisjoint(set(map(type, part))):
                total += sum(map(_getsizeof, part))  # plain numbers, keywords, nil
            else:
                stack.extend(part)
    return total
