"""Destructuring: patterns compiled into binders `(frame, value) -> None`."""
from __future__ import annotations

from ..compile import ast as A
from .. import messages
from ..errors import EvalError
from ..lang.values import MAP_TYPES, MISSING, SET_TYPES, VECTOR_TYPES, lookup, make_map, type_name


def compile_pattern(p, compiler):
    """A binder for pattern p; simple bindings expose `.slot` so callers can inline them."""
    t = type(p)
    if t is A.PBind:
        slot = p.slot

        def bind(fr, v):
            fr[slot] = v
        bind.slot = slot
        return bind
    if t is A.PIgnore:
        return _ignore
    if t is A.PVec:
        return _vector_binder(p, compiler)
    return _map_binder(p, compiler)


def _ignore(fr, v):
    return None


def _items_of(v):
    """The items a vector pattern destructures."""
    if v is None:
        return ()
    if isinstance(v, VECTOR_TYPES):
        return v
    if type(v) is str or isinstance(v, SET_TYPES):
        return list(v)
    if isinstance(v, MAP_TYPES):
        return list(v.items())
    raise EvalError(messages.cannot_destructure(type_name(v), "vector"), code="destructure")


def _vector_binder(p, compiler):
    items = [compile_pattern(x, compiler) for x in p.items]
    rest = compile_pattern(p.rest, compiler) if p.rest is not None else None
    n, as_slot = len(items), p.as_slot

    def bind(fr, v):
        xs = _items_of(v)
        m = len(xs)
        for i, b in enumerate(items):
            b(fr, xs[i] if i < m else None)
        if rest is not None:
            tail = xs[n:]
            rest(fr, list(tail) if len(tail) else None)
        if as_slot is not None:
            fr[as_slot] = v
    return bind


def _map_binder(p, compiler):
    entries = [(compile_pattern(pat, compiler), key,
                compiler.compile(default) if default is not None else None)
               for pat, key, default in p.entries]
    as_slot = p.as_slot

    def bind(fr, v):
        m = v
        if m is None:
            m = {}
        elif isinstance(m, VECTOR_TYPES):  # keyword arguments: & {:keys [...]}
            if len(m) % 2:
                raise EvalError(messages.odd_keyword_args(len(m)), code="destructure")
            m = make_map([(m[i], m[i + 1]) for i in range(0, len(m), 2)])
        elif not isinstance(m, MAP_TYPES):
            raise EvalError(messages.cannot_destructure(type_name(v), "map"), code="destructure")
        for b, key, default in entries:
            x = lookup(m, key, MISSING)
            if x is MISSING:
                x = default(fr) if default is not None else None
            b(fr, x)
        if as_slot is not None:
            fr[as_slot] = v
    return bind
