import os
import sys
from pathlib import Path

from hypothesis import settings

sys.path.insert(0, str(Path(__file__).parent))

# CI runs the same examples every time (derandomized), so a submission cannot fail on a draw of
# chance; local runs explore new examples. PTCLISP_FUZZ=long turns on the long profiles.
settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
