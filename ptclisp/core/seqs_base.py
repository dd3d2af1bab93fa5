"""Shared helpers of the sequence library: seq views, argument checks, keys and ordering.

Views of unordered collections are deterministic: a map is seen as its [key value] entries
sorted by key and a set as its members in the total order of `values.sort_key` (PtcRunner
sorts map views too, its DIV-38). Strings are seen as their characters (grapheme clusters).
"""
from __future__ import annotations

import math
from operator import attrgetter

import regex

from .. import messages
from ..errors import EvalError
from ..lang.values import MISSING, HashMap, Keyword, KeyedMap, PSet, VECTOR_TYPES, freeze, hkey, lookup, pvector, sort_key
from .endless import Endless, infinite_error
from .support import as_fn

PVEC = type(pvector())  # the concrete C type; `pyrsistent.PVector` is only an abstract base
SMALL_VECTOR = 32
_GRAPHEME = regex.compile(r"\X")
_NAME = attrgetter("name")
_NUMERIC = frozenset({int, float})
_STRING = frozenset({str})

# the usual shape of each higher-order builtin, for the swapped-arguments hint
FN_FIRST = {
    "map": "(map f coll)", "mapv": "(mapv f coll)", "filter": "(filter pred coll)",
    "filterv": "(filterv pred coll)", "remove": "(remove pred coll)", "keep": "(keep f coll)",
    "keep-indexed": "(keep-indexed f coll)", "map-indexed": "(map-indexed f coll)",
    "mapcat": "(mapcat f coll)", "reduce": "(reduce f coll)", "some": "(some pred coll)",
    "every?": "(every? pred coll)", "not-any?": "(not-any? pred coll)",
    "not-every?": "(not-every? pred coll)", "take-while": "(take-while pred coll)",
    "drop-while": "(drop-while pred coll)", "split-with": "(split-with pred coll)",
    "partition-by": "(partition-by f coll)", "sort-by": "(sort-by keyfn coll)",
    "group-by": "(group-by f coll)", "sum-by": "(sum-by key coll)", "avg-by": "(avg-by key coll)",
    "min-by": "(min-by key coll)", "max-by": "(max-by key coll)",
    "distinct-by": "(distinct-by key coll)", "sort": "(sort comparator coll)",
}


# ---------------------------------------------------------------- errors


def type_err(who: str, expected: str, got, hint: str | None = None) -> EvalError:
    """A type EvalError: `who expected <expected>, got <type>: <value>`."""
    return EvalError(messages.type_error(who, expected, got), code="type", hint=hint)


def not_coll(who: str, got) -> EvalError:
    """The error for a non-seqable where a collection belongs (hinting at swapped arguments);
    for an infinite sequence, that this consumer cannot read all of it."""
    if type(got) is Endless:
        return infinite_error(who, got)
    hint = None
    if callable(got) and who in FN_FIRST:
        hint = messages.seq_fn_first(who, FN_FIRST[who])
    return EvalError(messages.not_seqable(who, got), code="type", hint=hint)


# ---------------------------------------------------------------- views


def chars(s: str) -> list:
    """The characters (grapheme clusters) of s."""
    if s.isascii():
        return list(s)
    return _GRAPHEME.findall(s)


def char_count(s: str) -> int:
    """The number of characters (grapheme clusters) in s."""
    return len(s) if s.isascii() else len(_GRAPHEME.findall(s))


def ordered(keys) -> list:
    """keys sorted in the total order; plain `sorted` when they are all strings or all ints."""
    keys = list(keys)
    kinds = set(map(type, keys))
    if len(kinds) == 1:
        kind = kinds.pop()
        if kind is str or kind is int:
            return sorted(keys)
        if kind is Keyword:
            return sorted(keys, key=_NAME)
    return sorted(keys, key=sort_key)


def map_entries(m) -> list:
    """The [key value] entries of a map (2-tuples), sorted by key."""
    return [(k, m[k]) for k in ordered(m)]


def items(coll, who: str):
    """A sequence view of any seqable: nil, vector, string, map (entries) or set (ordered)."""
    t = type(coll)
    if t is list or t is tuple or t is PVEC:
        return coll
    if coll is None:
        return ()
    if t is str:
        return chars(coll)
    if t is dict or t is HashMap or t is KeyedMap:
        return map_entries(coll)
    if t is PSet or t is frozenset or t is set:
        return ordered(coll)
    if isinstance(coll, VECTOR_TYPES):
        return coll
    raise not_coll(who, coll)


def positional(coll, who: str):
    """Like `items` but refuses maps and sets: positional access needs an ordered collection."""
    t = type(coll)
    if t is dict or t is HashMap or t is KeyedMap:
        raise EvalError(messages.seq_unordered_map(who), code="type",
                        hint=messages.HINT_UNORDERED_MAP)
    if t is PSet or t is frozenset or t is set:
        raise EvalError(messages.seq_unordered_set(who), code="type",
                        hint=messages.HINT_UNORDERED_SET)
    return items(coll, who)


def as_list(xs) -> list:
    """xs as a fresh list (vectors returned by the library are lists)."""
    return xs if type(xs) is list else list(xs)


# ---------------------------------------------------------------- numeric arguments


def count_arg(n, who: str) -> int:
    """A count argument (take, drop, ...): floats round up like Clojure's repeated dec."""
    t = type(n)
    if t is int:
        return n
    if t is float:
        if n != n:
            return 0
        if math.isinf(n):
            return (1 << 62) if n > 0 else -(1 << 62)
        return math.ceil(n)
    raise type_err(who, "a number", n)


def index_arg(i, who: str) -> int:
    """An index argument (nth, subvec): floats truncate like Clojure's int coercion."""
    t = type(i)
    if t is int:
        return i
    if t is float and math.isfinite(i):
        return int(i)
    raise type_err(who, "an integer index", i)


# ---------------------------------------------------------------- keys and functions


def field_getter(key):
    """A fast flexible lookup of one key (spec 7.5) for keyword and string keys.

    Dicts are tried with the key and then its other spelling (keyword <-> string, the common
    case of JSON data read with keywords); everything else goes through `values.lookup`.
    """
    other = key.name if type(key) is Keyword else Keyword(key)

    def get(x):
        if type(x) is dict:
            v = x.get(key, MISSING)
            if v is not MISSING:
                return v
            v = x.get(other, MISSING)
            if v is not MISSING:
                return v
        return lookup(x, key)
    return get


def field_values(key, xs) -> list:
    """[flexible lookup of key in x for x in xs], as `field_getter(key)` would give them.

    One comprehension with the dict cases inline: a function call per item costs as much as
    the lookups themselves.
    """
    other = key.name if type(key) is Keyword else Keyword(key)
    get = field_getter(key)
    return [v if type(x) is dict and ((v := x.get(key, MISSING)) is not MISSING
                                      or (v := x.get(other, MISSING)) is not MISSING)
            else get(x) for x in xs]


def path_getter(path):
    """Flexible lookup along a vector of keys (a get-in path)."""
    path = tuple(path)

    def get(x):
        for k in path:
            x = lookup(x, k)
            if x is None:
                return None
        return x
    return get


def fn1(f):
    """A one-argument Python callable for f; keywords get the fast flexible lookup."""
    return field_getter(f) if type(f) is Keyword else as_fn(f)


def results(f, xs) -> list:
    """[(f x) for x in xs]; a user function may run them all in one compiled loop (functions.py),
    some builtins in one comprehension."""
    if type(f) is Keyword:
        return field_values(f, xs)
    loop = getattr(f, "ptc_loop", None)
    if loop is not None:
        out = loop(f, xs)
        if out is not MISSING:
            return out
    many = getattr(f, "ptc_many", None)  # a builtin's whole-collection form (predicates.py)
    if many is not None:
        return many(xs)
    return list(map(fn1(f), xs))


def key_fn(k, paths: bool = False):
    """The key function of the -by builtins: keyword/string keys, optional paths, else a function."""
    t = type(k)
    if t is Keyword or t is str:
        return field_getter(k)
    if paths and isinstance(k, VECTOR_TYPES):
        return path_getter(k)
    return as_fn(k)


def hashable(v):
    """v frozen for use as a map key or set member (`values.freeze`)."""
    return freeze(v)


def dedupe_key(v):
    """The hash key under which equal values collide and booleans stay apart from 0/1."""
    return hkey(v)


# ---------------------------------------------------------------- ordering


def comparable(keys: list) -> list:
    """keys made comparable under the total order: as they are when all numbers or all strings."""
    kinds = set(map(type, keys))
    if kinds and kinds <= _NUMERIC:
        if float not in kinds or all(k == k for k in keys):  # NaN needs the total order
            return keys
    elif kinds == _STRING:
        return keys
    return [sort_key(k) for k in keys]


def extend_vector(v, xs):
    """v with all of xs appended, growing into a persistent vector when large."""
    if type(v) is PVEC:
        return v.extend(xs)
    if len(v) < SMALL_VECTOR:
        out = list(v)
        out.extend(xs)
        return out
    return pvector(v).extend(xs)


__all__ = [
    "PVEC", "FN_FIRST", "type_err", "not_coll", "chars", "char_count", "ordered", "map_entries",
    "items", "positional", "as_list", "count_arg", "index_arg", "field_getter", "field_values",
    "path_getter",
    "fn1", "results", "key_fn", "hashable", "dedupe_key", "comparable", "extend_vector",
]
