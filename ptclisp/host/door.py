"""The door: the one place where host values are checked and turned into PTC values and back.

`from_python` takes JSON-shaped host data in (a fresh copy; anything else is NotData); a string
map key that reads as a keyword becomes that keyword, spelled as the host spelled it
("customer_id" -> :customer_id, docs/llm.md "Keys"). `to_python` gives plain JSON-shaped Python
out (keywords -> strings, vectors -> lists). `host_data` is a Session's data= through the door.

What crosses is a snapshot: every host dict, list, tuple and set is copied when it crosses
(`Session(data=)`, at creation; a tool result, when the tool returns), so a host that changes
its data afterwards changes nothing a program sees; strings and numbers are immutable and
shared. `Session(data=)` copies with the cyclic collector paused (sandbox/gcpause.py).
"""
from __future__ import annotations

import dataclasses as _dataclasses
import datetime as _dt
import decimal as _decimal
import re
from collections.abc import Mapping, Sequence, Set

import immutables

from .. import messages
from ..lang import export
from ..lang.printer import format_value
from ..lang.values import MAP_TYPES, SET_TYPES, SUSPECT, VECTOR_TYPES, Keyword, PSet, PVector, Symbol, freeze, make_map
from ..run import budget as _budget
from ..sandbox.deepstack import call_on_big_stack
from ..sandbox.gcpause import without_gc
from .numbers import OutOfRange, bounded_list, host_scalar
from ..core.numbers import MAX_INT_BITS

__all__ = ["NotData", "to_python", "from_python", "host_data", "reads_as_keyword", "data_key"]

DATA_DEPTH = 20_000  # levels of nesting data= may have (the host gave it; walked on a big stack)

# ---------------------------------------------------------------- PTC -> Python

class NotData(Exception):
    """A value that cannot cross the door (args[0] is the value)."""


class _Probe(Exception):
    """Internal: a first conversion pass met a shared part or got past its allowance."""


def to_python(v, strict: bool = False):
    """Plain JSON-shaped Python for a PTC value (keywords -> strings, vectors -> lists).

    strict: raise NotData for functions and other non-data values (tool arguments).
    A value nested deeper than export.EXPORT_DEPTH, or with more than export.EXPORT_ITEMS
    items written out (a part shared n times counts n times), raises LimitExceeded."""
    t = type(v)
    if t is str or t is int or t is float or t is bool or v is None:
        return v
    try:
        try:  # a tree (no part met twice) is counted exactly as it is written out: one pass
            return _py(v, strict, 0, [export.EXPORT_ITEMS], set())
        except _Probe:  # shared, big or deep: measure it once before writing it all out
            export.check_data(v)
        try:
            return _py(v, strict, 0, [export.EXPORT_ITEMS], None)
        except _Probe:  # the measure is an upper bound; this is a safety net
            raise export.too_big() from None
    except RecursionError:  # called on a stack already deep: the value is too deep for it
        raise export.too_deep() from None


def _py(v, strict: bool, depth: int, left: list, seen: set | None):
    """v as plain Python; _Probe past `left` items or EXPORT_DEPTH levels, or (with `seen`,
    the ids of the collections met) at a collection met twice."""
    t = type(v)
    if t in _PLAIN:
        return v
    if t is Keyword:
        return v.name
    if t is Symbol:
        return str(v)
    is_map = t is dict or isinstance(v, MAP_TYPES)
    if is_map or t is list or isinstance(v, _SEQS):
        depth += 1
        left[0] -= len(v)
        if depth > export.EXPORT_DEPTH or left[0] < 0:
            raise _Probe
        if seen is not None:
            if id(v) in seen:
                raise _Probe
            seen.add(id(v))
        if is_map:  # loops, not comprehensions: one Python frame per level
            out = {}
            for k, x in v.items():
                tk = type(k)
                tx = type(x)
                out[k.name if tk is Keyword else k if tk is str else _key(k)] = (
                    x if tx in _PLAIN else x.name if tx is Keyword else _py(x, strict, depth, left, seen))
            return out
        items = []
        append = items.append
        for x in v:
            tx = type(x)
            append(x if tx in _PLAIN else _py(x, strict, depth, left, seen))
        return items
    text = getattr(v, "ptc_str", None)
    if text is not None:
        return text()
    if strict:
        raise NotData(v)
    return v


_PLAIN = frozenset({str, int, float, bool, type(None)})  # leave as they are
_SEQS = (*VECTOR_TYPES, *SET_TYPES)


def _key(k):
    t = type(k)
    if t is Keyword:  # the common case: host keys cross the door as keywords
        return k.name
    if t is str:
        return k
    return format_value(k)


# ---------------------------------------------------------------- Python -> PTC

def from_python(x, string_keys: bool = False):
    """The PTC value of JSON-shaped host data (a fresh copy); NotData for anything else.

    A string map key that reads as a keyword becomes that keyword, spelled as the host spelled
    it ("customer_id" -> :customer_id); other keys stay as they are (docs/llm.md, "Keys").
    string_keys: keep every string key a string (the host asked for its own keys).
    Big collections and strings are charged against the run's size limits."""
    return _from(x, _string_key if string_keys else _door_key)


def _from(x, key):
    t = type(x)
    if t is str:
        if len(x) > _BIG:
            _budget.charge_size(len(x), "string")
        return x
    if t is int:
        if _NL < x < _L:
            return x
        raise OutOfRange(x, messages.host_number_too_big(MAX_INT_BITS))
    if t is float or t is bool or x is None or t is Keyword:
        return x
    if t is dict or t is list or t is tuple or t is immutables.Map or t is PVector:
        if len(x) > _BIG:
            _budget.charge_size(len(x), "collection")
        if t is dict or t is immutables.Map:
            return _map(x, key)
        return _items(x, key)
    if t is frozenset or t is set:
        return PSet.of([_from(v, key) for v in x])
    return _from_other(x, key)


def _items(x, key) -> list:
    """The items of a host sequence. Rows of str keys and scalars (the usual tool result) are
    copied in one comprehension each, until a row needs more (rows tend to share one shape);
    from then on each row is copied whole and its nested values converted in place."""
    charging = _budget.current() is not None
    flat = True
    out = []
    append = out.append
    if key is _door_key and not charging:  # data= at a Session's start: _flat_map inline
        get = _DOOR_KEY_OF
        for v in x:
            if type(v) is dict:
                if flat:
                    m = {get(k): w for k, w in v.items()
                         if type(w) in _FLAT and (type(w) is not int or _NL < w < _L)}
                    if len(m) == len(v):  # None: a key not met yet, or not a str
                        append(m if None not in m else _map(v, key))
                        continue
                    flat = False
                append(_nested_row(v, key, False))
            else:
                append(_from(v, key))
        return out
    for v in x:
        t = type(v)
        if t in _SCALARS and (t is not int or _NL < v < _L):
            append(v)
        elif t is dict:
            m = _flat_map(v, key, charging) if flat else None
            if m is None:
                flat = False
                m = _nested_row(v, key, charging) if key is _door_key else _map(v, key)
            append(m)
        else:
            append(_from(v, key))
    return out


def _nested_row(x: dict, key, charging: bool):
    """A row of a list with nested values: its keys met before, it is copied whole (the host's
    key order kept) and the values that need converting are replaced in place; else _map."""
    get = _DOOR_KEY_OF
    m = {get(k): w for k, w in x.items()}
    if None in m:  # a key not met yet, or not a str
        return _map(x, key)
    for k, w in x.items():
        t = type(w)
        if (t not in _SCALARS and (t is not str or (charging and len(w) > _BIG))
                or t is int and not _NL < w < _L):
            m[get(k)] = _from(w, key)
    return m


def _flat_map(x, key, charging: bool):
    """A copy of a map whose values are all scalars, else None.

    Distinct str keys stay distinct at the door (a keyword or the str itself), so no key
    collides; a str over _BIG characters is left to _map when a run's sizes are charged."""
    if key is _string_key:
        out = {k: v for k, v in x.items()
               if type(k) is str and type(v) in _FLAT and (type(v) is not int or _NL < v < _L)}
    elif charging:
        out = {_DOOR_KEY_OF(k): v for k, v in x.items()
               if (type(v) in _SCALARS and (type(v) is not int or _NL < v < _L))
               or (type(v) is str and len(v) <= _BIG)}
    else:
        out = {_DOOR_KEY_OF(k): v for k, v in x.items()
               if type(v) in _FLAT and (type(v) is not int or _NL < v < _L)}
    if len(out) != len(x):
        return None
    return out if None not in out else _map(x, key)  # None: a key not met yet, or not a str


def _map(x, key):
    """A host map: keys and values converted; a map keyed by values that need it if keys collide."""
    if key is _door_key:  # the str keys met before, found at C speed
        out = {(_DOOR_KEY_OF(k) or _door_key(k)):
               v if (type(v) in _SCALARS and type(v) is not int) or (type(v) is str and len(v) <= _BIG)
               or (type(v) is int and _NL < v < _L) else _from(v, key)
               for k, v in x.items()}
    else:
        out = {key(k): v if type(v) in _SCALARS and (type(v) is not int or _NL < v < _L)
               else _from(v, key) for k, v in x.items()}
    if len(out) == len(x) and SUSPECT.isdisjoint(map(type, out)):
        return out
    return make_map([(key(k), _from(v, key)) for k, v in x.items()])


_BIG = 1024  # sizes from which a result is charged
_SCALARS = frozenset({int, float, bool, type(None), Keyword})  # cross the door as they are
# ...an int only under the cap a program's own integers have (a longer one costs seconds to print)
INT_LIMIT = _L = 1 << MAX_INT_BITS
_NL = -_L
_FLAT = _SCALARS | {str}
# a key that reads back as the same keyword: keyword characters, not starting with a digit
_KEYWORD_KEY = re.compile(r"[a-zA-Z+\-*<>=?!_][a-zA-Z0-9+\-*<>=?!_]*")
# str -> Keyword or the str itself; reads and writes of a dict are atomic, so threads may
# share it without a lock (a race only computes one entry twice); cleared when it grows big
_DOOR_KEYS: dict = {}
_DOOR_KEY_OF = _DOOR_KEYS.get  # only str keys are ever stored


def _door_key(k):
    """The PTC key of a host map key: a keyword when the string reads as one."""
    if isinstance(k, str):  # a str subclass (an enum of keys) crosses as the str it holds
        k = str.__str__(k)
        door = _DOOR_KEYS.get(k)
        if door is None:
            if len(_DOOR_KEYS) > 50_000:
                _DOOR_KEYS.clear()
            door = Keyword(k) if _KEYWORD_KEY.fullmatch(k) else k
            _DOOR_KEYS[k] = door
        return door
    return freeze(_from(k, _door_key))


def _string_key(k):
    return k if type(k) is str else freeze(_from(k, _string_key))


def _program_key(k):
    """The key a program sees for the host's map key k (a keyword when k reads as one)."""
    return _door_key(k) if type(k) is str else k


def data_key(name, string_keys: bool):
    """The key a data= name is kept under (what `data/name` looks up)."""
    return _string_key(name) if string_keys else _door_key(name)


def reads_as_keyword(name: str) -> bool:
    """True when the host key `name` crosses the door as the keyword :name."""
    return _KEYWORD_KEY.fullmatch(name) is not None


def _from_other(x, key):
    if isinstance(x, bool) or x is NotImplemented:
        raise NotData(x)
    for base in (int, float):  # IntEnum...
        if isinstance(x, base):
            return base(x)
    if isinstance(x, str):  # an enum of strings: the str it holds (str() would give its name)
        return str.__str__(x)
    if isinstance(x, (_dt.date, _decimal.Decimal)):  # a money column: the number it holds
        return host_scalar(x)  # bounded: OutOfRange past what a value can hold (numbers.py)
    if type(x) is Symbol or getattr(type(x), "ptc_type_name", None) in ("LocalDate", "DateTime", "Duration"):
        return x
    if isinstance(x, Mapping):
        return _from(dict(x), key)
    if _dataclasses.is_dataclass(x) and not isinstance(x, type):  # a record the host's types declare
        return _from({f.name: getattr(x, f.name) for f in _dataclasses.fields(x)}, key)
    dump = getattr(type(x), "model_dump", None)  # a pydantic model
    if dump is not None and hasattr(type(x), "model_fields"):
        return _from(dump(x), key)
    if isinstance(x, (Sequence, Set)) and not isinstance(x, (bytes, bytearray, memoryview)):
        return _from(bounded_list(x), key)
    raise NotData(x)


def _not_data_path(x, path=()) -> tuple | None:
    """The path (keys and indexes) to the first part of x that is not data, or None."""
    if isinstance(x, Mapping):
        for k, v in x.items():
            found = _not_data_path(v, (*path, k))
            if found is not None:
                return found
        return None
    if isinstance(x, (list, tuple, set, frozenset, PVector)):
        for i, v in enumerate(x):
            found = _not_data_path(v, (*path, i))
            if found is not None:
                return found
        return None
    try:
        _from(x, _string_key)
    except (NotData, OutOfRange):
        return path
    return None


def host_data(data, string_keys: bool, max_depth: int) -> dict:
    """A Session's data= as PTC values (deep data on a big stack); TypeError naming what is not data."""
    if data is None:
        return {}
    if not isinstance(data, Mapping):
        raise TypeError(messages.api_not_data(data))
    frames = 2 * max(max_depth, DATA_DEPTH) + 200
    try:
        try:
            return without_gc(from_python, dict(data), string_keys)
        except RecursionError:
            return call_on_big_stack(lambda: from_python(dict(data), string_keys), frames)
    except NotData as nd:
        path = call_on_big_stack(lambda: _not_data_path(data), frames) or ()
        keys = [format_value(_program_key(k)) for k in path[1:]]
        raise TypeError(messages.api_data_not_data(path[0] if path else None, keys,
                                                   type(nd.args[0]).__name__)) from None
    except OutOfRange as e:
        path = call_on_big_stack(lambda: _not_data_path(data), frames) or ()
        keys = [format_value(_program_key(k)) for k in path[1:]]
        raise ValueError(messages.api_data_out_of_range(path[0] if path else None, keys, e.problem)) from None
    except RecursionError:
        raise TypeError(messages.API_DATA_TOO_DEEP) from None
