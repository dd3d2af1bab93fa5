"""The adversarial suite: every hostile case file under tests/sandbox/hostile/ (format: hostile.py).

Each case must end in its expected structured error (or a bounded result) within the run's
timeout plus a margin, and the host process must not grow past a bound while it runs.
"""
from __future__ import annotations

import gc
import os

import pytest

import hostile

CASES = hostile.load()
HOST_GROWTH_MB = 700  # the suite's max_memory_mb is 256; the watchdog samples every 20 ms


def _rss_mb() -> float:
    """This process's resident memory in MB (Linux /proc; 0 elsewhere)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError):
        return 0.0


@pytest.fixture(scope="module")
def baseline_rss():
    gc.collect()
    return _rss_mb()


def test_enough_cases_in_every_family():
    families = {c.path.stem for c in CASES}
    assert len(CASES) >= 150
    assert {"loops", "recursion", "sharing", "memory", "regex", "integers", "source", "python",
            "tools", "defs", "prints"} <= families


@pytest.mark.parametrize("case", [c for c in CASES if "in-process" in c.modes], ids=lambda c: c.id)
def test_hostile_in_process(case, baseline_rss):
    result, _ = hostile.run_and_check(case)
    del result
    gc.collect()
    grown = _rss_mb() - baseline_rss
    assert grown < HOST_GROWTH_MB, f"{case.id}: host memory grew by {grown:.0f} MB"


# isolation mode: every third case of each file in CI (about 20 s); all with PTCLISP_FUZZ=long
ISOLATED = [c for c in CASES if "process" in c.modes]
if os.environ.get("PTCLISP_FUZZ") != "long":
    ISOLATED = ISOLATED[::3]


@pytest.mark.parametrize("case", ISOLATED, ids=lambda c: c.id)
def test_hostile_isolated(case, baseline_rss):
    hostile.run_and_check(case, isolation="process")
    grown = _rss_mb() - baseline_rss
    assert grown < HOST_GROWTH_MB, f"{case.id}: host memory grew by {grown:.0f} MB"
