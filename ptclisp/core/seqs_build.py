"""Sequence library, part 2: building collections (conj, into, concat, vec, set, ...).

Vectors grow through `values.conj_vector` / persistent vectors, maps through `values.assoc_map`,
so `(reduce conj [] xs)` and `(into acc xs)` in a loop stay near-linear. `conj` on nil gives a
vector (PTC-Lisp has no lists; Clojure would give a list).
"""
from __future__ import annotations

import math

from ..run import budget
from .. import messages
from ..errors import EvalError
from ..lang.values import MAP_TYPES, MISSING, SET_TYPES, SUSPECT, VECTOR_TYPES, HashMap, Keyword, KeyedMap, PSet, as_set, assoc_map, conj_vector, equal, lookup, needs_key
from .endless import Endless
from . import seqs_endless as endless
from .maps import _pairs as map_pairs
from .registry import builtin
from .seqs_base import (
    PVEC, as_list, char_count, dedupe_key, extend_vector, hashable, items, type_err,
)

# ---------------------------------------------------------------- vectors


@builtin("vector", flags="pure", arity=(0, None), doc="A vector of the arguments.",
         example=(("(vector 1 2 3)", "[1 2 3]"), ("(vector)", "[]")), signature="(vector & args)")
def vector(*args):
    return list(args)


@builtin("list", arity=(0, None),
         doc="A vector of the arguments (PTC-Lisp has no separate list type).",
         example=("(list 1 2 3)", "[1 2 3]"), signature="(list & args)")
def list_(*args):
    return list(args)


@builtin("vec", arity=1, doc="The items of coll as a vector (nil gives []).",
         example=(("(vec #{3 1 2})", "[1 2 3]"), ('(vec "ab")', '["a" "b"]'), ("(vec nil)", "[]")),
         signature="(vec coll)")
def vec(coll):
    return list(items(coll, "vec"))


@builtin("cons", arity=2, doc="A vector of x followed by the items of coll.",
         example=(("(cons 0 [1 2 3])", "[0 1 2 3]"), ("(cons 0 nil)", "[0]")),
         signature="(cons x coll)")
def cons(x, coll):
    if type(coll) is Endless:
        return endless.lazy_cons(x, coll)
    xs = items(coll, "cons")
    budget.charge_size(len(xs) + 1, "vector")
    out = [x]
    out.extend(xs)
    return out


@builtin("concat", arity=(0, None), doc="A vector of the items of every collection in turn.",
         example=(("(concat [1 2] [3 4])", "[1 2 3 4]"), ("(concat [1] nil [2])", "[1 2]")),
         signature="(concat & colls)")
def concat(*colls):
    if any(type(c) is Endless for c in colls):
        return endless.lazy_concat(colls, "concat")
    parts = [items(c, "concat") for c in colls]
    budget.charge_size(sum(map(len, parts)), "vector")
    out = []
    for p in parts:
        out.extend(p)
    return out


# ---------------------------------------------------------------- conj and into


def _conj_entry(m, x):
    """m with one conj'ed item: a [k v] pair, a map of entries, or nil (ignored)."""
    if x is None:
        return m
    if isinstance(x, VECTOR_TYPES):
        if len(x) != 2:
            raise EvalError(messages.seq_conj_map_entry(x), code="type")
        return assoc_map(m, x[0], x[1])
    if isinstance(x, MAP_TYPES):
        for k, v in x.items():
            m = assoc_map(m, k, v)
        return m
    raise EvalError(messages.seq_conj_map_entry(x), code="type")


@builtin("conj", flags="pure", arity=(0, None),
         doc="coll with the items added: appended to a vector, added to a set, entries to a map.",
         example=(("(conj [1 2] 3)", "[1 2 3]"), ("(conj #{1 2} 3)", "#{1 2 3}"),
                  ("(conj {:a 1} [:b 2])", "{:a 1 :b 2}"), ("(conj nil 1)", "[1]")),
         signature="(conj coll x & xs)")
def conj(coll=MISSING, *xs):
    if len(xs) == 1:  # the hot path: (reduce conj acc xs)
        t = type(coll)
        if t is PVEC:  # `values.conj_vector` misses the C pvector type
            return coll.append(xs[0])
        if t is list:
            return conj_vector(coll, xs[0])
        if t is PSet:  # a seen-set in loop/recur
            return coll.conj(xs[0])
    if coll is MISSING:
        return []
    if coll is None:
        return list(xs)
    if isinstance(coll, VECTOR_TYPES):
        return extend_vector(coll, xs) if xs else coll
    if isinstance(coll, SET_TYPES):
        return as_set(coll).union(xs)
    if isinstance(coll, MAP_TYPES):
        for x in xs:
            coll = _conj_entry(coll, x)
        return coll
    raise type_err("conj", "a collection", coll)


def _into_map(to, source):
    """Entries of source (a sequence) poured into the map `to`."""
    keyed = type(to) is KeyedMap
    out = to.mutate() if keyed or type(to) is HashMap else dict(to)
    for e in source:
        if _put_entry(out, e, keyed):  # a key holding a boolean: start again with hashed keys
            return _into_map(KeyedMap.of(to.items()), source)
    return out if type(out) is dict else out.finish()


def _put_entry(out, e, keyed: bool) -> bool:
    """Put one entry into out; True (stopping) when out is not keyed and a key needs_key."""
    if e is None:
        return False
    if isinstance(e, VECTOR_TYPES) and len(e) == 2:
        pairs = (e,)
    elif isinstance(e, MAP_TYPES):
        pairs = e.items()
    else:
        raise EvalError(messages.seq_into_map_entry(e), code="type")
    for k, v in pairs:
        k = hashable(k)
        if not keyed and type(k) in SUSPECT and needs_key(k):
            return True
        out[k] = v
    return False


@builtin("into", arity=(0, 2), doc="The items of from added to the collection to (as by conj).",
         example=(("(into [] [1 2 3])", "[1 2 3]"), ("(into #{} [1 2 2 3])", "#{1 2 3}"),
                  ("(into {} [[:a 1] [:b 2]])", "{:a 1 :b 2}"),
                  ("(into [] {:a 1 :b 2})", "[[:a 1] [:b 2]]")),
         signature="(into to from)")
def into(to=MISSING, source=MISSING):
    if to is MISSING:
        return []
    if source is MISSING:
        return to
    if isinstance(to, MAP_TYPES) and isinstance(source, MAP_TYPES):
        return _into_map(to, list(source.items()))
    xs = items(source, "into")
    if to is None:
        return list(xs)
    if isinstance(to, VECTOR_TYPES):
        budget.charge_size(len(to) + len(xs), "vector")
        return extend_vector(to, xs) if xs else to
    if isinstance(to, SET_TYPES):
        return as_set(to).union(xs)
    if isinstance(to, MAP_TYPES):
        return _into_map(to, xs)
    raise type_err("into", "a collection to pour into", to)


# ---------------------------------------------------------------- sets


@builtin("set", arity=1, doc="A set of the items of coll.",
         example=(("(set [1 2 2 3])", "#{1 2 3}"), ("(set nil)", "#{}")), signature="(set coll)")
def set_(coll):
    if isinstance(coll, SET_TYPES):
        return as_set(coll)
    return PSet.of(items(coll, "set"))


@builtin("hash-set", arity=(0, None), doc="A set of the arguments.",
         example=("(hash-set 1 1 2)", "#{1 2}"), signature="(hash-set & items)")
def hash_set(*args):
    return PSet.of(args)


@builtin("sorted-set", listed=False, arity=(0, None), doc="A set of the arguments (every set is seen in sorted order).",
         example=(("(sorted-set 3 1 2 1)", "#{1 2 3}"), ("(seq (sorted-set 3 1 2))", "[1 2 3]")),
         signature="(sorted-set & items)")
def sorted_set(*args):
    return PSet.of(args)


@builtin("sorted-map", listed=False, arity=(0, None),
         doc="A map from alternating keys and values (every map is seen in key order).",
         example=(("(sorted-map :b 2 :a 1)", "{:a 1 :b 2}"), ("(keys (sorted-map 3 :c 1 :a))", "[1 3]")),
         signature="(sorted-map & kvs)")
def sorted_map(*kvs):
    return map_pairs("sorted-map", kvs)


@builtin("rseq", listed=False, arity=1, doc="The items of a vector (or the entries of a map) in reverse; nil if empty.",
         example=(("(rseq [1 2 3])", "[3 2 1]"), ("(rseq [])", "nil"),
                  ("(rseq (sorted-map :a 1 :b 2))", "[[:b 2] [:a 1]]")),
         signature="(rseq coll)")
def rseq(coll):
    if not isinstance(coll, (*VECTOR_TYPES, *MAP_TYPES, *SET_TYPES)):
        raise type_err("rseq", "a vector, map or set", coll)
    xs = items(coll, "rseq")
    return as_list(xs[::-1]) if len(xs) else None


@builtin("list*", listed=False, arity=(1, None), doc="A vector of the leading arguments followed by the items of the last.",
         example=(("(list* 1 2 [3 4])", "[1 2 3 4]"), ("(list* [1 2])", "[1 2]"), ("(list* nil)", "nil")),
         signature="(list* & args coll)")
def list_star(*args):
    *lead, coll = args
    if type(coll) is Endless:
        return endless.lazy_concat((list(lead), coll), "list*")
    out = concat(lead, coll)
    return out or None


@builtin("disj", arity=(1, None), doc="The set without the given items.",
         example=(("(disj #{1 2 3} 2)", "#{1 3}"), ("(disj #{1 2 3} 2 3)", "#{1}")),
         signature="(disj set x & xs)")
def disj(s, *xs):
    if s is None:
        return None
    if not isinstance(s, SET_TYPES):
        raise type_err("disj", "a set", s)
    return as_set(s).disj(*xs)


@builtin("contains?", flags="pure", arity=2,
         doc="True if a map has the key, a set or vector has the item, or a string has the index.",
         example=(("(contains? {:a 1} :a)", "true"), ("(contains? #{1 2} 3)", "false"),
                  ('(contains? ["a" "b"] "b")', "true")),
         signature="(contains? coll key)")
def contains_p(coll, key):
    if coll is None:
        return False
    if isinstance(coll, MAP_TYPES):
        return lookup(coll, key, MISSING) is not MISSING
    if isinstance(coll, SET_TYPES):
        return key in as_set(coll)
    if isinstance(coll, VECTOR_TYPES):
        if type(key) is str or type(key) is Keyword:
            return key in coll  # exact for these types, and done in C
        return any(equal(key, x) for x in coll)
    if type(coll) is str:
        if type(key) is int or (type(key) is float and math.isfinite(key)):
            return 0 <= int(key) < char_count(coll)
        raise EvalError(messages.seq_contains_string_key(key), code="type",
                        hint=messages.HINT_CONTAINS_STRING)
    raise type_err("contains?", "a collection", coll)


@builtin("distinct?", arity=(1, None), doc="True if no two arguments are equal.",
         example=(("(distinct? 1 2 3)", "true"), ("(distinct? 1 2 1)", "false")),
         signature="(distinct? x & more)")
def distinct_p(*xs):
    seen = set()
    for x in xs:
        if type(x) is float and x != x:
            continue  # NaN equals nothing, not even itself
        k = dedupe_key(x)
        if k in seen:
            return False
        seen.add(k)
    return True


__all__ = ["conj", "into", "vec", "cons", "concat", "set_", "contains_p"]
