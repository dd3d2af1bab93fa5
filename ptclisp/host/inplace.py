"""Host data read in place: a one-shot run's big data= lists, and big tool results a pipeline
reads, not copied at the door.

`ptclisp.run(program, data=...)` runs one program and returns: nobody can change the host's
data while it runs, so a big list (codegen.THRESHOLD items or more) need not be copied when it
crosses the door. It is kept as an InPlace. A fused pipeline over it (jit/pipeline.py) reads
each record's keyword fields straight from the host's dicts, converting only what it reads
that is not a plain scalar, and the records a pipeline returns. Anything else that reads it
converts it whole, once, through the door (door.host_data), exactly as `Session(data=)` does at
creation: what a program sees is the same either way.

A tool's result is read in place only where it is the source of such a pipeline
(`(->> (tool/orders) (filter ...) ...)`): nothing else in the program can see it, and the host
returned it for this call. A cached tool, or one whose result is checked against its return
type, converts as before. The call log holds the InPlace; `Result.tool_calls` converts it when
the host first reads it.
"""
from __future__ import annotations

import threading

from ..lang.values import MISSING, Keyword, lookup
from ..run import budget as _budget
from ..errors import EvalError
from .. import messages
from . import door
from .numbers import OutOfRange
from ..sandbox.gcpause import without_gc

__all__ = ["InPlace", "in_place", "cooked", "field", "partial_records", "FLAT", "NotRaw", "raw_keyword"]

FLAT = frozenset({float, str, bool, type(None)})  # read from a host dict as they are, and an
INT_LIMIT = door.INT_LIMIT  # int under this cap (a longer one: the door refuses it)
_NEG_LIMIT = -INT_LIMIT  # computed once: negating a 100,000-bit int allocates
MIN_ITEMS = 200  # shorter lists are converted at the door (a fused loop needs codegen.THRESHOLD)


class NotRaw(Exception):
    """A record of an in-place list is not a host dict: the pipeline runs on the converted list."""


class InPlace:
    """A host list held as it is, with the key convention of the session it was given to."""

    __slots__ = ("host", "name", "string_keys", "max_depth", "convert", "_value", "_lock")

    def __init__(self, host, name, string_keys: bool, max_depth: int, convert=None):
        self.host = host
        self.name = name
        self.string_keys = string_keys
        self.max_depth = max_depth
        self.convert = convert  # a tool result's own conversion (its checks, its errors), or None
        self._value = MISSING
        self._lock = threading.Lock()

    def value(self):
        """The list converted through the door (once; later reads get the same value)."""
        v = self._value
        if v is MISSING:
            with self._lock:
                if self._value is MISSING:
                    self._value = _convert(self) if self.convert is None else self.convert()
                v = self._value
        return v

    def __repr__(self) -> str:
        return f"<{len(self.host)} items of {self.name}, read in place>"


def _convert(lazy: InPlace):
    """door.host_data of the one name, outside the run's size charging (as at creation)."""
    outer = _budget.install(None)
    try:
        return next(iter(door.host_data({lazy.name: lazy.host}, lazy.string_keys,
                                        lazy.max_depth).values()))
    except (TypeError, ValueError) as e:  # the host's message, naming where the value is
        raise EvalError(str(e), code="type", hint=messages.HINT_DATA_READ_IN_PLACE) from None
    finally:
        _budget.install(outer)


def in_place(data, string_keys: bool, max_depth: int):
    """(the big lists kept in place, the rest of data) of a one-shot run's data= mapping."""
    if type(data) is not dict:
        return {}, data
    lazy, rest = {}, {}
    for k, v in data.items():
        if type(k) is str and type(v) is list and len(v) >= MIN_ITEMS:
            lazy[k] = InPlace(v, k, string_keys, max_depth)
        else:
            rest[k] = v
    return lazy, rest


def cooked(v):
    """The PTC value of data read in place: converted if it is an InPlace."""
    return v.value() if type(v) is InPlace else v


def raw_keyword(k) -> bool:
    """True when `(k record)` may read the host dict's str key k.name (a literal keyword whose
    name crosses the door as that keyword)."""
    return type(k) is Keyword and door.reads_as_keyword(k.name)


def field(record: dict, k: Keyword, found, string_keys: bool):
    """`(k record)` of a host dict whose str key k.name held `found` (MISSING when absent),
    when that is not a plain scalar or the dict also has the key k itself (a host that hands
    back keyword-keyed values): the value converted, or the flexible lookup. Converted as
    data= is at a Session's creation, outside the run's size charging."""
    outer = _budget.install(None)
    try:
        return _field(record, k, found, string_keys)
    finally:
        _budget.install(outer)


def _field(record: dict, k: Keyword, found, string_keys: bool):
    try:
        if found is MISSING or k in record:  # `:user-id` finding "user_id", the keyword key
            return lookup(door.from_python(record, string_keys), k)  # :k itself...: the record
        return door.from_python(found, string_keys)
    except (door.NotData, OutOfRange, RecursionError):  # the converted run reports it, naming
        raise NotRaw from None  # where it is (nested too deeply: as the whole list's door does)


def partial_records(lazy: InPlace, keys: tuple) -> list:
    """Each record as a map of only `keys` (each holding what `(k record)` gives: nil when
    absent); NotRaw at a record that is no host dict or a value that is not data."""
    outer = _budget.install(None)
    try:
        return without_gc(_partial_records, lazy.host, keys, lazy.string_keys)
    finally:
        _budget.install(outer)


def _partial_records(host: list, keys: tuple, string_keys: bool) -> list:
    reads = [(k, k.name) for k in keys]
    out = []
    append = out.append
    for r in host:
        if type(r) is not dict:
            raise NotRaw
        m = {}
        for k, name in reads:
            v = r.get(name, MISSING)
            m[k] = (v if (type(v) in FLAT or type(v) is int and _NEG_LIMIT < v < INT_LIMIT)
                    and k not in r else _field(r, k, v, string_keys))
        append(m)
    return out
