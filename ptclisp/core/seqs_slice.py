"""Sequence library, part 4: slicing, partitioning, interleaving, flattening, trees, zips.

Counts follow Clojure: a negative count takes nothing and drops nothing; `take-last` and
`butlast` give nil rather than an empty vector (seq punning).
"""
from __future__ import annotations

import itertools
import math

from ..run import budget
from .. import messages
from ..errors import EvalError
from ..lang.values import MISSING, VECTOR_TYPES, equal, make_map
from .endless import Endless
from . import seqs_endless as endless
from .registry import builtin
from .seqs_base import (
    as_list, count_arg, dedupe_key, fn1, items, positional, type_err,
)

# ---------------------------------------------------------------- take and drop


@builtin("take", arity=2, doc="The first n items.",
         example=(("(take 2 [1 2 3 4])", "[1 2]"), ('(take 2 "hello")', '["h" "e"]')),
         signature="(take n coll)")
def take(n, coll):
    n = count_arg(n, "take")
    if type(coll) is Endless:
        return coll.head(n)
    xs = items(coll, "take")
    return as_list(xs[:n]) if n > 0 else []


@builtin("drop", arity=2, doc="All but the first n items.",
         example=("(drop 2 [1 2 3 4])", "[3 4]"), signature="(drop n coll)")
def drop(n, coll):
    n = count_arg(n, "drop")
    if type(coll) is Endless:
        return coll.drop(n)
    xs = items(coll, "drop")
    return as_list(xs[n:]) if n > 0 else as_list(xs)


@builtin("take-last", arity=2, doc="The last n items, or nil if none.",
         example=(("(take-last 2 [1 2 3 4])", "[3 4]"), ("(take-last 2 [])", "nil")),
         signature="(take-last n coll)")
def take_last(n, coll):
    n = count_arg(n, "take-last")
    xs = items(coll, "take-last")
    return as_list(xs[-n:]) if n > 0 and xs else None


@builtin("drop-last", arity=(1, 2), doc="All but the last n items (n defaults to 1).",
         example=(("(drop-last [1 2 3])", "[1 2]"), ("(drop-last 2 [1 2 3 4])", "[1 2]")),
         signature="(drop-last coll) (drop-last n coll)")
def drop_last(a, b=MISSING):
    n, coll = (1, a) if b is MISSING else (count_arg(a, "drop-last"), b)
    xs = items(coll, "drop-last")
    return as_list(xs[:len(xs) - n]) if n > 0 else as_list(xs)


def _span(pred, xs) -> int:
    """The length of the leading run of xs for which pred is truthy."""
    p = fn1(pred)
    for i, x in enumerate(xs):
        r = p(x)
        if r is None or r is False:
            return i
    return len(xs)


@builtin("take-while", arity=2, doc="The leading items for which (pred item) is truthy.",
         example=("(take-while pos? [1 2 -1 3])", "[1 2]"), signature="(take-while pred coll)")
def take_while(pred, coll):
    if type(coll) is Endless:
        return endless.take_while(pred, coll)
    xs = items(coll, "take-while")
    return as_list(xs[:_span(pred, xs)])


@builtin("drop-while", arity=2, doc="The items after the leading run for which pred is truthy.",
         example=("(drop-while pos? [1 2 -1 3])", "[-1 3]"), signature="(drop-while pred coll)")
def drop_while(pred, coll):
    if type(coll) is Endless:
        return coll.drop(endless.span(pred, coll))
    xs = items(coll, "drop-while")
    return as_list(xs[_span(pred, xs):])


@builtin("take-nth", listed=False, arity=2, doc="Every nth item, starting with the first.",
         example=(("(take-nth 2 [1 2 3 4 5])", "[1 3 5]"), ("(take 3 (take-nth 3 (iterate inc 0)))", "[0 3 6]")),
         signature="(take-nth n coll)")
def take_nth(n, coll):
    n = count_arg(n, "take-nth")
    if n <= 0:
        raise EvalError(messages.seq_positive("take-nth", "step", n), code="value")
    if type(coll) is Endless:
        return endless.lazily("(take-nth ...)", (coll.item(i) for i in itertools.count(0, n)))
    return as_list(items(coll, "take-nth")[::n])


@builtin("split-at", arity=2, doc="[(take n coll) (drop n coll)].",
         example=(("(split-at 2 [1 2 3 4 5])", "[[1 2] [3 4 5]]"), ("(split-at -1 [1 2])", "[[] [1 2]]")),
         signature="(split-at n coll)")
def split_at(n, coll):
    n = max(count_arg(n, "split-at"), 0)
    if type(coll) is Endless:
        return [coll.head(n), coll.drop(n)]
    xs = items(coll, "split-at")
    return [as_list(xs[:n]), as_list(xs[n:])]


@builtin("split-with", arity=2, doc="[(take-while pred coll) (drop-while pred coll)].",
         example=("(split-with pos? [1 2 -1 3])", "[[1 2] [-1 3]]"),
         signature="(split-with pred coll)")
def split_with(pred, coll):
    if type(coll) is Endless:
        i = endless.span(pred, coll)
        return [coll.head(i), coll.drop(i)]
    xs = items(coll, "split-with")
    i = _span(pred, xs)
    return [as_list(xs[:i]), as_list(xs[i:])]


@builtin("reverse", arity=1, doc="The items in reverse order.",
         example=(("(reverse [1 2 3])", "[3 2 1]"), ("(reverse nil)", "[]")),
         signature="(reverse coll)")
def reverse(coll):
    return as_list(positional(coll, "reverse")[::-1])


# ---------------------------------------------------------------- partitioning


def _size(n, who, what):
    n = count_arg(n, who)
    if n <= 0:
        raise EvalError(messages.seq_positive(who, what, n), code="value")
    return n


def _chunks(xs, n, step):
    budget.charge_size(len(xs) // step + 1, "vector")
    return [as_list(xs[i:i + n]) for i in range(0, len(xs), step)]


@builtin("partition", arity=(2, 4),
         doc="Groups of n items, every step items; incomplete groups dropped unless padded.",
         example=(("(partition 2 [1 2 3 4 5 6])", "[[1 2] [3 4] [5 6]]"),
                  ("(partition 3 [1 2 3 4 5])", "[[1 2 3]]"),
                  ("(partition 2 1 [1 2 3 4])", "[[1 2] [2 3] [3 4]]"),
                  ("(partition 3 3 [0] [1 2 3 4 5])", "[[1 2 3] [4 5 0]]")),
         signature="(partition n coll) (partition n step coll) (partition n step pad coll)")
def partition(n, a, b=MISSING, c=MISSING):
    if b is MISSING:
        step, pad, coll = n, MISSING, a
    elif c is MISSING:
        step, pad, coll = a, MISSING, b
    else:
        step, pad, coll = a, b, c
    if count_arg(n, "partition") < 0:
        return []  # Clojure: a negative size makes no groups
    n = _size(n, "partition", "size")
    step = _size(step, "partition", "step")
    xs = items(coll, "partition")
    groups = _chunks(xs, n, step)
    short = next((i for i, g in enumerate(groups) if len(g) < n), len(groups))
    if short == len(groups) or pad is MISSING:
        return groups[:short]
    padded = groups[short] + as_list(items(pad, "partition")[:n - len(groups[short])])
    return groups[:short] + [padded]


@builtin("partition-all", arity=(2, 3), doc="Groups of n items, every step items, incomplete ones kept.",
         example=(("(partition-all 2 [1 2 3 4 5])", "[[1 2] [3 4] [5]]"),
                  ("(partition-all 2 1 [1 2 3])", "[[1 2] [2 3] [3]]")),
         signature="(partition-all n coll) (partition-all n step coll)")
def partition_all(n, a, b=MISSING):
    step, coll = (n, a) if b is MISSING else (a, b)
    n = _size(n, "partition-all", "size")
    step = _size(step, "partition-all", "step")
    return _chunks(items(coll, "partition-all"), n, step)


@builtin("partition-by", arity=2, doc="Splits coll into runs on which (f item) stays equal.",
         example=("(partition-by odd? [1 1 2 2 3])", "[[1 1] [2 2] [3]]"),
         signature="(partition-by f coll)")
def partition_by(f, coll):
    xs = items(coll, "partition-by")
    g = fn1(f)
    out, run, prev = [], [], MISSING
    for x in xs:
        k = g(x)
        if run and not equal(k, prev):
            out.append(run)
            run = []
        run.append(x)
        prev = k
    if run:
        out.append(run)
    return out


@builtin("dedupe", arity=1, doc="coll without consecutive duplicates.",
         example=(("(dedupe [1 1 2 3 3 2])", "[1 2 3 2]"), ('(dedupe "aabcc")', '["a" "b" "c"]')),
         signature="(dedupe coll)")
def dedupe(coll):
    out, prev = [], MISSING
    for x in items(coll, "dedupe"):
        if prev is MISSING or not equal(x, prev):
            out.append(x)
        prev = x
    return out


@builtin("distinct", arity=1, doc="coll without duplicates (first occurrences kept).",
         example=("(distinct [1 2 1 3])", "[1 2 3]"), signature="(distinct coll)")
def distinct(coll):
    seen, out = set(), []
    for x in positional(coll, "distinct"):
        k = dedupe_key(x)
        if k not in seen:
            seen.add(k)
            out.append(x)
    return out


# ---------------------------------------------------------------- combining


@builtin("interleave", arity=(0, None), doc="The first item of each collection, then the second...",
         example=(("(interleave [1 2] [:a :b])", "[1 :a 2 :b]"), ("(interleave [1 2 3] [:a])", "[1 :a]")),
         signature="(interleave & colls)")
def interleave(*colls):
    if any(type(c) is Endless for c in colls):
        return endless.lazy_interleave(colls, "interleave")
    seqs = [positional(c, "interleave") for c in colls]
    if len(seqs) == 1:
        return as_list(seqs[0])
    budget.charge_size(min(map(len, seqs), default=0) * len(seqs), "vector")
    return [x for group in zip(*seqs) for x in group]


@builtin("interpose", arity=2, doc="The items of coll with sep between each two.",
         example=('(interpose ", " ["a" "b" "c"])', '["a" ", " "b" ", " "c"]'),
         signature="(interpose sep coll)")
def interpose(sep, coll):
    if type(coll) is Endless:
        return endless.lazy_interpose(sep, coll)
    xs = positional(coll, "interpose")
    budget.charge_size(2 * len(xs), "vector")
    out = []
    for x in xs:
        out.append(sep)
        out.append(x)
    return out[1:]


@builtin("zip", arity=2, doc="Pairs [a b] of the items of c1 and c2, as many as the shorter has.",
         example=("(zip [1 2] [:a :b])", "[[1 :a] [2 :b]]"), signature="(zip c1 c2)")
def zip_(c1, c2):
    if type(c1) is Endless or type(c2) is Endless:
        return endless.lazy_map(_pair, (c1, c2), "zip")
    return [[a, b] for a, b in zip(items(c1, "zip"), items(c2, "zip"))]


@builtin("zipmap", arity=2, doc="A map from the keys to the values, as many as the shorter has.",
         example=(("(zipmap [:a :b :c] [1 2 3])", "{:a 1 :b 2 :c 3}"), ("(zipmap [:a :b] [1])", "{:a 1}")),
         signature="(zipmap keys vals)")
def zipmap(ks, vs):
    if type(ks) is Endless and type(vs) is Endless:
        raise endless.infinite_error("zipmap", ks)
    if type(ks) is Endless or type(vs) is Endless:
        return make_map(endless.lazy_map(_entry, (ks, vs), "zipmap"))
    return make_map(list(zip(items(ks, "zipmap"), items(vs, "zipmap"))))


def _pair(a, b):
    return [a, b]


def _entry(a, b):
    return (a, b)


@builtin("flatten", arity=1, doc="The non-vector leaves of nested vectors, in order.",
         example=(("(flatten [[1 2] [3 [4]]])", "[1 2 3 4]"),
                  ("(flatten [1 [2 {:a 3}] \"str\"])", '[1 2 {:a 3} "str"]')),
         signature="(flatten coll)")
def flatten(coll):
    if not isinstance(coll, VECTOR_TYPES):
        return []  # Clojure: anything but a sequential collection flattens to nothing
    out, stack = [], [iter(coll)]
    while stack:
        for x in stack[-1]:
            if isinstance(x, VECTOR_TYPES):
                stack.append(iter(x))
                break
            out.append(x)
        else:
            stack.pop()
    return out


@builtin("tree-seq", arity=3,
         doc="The nodes of a tree depth-first: root, then the tree-seq of each (children node).",
         example=("(map :id (tree-seq :children :children "
                  "{:id 1 :children [{:id 2} {:id 3}]}))", "[1 2 3]"),
         signature="(tree-seq branch? children root)")
def tree_seq(branch, children, root):
    is_branch, kids_of = fn1(branch), fn1(children)
    out, stack = [], [root]
    while stack:
        node = stack.pop()
        out.append(node)
        budget.tick()
        if len(out) & 1023 == 0:
            budget.charge_size(len(out), "vector")
        r = is_branch(node)
        if r is None or r is False:
            continue
        kids = items(kids_of(node), "tree-seq")
        if len(kids) == 1 and type(node) is str and kids[0] == node:
            continue  # a character is its own only child: a leaf, not an endless loop
        stack.extend(reversed(kids))
    return out


@builtin("combinations", arity=2, doc="Every n-item combination of the items of coll, in order.",
         example=(("(combinations [1 2 3] 2)", "[[1 2] [1 3] [2 3]]"),
                  ("(combinations [1 2 3] 0)", "[[]]"), ("(combinations [1 2] 3)", "[]")),
         signature="(combinations coll n)")
def combinations(coll, n):
    xs = items(coll, "combinations")
    if type(n) is not int:
        raise type_err("combinations", "an integer", n)
    if n < 0 or n > len(xs):
        return []
    budget.charge_size(math.comb(len(xs), n), "vector")
    return [list(c) for c in itertools.combinations(xs, n)]


__all__ = ["take", "drop", "partition", "flatten", "tree_seq", "interleave", "distinct"]
