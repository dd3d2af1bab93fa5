"""Profiles of host data for the context message: what each key holds, read from the whole value.

A profile answers what a model would otherwise spend turns finding out:

    :id int|string (the strings are numbers, e.g. "17"), 206 distinct of 221 with "17" = 17
        (210 as written); repeated records differ in :status :total (9 of 15 ids)
    :items [{:qty int :sku string :unit_price string(number)}]
    :status string, 19 spellings of 4 values when trimmed and lower-cased: "paid"|"open"|"canceled"|"refunded"
    :tier string "gold"|"Gold "|"silver" (2 values when trimmed and lower-cased)
    :total float, nil in 67 of 221
    :created string, in 2 formats: "2026-06-07T15:15:58Z" (150), "2026-06-07" (71)
    :body string of JSON {"amount" float|string(number) "reason" string?}: ...

Nested levels name their keys with their types (see `profile_shape`), the strings of a key are
described by `profile_strings`. A record's identity (`id`; without one, an id-like key such as
`order_id`, `orderId` or `uuid` whose values are nearly all distinct) says when its values
repeat: how many distinct of how many (with `"7"` and `7` taken as one, when both are written),
and whether the records sharing an id differ, in which keys.

The whole value is read within a time budget (reading stops at 20% of it; the rest goes to C-speed
passes over the columns read); a profile cut by it says how many records it read.
"""
from __future__ import annotations

import re
import time
from collections import Counter
from functools import partial
from itertools import islice

from ..lang.printer import format_string
from ..lang.values import MAP_TYPES
from ..sandbox.gcpause import without_gc
from . import messages as M
from .profile_shape import key_text, value_shape
from .profile_strings import json_note, string_notes

__all__ = ["key_profiles", "value_shape", "key_text", "json_keys_note",
           "BUDGET_SECONDS"]

BUDGET_SECONDS = 0.05  # the profiles of one data value are computed within about this time
_READ_SHARE = 0.2  # reading the records stops at this share of the budget
_SLOW_SHARE = 0.85  # the slow notes stop at this share (their last steps are not timed)
_FIRST_CHUNK, _CHUNK_CELLS = 256, 12_288  # records, then values read between looks at the clock
_MIN_CELLS = 12_288  # values read whatever the clock says (a loaded machine stalls for 10 ms)
_SHAPE_CHARS = 200  # a key's shape is cut to this length
_ID_NAME = re.compile(r"(?:^|[-_])(?:[iI][dD]|[uU]?[uU][iI][dD]|[gG][uU][iI][dD])$"
                      r"|[a-z0-9](?:Id|ID|Uuid|UUID|Guid|GUID)$")
_DIFFERING_KEYS = 4  # keys named where the copies of a repeated id differ


def json_keys_note(value: str, *, budget: float = BUDGET_SECONDS) -> str | None:
    """` of JSON {"a" int ...}: ...` for a string holding a JSON object, else None."""
    if value.lstrip()[:1] not in ("{", "["):
        return None
    return json_note([value], time.perf_counter() + budget) or None


def _identities(keys) -> dict:
    """{key: the share of distinct values it needs to be an identity}: a key named `id` when
    the records have one (`customer_id` beside it names another record), else every id-like key
    (`order_id`, `orderId`, `uuid`) whose values are nearly all distinct."""
    names = {k: getattr(k, "name", k) for k in keys}
    plain = [k for k, n in names.items() if type(n) is str and n.lower() == "id"]
    if plain:
        return {plain[0]: 0.5}
    return {k: 0.8 for k, n in names.items() if type(n) is str and _ID_NAME.search(n)}


def _parts(values: list, rows: int, parent: tuple, *, id_like: bool) -> tuple[list, object]:
    """([shape, string note, nil and missing counts, repeats], the slow string note to find
    or None): the parts of a key's profile, the slow ones left for later."""
    shape = value_shape(values, 0, parent) or "nil"
    if len(shape) > _SHAPE_CHARS:
        shape = shape[:_SHAPE_CHARS - 3] + "..."
    strings = [v for v in values if type(v) is str] if "string" in shape else []
    note, slow = string_notes(strings, id_like=id_like)
    counts = ""
    nils = values.count(None)
    if nils and shape != "nil":
        counts += M.nil_in(nils, rows)
    if len(values) < rows:
        counts += M.missing_in(rows - len(values), rows)
    return [shape, note, counts, ""], slow


def _repeats(key, column: list, maps: list, share: float, deadline: float) -> str:
    """`, 206 distinct of 221; repeated records differ in :status (9 of 15 ids)` for an
    identity whose values are mostly distinct (at least `share` of them) but not all; else "".
    column: the key's value in each of maps, _MISSING where it has none."""
    if None in column or _MISSING in column:
        where = [i for i, v in enumerate(column) if v is not None and v is not _MISSING]
        values = [column[i] for i in where]
    else:
        where, values = range(len(column)), column
    try:
        distinct = len(set(values))
    except TypeError:  # lists or maps as ids: not an identity a profile can count
        return ""
    texts = list(map(str.strip, map(str, values))) if str in set(map(type, values)) else values
    counts = Counter(texts)
    if len(counts) == len(values) or len(counts) < share * len(values):
        return ""  # all distinct, or a key naming other records
    both = _both_spellings(values) if len(counts) < distinct else None
    text = M.distinct_ids(len(counts), len(values), both, distinct)
    repeated = {t for t, n in counts.items() if n > 1}
    groups: dict = {}
    for j in [j for j, t in enumerate(texts) if t in repeated]:
        groups.setdefault(texts[j], []).append(maps[where[j]])
    return text + _copies(key, list(groups.values()), deadline)


def _both_spellings(values: list) -> tuple[str, str] | None:
    """An id written both as text and as a number: ('"2001"', "2001")."""
    numbers = {str(v) for v in values if type(v) is int}
    for v in values:
        if type(v) is str and v.strip() in numbers:
            return format_string(v), v.strip()
    return None


def _copies(key, groups: list, deadline: float) -> str:
    """Whether the records sharing an id hold the same values (the id's spelling aside),
    compared until the deadline."""
    differing: dict = {}
    differ = compared = 0
    for group in groups:
        if compared % 64 == 0 and compared and time.perf_counter() > deadline:
            break
        compared += 1
        first = group[0]
        if all(r == first for r in group[1:]):  # the common case, compared in C
            continue
        keys = [k for k in dict.fromkeys(k for r in group for k in r) if k != key
                and any(r.get(k, _MISSING) != first.get(k, _MISSING) for r in group[1:])]
        differ += bool(keys)
        differing.update(dict.fromkeys(keys))
    names = sorted(key_text(k) for k in differing)
    listed = " ".join(names[:_DIFFERING_KEYS]) + (" ..." if len(names) > _DIFFERING_KEYS else "")
    return M.repeated_copies(differ, compared, len(groups), listed)


_MISSING = object()


def _columns(rows, read_deadline: float, shown: int | None) -> tuple[dict, dict, list, int]:
    """({key: [its value in each map read, _MISSING where none]} for the first `shown` keys in
    key_text order, {every key: its key_text}, the maps read, items read): read in chunks,
    column by column, until the read deadline (at least _MIN_CELLS values). A key first seen in a later chunk had no value
    before it, so its column starts with _MISSING: exact."""
    columns: dict = {}
    texts: dict = {}
    maps: list = []
    read = cells = 0
    items = iter(rows)
    size = _FIRST_CHUNK
    while True:
        chunk = list(islice(items, size))
        if not chunk:
            break
        read += len(chunk)
        chunk_maps = [r for r in chunk if isinstance(r, MAP_TYPES)]
        new = set().union(*chunk_maps).difference(texts)  # in C
        if new:
            texts.update((k, key_text(k)) for k in new)
            kept = sorted(texts, key=texts.__getitem__)[:shown] if shown is not None else texts
            columns = {k: columns.get(k) or [_MISSING] * len(maps) for k in kept}
        for k, column in columns.items():
            column.extend([m.get(k, _MISSING) for m in chunk_maps])
        maps += chunk_maps
        cells += len(columns) * len(chunk_maps)
        if cells >= _MIN_CELLS and time.perf_counter() > read_deadline:
            break
        size = max(_FIRST_CHUNK // 16, _CHUNK_CELLS // max(1, len(columns)))  # wide records: fewer
    return columns, texts, maps, read


def key_profiles(rows, *, budget: float = BUDGET_SECONDS,
                 shown: int | None = None) -> tuple[list[tuple[str, str]], int]:
    """([(key text, profile)], items read) for a list of maps (or one map; other items are
    skipped), sorted by key. Reading stops at 20% of the budget; the columns read are then
    profiled with C-speed passes, and the slow notes (JSON, formats, copies) stop at the budget.
    Only the first `shown` keys (sorted) are profiled; the others come with "". The cyclic
    collector is paused meanwhile (fresh lists, never a cycle; a collection walking 100,000
    host records cost more than the profile)."""
    return without_gc(_key_profiles, rows, budget, shown)


def _key_profiles(rows, budget: float, shown: int | None) -> tuple[list[tuple[str, str]], int]:
    start = time.perf_counter()
    columns, texts, maps, read = _columns(rows, start + budget * _READ_SHARE, shown)
    deadline = start + budget * _SLOW_SHARE
    names = tuple(sorted(texts.values()))
    out = [(text, [""]) for k, text in texts.items() if k not in columns]  # not shown
    slow = []  # slow notes: (parts, where, function of a deadline)
    ids = _identities(texts)
    for k, column in columns.items():
        values = [v for v in column if v is not _MISSING] if _MISSING in column else column
        parts, note = _parts(values, read, names, id_like=k in ids)
        if note is not None:
            slow.append((parts, 1, note))
        if k in ids:
            slow.append((parts, 3, partial(_repeats, k, column, maps, ids[k])))
        out.append((texts[k], parts))
    for n, (parts, where, note) in enumerate(slow):  # each gets a fair share of the time left
        now = time.perf_counter()
        parts[where] = note(now + max(0.0, deadline - now) / (len(slow) - n))
    out = [(k, "".join(parts)) for k, parts in out]
    return sorted(out), read
