"""Helpers shared by the builtin modules: calling PTC functions, iterating, type errors."""
from __future__ import annotations

from .. import messages
from ..errors import EvalError
from ..lang.values import MAP_TYPES, SET_TYPES, VECTOR_TYPES, Keyword, as_set, lookup, type_name


def as_fn(f, who: str = "function"):
    """A Python callable for a PTC function value (fn, builtin, keyword, map, set, vector)."""
    if callable(f):
        return f
    if isinstance(f, MAP_TYPES):
        return lambda k, default=None: lookup(f, k, default)
    if isinstance(f, SET_TYPES):
        return as_set(f).member
    if isinstance(f, VECTOR_TYPES):
        def nth(i):
            if type(i) is int and 0 <= i < len(f):
                return f[i]
            raise EvalError(messages.index_out_of_bounds(i, len(f)), code="index")
        return nth
    raise EvalError(messages.not_a_function(f), code="not-callable",
                    hint=messages.HINT_NOT_CALLABLE)


def seq(coll, who: str = "function"):
    """An iterable over a seqable: nil -> nothing, string -> characters, map -> [k v] entries."""
    if coll is None:
        return ()
    if isinstance(coll, VECTOR_TYPES):
        return coll
    if isinstance(coll, MAP_TYPES):
        return [(k, v) for k, v in coll.items()]
    if isinstance(coll, (str, *SET_TYPES)):
        return coll
    raise EvalError(messages.not_seqable(who, coll), code="type")


def type_error(who: str, expected: str, got) -> EvalError:
    """An EvalError saying `who` expected something else than `got`."""
    return EvalError(messages.type_error(who, expected, got), code="type")


__all__ = ["as_fn", "seq", "type_error", "Keyword", "type_name"]


