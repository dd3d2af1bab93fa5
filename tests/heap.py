"""Memory a test left behind, freed and handed back to the system (shared by the conftests)."""
from __future__ import annotations

import ctypes
import ctypes.util
import gc

_LIBC = ctypes.CDLL(ctypes.util.find_library("c")) if ctypes.util.find_library("c") else None
_TRIM = getattr(_LIBC, "malloc_trim", None)  # glibc only


def give_back() -> None:
    """Collect what is garbage, then return the allocator's free pages (glibc's malloc_trim)."""
    gc.collect()
    if _TRIM is not None:
        _TRIM(0)
