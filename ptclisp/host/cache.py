"""The tool cache: a tool declared `cache=True` is called once per canonically equal arguments.

Arguments are compared in canonical form (`canonical_args`): keyword and string keys are the
same key, `-` and `_` in keys are the same character (keys become kebab-case), integral floats
(up to 100 digits) are integers (`1.0` is `1`), tuples, vectors and lists are lists, sets
are sorted lists and keyword values are their names (as they cross the tool boundary).
Booleans stay booleans: `true` and `1` are different arguments. A native call of a tool and a `(tool/name ...)` call in
a program with equal canonical arguments share one entry. Only successful results are stored;
the cache keeps the most recently used `max_entries` results.
"""
from __future__ import annotations

import math
import threading
from collections import OrderedDict

from .. import messages
from ..lang.values import MAP_TYPES, SET_TYPES, VECTOR_TYPES, Keyword, sort_key

__all__ = ["canonical_args", "cache_key", "ToolCache", "MISS"]

MISS = object()  # what `ToolCache.get` returns when nothing is stored


def canonical_args(args):
    """The canonical form of tool arguments: plain Python, kebab-case string keys, sorted.

    Python's `==` takes True for 1; compare canonical arguments with `cache_key`, which does not."""
    t = type(args)
    if t is bool or args is None or t is str or t is int:
        return args
    if t is float:  # integral floats of up to 100 digits (what a program can write) are ints
        return int(args) if math.isfinite(args) and args == int(args) and abs(args) < 1e100 \
            else args
    if t is Keyword:
        return args.name
    if isinstance(args, MAP_TYPES):
        items = [(_key(k), canonical_args(v)) for k, v in args.items()]
        return dict(sorted(items, key=lambda kv: sort_key(kv[0])))
    if isinstance(args, VECTOR_TYPES):
        return [canonical_args(v) for v in args]
    if isinstance(args, SET_TYPES):
        return [canonical_args(v) for v in sorted(args, key=sort_key)]
    text = getattr(args, "ptc_str", None)  # dates and times cross as their ISO text
    return text() if text is not None else args


def _key(k):
    if type(k) is Keyword:
        k = k.name
    return k.replace("_", "-") if type(k) is str else canonical_args(k)


def cache_key(tool_name: str, args) -> tuple:
    """A hashable key for (tool, canonical args) in which `true` and `1` differ."""
    return (tool_name, _frozen(canonical_args(args)))


def _frozen(v):
    t = type(v)
    if t is dict:
        return ("m", tuple((_frozen(k), _frozen(x)) for k, x in v.items()))
    if t is list:
        return ("v", tuple(_frozen(x) for x in v))
    if t is float:
        return ("f", v.hex())  # ##NaN equals itself here
    if t is bool or t is int or t is str or v is None:
        return (t.__name__, v)
    return ("o", repr(v))


class ToolCache:
    """Successful tool results by (tool name, canonical arguments); thread-safe, bounded (LRU)."""

    def __init__(self, max_entries: int = 64):
        if type(max_entries) is not int or max_entries < 1:
            raise ValueError(messages.cache_bad_size(max_entries))
        self.max_entries = max_entries
        self._entries: OrderedDict = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, tool_name: str, args):
        """The stored result for these arguments, or MISS."""
        key = cache_key(tool_name, args)
        with self._lock:
            value = self._entries.get(key, MISS)
            if value is not MISS:
                self._entries.move_to_end(key)
            return value

    def put(self, tool_name: str, args, value) -> None:
        """Store a successful result (the least recently used entry goes when full)."""
        key = cache_key(tool_name, args)
        with self._lock:
            self._entries[key] = value
            self._entries.move_to_end(key)
            while len(self._entries) > self.max_entries:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        """Forget every stored result."""
        with self._lock:
            self._entries.clear()
