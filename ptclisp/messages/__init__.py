"""Every user-facing text, one module per stage. Messages talk Lisp, never Python.

Tests pin these texts, so change them here and in the case files together. `messages.X` names
any text of the package. These modules import nothing from ptclisp, so every module, the value
model and the reader included, can use them; but shown.py (the texts that show a value the
program used) imports the printer, which sits above them: this package cannot import it
without a circle, so `messages.X` finds those texts there (`import ptclisp` loads shown.py
first thing).
"""
from .analyze import *  # noqa: F401,F403
from .cli import *  # noqa: F401,F403
from .catalog import *  # noqa: F401,F403
from .common import *  # noqa: F401,F403
from .host import *  # noqa: F401,F403
from .library import *  # noqa: F401,F403
from .limits import *  # noqa: F401,F403
from .read import *  # noqa: F401,F403
from .tools import *  # noqa: F401,F403


def __getattr__(name: str):
    """A text of shown.py (the texts that show a value), as if it were defined here."""
    shown = globals().get("shown")  # the import system sets it once shown.py is loaded
    found = getattr(shown, name, None) if not name.startswith("_") else None
    if found is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return found


def __dir__() -> list:
    """The names of the package and of shown.py."""
    shown = globals().get("shown")
    return sorted(set(globals()) | (set(vars(shown)) if shown is not None else set()))
