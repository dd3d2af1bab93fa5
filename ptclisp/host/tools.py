"""Host tools: the one boundary where host code is called.

Calling convention (spec 9.6): `(tool/x)`, `(tool/x {:k v})`, `(tool/x :k v ...)`. Arguments cross
as plain JSON-shaped Python with string keys (keywords become their names) and are checked
against the tool's parameters *before* the callable runs. Results come back through
`from_python`: JSON-shaped data only (an arbitrary Python object is an error, never a handle);
a string key that reads as a keyword becomes that keyword, spelled as the host spelled it.
Async tools run on one event loop: the host's loop under `Session.arun`, else a background loop.

A ToolSet also carries what the host gives one run besides tools: the call log, the journal,
step summaries and the budget map (read by `journal.py`).
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import dataclasses as _dataclasses
import datetime as _dt
import decimal as _decimal
import difflib
import inspect
import logging
import re
import threading
import time
from collections.abc import Mapping, Sequence, Set

import immutables

from ..run import budget as _budget
from ..lang import export
from ..lang import forms as F
from .. import messages
from . import signatures as S
from ..sandbox import watchdog
from ..core.dates import DateTime, LocalDate
from ..errors import LimitExceeded, PtcError, ToolError
from ..lang.printer import cut_text, format_value
from .cache import MISS, ToolCache
from .tooldef import Tool, as_tools, kebab
from ..lang.values import MAP_TYPES, SET_TYPES, SUSPECT, VECTOR_TYPES, Keyword, PSet, PVector, Symbol, freeze, make_map

__all__ = ["Tool", "ToolSet", "to_python", "from_python", "call_arguments", "bind_arguments",
           "check_call_shape", "kebab", "current", "activate"]

log = logging.getLogger("ptclisp")
PREVIEW_CHARS = 500  # characters of a result kept in the call log

# ---------------------------------------------------------------- per-thread run state

_local = threading.local()


def current() -> "ToolSet | None":
    """The ToolSet of the run on this thread (for budget/remaining), or None."""
    return getattr(_local, "toolset", None)


def activate(toolset, branch=None):
    """Make toolset current on this thread; returns what was current.

    branch: the pmap/pcalls worker this thread is (parallel.py); its `before_host_call()` runs
    before each tool call (it refuses calls of a cancelled form and may start another worker)."""
    old = (getattr(_local, "toolset", None), getattr(_local, "branch", None))
    _local.toolset, _local.branch = toolset, branch
    return old


def restore(old):
    """Undo `activate` with what it returned."""
    _local.toolset, _local.branch = old


# ---------------------------------------------------------------- PTC -> Python

class NotData(Exception):
    """Internal: a value that cannot cross the boundary."""


class _Probe(Exception):
    """Internal: a first conversion pass got past its small allowance."""


def to_python(v, strict: bool = False):
    """Plain JSON-shaped Python for a PTC value (keywords -> strings, vectors -> lists).

    strict: raise NotData for functions and other non-data values (tool arguments).
    A value nested deeper than export.EXPORT_DEPTH, or with more than export.EXPORT_ITEMS
    items written out (a part shared n times counts n times), raises LimitExceeded."""
    t = type(v)
    if t is str or t is int or t is float or t is bool or v is None:
        return v
    try:
        try:
            return _py(v, strict, 0, [export.PROBE])
        except _Probe:  # big, deep or shared: measure it once before writing it all out
            export.check_data(v)
        try:
            return _py(v, strict, 0, [export.EXPORT_ITEMS])
        except _Probe:  # the measure is an upper bound; this is a safety net
            raise export.too_big() from None
    except RecursionError:  # called on a stack already deep: the value is too deep for it
        raise export.too_deep() from None


def _py(v, strict: bool, depth: int, left: list):
    t = type(v)
    if t is str or t is int or t is float or t is bool or v is None:
        return v
    if t is Keyword:
        return v.name
    if t is Symbol:
        return str(v)
    is_map = isinstance(v, MAP_TYPES)
    if is_map or isinstance(v, (*VECTOR_TYPES, *SET_TYPES)):
        depth += 1
        left[0] -= len(v)
        if depth > export.EXPORT_DEPTH or left[0] < 0:
            raise _Probe
        if is_map:  # loops, not comprehensions: one Python frame per level
            out = {}
            for k, x in v.items():
                out[_key(k)] = _py(x, strict, depth, left)
            return out
        items = []
        for x in v:
            items.append(_py(x, strict, depth, left))
        return items
    text = getattr(v, "ptc_str", None)
    if text is not None:
        return text()
    if strict:
        raise NotData(v)
    return v


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
    if t is int or t is float or t is bool or x is None or t is Keyword:
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
    copied in one comprehension each, until a row needs more: rows tend to share one shape."""
    charging = _budget.current() is not None
    flat = True
    out = []
    append = out.append
    if key is _door_key and not charging:  # data= at a Session's start: _flat_map inline
        get = _DOOR_KEY_OF
        for v in x:
            if type(v) is dict and flat:
                m = {get(k): w for k, w in v.items() if type(w) in _FLAT}
                if len(m) == len(v):  # None: a key not met yet, or not a str
                    append(m if None not in m else _map(v, key))
                    continue
                flat = False
            append(_from(v, key))
        return out
    for v in x:
        t = type(v)
        if t in _SCALARS:
            append(v)
        elif t is dict:
            m = _flat_map(v, key, charging) if flat else None
            if m is None:
                flat = False
                m = _map(v, key)
            append(m)
        else:
            append(_from(v, key))
    return out


def _flat_map(x, key, charging: bool):
    """A copy of a map whose values are all scalars, else None.

    Distinct str keys stay distinct at the door (a keyword or the str itself), so no key
    collides; a str over _BIG characters is left to _map when a run's sizes are charged."""
    if key is _string_key:
        out = {k: v for k, v in x.items() if type(k) is str and type(v) in _FLAT}
    elif charging:
        out = {_DOOR_KEY_OF(k): v for k, v in x.items()
               if type(v) in _SCALARS or (type(v) is str and len(v) <= _BIG)}
    else:
        out = {_DOOR_KEY_OF(k): v for k, v in x.items() if type(v) in _FLAT}
    if len(out) != len(x):
        return None
    return out if None not in out else _map(x, key)  # None: a key not met yet, or not a str


def _map(x, key):
    """A host map: keys and values converted; a map keyed by values that need it if keys collide."""
    if key is _door_key:  # the str keys met before, found at C speed
        out = {(_DOOR_KEY_OF(k) or _door_key(k)):
               v if type(v) in _SCALARS or (type(v) is str and len(v) <= _BIG) else _from(v, key)
               for k, v in x.items()}
    else:
        out = {key(k): v if type(v) in _SCALARS else _from(v, key) for k, v in x.items()}
    if len(out) == len(x) and SUSPECT.isdisjoint(map(type, out)):
        return out
    return make_map([(key(k), _from(v, key)) for k, v in x.items()])


_BIG = 1024  # sizes from which a result is charged
_SCALARS = frozenset({int, float, bool, type(None), Keyword})  # cross the door as they are
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


def door_key(k):
    """The key a program sees for the host's map key k (a keyword when k reads as one)."""
    return _door_key(k) if type(k) is str else k


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
    if isinstance(x, _dt.datetime):
        aware = x if x.tzinfo is not None else x.replace(tzinfo=_dt.timezone.utc)
        return DateTime((aware - _EPOCH) // _dt.timedelta(microseconds=1))
    if isinstance(x, _dt.date):
        return LocalDate(x.toordinal() - _EPOCH_ORDINAL)
    if isinstance(x, _decimal.Decimal):  # a database's money column: the number it holds
        return int(x) if x.is_finite() and x == x.to_integral_value() else float(x)
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
        return _from(list(x), key)
    raise NotData(x)


def not_data_path(x, path=()) -> tuple | None:
    """The path (keys and indexes) to the first part of x that is not data, or None."""
    if isinstance(x, Mapping):
        for k, v in x.items():
            found = not_data_path(v, (*path, k))
            if found is not None:
                return found
        return None
    if isinstance(x, (list, tuple, set, frozenset, PVector)):
        for i, v in enumerate(x):
            found = not_data_path(v, (*path, i))
            if found is not None:
                return found
        return None
    try:
        _from(x, _string_key)
    except NotData:
        return path
    return None


_EPOCH = _dt.datetime(1970, 1, 1, tzinfo=_dt.timezone.utc)
_EPOCH_ORDINAL = _dt.date(1970, 1, 1).toordinal()


def preview(value) -> str:
    """The value printed in at most PREVIEW_CHARS characters (saying what was cut)."""
    if _fits(value, PREVIEW_CHARS):  # small: the quick printer, then a plain cut
        return cut_text(format_value(value), PREVIEW_CHARS)[0]
    return format_value(value, max_chars=PREVIEW_CHARS)


def _fits(value, budget: int) -> bool:
    """True if value surely prints in about budget characters (walks at most that far)."""
    stack = [value]
    while stack:
        x = stack.pop()
        t = type(x)
        if t is dict:
            budget -= 2 * len(x) + 2
            stack.extend(x.keys())
            stack.extend(x.values())
        elif t is list or t is PSet:
            budget -= len(x) + 2
            stack.extend(x)
        elif t is str:
            budget -= len(x) + 2
        elif t is int:
            budget -= 4 if -1000 < x < 1000 else 24
        else:
            budget -= 24
        if budget < 0:
            return False
    return True


# ---------------------------------------------------------------- arguments

def call_arguments(name: str, args, tool: Tool | None = None) -> dict:
    """The arguments map of `(tool/x)`, `(tool/x {..})` or `(tool/x :k v ...)`, as plain Python."""
    try:
        if not args:
            return {}
        if len(args) == 1 and isinstance(args[0], MAP_TYPES):
            return to_python(args[0], strict=True)
        if len(args) % 2 == 0 and all(type(k) is Keyword for k in args[0::2]):
            return {k.name: to_python(v, strict=True) for k, v in zip(args[0::2], args[1::2])}
    except NotData as nd:
        raise ToolError(messages.tool_arg_not_data(name, nd.args[0]), tool=name, code="tool-args",
                        hint=_signature_hint(tool)) from None
    raise ToolError(messages.tool_positional(name), tool=name, code="tool-args",
                    hint=positional_hint(tool, args[0] if len(args) == 1 else None))


def bind_arguments(tool: Tool, args) -> dict:
    """What the callable receives: argument names resolved to its parameters and type-checked."""
    raw = call_arguments(tool.name, args, tool)
    problem = _param_problem(tool, raw, complete=True)
    if problem:
        raise ToolError(problem[0], tool=tool.name, code="tool-args", hint=problem[1])
    if not tool.params:
        return raw
    out = {}
    for key, v in raw.items():
        p = tool.param(key)
        out[p.name if p is not None else key] = v
    return out


def _param_problem(tool: Tool, given: dict, complete: bool):
    """(message, hint) for an unknown, missing or wrongly typed argument, or None.

    given: written key -> value (values may be None when unknown); complete: all keys known."""
    seen = set()
    for key, v in given.items():
        p = tool.param(key)
        if p is None:
            if tool.open:
                continue
            return (messages.tool_unknown_param(tool.name, key, [x.name for x in tool.params]),
                    _near_hint(tool, key))
        seen.add(p.name)
        if v is not _UNKNOWN:
            problems = S.check(v, p.type, p.name)
            if problems:
                return messages.tool_bad_arg(tool.name, S.problems_text(problems)), _signature_hint(tool)
    if complete:
        missing = [p.name for p in tool.required if p.name not in seen]
        if missing:
            return messages.tool_missing_params(tool.name, missing), _signature_hint(tool)
    return None


_UNKNOWN = object()


def _signature_hint(tool: Tool | None) -> str | None:
    if tool is None:
        return messages.HINT_TOOL_ARGS
    return messages.tool_signature_hint(tool.signature_text, tool.usage())


def _near_hint(tool: Tool, key: str) -> str:
    names = {kebab(p.name): p.name for p in tool.params}  # matched either way, shown as declared
    near = difflib.get_close_matches(kebab(key), list(names), n=1, cutoff=0.6)
    base = _signature_hint(tool)
    return f"{messages.did_you_mean(':' + names[n] for n in near)} {base}" if near else base


def positional_hint(tool: Tool | None, value=None) -> str:
    """How to write the call with named arguments, using the one value given if any."""
    if tool is None:
        return messages.HINT_TOOL_ARGS
    only = tool.required if len(tool.required) == 1 else tool.params if len(tool.params) == 1 else ()
    if value is not None and len(only) == 1 and not isinstance(value, MAP_TYPES):
        example = f"(tool/{tool.name} {{:{only[0].name} {format_value(value, max_chars=40)}}})"
        return messages.tool_positional_fix(example, tool.signature_text)
    return _signature_hint(tool)


# ---------------------------------------------------------------- static check of written calls

def check_call_shape(tool, arg_forms):
    """A static problem with a tool call's written arguments, as (message, hint), or None.

    Catches positional literals, unknown parameter names written literally, missing required
    parameters when every key is written, and literal values of the wrong type."""
    if not isinstance(tool, Tool):
        return None
    n = len(arg_forms)
    if n == 1 and type(arg_forms[0]) is F.Map:
        pairs = list(zip(arg_forms[0].items[0::2], arg_forms[0].items[1::2]))
    elif n and n % 2 == 0 and all(_literal_keyword(k) for k in arg_forms[0::2]):
        pairs = list(zip(arg_forms[0::2], arg_forms[1::2]))
    elif n == 0:
        pairs = []
    elif _positional_for_sure(arg_forms):
        value = arg_forms[0].value if n == 1 and type(arg_forms[0]) is F.Lit else None
        return messages.tool_positional(tool.name), positional_hint(tool, value)
    else:
        return None
    given, complete = {}, True
    for k, v in pairs:
        key = _literal_key(k)
        if key is None:
            complete = False
            continue
        given[key] = _literal_arg(v)
    return _param_problem(tool, given, complete)


def _literal_keyword(form) -> bool:
    return type(form) is F.Lit and type(form.value) is Keyword


def _literal_key(form):
    if type(form) is F.Lit and type(form.value) in (Keyword, str):
        return _key(form.value)
    return None


def _literal_arg(form):
    if type(form) is F.Lit and (form.value is None or type(form.value) in (str, int, float, bool, Keyword)):
        return to_python(form.value)
    return _UNKNOWN


def _positional_for_sure(arg_forms) -> bool:
    """True when no runtime value could make these arguments named ones."""
    if len(arg_forms) == 1:
        return type(arg_forms[0]) in (F.Lit, F.Vector, F.Set, F.Regex, F.FnLit)
    if len(arg_forms) % 2:
        return True
    return any(type(k) in (F.Lit, F.Vector, F.Map, F.Set) and not _literal_keyword(k)
               for k in arg_forms[0::2])


# ---------------------------------------------------------------- async tools

_loop_lock = threading.Lock()
_loop: asyncio.AbstractEventLoop | None = None


def _tool_timeout_error(name: str, limit, took: float | None = None) -> LimitExceeded:
    return LimitExceeded(messages.limit_tool_timeout(name, limit, took), limit="tool_timeout",
                         value=limit, hint=messages.HINT_TOOL_TIMEOUT)


def _check_tool_time(name: str, took: float, b) -> None:
    """After a call: a (synchronous, uninterrupted) tool past tool_timeout or max_wall fails it."""
    limit = getattr(b.limits, "tool_timeout", None)
    if limit is not None and took > limit:
        raise _tool_timeout_error(name, limit, took)
    if b.clock() > b.wall_deadline:
        raise b.wall_error(name)


def background_loop() -> asyncio.AbstractEventLoop:
    """The one event loop (on a daemon thread) that runs async tools outside `Session.arun`."""
    global _loop
    with _loop_lock:
        if _loop is None or _loop.is_closed():
            loop = asyncio.new_event_loop()
            threading.Thread(target=loop.run_forever, name="ptclisp-async-tools", daemon=True).start()
            _loop = loop
        return _loop


async def _await(awaitable):
    return await awaitable


# ---------------------------------------------------------------- the tool set

class ToolSet:
    """The tools of one Session, and what one run of it gives and records at the boundary."""

    def __init__(self, tools=None):
        self.tools: dict[str, Tool] = {}  # what programs may call (expose "program" or "both")
        self.native: dict[str, Tool] = {}  # what the model may call natively ("native" or "both")
        seen = set()
        for t in as_tools(tools):
            if t.name in seen:
                raise ValueError(messages.tool_duplicate(t.name))
            seen.add(t.name)
            if t.expose != "native":
                self.tools[t.name] = t
            if t.expose != "program":
                self.native[t.name] = t
        self.cache = ToolCache()  # results of tools declared cache=True (host/cache.py)
        self.log: list[dict] = []
        self.max_calls: int | None = None
        self.journal = None  # the host's journal mapping, or None (task runs uncached)
        self.summaries: dict = {}  # step-done summaries of the current run
        self.budget_info = None  # what budget/remaining returns: a mapping or a callable
        self.host_loop: asyncio.AbstractEventLoop | None = None
        self.string_keys = False  # True: results keep the host's string keys (Session option)
        self._lock = threading.Lock()

    def __contains__(self, name: str) -> bool:
        return kebab(name) in self.tools

    def __iter__(self):
        return iter(sorted(self.tools))

    def __len__(self) -> int:
        return len(self.tools)

    def __getitem__(self, name: str) -> Tool:
        return self.tools[kebab(name)]

    def get(self, name: str) -> Tool | None:
        return self.tools.get(kebab(name))

    def begin_run(self, *, max_calls=None, journal=None, budget_info=None, host_loop=None):
        """Reset the per-run state before a run."""
        self.log, self.summaries = [], {}
        self.max_calls, self.journal, self.budget_info = max_calls, journal, budget_info
        self.host_loop = host_loop

    def call(self, name: str, args, span=None, logged: list | None = None):
        """Call tool `name` with PTC args (exactly once); returns the result as a PTC value.

        logged: a list that also gets the call's log entry (the run's retry replays it)."""
        tool = self.get(name)
        if tool is None:
            raise ToolError(messages.unknown_tool(name), tool=name, code="unknown-tool")
        branch = getattr(_local, "branch", None)
        if branch is not None:
            branch.before_host_call()
        b = _budget.current()
        if b is not None:
            b.check_time()
        kwargs = bind_arguments(tool, args)
        if tool.cache:
            hit = self.cache.get(tool.name, kwargs)
            if hit is not MISS:
                value = from_python(hit, self.string_keys)
                entry = {"name": tool.name, "args": kwargs, "result": preview(value),
                         "error": None, "duration": 0.0, "cached": True}
                with self._lock:
                    self.log.append(entry)
                if logged is not None:
                    logged.append(entry)
                return value
        entry = {"name": tool.name, "args": kwargs, "result": None, "error": None, "duration": 0.0}
        with self._lock:
            if self.max_calls is not None and len(self.log) >= self.max_calls:
                raise LimitExceeded(messages.limit_tool_calls(self.max_calls), limit="max_tool_calls",
                                    value=self.max_calls, hint=messages.HINT_TOOL_CALLS)
            self.log.append(entry)
        if logged is not None:
            logged.append(entry)
        start = time.perf_counter()
        try:
            value = self._convert(tool, self._invoke(tool, kwargs, b))
        except PtcError as e:
            entry["error"] = e.message
            if e.code == "tool" and e.__cause__ is not None:  # the host's own exception:
                entry["exception"] = e.__cause__  # for the host only, never the program
                e.__cause__ = None
            raise
        finally:
            entry["duration"] = time.perf_counter() - start
        entry["result"] = value  # the PTC value the program got (Result.value's convention)
        if tool.cache:
            self.cache.put(tool.name, kwargs, value)
        if b is not None:
            _check_tool_time(tool.name, entry["duration"], b)
        return value

    def call_native(self, name: str, args) -> tuple:
        """Call a natively exposed tool with JSON arguments, outside any run: (value, cached?).

        The arguments are checked like a program's; a cached tool answers from its cache."""
        tool = self.native.get(kebab(name)) if isinstance(name, str) else None
        if tool is None:
            raise ToolError(messages.unknown_tool(str(name)), tool=str(name), code="unknown-tool")
        if not isinstance(args, Mapping):
            raise ToolError(messages.tool_positional(tool.name), tool=tool.name, code="tool-args",
                            hint=_signature_hint(tool))
        try:
            kwargs = bind_arguments(tool, [from_python(dict(args))])
        except NotData as nd:
            raise ToolError(messages.tool_arg_not_data(tool.name, nd.args[0]), tool=tool.name,
                            code="tool-args", hint=_signature_hint(tool)) from None
        if tool.cache:
            hit = self.cache.get(tool.name, kwargs)
            if hit is not MISS:
                return hit, True
        value = self._convert(tool, self._invoke(tool, kwargs, None))
        if tool.cache:
            self.cache.put(tool.name, kwargs, value)
        return value, False

    def _invoke(self, tool: Tool, kwargs: dict, b):
        """Run the host callable; host exceptions become ToolError (traceback only logged)."""
        host = b is not None and hasattr(b, "in_host")  # the watchdog keeps out of host code
        if host:
            watchdog.enter_host(b)
        try:
            raw = tool.fn(kwargs) if tool.takes == "dict" else tool.fn(**kwargs)
            if inspect.isawaitable(raw):
                raw = self._wait(tool, raw, b)
            return raw
        except ToolError as e:
            e.tool = e.tool or tool.name
            raise
        except LimitExceeded:
            raise
        except PtcError as e:
            raise ToolError(messages.tool_failed(tool.name, e.message), tool=tool.name, code="tool") from None
        except Exception as exc:  # the host's failure becomes the program's ToolError
            log.warning("tool %s raised", tool.name, exc_info=True)
            text = (messages.tool_failed(tool.name, exc) if tool.show_errors
                    else messages.tool_failed_quietly(tool.name, type(exc).__name__))
            raise ToolError(text, tool=tool.name, code="tool") from exc  # cause: the call log
        finally:
            if host:
                watchdog.leave_host(b)

    def _wait(self, tool: Tool, awaitable, b):
        """Run an awaitable on the event loop and wait for it, no longer than the run's deadline."""
        loop = self.host_loop or background_loop()
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:  # never block the loop we would wait on
            loop = background_loop()
        future = asyncio.run_coroutine_threadsafe(_await(awaitable), loop)
        tool_limit = getattr(b.limits, "tool_timeout", None) if b is not None else None
        wall_left = b.wall_deadline - b.clock() if b is not None else float("inf")
        timeout = min(tool_limit if tool_limit is not None else float("inf"), max(wall_left, 0.0))
        try:
            return future.result(None if timeout == float("inf") else timeout)
        except concurrent.futures.TimeoutError:
            future.cancel()
            if tool_limit is not None and tool_limit <= wall_left:
                raise _tool_timeout_error(tool.name, tool_limit) from None
            raise b.wall_error(tool.name) from None
        except concurrent.futures.CancelledError:
            raise ToolError(messages.tool_failed(tool.name, messages.TOOL_CANCELLED), tool=tool.name,
                            code="tool") from None

    def _convert(self, tool: Tool, raw):
        """The PTC value of a tool's result, checked to be data (and against its return type)."""
        try:
            value = from_python(raw, self.string_keys)
        except NotData as nd:
            log.warning("tool %s returned a %s, which is not data", tool.name, type(nd.args[0]).__name__)
            raise ToolError(messages.tool_not_data(tool.name), tool=tool.name, code="tool-result") from None
        except RecursionError:
            raise ToolError(messages.tool_not_data(tool.name), tool=tool.name, code="tool-result") from None
        except LimitExceeded as e:
            e.hint = messages.HINT_TOOL_RESULT_SIZE
            raise
        if tool.check_returns and tool.returns is not None:
            problems = S.check(value, tool.returns)
            if problems:
                raise ToolError(messages.tool_bad_result(tool.name, S.problems_text(problems)),
                                tool=tool.name, code="tool-result")
        return value

