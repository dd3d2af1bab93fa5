"""Sequence library, part 1: counting, positional access, seq views, slicing, range.

Positional helpers (first, rest, last, nth...) refuse maps and sets, which are unordered
(PtcRunner's DIV-29 and spec 3.9); `seq`, `entries`, `keys`, `vals` or `sort` give an ordered
view. Out-of-range access returns nil instead of raising (PtcRunner's DIV-26).
"""
from __future__ import annotations

import itertools
import math

from ..run import budget
from .. import messages
from ..errors import EvalError
from ..lang.values import MAP_TYPES, MISSING, SET_TYPES, VECTOR_TYPES, PSet, is_number, lookup
from .endless import Endless
from .registry import builtin
from .seqs_base import (
    as_list, char_count, count_arg, index_arg, items, map_entries, not_coll, positional, type_err,
)

_SIZED = VECTOR_TYPES + MAP_TYPES + SET_TYPES

# ---------------------------------------------------------------- count and emptiness


@builtin("count", flags="pure",
         arity=1, doc="Number of items (characters for a string, 0 for nil).",
         example=(("(count [1 2 3])", "3"), ('(count "hello")', "5"), ("(count nil)", "0")),
         signature="(count coll)")
def count(coll):
    if type(coll) is str:
        return char_count(coll)
    if coll is None:
        return 0
    if isinstance(coll, _SIZED):
        return len(coll)
    raise not_coll("count", coll)


def _is_empty(coll, who) -> bool:
    if coll is None:
        return True
    if type(coll) is str or isinstance(coll, _SIZED):
        return len(coll) == 0
    if type(coll) is Endless:
        return False
    raise not_coll(who, coll)


@builtin("empty?", flags="pure", arity=1, doc="True if coll is nil or has no items.",
         example=(("(empty? [])", "true"), ("(empty? nil)", "true"), ('(empty? "a")', "false")),
         signature="(empty? coll)")
def empty_p(coll):
    return _is_empty(coll, "empty?")


@builtin("not-empty", arity=1, doc="coll if it has items, else nil.",
         example=(("(not-empty [1 2])", "[1 2]"), ("(not-empty [])", "nil")),
         signature="(not-empty coll)")
def not_empty(coll):
    return None if _is_empty(coll, "not-empty") else coll


@builtin("empty", arity=1, doc="An empty collection of the same kind (nil for anything else).",
         example=(("(empty [1 2 3])", "[]"), ("(empty {:a 1})", "{}"), ("(empty nil)", "nil")),
         signature="(empty coll)")
def empty(coll):
    if isinstance(coll, VECTOR_TYPES):
        return []
    if isinstance(coll, MAP_TYPES):
        return {}
    if isinstance(coll, SET_TYPES):
        return PSet()
    return None


@builtin("seq", arity=1,
         doc="The items of coll as a vector, or nil if empty (maps give [k v] entries sorted by key).",
         example=(("(seq [1 2 3])", "[1 2 3]"), ("(seq [])", "nil"), ('(seq "ab")', '["a" "b"]'),
                  ("(seq {:b 2 :a 1})", "[[:a 1] [:b 2]]")),
         signature="(seq coll)")
def seq_(coll):
    if type(coll) is Endless:
        return coll
    xs = items(coll, "seq")
    if not xs:
        return None
    return xs if isinstance(coll, VECTOR_TYPES) else list(xs)


@builtin("bounded-count", listed=False, arity=2, doc="The count of coll, counting at most n items of an infinite one.",
         example=(("(bounded-count 5 [1 2 3])", "3"), ("(bounded-count 5 (repeat 1))", "5")),
         signature="(bounded-count n coll)")
def bounded_count(n, coll):
    if type(coll) is Endless:
        return max(count_arg(n, "bounded-count"), 0)
    return count(coll)


@builtin("sequence", listed=False, arity=1, doc="The items of coll as a vector ([] for nil or empty).",
         example=(("(sequence [1 2])", "[1 2]"), ("(sequence nil)", "[]"), ('(sequence "ab")', '["a" "b"]')),
         signature="(sequence coll)")
def sequence(coll):
    if type(coll) is Endless:
        return coll
    return seq_(coll) or []


# ---------------------------------------------------------------- positional access


@builtin("first", flags="pure", arity=1, doc="The first item, or nil.",
         example=(("(first [1 2 3])", "1"), ("(first [])", "nil"), ('(first "hello")', '"h"')),
         signature="(first coll)")
def first(coll):
    if type(coll) is Endless:
        return coll.item(0)
    xs = positional(coll, "first")
    return xs[0] if xs else None


@builtin("second", flags="pure", arity=1, doc="The second item, or nil.",
         example=(("(second [1 2 3])", "2"), ("(second [1])", "nil")), signature="(second coll)")
def second(coll):
    if type(coll) is Endless:
        return coll.item(1)
    xs = positional(coll, "second")
    return xs[1] if len(xs) > 1 else None


@builtin("last", flags="pure", arity=1, doc="The last item, or nil.",
         example=(("(last [1 2 3])", "3"), ("(last [])", "nil")), signature="(last coll)")
def last(coll):
    xs = positional(coll, "last")
    return xs[-1] if xs else None


@builtin("rest", arity=1, doc="All but the first item (an empty vector if none).",
         example=(("(rest [1 2 3])", "[2 3]"), ("(rest [])", "[]")), signature="(rest coll)")
def rest(coll):
    if type(coll) is Endless:
        return coll.drop(1)
    return as_list(positional(coll, "rest")[1:])


@builtin("next", arity=1, doc="All but the first item, or nil if none.",
         example=(("(next [1 2 3])", "[2 3]"), ("(next [1])", "nil")), signature="(next coll)")
def next_(coll):
    if type(coll) is Endless:
        return coll.drop(1)
    xs = positional(coll, "next")
    return as_list(xs[1:]) if len(xs) > 1 else None


@builtin("butlast", arity=1, doc="All but the last item, or nil if none.",
         example=(("(butlast [1 2 3 4])", "[1 2 3]"), ("(butlast [1])", "nil")),
         signature="(butlast coll)")
def butlast(coll):
    xs = positional(coll, "butlast")
    return as_list(xs[:-1]) if len(xs) > 1 else None


@builtin("ffirst", arity=1, doc="First of first.", example=("(ffirst [[1 2] [3]])", "1"),
         signature="(ffirst coll)")
def ffirst(coll):
    return first(first(coll))


@builtin("fnext", arity=1, doc="First of next (the second item).",
         example=("(fnext [1 2 3])", "2"), signature="(fnext coll)")
def fnext(coll):
    return second(coll)


@builtin("nfirst", arity=1, doc="Next of first.", example=("(nfirst [[1 2] [3]])", "[2]"),
         signature="(nfirst coll)")
def nfirst(coll):
    return next_(first(coll))


@builtin("nnext", arity=1, doc="Next of next.", example=("(nnext [1 2 3 4])", "[3 4]"),
         signature="(nnext coll)")
def nnext(coll):
    if type(coll) is Endless:
        return coll.drop(2)
    xs = positional(coll, "nnext")
    return as_list(xs[2:]) if len(xs) > 2 else None


@builtin("nth", flags="pure",
         arity=(2, 3), doc="The item at index idx; nil (or not-found) when out of range.",
         example=(("(nth [1 2 3] 1)", "2"), ("(nth [1 2 3] 10)", "nil"),
                  ("(nth [1 2] 5 :none)", ":none")),
         signature="(nth coll idx not-found?)")
def nth(coll, idx, not_found=None):
    if type(coll) is Endless:
        i = index_arg(idx, "nth")
        return coll.item(i) if i >= 0 else not_found
    xs = positional(coll, "nth")
    i = index_arg(idx, "nth")
    return xs[i] if 0 <= i < len(xs) else not_found


@builtin("nthrest", arity=2, doc="All but the first n items.",
         example=("(nthrest [1 2 3 4] 2)", "[3 4]"), signature="(nthrest coll n)")
def nthrest(coll, n):
    n = max(count_arg(n, "nthrest"), 0)
    if type(coll) is Endless:
        return coll.drop(n)
    return as_list(items(coll, "nthrest")[n:])


@builtin("nthnext", arity=2, doc="All but the first n items, or nil if none are left.",
         example=(("(nthnext [1 2 3 4] 2)", "[3 4]"), ("(nthnext [1 2] 5)", "nil")),
         signature="(nthnext coll n)")
def nthnext(coll, n):
    r = nthrest(coll, n)
    return r if type(r) is Endless else r or None


@builtin("peek", arity=1, doc="The last item of a vector, or nil when empty.",
         example=(("(peek [1 2 3])", "3"), ("(peek [])", "nil")), signature="(peek coll)")
def peek(coll):
    if coll is None:
        return None
    if not isinstance(coll, VECTOR_TYPES):
        raise type_err("peek", "a vector", coll)
    return coll[-1] if coll else None


@builtin("pop", arity=1, doc="The vector without its last item; nil when empty.",
         example=(("(pop [1 2 3])", "[1 2]"), ("(pop [])", "nil")), signature="(pop coll)")
def pop(coll):
    if coll is None:
        return None
    if not isinstance(coll, VECTOR_TYPES):
        raise type_err("pop", "a vector", coll)
    return as_list(coll[:-1]) if coll else None


@builtin("subvec", arity=(2, 3), doc="The items from start (inclusive) to end (exclusive), clamped.",
         example=(("(subvec [0 1 2 3 4] 1 3)", "[1 2]"), ("(subvec [0 1 2 3 4] 2)", "[2 3 4]")),
         signature="(subvec v start end?)")
def subvec(v, start, end=MISSING):
    if not isinstance(v, VECTOR_TYPES):
        raise type_err("subvec", "a vector", v)
    n = len(v)
    s = min(max(index_arg(start, "subvec"), 0), n)
    e = n if end is MISSING else min(max(index_arg(end, "subvec"), 0), n)
    return as_list(v[s:e]) if s < e else []


# ---------------------------------------------------------------- maps and sets as collections


@builtin("entries", arity=1, doc="The [key value] entries of a map, sorted by key.",
         example=("(entries {:b 2 :a 1})", "[[:a 1] [:b 2]]"), signature="(entries m)")
def entries(m):
    if m is None:
        return []
    if not isinstance(m, MAP_TYPES):
        raise type_err("entries", "a map", m)
    return [list(e) for e in map_entries(m)]


@builtin("find", arity=2,
         doc="The [key value] entry of key in a map (or [index value] in a vector), else nil.",
         example=(("(find {:a 1 :b 2} :b)", "[:b 2]"), ("(find [10 20 30] 2)", "[2 30]"),
                  ("(find {:a 1} :z)", "nil")),
         signature="(find coll key)")
def find(coll, key):
    if coll is None:
        return None
    if isinstance(coll, MAP_TYPES):
        v = lookup(coll, key, MISSING)
        return None if v is MISSING else [key, v]
    if isinstance(coll, VECTOR_TYPES):
        if type(key) is int and 0 <= key < len(coll):
            return [key, coll[key]]
        return None
    raise EvalError(messages.seq_find_not_associative(coll), code="type", hint=messages.HINT_FIND)


# ---------------------------------------------------------------- range


def _range_arg(x):
    if not is_number(x):
        raise type_err("range", "numbers", x)
    return x


@builtin("range", arity=(0, 3),
         doc="Numbers from start (default 0) up to end (exclusive) by step (default 1); "
             "without end, 0 1 2 ... forever.",
         example=(("(range 5)", "[0 1 2 3 4]"), ("(range 5 10)", "[5 6 7 8 9]"),
                  ("(range 0 10 2)", "[0 2 4 6 8]"), ("(range 10 0 -2)", "[10 8 6 4 2]"),
                  ("(map vector (range) [:a :b])", "[[0 :a] [1 :b]]")),
         signature="(range) (range end) (range start end) (range start end step)")
def range_(a=MISSING, b=MISSING, c=MISSING):
    if a is MISSING:
        return Endless("(range)", source=itertools.count())
    start, end, step = (0, a, 1) if b is MISSING else (a, b, 1 if c is MISSING else c)
    start, end, step = _range_arg(start), _range_arg(end), _range_arg(step)
    if type(start) is int and type(end) is int and type(step) is int and step != 0:
        r = range(start, end, step)
        budget.charge_size(len(r), "vector")
        return list(r)
    return _float_range(start, end, step)


def _float_range(start, end, step):
    """Clojure's range over floats: repeated addition, so (range 0 1 0.1) has 11 items."""
    if step == 0 or step != step:
        if start == end:
            return []
        raise EvalError(messages.seq_range_zero_step(), code="value",
                        hint=messages.HINT_RANGE_ZERO_STEP)
    if (step > 0 and not start < end) or (step < 0 and not start > end):
        return []
    estimate = (end - start) / step
    if not math.isfinite(estimate) or (start + step == start):
        raise EvalError(messages.seq_range_infinite(start, end), code="value",
                        hint=messages.HINT_RANGE_ZERO_STEP)
    budget.charge_size(int(estimate) + 1, "vector")
    out, x = [], start
    if step > 0:
        while x < end:
            out.append(x)
            x += step
    else:
        while x > end:
            out.append(x)
            x += step
    return out


__all__ = ["count", "first", "rest", "nth", "range_", "find", "entries"]
