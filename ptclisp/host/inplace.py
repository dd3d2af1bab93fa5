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
type, converts as before. The call log keeps a bounded snapshot taken when the call returns
(`snapshot`: its first records converted, as many as fit LOG_CHARS, and its length), never the
host's list: nothing is converted after the run, and a host that changes its data later does
not change the log.

Who pays is who pays for the copy a read in place stands in for, so that a program succeeds
or fails the same way either way. data= is copied by `Session(data=)` at creation, outside any
run: converting a data= list whole, or building the maps of the keys a pipeline reads
(`partial_records`), is the host's work (sandbox/watchdog.host_work: not the program's time,
not its memory growth, no stop lands in it). A tool result is copied at the call under the
run's limits: building its records, and the log's snapshot, are the run's work, its clock and
memory wall read every chunk as a builtin's (budget.charge_work). Either way the collector is
paused one chunk at a time, never for the whole list. The data= lists are converted before the
run's first tool call or pmap/pcalls (tools.py, parallel.py): a tool is host code that may
change them. The parts of host data are not charged against the size limits, read in place or
copied (budget.host_sizes; docs/sandbox.md).
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
from ..sandbox import watchdog

__all__ = ["InPlace", "in_place", "cooked", "field", "partial_records", "snapshot", "FLAT", "NotRaw",
           "raw_keyword"]

FLAT = frozenset({float, str, bool, type(None)})  # read from a host dict as they are, and an
INT_LIMIT = door.INT_LIMIT  # int under this cap (a longer one: the door refuses it)
_NEG_LIMIT = -INT_LIMIT  # computed once: negating a 100,000-bit int allocates
MIN_ITEMS = 200  # shorter lists are converted at the door (a fused loop needs codegen.THRESHOLD)
CHUNK = 4096  # records partial_records builds between two readings of the clock
LOG_CHARS = 1000  # about how much of a result read in place the call log keeps (snapshot)


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
    """door.host_data of the one name, as at a Session's creation: the host's work, not the
    run's (no size charging, the clock paused, the memory it takes not the run's)."""
    outer = _budget.install(None)
    try:
        return watchdog.host_work(outer, lambda: next(iter(door.host_data(
            {lazy.name: lazy.host}, lazy.string_keys, lazy.max_depth).values())))
    except (TypeError, ValueError) as e:  # the host's message, naming where the value is
        raise EvalError(str(e), code="type", hint=messages.HINT_DATA_READ_IN_PLACE) from None
    except RuntimeError as e:  # "changed size during iteration": another thread changed it
        if isinstance(e, RecursionError):
            raise
        raise EvalError(messages.DATA_CHANGED, code="type", hint=messages.HINT_DATA_CHANGED) from None
    finally:
        _budget.install(outer)


def settle(data: dict) -> None:
    """Replace every data= list of data read in place by its converted value (before host
    code that may change it runs); later reads see that snapshot."""
    for k, v in list(data.items()):
        if type(v) is InPlace and v.convert is None:
            data[k] = v.value()


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
    back keyword-keyed values): the value converted, or the flexible lookup. The run's work
    (its clock and memory wall); the parts of host data are not size-charged."""
    return _budget.host_sizes(_field, record, k, found, string_keys)


def _field(record: dict, k: Keyword, found, string_keys: bool):
    try:
        if found is MISSING or k in record:  # `:user-id` finding "user_id", the keyword key
            return lookup(door.from_python(record, string_keys), k)  # :k itself...: the record
        return door.from_python(found, string_keys)
    except (door.NotData, OutOfRange, RecursionError):  # the converted run reports it (naming
        raise NotRaw from None  # where it is) or copies it (deep data, on a big stack)
    except RuntimeError:  # another thread changed the record while it was read
        raise EvalError(messages.DATA_CHANGED, code="type", hint=messages.HINT_DATA_CHANGED) from None


def partial_records(lazy: InPlace, keys: tuple) -> list:
    """Each record as a map of only `keys` (each holding what `(k record)` gives: nil when
    absent); NotRaw at a record that is no host dict or a value that is not data. Built
    CHUNK records at a time, the collector paused one chunk at a time. Who pays is who pays
    for the copy it stands in for: a tool result's, the run (its clock and memory wall are
    read every chunk, as a builtin's); data='s, the host, as at Session(data=)'s creation."""
    host, string_keys = lazy.host, lazy.string_keys
    b = _budget.current()
    out: list = []
    for lo in range(0, len(host), CHUNK):
        part = host[lo:lo + CHUNK]
        if lazy.convert is None:
            out.extend(_host_chunk(b, part, keys, string_keys))
        else:
            _budget.charge_work(len(part) * (len(keys) + 1))
            out.extend(without_gc(_budget.host_sizes, _partial_records, part, keys, string_keys))
    return out


def _host_chunk(b, part: list, keys: tuple, string_keys: bool) -> list:
    """_partial_records of part as the host's work (watchdog.host_work), uncharged."""
    outer = _budget.install(None)
    try:
        return watchdog.host_work(b, lambda: without_gc(_partial_records, part, keys, string_keys))
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


def snapshot(host: list) -> list:
    """The leading records of a host list that print in about LOG_CHARS characters (what the
    call log keeps of a result read in place); the walk stops there, whatever the list holds."""
    left, n = LOG_CHARS, 0
    for r in host:
        left = _measure(r, left)
        if left < 0:
            break
        n += 1
    return host[:n]


def _measure(x, left: int) -> int:
    """left less about x's printed size; negative once past it (or at a value it cannot size)."""
    stack = [x]
    while stack and left >= 0:
        x = stack.pop()
        t = type(x)
        if t is dict:
            left -= 2 * len(x) + 2
            if left >= 0:
                stack.extend(x.keys())
                stack.extend(x.values())
        elif t is list:
            left -= len(x) + 2
            if left >= 0:
                stack.extend(x)
        elif t is str:
            left -= len(x) + 2
        elif t is int:
            left -= 4 if -1000 < x < 1000 else 24  # past the integer cap: the log's error
        elif t is float or t is bool or x is None:
            left -= 6
        elif _opaque(t):  # a date, a Decimal, an object that is no data (the log's error)...
            left -= 24
        else:  # something that may hold much (a tuple, a mapping, a model): the log stops here
            return -1
    return left


def _opaque(t: type) -> bool:
    """True for a type whose values the door converts whole or refuses in one step."""
    return not (hasattr(t, "__iter__") or hasattr(t, "__len__") or hasattr(t, "model_dump")
                or hasattr(t, "__dataclass_fields__"))
