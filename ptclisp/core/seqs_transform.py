"""Sequence library, part 3: higher-order functions (map, filter, reduce, some, every?...).

Every one takes the function first and the collection last; a collection in the function's
place and a function in the collection's place gets a hint about the swapped arguments.
Collections are seen through `seqs_base.items`: nil is empty, a string is its characters, a
map its [key value] entries sorted by key, a set its members in the total order.
"""
from __future__ import annotations

from functools import reduce as _fold
from itertools import count as _naturals

from ..run import budget
from .. import messages
from ..errors import EvalError
from ..lang.values import MISSING
from .numbers import add as _add
from .endless import Endless, Reduced
from . import seqs_endless as endless
from .registry import builtin
from .seqs_base import fn1, items, results
from .support import as_fn

_INTS = {int}

# ---------------------------------------------------------------- map family


@builtin("map", arity=(2, None),
         doc="A vector of (f item); with several collections f takes one item of each.",
         example=(("(map inc [1 2 3])", "[2 3 4]"), ("(map + [1 2 3] [10 20 30])", "[11 22 33]"),
                  ("(map :name [{:name \"a\"} {:name \"b\"}])", '["a" "b"]')),
         signature="(map f coll & colls)")
def map_(f, coll, *colls):
    if not colls:
        if type(coll) is Endless:
            return endless.lazy_map(f, (coll,), "map")
        return results(f, items(coll, "map"))
    if type(coll) is Endless or any(type(c) is Endless for c in colls):
        return endless.lazy_map(f, (coll, *colls), "map")
    seqs = [items(c, "map") for c in (coll, *colls)]
    return list(map(as_fn(f), *seqs))


@builtin("mapv", arity=(2, None), doc="Same as map (map already returns a vector).",
         example=("(mapv inc [1 2 3])", "[2 3 4]"), signature="(mapv f coll & colls)")
def mapv(f, coll, *colls):
    if type(coll) is Endless or any(type(c) is Endless for c in colls):
        if all(type(c) is Endless for c in (coll, *colls)):
            raise endless.infinite_error("mapv", coll)
        return endless.lazy_map(f, (coll, *colls), "mapv")
    if not colls:
        return map_(f, coll)
    return list(map(as_fn(f), *[items(c, "mapv") for c in (coll, *colls)]))


@builtin("map-indexed", arity=2, doc="A vector of (f index item).",
         example=("(map-indexed (fn [i x] [i x]) [\"a\" \"b\"])", '[[0 "a"] [1 "b"]]'),
         signature="(map-indexed f coll)")
def map_indexed(f, coll):
    if type(coll) is Endless:
        return endless.lazy_map_indexed(f, coll)
    xs = items(coll, "map-indexed")
    return list(map(as_fn(f), range(len(xs)), xs))


@builtin("mapcat", arity=(2, None), doc="The results of (f item) concatenated into one vector.",
         example=(("(mapcat (fn [x] [x (* x 2)]) [1 2 3])", "[1 2 2 4 3 6]"),
                  ("(mapcat identity [[1 2] [3 4] [5]])", "[1 2 3 4 5]")),
         signature="(mapcat f coll & colls)")
def mapcat(f, coll, *colls):
    rs = map_(f, coll, *colls) if colls else results(f, items(coll, "mapcat"))
    out = []
    for r in rs:
        try:
            out.extend(items(r, "mapcat"))
        except EvalError:
            raise EvalError(messages.seq_mapcat_result(r), code="type") from None
        budget.charge_size(len(out), "vector")
    return out


# ---------------------------------------------------------------- filtering


@builtin("filter", arity=2, doc="The items for which (pred item) is truthy.",
         example=(("(filter even? [1 2 3 4])", "[2 4]"),
                  ("(filter :active [{:active true} {:active false}])", "[{:active true}]")),
         signature="(filter pred coll)")
def filter_(pred, coll):
    if type(coll) is Endless:
        return endless.lazy_filter(pred, coll, True, "filter")
    return _filter(pred, coll, "filter")


def _filter(pred, coll, who):
    xs = items(coll, who)
    return [x for x, r in zip(xs, results(pred, xs)) if r is not None and r is not False]


@builtin("filterv", arity=2, doc="Same as filter (filter already returns a vector).",
         example=("(filterv odd? [1 2 3])", "[1 3]"), signature="(filterv pred coll)")
def filterv(pred, coll):
    return _filter(pred, coll, "filterv")


@builtin("remove", arity=2, doc="The items for which (pred item) is falsy.",
         example=("(remove even? [1 2 3 4])", "[1 3]"), signature="(remove pred coll)")
def remove(pred, coll):
    if type(coll) is Endless:
        return endless.lazy_filter(pred, coll, False, "remove")
    xs = items(coll, "remove")
    return [x for x, r in zip(xs, results(pred, xs)) if r is None or r is False]


@builtin("keep", arity=2, doc="The non-nil results of (f item); false is kept.",
         example=(("(keep (fn [x] (when (odd? x) x)) (range 10))", "[1 3 5 7 9]"),
                  ("(keep identity [false nil 1 2 nil 3])", "[false 1 2 3]")),
         signature="(keep f coll)")
def keep(f, coll):
    if type(coll) is Endless:
        return endless.lazy_keep(f, coll, False, "keep")
    return [r for r in results(f, items(coll, "keep")) if r is not None]


@builtin("keep-indexed", arity=2, doc="The non-nil results of (f index item); false is kept.",
         example=("(keep-indexed (fn [i v] (if (odd? i) v)) [:a :b :c :d])", "[:b :d]"),
         signature="(keep-indexed f coll)")
def keep_indexed(f, coll):
    if type(coll) is Endless:
        return endless.lazy_keep(f, coll, True, "keep-indexed")
    xs = items(coll, "keep-indexed")
    g = as_fn(f)
    return [r for r in map(g, _naturals(), xs) if r is not None]


# ---------------------------------------------------------------- folding


@builtin("reduce", arity=(2, 3),
         doc="Folds coll with (f acc item), starting from init or the first item.",
         example=(("(reduce + [1 2 3])", "6"), ("(reduce + 10 [1 2 3])", "16"),
                  ("(reduce + [])", "0"), ("(reduce - 10 [1 2 3])", "4")),
         signature="(reduce f coll) (reduce f init coll)")
def reduce_(f, a, b=MISSING):
    if b is MISSING:
        if type(a) is Endless:
            return _reduced_value(endless.fold_endless(f, a.item(0), a.drop(1)))
        xs = items(a, "reduce")
        if not xs:
            return as_fn(f)()  # Clojure calls f with no arguments on an empty collection
        return _fold_from(f, xs[0], xs[1:])
    if type(a) is Reduced:  # Clojure: an init that is reduced ends the fold before it starts
        return a.value
    if type(b) is Endless:
        return endless.fold_endless(f, a, b)
    return _fold_from(f, a, items(b, "reduce"))


def _reduced_value(v):
    return v.value if type(v) is Reduced else v


def _fold_from(f, acc, xs):
    """The left fold of xs with f from acc; a step returning (reduced v) ends it with v."""
    if f is _add and type(acc) is int and set(map(type, xs)) <= _INTS:
        return sum(xs, acc)  # exact for integers, whatever the order
    loop = getattr(f, "ptc_loop", None)
    if loop is not None:  # a user function may fold in one compiled loop (functions.py)
        out = loop(f, xs, acc)
        if out is not MISSING:
            return out
    if endless.never_reduced(f):  # a builtin that makes no reduced value: the C loop
        return _fold(f, xs, acc)
    g = as_fn(f)
    for x in xs:
        acc = g(acc, x)
        if type(acc) is Reduced:
            return acc.value
    return acc


# ---------------------------------------------------------------- predicates on collections


@builtin("some", arity=2, doc="The first truthy (pred item), or nil.",
         example=(("(some even? [1 3 4])", "true"), ('(some #{"x"} ["a" "x"])', '"x"'),
                  ("(some :admin [{:admin false} {:admin 1}])", "1")),
         signature="(some pred coll)")
def some(pred, coll):
    return _first_truthy(pred, coll, "some")


def _first_truthy(pred, coll, who):
    """The first truthy (pred item), or None."""
    if type(coll) is Endless:
        return endless.first_truthy(pred, coll)
    p = fn1(pred)
    for x in items(coll, who):
        r = p(x)
        if r is not None and r is not False:
            return r
    return None


def _first_falsy(pred, coll, who) -> bool:
    """True if (pred item) is falsy for some item."""
    if type(coll) is Endless:
        return endless.first_falsy(pred, coll)
    p = fn1(pred)
    for x in items(coll, who):
        r = p(x)
        if r is None or r is False:
            return True
    return False


@builtin("every?", arity=2, doc="True if (pred item) is truthy for every item.",
         example=(("(every? even? [2 4])", "true"), ("(every? :active [{:active true} {}])", "false")),
         signature="(every? pred coll)")
def every_p(pred, coll):
    return not _first_falsy(pred, coll, "every?")


@builtin("not-every?", arity=2, doc="True if (pred item) is falsy for some item.",
         example=("(not-every? even? [2 3])", "true"), signature="(not-every? pred coll)")
def not_every_p(pred, coll):
    return _first_falsy(pred, coll, "not-every?")


@builtin("not-any?", arity=2, doc="True if (pred item) is falsy for every item.",
         example=(("(not-any? odd? [2 4])", "true"), ("(not-any? :error [{:error 1}])", "false")),
         signature="(not-any? pred coll)")
def not_any_p(pred, coll):
    return _first_truthy(pred, coll, "not-any?") is None


__all__ = ["map_", "filter_", "reduce_", "some", "every_p", "mapcat", "keep"]
