"""Sequence library, part 6: infinite sequences and their lazy stages, `reduced`, `reductions`,
and forcing (`doall`, `dorun`, `run!`).

`(repeat x)`, `(iterate f x)`, `(cycle coll)` and `(repeatedly f)` are `endless.Endless`
values: bounded consumers read them (their branches call the helpers below), everything else
refuses them with a hint. With a count, `repeat` and `repeatedly` build a vector at once.
"""
from __future__ import annotations

import math
from itertools import chain, count as _naturals

from .. import messages
from ..errors import LimitExceeded
from ..lang.values import MISSING
from ..run import budget
from .endless import Endless, Reduced, infinite_error, lazily
from . import registry
from .registry import builtin
from .seqs_base import as_list, count_arg, fn1, items
from .support import as_fn

# ---------------------------------------------------------------- making them


@builtin("repeat", listed=False, arity=(1, 2),
         doc="n copies of x; without n, x forever (read it with take, zipmap, map...).",
         example=(("(repeat 3 0)", "[0 0 0]"), ("(take 2 (repeat :x))", "[:x :x]"),
                  ("(zipmap [:a :b] (repeat 0))", "{:a 0 :b 0}")),
         signature="(repeat x) (repeat n x)")
def repeat(a, b=MISSING):
    if b is MISSING:
        return Endless("(repeat ...)", period=[a])
    n = int(a) if type(a) is float and math.isfinite(a) else count_arg(a, "repeat")  # truncated
    if n <= 0:
        return []
    budget.charge_size(n, "vector")
    return [b] * n


@builtin("repeatedly", listed=False, arity=(1, 2),
         doc="A vector of n results of calling f with no arguments; without n, endless.",
         example=(("(repeatedly 3 (fn [] 1))", "[1 1 1]"),
                  ("(take 2 (repeatedly (constantly :x)))", "[:x :x]")),
         signature="(repeatedly f) (repeatedly n f)")
def repeatedly(a, b=MISSING):
    if b is MISSING:
        g = as_fn(a)
        return lazily("(repeatedly ...)", (g() for _ in _naturals()))
    n, g = count_arg(a, "repeatedly"), as_fn(b)
    if n <= 0:
        return []
    budget.charge_size(n, "vector")
    out = []
    for _ in range(n):
        budget.tick()
        out.append(g())
    return out


@builtin("iterate", listed=False, arity=2, doc="x, (f x), (f (f x)) ... forever: read it with take, nth...",
         example=(("(take 4 (iterate inc 0))", "[0 1 2 3]"),
                  ("(nth (iterate #(* 2 %) 1) 10)", "1024"),
                  ("(take-while #(< % 20) (iterate #(* 3 %) 1))", "[1 3 9]")),
         signature="(iterate f x)")
def iterate(f, x):
    g = as_fn(f)

    def steps(v):
        while True:
            yield v
            v = g(v)
    return lazily("(iterate ...)", steps(x))


@builtin("cycle", listed=False, arity=1, doc="The items of coll repeated forever (empty for an empty coll).",
         example=(("(take 5 (cycle [1 2]))", "[1 2 1 2 1]"),
                  ("(map vector [:a :b :c] (cycle [true false]))", "[[:a true] [:b false] [:c true]]")),
         signature="(cycle coll)")
def cycle(coll):
    if type(coll) is Endless:
        return coll
    xs = as_list(items(coll, "cycle"))
    return Endless("(cycle ...)", period=xs) if xs else []


# ---------------------------------------------------------------- lazy stages of an Endless


def lazy_map(f, colls, who: str) -> list | Endless:
    """(map f c1 c2 ...) where some ci is infinite: finite when one of them is, else lazy."""
    g = as_fn(f)
    finite = [c for c in colls if type(c) is not Endless]
    if finite:
        seqs = [items(c, who) for c in finite]
        n = min(map(len, seqs))
        parts = [c.head(n) if type(c) is Endless else items(c, who) for c in colls]
        return list(map(g, *parts))
    return lazily(f"({who} ...)", map(g, *colls))


def lazy_filter(pred, e: Endless, keep_truthy: bool, who: str) -> Endless:
    """filter (keep_truthy) or remove over an infinite sequence."""
    p = fn1(pred)
    if keep_truthy:
        return lazily(f"({who} ...)", (x for x in e if _truthy(p(x))))
    return lazily(f"({who} ...)", (x for x in e if not _truthy(p(x))))


def lazy_keep(f, e: Endless, indexed: bool, who: str) -> Endless:
    """keep / keep-indexed over an infinite sequence."""
    g = as_fn(f) if indexed else fn1(f)
    rs = map(g, _naturals(), e) if indexed else map(g, e)
    return lazily(f"({who} ...)", (r for r in rs if r is not None))


def lazy_map_indexed(f, e: Endless) -> Endless:
    """map-indexed over an infinite sequence."""
    return lazily("(map-indexed ...)", map(as_fn(f), _naturals(), e))


def take_while(pred, e: Endless) -> list:
    """The leading items of an infinite sequence for which pred is truthy."""
    p = fn1(pred)
    out = []
    for x in e:
        if not _truthy(p(x)):
            return out
        out.append(x)
        if len(out) % 1024 == 0:
            charge_taken(len(out) + 1024, "take-while", e)


def charge_taken(n: int, who: str, e: Endless) -> None:
    """Charge n items taken from e; past the size limit, the hint says its test never stopped."""
    try:
        budget.charge_size(n, "vector")
    except LimitExceeded as err:
        err.hint = messages.hint_never_stopped(who, e.what)
        raise


def span(pred, e: Endless) -> int:
    """The length of the leading run of an infinite sequence for which pred is truthy."""
    p = fn1(pred)
    for i, x in enumerate(e):
        if not _truthy(p(x)):
            return i


def lazy_cons(x, e: Endless) -> Endless:
    """x followed by the items of an infinite sequence."""
    return lazily("(cons ...)", chain((x,), e))


def lazy_concat(colls, who: str) -> Endless:
    """concat up to its first infinite collection (what comes after is never reached)."""
    i = next(i for i, c in enumerate(colls) if type(c) is Endless)
    head = [items(c, who) for c in colls[:i]]
    return lazily(f"({who} ...)", chain(*head, colls[i]))


def lazy_interleave(colls, who: str) -> list | Endless:
    """interleave with some infinite collection: as long as the shortest finite one."""
    finite = [items(c, who) for c in colls if type(c) is not Endless]
    if finite:
        n = min(map(len, finite))
        budget.charge_size(n * len(colls), "vector")
        parts = [c.head(n) if type(c) is Endless else items(c, who)[:n] for c in colls]
        return [x for group in zip(*parts) for x in group]
    return lazily(f"({who} ...)", (x for group in zip(*colls) for x in group))


def lazy_interpose(sep, e: Endless) -> Endless:
    """The items of an infinite sequence with sep between each two."""
    def gen():
        it = iter(e)
        yield next(it)
        for x in it:
            yield sep
            yield x
    return lazily("(interpose ...)", gen())


def first_truthy(pred, e: Endless):
    """The first truthy (pred x) of an infinite sequence (some): ends in a limit if none is."""
    p = fn1(pred)
    for x in e:
        r = p(x)
        if _truthy(r):
            return r


def first_falsy(pred, e: Endless) -> bool:
    """True once (pred x) is falsy for an item (every?): ends in a limit if none is."""
    p = fn1(pred)
    for x in e:
        if not _truthy(p(x)):
            return True


def fold_endless(f, acc, e: Endless):
    """reduce over an infinite sequence: only `reduced` ends it (else a limit does); a builtin
    that makes no reduced value never ends it, so that is refused at once."""
    if never_reduced(f):
        raise infinite_error("reduce", e, messages.HINT_INFINITE_REDUCE)
    g = as_fn(f)
    for x in e:
        acc = g(acc, x)
        if type(acc) is Reduced:
            return acc.value


def never_reduced(f) -> bool:
    """True for a builtin that never makes a reduced value (all but reduced, ensure-reduced)."""
    b = registry.CORE.get(getattr(f, "ptc_name", None))
    return b is not None and b.fn is f and f is not reduced and f is not ensure_reduced


def _truthy(r) -> bool:
    return r is not None and r is not False


# ---------------------------------------------------------------- reduced and reductions


@builtin("reduced", listed=False, arity=1, doc="Wraps x so that reduce (and reductions) stop with x at once.",
         example=("(reduce (fn [acc x] (if (> acc 5) (reduced acc) (+ acc x))) [1 2 3 4 5])", "6"),
         signature="(reduced x)")
def reduced(x):
    return Reduced(x)


@builtin("reduced?", listed=False, arity=1, doc="True for a value made by reduced.",
         example=(("(reduced? (reduced 1))", "true"), ("(reduced? 1)", "false")),
         signature="(reduced? x)")
def reduced_p(x):
    return type(x) is Reduced


@builtin("unreduced", listed=False, arity=1, doc="The value inside a reduced; anything else as it is.",
         example=(("(unreduced (reduced 1))", "1"), ("(unreduced 2)", "2")),
         signature="(unreduced x)")
def unreduced(x):
    return x.value if type(x) is Reduced else x


@builtin("ensure-reduced", listed=False, arity=1, doc="x if it is reduced, else (reduced x).",
         example=("(unreduced (ensure-reduced 1))", "1"), signature="(ensure-reduced x)")
def ensure_reduced(x):
    return x if type(x) is Reduced else Reduced(x)


@builtin("reductions", listed=False, arity=(2, 3),
         doc="The intermediate values of (reduce f init coll), init first; reduced stops it.",
         example=(("(reductions + [1 2 3 4])", "[1 3 6 10]"),
                  ("(reductions + 10 [1 2])", "[10 11 13]"),
                  ("(take 4 (reductions + (iterate inc 1)))", "[1 3 6 10]")),
         signature="(reductions f coll) (reductions f init coll)")
def reductions(f, a, b=MISSING):
    g = as_fn(f)
    if b is MISSING:
        if type(a) is Endless:
            return lazily("(reductions ...)", _steps(g, a.item(0), a.drop(1)))
        xs = items(a, "reductions")
        if not len(xs):
            return [g()]
        acc, rest = xs[0], xs[1:]
    else:
        acc, rest = a, b
        if type(acc) is Reduced:
            return [acc.value]
        if type(rest) is Endless:
            return lazily("(reductions ...)", _steps(g, acc, rest))
        rest = items(rest, "reductions")
    budget.charge_size(len(rest) + 1, "vector")
    return list(_steps(g, acc, rest))


def _steps(g, acc, xs):
    """acc, then each (g acc x), up to and including a reduced one (unwrapped)."""
    yield acc
    for x in xs:
        acc = g(acc, x)
        if type(acc) is Reduced:
            yield acc.value
            return
        yield acc


# ---------------------------------------------------------------- forcing (all collections are eager)


@builtin("doall", listed=False, arity=(1, 2),
         doc="coll itself: sequences are already eager (an infinite one is refused).",
         example=(("(doall (map inc [1 2]))", "[2 3]"), ("(doall 1 [1 2])", "[1 2]")),
         signature="(doall coll) (doall n coll)")
def doall(a, b=MISSING):
    coll = a if b is MISSING else b
    if type(coll) is Endless:
        if b is not MISSING:  # (doall n xs) realizes n+1 items and returns xs
            coll.item(max(count_arg(a, "doall"), 0))
            return coll
        raise infinite_error("doall", coll)
    return coll


@builtin("dorun", listed=False, arity=(1, 2), doc="nil: sequences are already eager (an infinite one is refused).",
         example=(("(dorun (map inc [1 2]))", "nil"),), signature="(dorun coll) (dorun n coll)")
def dorun(a, b=MISSING):
    coll = a if b is MISSING else b
    if type(coll) is Endless:
        if b is not MISSING:
            coll.item(max(count_arg(a, "dorun"), 0))
            return None
        raise infinite_error("dorun", coll)
    return None


@builtin("run!", listed=False, arity=2, doc="Calls (f item) for each item, for its effects; returns nil.",
         example=(("(run! println [1 2])", "nil"),), signature="(run! f coll)")
def run_(f, coll):
    if type(coll) is Endless:
        raise infinite_error("run!", coll, messages.HINT_INFINITE)
    g = fn1(f)
    for x in items(coll, "run!"):
        r = g(x)
        if type(r) is Reduced:  # Clojure's run! is a reduce: reduced stops it
            break
    return None


__all__ = ["repeat", "iterate", "cycle", "repeatedly", "reduced", "reductions", "lazy_map",
           "lazy_filter", "lazy_keep", "lazy_map_indexed", "take_while", "span", "lazy_cons",
           "lazy_concat", "lazy_interleave", "lazy_interpose", "first_truthy", "first_falsy",
           "fold_endless", "Endless", "Reduced", "infinite_error"]
