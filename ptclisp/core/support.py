"""Helpers shared by the builtin modules: calling PTC functions, iterating, type errors, the
order of a map's keys, Java's whitespace and literal string replacement."""
from __future__ import annotations

from operator import attrgetter

from .. import messages
from ..errors import EvalError
from ..lang.printer import int_text  # noqa: F401  (used by json and format)
from ..lang.values import MAP_TYPES, SET_TYPES, VECTOR_TYPES, Keyword, as_set, lookup, sort_key, type_name
from ..run import budget
from .endless import Endless, infinite_error

# Character/isWhitespace: Unicode space separators except the no-break ones, plus controls
JAVA_WHITESPACE = ("\t\n\u000b\f\r\u001c\u001d\u001e\u001f \u1680\u2000\u2001\u2002\u2003"
                   "\u2004\u2005\u2006\u2008\u2009\u200a\u2028\u2029\u205f\u3000")
_by_name = attrgetter("name")


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
    if type(coll) is Endless:
        raise infinite_error(who, coll)
    raise EvalError(messages.not_seqable(who, coll), code="type")


def type_error(who: str, expected: str, got) -> EvalError:
    """An EvalError saying `who` expected something else than `got`."""
    return EvalError(messages.type_error(who, expected, got), code="type")


def sorted_keys(m) -> list:
    """The keys of map m in the documented total order."""
    ks = list(m.keys())
    kinds = {type(k) for k in ks}
    if len(kinds) == 1:
        kind = kinds.pop()
        if kind is str or kind is int:
            return sorted(ks)
        if kind is Keyword:
            return sorted(ks, key=_by_name)
    return sorted(ks, key=sort_key)


def sorted_items(m) -> list:
    """The entries of map m as (key, value) pairs, ordered by key."""
    return [(k, m[k]) for k in sorted_keys(m)]


def charge_text(n: int):
    """Charge n characters of new text to the run's size budget."""
    budget.charge_size(n, "string")


def literal_replace(s: str, match: str, rep: str, count: int) -> str:
    """s with `count` (all when negative) occurrences of match replaced by rep, charged."""
    hits = s.count(match) if count < 0 else min(s.count(match), count)
    charge_text(len(s) + hits * (len(rep) - len(match)))
    return s.replace(match, rep, count)


__all__ = ["as_fn", "seq", "type_error", "Keyword", "type_name", "sorted_keys", "sorted_items",
           "charge_text", "literal_replace", "JAVA_WHITESPACE"]


