"""Infinite sequences and `reduced`: the value types (the builtins are in seqs_endless.py).

PTC-Lisp has no lazy sequences: every collection is a vector. An `Endless` is the one
exception: what `(repeat x)`, `(iterate f x)`, `(cycle coll)` and `(repeatedly f)` give, an
infinite sequence that only bounded consumers read (`take`, `take-while`, `first`, `nth`,
`zipmap`, `map` beside a finite collection, `reduce` stopped by `reduced`...). Lazy stages
(`map`, `filter`, `drop`, `concat`...) of one give another. Anything that would need all of
it (`count`, `vec`, `sort`, `last`...) fails at once with `infinite_error`, never hangs.

Items are made once, in order, and kept, as Clojure's lazy seqs are (so `(repeatedly f)` calls
f once per item however often it is read). Each item made is a step of the budget and the kept
items are charged against the collection size limit, so a consumer that never stops (a
`take-while` whose predicate stays true) ends in a limit, not a hang or a memory blow-up.
`(repeat x)` and `(cycle coll)` keep nothing: their items are known by position.

A `Reduced` is what `(reduced x)` gives: `reduce`, `reductions` and `reduce-kv` stop at the
first step whose function returns one, with its value.
"""
from __future__ import annotations

import threading

from .. import messages
from ..errors import EvalError
from ..lang.printer import format_value
from ..run import budget

_CHARGE_EVERY = 1024  # kept items between two size charges


class Endless:
    """An infinite sequence: items by position, made once and kept (or known by a period)."""

    ptc_type_name = "infinite-seq"
    __slots__ = ("what", "_kept", "_source", "_period", "_broken", "_lock")

    def __init__(self, what: str, source=None, period: list | None = None):
        self.what = what  # how it was made, for messages: "(iterate ...)"
        self._kept: list = []
        self._source = source  # an iterator that never ends (unless its making fails)
        self._period = period  # or: these items, repeated forever
        self._broken = False
        self._lock = threading.RLock() if source is not None else None  # pmap branches share it

    def ptc_format(self) -> str:
        """Printed as `#infinite[(iterate ...)]`: its items are never printed."""
        return f"#infinite[{self.what}]"

    def __len__(self):
        raise infinite_error("count", self)

    def item(self, i: int):
        """The item at index i (>= 0), made if need be."""
        period = self._period
        if period is not None:
            return period[i % len(period)]
        kept = self._kept
        while len(kept) <= i:
            self._make_one()
        return kept[i]

    def head(self, n: int) -> list:
        """The first n items, as a new vector (n charged to the size limit first)."""
        if n <= 0:
            return []
        budget.charge_size(n, "vector")
        period = self._period
        if period is not None:
            budget.tick(n)
            whole, part = divmod(n, len(period))
            return period * whole + period[:part]
        self.item(n - 1)
        return self._kept[:n]

    def __iter__(self):
        """The items one by one, forever: each is a step of the budget."""
        period = self._period
        i = 0
        if period is not None:
            p = len(period)
            while True:
                budget.tick()
                yield period[i % p]
                i += 1
        kept = self._kept
        while True:
            if i >= len(kept):
                self._make_one()
            yield kept[i]
            i += 1

    def drop(self, n: int) -> "Endless":
        """The items after the first n."""
        if n <= 0:
            return self
        period = self._period
        if period is not None:
            k = n % len(period)
            return Endless(self.what, period=period[k:] + period[:k])
        return Endless(self.what, source=_from(self, n))

    def _make_one(self) -> None:
        with self._lock:
            self._make_one_locked(len(self._kept))

    def _make_one_locked(self, seen: int) -> None:
        kept = self._kept
        if len(kept) > seen:  # another thread made it meanwhile
            return
        if self._broken:  # an earlier making failed, or this item's making reads itself
            raise EvalError(messages.infinite_stopped(self.what), code="value",
                            hint=messages.HINT_INFINITE_STOPPED)
        budget.tick()
        if len(kept) % _CHARGE_EVERY == 0:
            budget.charge_size(len(kept) + _CHARGE_EVERY, "vector")
        self._broken = True  # until the item is made: a failed making is not an end
        x = next(self._source)
        self._broken = False
        kept.append(x)


def _from(e: Endless, n: int):
    i = n
    while True:
        yield e.item(i)
        i += 1


class Reduced:
    """`(reduced x)`: tells reduce to stop with x."""

    ptc_type_name = "reduced"
    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value

    def ptc_format(self) -> str:
        """Printed as `#reduced[value]`."""
        return "#reduced[" + format_value(self.value) + "]"

    def __eq__(self, other):
        return self is other

    __hash__ = object.__hash__


def infinite_error(who: str, e: Endless, hint: str | None = None) -> EvalError:
    """The error of a consumer that would read all of the infinite sequence e."""
    return EvalError(messages.infinite_seq(who, e.what), code="infinite",
                     hint=hint or messages.HINT_INFINITE)


def lazily(what: str, items) -> Endless:
    """An Endless of the iterable `items` (a generator over other Endless values)."""
    return Endless(what, source=iter(items))

