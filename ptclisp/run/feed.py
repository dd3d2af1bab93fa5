"""Bulk work that runs in C, fed a program's collection in slices between clock checks.

A C call that walks a whole collection (building a Counter, a set or a dict, merging sets)
holds the interpreter lock until it is done: no timeout can land and no other host thread
runs. Usually that is microseconds, but keys can be made to hash alike (multiples of
2305843009213693951, the modulus of Python's number hash), and then each insertion compares
against every earlier key: 40,000 such keys took 28 s in one `Counter(...)` call. So builtins
hand such calls their input through `fed`: slices whose size adapts so one slice takes about
SLICE_SECONDS, with the run's clock read between slices. Between two slices the interpreter
can switch threads and the watchdog's stop can land; at the deadline the run ends with
`timeout`. Outside a run (no budget) the call gets the whole input at once.
"""
from __future__ import annotations

from itertools import islice

from . import budget as _budget

FIRST_SLICE = 1024  # items in the first slice
MAX_SLICE = 65536
SLICE_SECONDS = 0.002  # aim for slices about this long: a slice 4x over shrinks the next 16x


def fed(step, items) -> None:
    """Call step(part) over consecutive parts of items (a list or tuple), all of them in order.

    Between parts, the run's clock is read: past the deadline the run ends with `timeout`.
    """
    b = _budget.current()
    n = len(items)
    if b is None or n <= FIRST_SLICE:
        step(items)
        return
    clock, size, i = b.clock, FIRST_SLICE, 0
    it = iter(items)
    while i < n:
        start = clock()
        if start > b.deadline:
            raise b.timeout_error()
        step(islice(it, size))
        i += size
        took = clock() - start
        if took > SLICE_SECONDS:
            size = max(1, int(size * SLICE_SECONDS / took / 2))
        elif took < SLICE_SECONDS / 4 and size < MAX_SLICE:
            size *= 2


SORT_AT_ONCE = 65536  # items sorted in one C call (a few ms); longer lists are fed


def fed_sorted(items, key=None, reverse: bool = False) -> list:
    """sorted(items, key=key, reverse=reverse), stable, with no long C call on a long list.

    Slices are sorted between clock checks; the final sort then only merges sorted runs
    (timsort finds them), about log2(slices) comparisons per item instead of log2(items).
    """
    if len(items) <= SORT_AT_ONCE or _budget.current() is None:
        return sorted(items, key=key, reverse=reverse)
    out: list = []
    fed(lambda part: out.extend(sorted(part, key=key, reverse=reverse)), items)
    out.sort(key=key, reverse=reverse)
    return out
