"""The shape of a key's values in a profile: `int|string`, `[{:qty int :sku string?}]`, `{:a int}`.

Types are read with C-speed passes (`map(type, ...)`), so a column of 100,000 values costs about
a millisecond; nested levels are read from at most `_NESTED_ITEMS` values each. Inside a nested
level (and inside a string of JSON) a string that always reads as a number is `string(number)`,
and a key missing or nil in some of the maps is marked `?`, as a signature marks it.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import chain, islice

from ..lang.printer import render_value
from ..lang.values import MAP_TYPES, SET_TYPES, VECTOR_TYPES, Keyword

__all__ = ["key_text", "value_shape", "is_number_text", "all_numbers", "NESTED_KEYS"]

NESTED_KEYS = 12  # keys named per nested level
_DEPTH = 3  # nested levels named
_NESTED_ITEMS = 2000  # a nested level is read from at most this many values
_KEY_CHARS = 40  # a key's name is cut to this length
_NUMBER = re.compile(r"\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*")
_NUMBER_LINES = re.compile(r"^(?!\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?\s*$)", re.M)
_ATOMS = {bool: "bool", int: "int", float: "float", str: "string", Keyword: "keyword"}


def is_number_text(s: str) -> bool:
    """Whether a string reads as a number (`"12.50"`, `" 7"`, `"1e3"`)."""
    return _NUMBER.fullmatch(s) is not None


def all_numbers(strings: list) -> bool:
    """Whether every string reads as a number: one regex over them joined, in C."""
    joined = "\n".join(strings)
    if joined.count("\n") != len(strings) - 1:  # a string holds a line break
        return all(map(is_number_text, strings))
    return _NUMBER_LINES.search(joined) is None


def key_text(k) -> str:
    """A map key as the program writes it: `:name` for a keyword, else its printed form; a
    long one cut as the printer cuts a string."""
    if type(k) is Keyword:
        text = ":" + k.name
    else:
        text = render_value(k, max_chars=_KEY_CHARS)[0]
    return text if len(text) <= _KEY_CHARS else text[:_KEY_CHARS - 3] + "..."


def _atom(t: type) -> str:
    name = _ATOMS.get(t)
    if name is not None:
        return name
    return "int" if issubclass(t, int) else t.__name__.lower()


def _kind(t: type) -> str:
    """`{}`, `[]`, `#{}` for collections, else the atom's name."""
    if issubclass(t, MAP_TYPES):
        return "{}"
    if issubclass(t, SET_TYPES):
        return "#{}"
    if issubclass(t, VECTOR_TYPES):
        return "[]"
    return _atom(t)


def value_shape(values: Iterable, depth: int = 0, parent: tuple = (), *,
                items: int = _NESTED_ITEMS) -> str:
    """`int|string`, `[{:qty int :sku string}]`, `{:a int}`, `[string]`: the types seen among
    values (nil left out), in the order first seen, maps last."""
    values = values if type(values) is list else list(values)
    kinds = dict.fromkeys(_kind(t) for t in dict.fromkeys(map(type, values)) if t is not type(None))
    parts = []
    for name in kinds:
        if name in ("[]", "#{}"):
            kind = SET_TYPES if name == "#{}" else VECTOR_TYPES
            lists = [v for v in values if isinstance(v, kind)]
            members = list(islice(chain.from_iterable(lists), _NESTED_ITEMS))
            inner = value_shape(members, depth + 1, parent) if depth < _DEPTH else "..."
            parts.append(name[:-1] + inner + name[-1])
        elif name == "string" and depth > 0:
            strings = [v for v in values if type(v) is str]
            parts.append("string(number)" if all_numbers(strings) else "string")
        elif name != "{}":
            parts.append(name)
    if "{}" in kinds:
        maps = [v for v in values if isinstance(v, MAP_TYPES)]
        parts.append(_map_keys(maps[:items], depth, parent))
    return "|".join(parts)


def _map_keys(maps: list, depth: int, parent: tuple) -> str:
    """`{:a int :b string?}` (keys sorted; `?`: nil or missing in some), `{:a [{:c int}]}` one
    level further down."""
    keys = list({k: None for m in maps for k in m})
    names = tuple(sorted(key_text(k) for k in keys))
    more = " ..." if len(keys) > NESTED_KEYS else ""
    if names == parent or depth >= _DEPTH:  # a tree: its level repeats the one above
        return "{" + " ".join(names[:NESTED_KEYS]) + more + "}"
    parts = []
    for k in sorted(keys, key=key_text)[:NESTED_KEYS]:
        present = [m[k] for m in maps if k in m]
        text = key_text(k)
        shape = value_shape(present, depth + 1, names)
        if shape:  # `:qty int`, `:lines [{:sku string}]`: what a model would guess otherwise
            text += " " + shape
            if len(present) < len(maps) or any(v is None for v in present):
                text += "?"
        parts.append(text)
    return "{" + " ".join(parts) + more + "}"
