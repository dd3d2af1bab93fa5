"""What the sandbox tests share: memory a test grew is given back to the system after it."""
from __future__ import annotations

import pytest

from heap import give_back


@pytest.fixture(autouse=True)
def memory_given_back():
    """After each test, free what it left and hand the free pages back: the memory-wall tests
    grow the process by the wall (256 MB), and without this each one would start from the last
    one's high-water mark (the suite's peak went past 1.4 GB)."""
    yield
    give_back()
