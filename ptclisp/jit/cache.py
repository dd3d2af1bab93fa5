"""Generated code reused by shape: the same nodes in a new text run the code emitted before.

An agent sends a new text every turn, often with the same function or pipeline in it. The
emitter's output depends only on the nodes' shape (types, slots, names, constants, builtins),
not on where they stand in the text, so the code object and the values it names are kept here
under a key made of that shape; a later node of the same shape binds its own spans and forms
(what errors show) in their place and skips the emitter. Only fast emitters are cached: their
code refers to nothing of the run but the context (g_ctx), which is bound anew on each use.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from types import CodeType

import attrs

from ..compile import ast as A, special_forms
from ..core.registry import Builtin
from ..lang.values import MAP_TYPES, Keyword, PSet, PVector, Symbol

_SIZE = 256  # shapes kept, least recently used dropped first
_CACHE: OrderedDict = OrderedDict()
_LOCK = threading.Lock()  # sessions on many threads share the cache
_VARYING = frozenset({"span", "form"})  # fields that differ between texts of one shape
_FIELDS = {cls: [f.name for f in attrs.fields(cls)]
           for cls in vars(A).values() if isinstance(cls, type) and attrs.has(cls)}


class Spot:
    """The span and form of a node that is not walked whole (a pipeline stage's call)."""

    __slots__ = ("form", "span")

    def __init__(self, form, span):
        self.form, self.span = form, span


_FIELDS[Spot] = ["form", "span"]


class Unshaped(Exception):
    """A node holding a value that cannot be part of a key (an unhashable constant)."""


def shape(obj) -> tuple[tuple, list] | None:
    """(key, varying) for obj: its shape as a hashable key, and its spans and forms in walk
    order; None when some value in it cannot be keyed."""
    key: list = []
    varying: list = []
    try:
        _walk(obj, key, varying)
    except Unshaped:
        return None
    return tuple(key), varying


def _walk(x, key: list, varying: list) -> None:
    t = type(x)
    names = _FIELDS[t] if t in _FIELDS else special_forms.node_fields(t)  # (declared elsewhere)
    if names is not None:
        key.append(t)
        for name in names:
            v = getattr(x, name)
            if name in _VARYING:
                varying.append(v)
            else:
                _walk(v, key, varying)
        key.append(None)  # the node's end: shapes with the same leaves apart
    elif t is tuple or t is list:
        key.append(t)
        for v in x:
            _walk(v, key, varying)
        key.append(None)
    elif t is dict:  # a case table: frozen constants to branch numbers
        key.append(t)
        for k, v in x.items():
            _walk(k, key, varying)
            _walk(v, key, varying)
        key.append(None)
    elif t is Builtin:  # registered once, kept for good: its function names it
        key.append(t)
        key.append(x.fn)
    else:
        key.append(const_key(x))


def const_key(x):
    """A key for a constant equal only to the key of the same constant: its type and value,
    as CPython's compiler keys its constants (1, 1.0 and true are equal in Python, 0.0 and
    -0.0 too, and ##NaN is equal to nothing; `[1]` and `[1.0]` are equal vectors); Unshaped
    when x cannot be keyed."""
    t = type(x)
    if t is float:
        return t, x.hex()  # the sign of a zero kept; every NaN one key
    if t in _EXACT:
        return t, x
    if t is tuple or t is list or t is PVector:
        return t, tuple(const_key(v) for v in x)
    if t is PSet or t is frozenset or t is set:
        return t, frozenset(const_key(v) for v in x)
    if isinstance(x, MAP_TYPES):
        return t, frozenset((const_key(k), const_key(v)) for k, v in x.items())
    try:
        hash(x)
    except TypeError:
        raise Unshaped from None
    if isinstance(x, (int, float, str, tuple, frozenset)):  # a subclass: equal to a plain one
        raise Unshaped
    return t, x  # a function, a regex, a date...: equal only to itself or its own kind


_EXACT = frozenset({int, bool, str, type(None), Keyword, Symbol})  # equal only within the type


def known(kind, obj) -> bool:
    """True if code for obj's shape is kept (a later reuse costs no emitting)."""
    found = shape(obj)
    if found is None:
        return False
    with _LOCK:
        return bool(_CACHE.get((kind, found[0])))


def reuse(kind, obj, ctx, ns: dict, emit):
    """The function emit() builds for obj, taken from code emitted before for the same shape
    when there is one. ns is the namespace the code runs in (its names are set in it); emit
    returns the built function (Emitter.build marks it with its module code) or None."""
    found = shape(obj)
    if found is None:
        return emit()
    key, varying = (kind, found[0]), found[1]
    with _LOCK:
        entry = _CACHE.get(key)
        if entry is not None:
            _CACHE.move_to_end(key)
    if entry is not None:
        if entry is False:
            return None
        code, name, fixed, moved = entry
        ns.update(fixed)
        for n, i in moved:
            ns[n] = varying[i]
        ns["g_ctx"] = ctx
        exec(code, ns)  # noqa: S102 - generated from our own AST, checked when first built
        return ns[name]
    built = emit()
    entry = False if built is None else _entry(built, ns, varying)
    if entry is None:
        return built
    with _LOCK:
        _CACHE[key] = entry
        if len(_CACHE) > _SIZE:
            _CACHE.popitem(last=False)
    return built


def _entry(built, ns: dict, varying: list):
    """(code, name, fixed bindings, [(name, index into varying)]) for a built function, or
    None when its code names a value of the run other than the context."""
    module = getattr(built, "ptc_module", None)
    if module is None:
        return None
    code, name = module
    where = {id(v): i for i, v in reversed(list(enumerate(varying)))}  # first occurrence wins
    fixed, moved = {}, []
    for n in _globals_of(code):
        if n not in ns or n == "g_ctx":
            continue
        if n[0] in "cp" and n[1:].isdigit():  # a closure or pattern of this run (non-fast code)
            return None
        v = ns[n]
        i = where.get(id(v))
        if i is not None and v is not None:
            moved.append((n, i))
        else:
            fixed[n] = v
    return code, name, fixed, moved


def _globals_of(code: CodeType) -> set:
    """Every name code and the functions defined in it may read as a global."""
    out = set(code.co_names)
    for c in code.co_consts:
        if isinstance(c, CodeType):
            out |= _globals_of(c)
    return out
