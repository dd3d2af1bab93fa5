import gc

import pytest


@pytest.fixture(autouse=True)
def no_python_gc_callbacks():
    """Runs here meet the watchdog's stops; keep hypothesis's gc callback out of their way.

    Hypothesis registers a Python gc callback once any property test has run. A stop landing
    inside it is swallowed ("Exception ignored"), and one landing in pytest's Python
    unraisable hook fails the test, though the run itself ended correctly. A host without
    Python gc callbacks (the usual case) never sees either.
    """
    saved = gc.callbacks[:]
    gc.callbacks.clear()
    yield
    gc.callbacks[:] = saved
