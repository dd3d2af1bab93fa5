"""The bound on a kept session's memory: what its `def`s hold, counted in items.

A value counts 1, plus its members (a map: its keys and values), and a string counts its
characters: the same units as the per-run limits on one collection and one string, and the bound
is the limit on one collection (`Limits.max_collection_size`). Values are immutable, so a name
whose value is the very same object as at the last check is not walked again; a walk stops as
soon as the count passes the bound.
"""
from __future__ import annotations

from collections.abc import Mapping

from .. import Limits
from ..lang.values import MAP_TYPES, SET_TYPES, VECTOR_TYPES

__all__ = ["MemoryMeter", "items", "session_bound"]

_COLLECTIONS = (*VECTOR_TYPES, *SET_TYPES)


def session_bound(limits: Limits) -> int | None:
    """How many items a kept session's memory may hold (None: no bound)."""
    return limits.max_collection_size


def items(value, cap: int) -> int:
    """Items in value; stops counting (returns more than cap) once past cap."""
    count, stack = 0, [value]
    while stack:
        x = stack.pop()
        count += len(x) if type(x) is str else 1
        if count > cap:
            break
        if isinstance(x, MAP_TYPES):
            stack.extend(x.keys())
            stack.extend(x.values())
        elif isinstance(x, _COLLECTIONS):
            stack.extend(x)
    return count


class MemoryMeter:
    """Checks one kept session's memory against the bound, recounting only changed names."""

    def __init__(self, cap: int | None):
        self.cap = cap
        self._known: dict = {}  # name -> (value, its items) at the last check that passed

    def over(self, memory: Mapping) -> bool:
        """True if memory holds more than the bound (then nothing is remembered of it)."""
        if self.cap is None:
            return False
        total, known = 0, {}
        for name, value in memory.items():
            seen = self._known.get(name)
            n = seen[1] if seen is not None and seen[0] is value else items(value, self.cap - total)
            known[name] = (value, n)
            total += n
            if total > self.cap:
                return True
        self._known = known
        return False
