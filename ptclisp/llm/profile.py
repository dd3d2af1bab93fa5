"""Profiles of host data for the context message: what each key holds, read from the whole value.

A profile answers what a model would otherwise spend turns finding out:

    :id int|string (the strings are numbers, e.g. "17")
    :items [{:qty int :sku string}]
    :status string "paid"|"PAID"|" paid"        ; a few short strings: every spelling, as they occur
    :total float, nil in 67 of 221
    :payload string of JSON {"a" "b"}

Nested levels name their keys with their types (`[{:qty int :sku string}]`, `{:a int}`), a
recursive level stops where it repeats its parent (`:children [{:children :name}]`). The whole value is read within a time
budget; a profile cut by it says how many records it read.
"""
from __future__ import annotations

import json
import re
import time
from collections.abc import Iterable
from itertools import islice

from ..lang.printer import format_string, render_value
from ..lang.values import MAP_TYPES, SET_TYPES, VECTOR_TYPES, Keyword
from . import messages as M

__all__ = ["key_profiles", "value_shape", "json_keys", "BUDGET_SECONDS"]

BUDGET_SECONDS = 0.05  # the profiles of one data value are computed within about this time
_SPELLINGS, _SPELLING_CHARS = 12, 30  # strings listed when at most this many, this short
_NESTED_KEYS = 12  # keys named per nested level
_DEPTH = 3  # nested levels named
_NESTED_ITEMS = 2000  # a nested level is read from at most this many values
_NESTED = (*VECTOR_TYPES, *MAP_TYPES, *SET_TYPES)
_CHECK_EVERY = 512
_KEY_CHARS, _SHAPE_CHARS = 40, 200  # a key's name and a key's shape are cut to this length
_NUMBER = re.compile(r"\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*")
_ATOMS = {bool: "bool", int: "int", float: "float", str: "string", Keyword: "keyword"}


def key_text(k) -> str:
    """A map key as the program writes it: `:name` for a keyword, else its printed form; a
    long one cut as the printer cuts a string."""
    if type(k) is Keyword:
        text = ":" + k.name
    else:
        text = render_value(k, max_chars=_KEY_CHARS)[0]
    return text if len(text) <= _KEY_CHARS else text[:_KEY_CHARS - 3] + "..."


def _atom(v) -> str:
    name = _ATOMS.get(type(v))
    if name is not None:
        return name
    return "int" if isinstance(v, int) else type(v).__name__.lower()


def value_shape(values: Iterable, depth: int = 0, parent: tuple = ()) -> str:
    """`int|string`, `[{:qty int :sku string}]`, `{:a int}`, `[string]`: the types seen among
    values (nil left out)."""
    seen: dict[str, None] = {}
    maps: list = []
    lists: list = []
    for v in values:
        if v is None:
            continue
        if isinstance(v, MAP_TYPES):
            maps.append(v)
        elif isinstance(v, (*VECTOR_TYPES, *SET_TYPES)):
            lists.append(v)
            seen.setdefault("#{}" if isinstance(v, SET_TYPES) else "[]", None)
        else:
            seen.setdefault(_atom(v), None)
    parts = []
    for name in seen:
        if name in ("[]", "#{}"):
            items = list(islice((x for xs in lists if isinstance(xs, SET_TYPES) == (name == "#{}")
                                 for x in xs), _NESTED_ITEMS))
            inner = value_shape(items, depth + 1, parent) if depth < _DEPTH else "..."
            parts.append(("[" if name == "[]" else "#{") + inner + ("]" if name == "[]" else "}"))
        else:
            parts.append(name)
    if maps:
        parts.append(_map_keys(maps, depth, parent))
    return "|".join(parts)


def _map_keys(maps: list, depth: int, parent: tuple) -> str:
    """`{:a int :b string}` (keys sorted), `{:a [{:c int}]}` one level further down."""
    maps = maps[:_NESTED_ITEMS]
    keys = list({k: None for m in maps for k in m})
    names = tuple(sorted(key_text(k) for k in keys))
    if names == parent or depth >= _DEPTH:  # a tree: its level repeats the one above
        shown = names
        return "{" + " ".join(shown[:_NESTED_KEYS]) + (" ..." if len(shown) > _NESTED_KEYS else "") + "}"
    parts = []
    for k in sorted(keys, key=key_text)[:_NESTED_KEYS]:
        text = key_text(k)
        shape = value_shape([m[k] for m in maps if k in m], depth + 1, names)
        if shape:  # `:qty int`, `:lines [{:sku string}]`: what a model would guess otherwise
            text += " " + shape
        parts.append(text)
    more = " ..." if len(keys) > _NESTED_KEYS else ""
    return "{" + " ".join(parts) + more + "}"


def json_keys(s: str) -> list[str] | None:
    """The top-level keys of a string holding a JSON object (list of objects), else None."""
    t = s.lstrip()[:1]
    if t not in ("{", "[") or len(s) > 1_000_000:
        return None
    try:
        v = json.loads(s)
    except (ValueError, RecursionError):
        return None
    if isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
        return list({k: None for x in v for k in x})
    return list(v) if isinstance(v, dict) else None


def _spellings(strings: list) -> str:
    """`"paid"|"PAID"` when the strings repeat a few short spellings, else ""."""
    distinct = list(dict.fromkeys(strings))
    if len(strings) < 2 or len(distinct) == len(strings) or len(distinct) > _SPELLINGS:
        return ""
    if any(len(s) > _SPELLING_CHARS for s in distinct):
        return ""
    return "|".join(format_string(s) for s in distinct)


def _string_note(strings: list) -> str:
    """A note on what the strings hold: spellings, numbers as text, JSON."""
    if not strings:
        return ""
    spelled = _spellings(strings)
    if spelled:
        return " " + spelled
    if all(_NUMBER.fullmatch(s) for s in strings):
        return M.strings_are_numbers(format_string(strings[0]))
    keys = json_keys(strings[0])
    if keys is not None:
        return M.json_string(" ".join(key_text(k) for k in keys[:_NESTED_KEYS]))
    return ""


def profile_of(values: list, rows: int, parent: tuple = ()) -> str:
    """One key's profile over the values it has in `rows` records (missing ones not in values);
    parent: the key names of the records, where a recursive level stops."""
    shape = value_shape(values, 0, parent) or "nil"
    if len(shape) > _SHAPE_CHARS:
        shape = shape[:_SHAPE_CHARS - 3] + "..."
    strings = [v for v in values if type(v) is str]
    text = shape + _string_note(strings)
    nils = sum(1 for v in values if v is None)
    if nils and shape != "nil":
        text += M.nil_in(nils, rows)
    if len(values) < rows:
        text += M.missing_in(rows - len(values), rows)
    return text


def key_profiles(rows, *, budget: float = BUDGET_SECONDS) -> tuple[list[tuple[str, str]], int]:
    """([(key text, profile)], items read) for a list of maps (or one map; other items are
    skipped), sorted by key. Reading stops at half the budget: profiling what was read takes
    about as long again."""
    deadline = time.perf_counter() + budget / 2
    by_key: dict = {}
    read = 0
    for row in rows:
        if read % _CHECK_EVERY == 0 and read and time.perf_counter() > deadline:
            break
        read += 1
        if not isinstance(row, MAP_TYPES):
            continue
        for k, v in row.items():
            by_key.setdefault(k, []).append(v)
    names = tuple(sorted(key_text(k) for k in by_key))
    out = [(key_text(k), profile_of(vs, read, names)) for k, vs in by_key.items()]
    return sorted(out), read
