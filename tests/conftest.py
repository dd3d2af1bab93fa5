import os
import sys
from pathlib import Path

from hypothesis import settings

sys.path.insert(0, str(Path(__file__).parent))

# The test command runs the same examples every time (derandomized, no example database, no
# per-example deadline: a loaded 2-core CI machine must not turn slowness into a failure), so a
# submission cannot fail on a draw of chance. PTCLISP_FUZZ=1 explores new random examples;
# PTCLISP_FUZZ=long also turns on the long profiles of the fuzz tests.
settings.register_profile("stable", derandomize=True, database=None, deadline=None,
                          print_blob=True)
settings.register_profile("explore", deadline=None, print_blob=True)
settings.load_profile("explore" if os.environ.get("PTCLISP_FUZZ") else "stable")
