"""What a profile says about a key's strings, read from all of them:

    "paid"|"PAID"|" paid" (1 value when trimmed and lower-cased)   ; a few: all, as they occur
    , 19 spellings of 4 values when trimmed and lower-cased: "paid"|"open"|...    ; many: groups
    (the strings are numbers, e.g. "12.50")
    , in 2 formats: "2026-06-07T15:15:58Z" (150), "2026-06-07" (71)   ; formats, with examples
    of JSON {"amount" float|string(number) "reason" string?}: ...     ; keys of every value

Groups are honest about what they are: spellings that agree once trimmed and lower-cased (what
`(str/lower-case (str/trim s))` gives), never guessed synonyms (`"Germany"` stays apart from
`"de"`). The work is done once per distinct string, in C where it can be (`Counter`, a regex over
the strings joined); JSON strings are parsed until the profile's deadline, and a cut says how
many it read.
"""
from __future__ import annotations

import json
import re
import time
from collections import Counter
from collections.abc import Callable

from ..lang.printer import format_string
from ..lang.values import MAP_TYPES
from . import messages as M
from .profile_shape import all_numbers, value_shape

__all__ = ["string_notes", "json_note"]

_SPELLINGS, _SPELLING_CHARS = 12, 30  # spellings listed when at most this many, this short
_CATEGORICAL = 4  # past _SPELLINGS groups, listed only if a value repeats this often on average
_FOLD_MAX = 5000  # distinct strings grouped at most
_FORMATS, _FORMAT_CHARS = 4, 40  # formats shown at most; an example's length
_JSON_MAX, _JSON_CHARS = 20_000, 1_000_000  # distinct JSON strings parsed at most; one's length
_SHAPE_CHARS = 300
_DIGITS = re.compile(r"\d+")
_LETTERS = re.compile(r"[^\W\d_]+")


def string_notes(strings: list, *,
                 id_like: bool = False) -> tuple[str, Callable[[float], str] | None]:
    """(the note found at once: spellings, their groups, numbers as text; or "" and the slow
    note still to find, a function of a deadline: JSON keys or formats)."""
    if not strings:
        return "", None
    counts = Counter(strings)
    distinct = list(counts)
    if distinct[0].lstrip()[:1] in ("{", "["):  # JSON, however few its spellings
        return "", lambda deadline: json_note(distinct, deadline, counts) or _quick(
            counts, len(strings), id_like) or _formats(counts)
    quick = _quick(counts, len(strings), id_like)
    if quick:
        return quick, None
    return "", lambda deadline: _formats(counts) if time.perf_counter() < deadline else ""


def _quick(counts: Counter, total: int, id_like: bool) -> str:
    """Spellings, numbers as text or spelling groups; else ""."""
    distinct = list(counts)
    if not id_like and len(distinct) <= _SPELLINGS:
        spelled = _spellings(counts, total)
        if spelled:
            return spelled
    if all_numbers(distinct):
        return M.strings_are_numbers(format_string(distinct[0]))
    if not id_like and len(distinct) > _SPELLINGS:
        return _groups(counts, total)
    return ""


def _fold(s: str) -> str:
    return s.strip().lower()


def _spellings(counts: Counter, total: int) -> str:
    """All spellings, as they occur, when a few short ones repeat; else ""."""
    distinct = list(counts)
    if total < 2 or len(distinct) == total or any(len(s) > _SPELLING_CHARS for s in distinct):
        return ""
    folded = len({_fold(s) for s in distinct})
    return " " + "|".join(format_string(s) for s in distinct) + (
        M.folded_values(folded) if folded < len(distinct) else "")


def _groups(counts: Counter, total: int) -> str:
    """Many spellings of fewer values (trimmed and lower-cased): the values, most common
    first, when they are categories (at most _SPELLINGS, or each repeating); else ""."""
    if len(counts) > _FOLD_MAX:
        return ""
    groups: Counter = Counter()
    for s, n in counts.items():
        groups[_fold(s)] += n
    if len(groups) == len(counts):  # nothing to group: all spelled one way
        return ""
    if len(groups) > _SPELLINGS and len(groups) * _CATEGORICAL > total:  # not categories
        return ""
    shown = [g for g, _ in groups.most_common(_SPELLINGS)]
    if any(len(g) > _SPELLING_CHARS for g in shown):
        return ""
    listed = "|".join(format_string(g) for g in shown)
    if len(groups) > len(shown):
        listed += " " + M.sample_more(len(groups) - len(shown))
    return M.spelling_groups(len(counts), len(groups), listed, cut=len(groups) > len(shown))


def _format_of(text: str) -> str:
    """Digits runs as 9, letter runs as a: "2026-06-07" -> "9-9-9", "Ada Lovelace" -> "a a"."""
    return _LETTERS.sub("a", _DIGITS.sub("9", text))


def _formats(counts: Counter) -> str:
    """`, in 2 formats: "2026-06-07T15:15:58Z" (150), "2026-06-07" (71)`: strings with digits
    in 2 to _FORMATS formats, each with its first example and count; else ""."""
    distinct = list(counts)
    if len(distinct) < 2:
        return ""
    joined = "\n".join(distinct)
    if joined.count("\n") != len(distinct) - 1:
        return ""
    found: dict[str, list] = {}
    for s, f in zip(distinct, _format_of(joined).split("\n")):
        seen = found.get(f)
        if seen is None:
            if len(found) == _FORMATS:
                return ""
            found[f] = [s, counts[s]]
        else:
            seen[1] += counts[s]
    if len(found) < 2 or not any("9" in f for f in found) or any(
            len(s) > _FORMAT_CHARS for s, _ in found.values()):
        return ""
    shown = sorted(found.values(), key=lambda e: -e[1])
    return M.formats(len(found), ", ".join(f"{format_string(s)} ({n})" for s, n in shown))


def _parse(s: str):
    """A JSON object or list of objects from a string, else None."""
    if len(s) > _JSON_CHARS:
        return None
    try:
        v = json.loads(s)
    except (ValueError, RecursionError):
        return None
    if isinstance(v, dict) or (isinstance(v, list) and v and all(isinstance(x, dict) for x in v)):
        return v
    return None


def json_note(distinct: list, deadline: float, counts: Counter | None = None) -> str:
    """` of JSON {"a" int "b" string?}: ...`: the keys of every string's object with their
    types, parsed until the deadline (a cut says how many were read); "" when the first string
    holds no JSON object."""
    objects, bad, read = [], [], 0
    now = time.perf_counter()
    parsing = now + max(0.0, deadline - now) * 0.7  # the shape of what was parsed takes the rest
    for s in distinct[:_JSON_MAX]:
        if read and read % 256 == 0 and time.perf_counter() > parsing:
            break
        read += 1
        v = _parse(s)
        if v is None:
            if not objects:
                return ""
            bad.append(s)
        else:
            objects.append(v)
    maps = [v for v in objects if isinstance(v, MAP_TYPES)]
    in_lists = [x for v in objects if not isinstance(v, MAP_TYPES) for x in v]
    shape = value_shape(maps + in_lists, 0, items=_JSON_MAX)
    if len(shape) > _SHAPE_CHARS:
        shape = shape[:_SHAPE_CHARS - 3] + "..."
    shape = "|".join(([shape] if maps else []) + ([f"[{shape}]"] if in_lists else []))
    text = M.json_string(shape)
    if bad:
        n = sum(counts[s] for s in bad) if counts else len(bad)
        text += M.not_json(n, format_string(bad[0][:_FORMAT_CHARS]))
    if read < len(distinct):
        text += M.json_read(read, len(distinct))
    return text
