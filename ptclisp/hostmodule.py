"""Tools from an importable Python module, for the command line (`ptclisp run --tools MODULE`).

A module names its tools with `TOOLS` (a list of callables/Tools, or a name -> callable map);
without it, every public function defined in the module is a tool.
"""
from __future__ import annotations

import importlib
import inspect
import sys

from . import messages


def load_tools(module_name: str):
    """The tools of module_name (a dotted name importable from the current directory)."""
    if "" not in sys.path:
        sys.path.insert(0, "")  # like `python -m`: modules beside the caller are found
    try:
        module = importlib.import_module(module_name)
    except ImportError as e:
        raise LookupError(messages.cli_tools_import(module_name, str(e))) from None
    declared = getattr(module, "TOOLS", None)
    if declared is not None:
        return declared
    found = {name: fn for name, fn in vars(module).items()
             if not name.startswith("_") and inspect.isfunction(fn)
             and fn.__module__ == module.__name__}
    if not found:
        raise LookupError(messages.cli_tools_none(module_name))
    return found
