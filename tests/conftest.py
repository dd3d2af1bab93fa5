import gc
import os
import sys
from pathlib import Path

import pytest
from hypothesis import settings

sys.path.insert(0, str(Path(__file__).parent))

from heap import give_back  # noqa: E402  (tests/ is on the path from here)

# The test command runs the same examples every time (derandomized, no example database, no
# per-example deadline: a loaded 2-core CI machine must not turn slowness into a failure), so a
# submission cannot fail on a draw of chance. PTCLISP_FUZZ=1 explores new random examples;
# PTCLISP_FUZZ=long also turns on the long profiles of the fuzz tests.
settings.register_profile("stable", derandomize=True, database=None, deadline=None,
                          print_blob=True)
settings.register_profile("explore", deadline=None, print_blob=True)
settings.load_profile("explore" if os.environ.get("PTCLISP_FUZZ") else "stable")


@pytest.fixture(scope="module", autouse=True)
def earlier_modules_frozen():
    """What earlier test files left in this worker is kept out of the collector's walks while
    this file runs (gc.freeze), and handed back after it, with the file's own free memory: a full
    collection walks the whole heap, so without this a run's collections slow down with every
    file the worker ran before (the hostile suite took 377 s after other files, 135 s alone), and
    each file would start from the last one's high-water mark."""
    gc.freeze()
    yield
    gc.unfreeze()
    give_back()
