"""The cyclic garbage collector paused while the door copies host data.

Copying 100,000 host records allocates millions of containers; each 700 allocations start a
collection that walks the young objects, and the older generations are walked again and again
while the copy grows: about half the time of a big copy (bench_door.py). What the door builds
is a fresh tree, never a cycle, so nothing is lost by collecting after it. Machinery: not in
watchdog.INTERRUPTIBLE, so a stop never lands between pausing and resuming.
"""
from __future__ import annotations

import gc
import threading

__all__ = ["without_gc"]

_LOCK = threading.Lock()
_STATE = {"depth": 0, "was_on": False}  # pauses in progress (any thread); guarded by _LOCK


def without_gc(fn, *args):
    """fn(*args) with the cyclic collector paused; overlapping calls share one pause, and the
    collector is turned back on only if it was on when the first of them began."""
    with _LOCK:
        if _STATE["depth"] == 0:
            _STATE["was_on"] = gc.isenabled()
            gc.disable()
        _STATE["depth"] += 1
    try:
        return fn(*args)
    finally:
        with _LOCK:
            _STATE["depth"] -= 1
            if _STATE["depth"] == 0 and _STATE["was_on"]:
                gc.enable()
