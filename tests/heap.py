"""Memory a test left behind, freed and handed back to the system (shared by the conftests)."""
from __future__ import annotations

import ctypes
import gc
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Callable, TypeVar

T = TypeVar("T")

_TRIM = getattr(ctypes.CDLL(None), "malloc_trim", None)  # glibc only (the process's own symbols)


def give_back() -> None:
    """Collect what is garbage, then return the allocator's free pages (glibc's malloc_trim)."""
    gc.collect()
    if _TRIM is not None:
        _TRIM(0)


def in_a_fresh_process(fn: Callable[..., T], *args: Any) -> T:
    """fn(*args) in a newly spawned interpreter, its value sent back: for a test that grows the
    process by hundreds of MB, which on top of a test worker's heap would set the suite's peak.
    fn must be a module-level function of an importable module; what it returns, picklable."""
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        return pool.submit(fn, *args).result(timeout=600)
