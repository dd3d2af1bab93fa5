"""What the sandbox tests share: memory a test grew is given back to the system after it."""
from __future__ import annotations

import ctypes
import ctypes.util
import gc

import pytest

_LIBC = ctypes.CDLL(ctypes.util.find_library("c")) if ctypes.util.find_library("c") else None
_TRIM = getattr(_LIBC, "malloc_trim", None)  # glibc only


@pytest.fixture(autouse=True)
def memory_given_back():
    """After each test, free what it left and hand the free pages back (glibc's malloc_trim):
    the memory-wall tests grow the process by the wall (256 MB), and without this each one
    would start from the last one's high-water mark (the suite's peak went past 1.4 GB)."""
    yield
    gc.collect()
    if _TRIM is not None:
        _TRIM(0)
