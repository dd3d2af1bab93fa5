"""Host tools from a Python module named on the command line (`--tools MODULE`).

`load_tools("mypkg.tools")` imports a module by its dotted path (the current directory first on
the path, as `python -m` does); `load_tools("path/to/tools.py")` loads a file. The module's tools
are its `TOOLS` (a dict name -> callable/Tool, or a list of them) if it has one, else its public
functions (and `Tool` objects) defined in the module itself, in definition order. Each becomes a
`Tool` exactly as `Session(tools=...)` makes it: names, schemas from type hints and docstrings,
async functions. Used by the command line (`ptclisp mcp`), never on a run's path; every failure
is a HostModuleError whose message says what to fix.
"""
from __future__ import annotations

import contextlib
import importlib
import importlib.util
import inspect
import logging
import os
import re
import sys
from collections.abc import Mapping
from pathlib import Path

from .. import messages
from ..host.tooldef import Tool, as_tools

__all__ = ["HostModuleError", "load_tools", "load_module", "module_tools"]

log = logging.getLogger("ptclisp")
_DOTTED = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*")


class HostModuleError(Exception):
    """The tools module cannot be loaded or gives no usable tools; str() says why."""


def load_tools(spec: str) -> list[Tool]:
    """The host tools of the module at spec (a dotted module path or a .py file path)."""
    return module_tools(load_module(spec), spec)


def load_module(spec: str):
    """Import spec: a file when it names one (or ends in .py), else a dotted module path."""
    looks_like_file = spec.endswith(".py") or os.sep in spec or "/" in spec
    if looks_like_file or not _DOTTED.fullmatch(spec):
        return _load_file(Path(spec))
    return _import(spec)


def module_tools(module, spec: str = "") -> list[Tool]:
    """The module's TOOLS, else its public functions and Tool objects defined in it."""
    spec = spec or module.__name__
    if hasattr(module, "TOOLS"):
        found = module.TOOLS
        if not isinstance(found, (Mapping, list, tuple)):
            raise HostModuleError(messages.host_tools_bad_type(spec, type(found).__name__))
    else:
        found = [v for k, v in vars(module).items() if not k.startswith("_") and _own(v, module)]
    try:
        tools = as_tools(found)
    except (TypeError, ValueError) as e:
        raise HostModuleError(messages.host_tools_invalid(spec, str(e))) from None
    names = [t.name for t in tools]
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        raise HostModuleError(messages.host_tools_invalid(spec, messages.tool_duplicate(dupes[0])))
    return tools


def _own(value, module) -> bool:
    """A public function defined in module itself (not imported into it), or a Tool object."""
    if isinstance(value, Tool):
        return True
    return inspect.isfunction(value) and value.__module__ == module.__name__


def _import(name: str):
    cwd = os.getcwd()
    added = cwd not in sys.path
    if added:
        sys.path.insert(0, cwd)
    try:
        with contextlib.redirect_stdout(sys.stderr):  # stdout may be a protocol stream
            return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name is not None and (name == e.name or name.startswith(e.name + ".")):
            raise HostModuleError(messages.host_module_not_found(name)) from None
        raise HostModuleError(messages.host_module_failed(name, _reason(e))) from None
    except Exception as e:  # the host's module raised while importing
        log.debug("importing %s failed", name, exc_info=True)
        raise HostModuleError(messages.host_module_failed(name, _reason(e))) from None
    finally:
        if added:
            with contextlib.suppress(ValueError):
                sys.path.remove(cwd)


def _load_file(path: Path):
    if not path.is_file():
        raise HostModuleError(messages.host_file_not_found(path))
    name = "ptclisp_host_tools_" + re.sub(r"\W", "_", path.stem)
    module_spec = importlib.util.spec_from_file_location(name, path)
    if module_spec is None or module_spec.loader is None:
        raise HostModuleError(messages.host_file_not_python(path))
    module = importlib.util.module_from_spec(module_spec)
    sys.modules[name] = module  # dataclasses, pickling and typing look the module up by name
    try:
        with contextlib.redirect_stdout(sys.stderr):
            module_spec.loader.exec_module(module)
    except Exception as e:
        sys.modules.pop(name, None)
        log.debug("loading %s failed", path, exc_info=True)
        raise HostModuleError(messages.host_module_failed(path, _reason(e))) from None
    return module


def _reason(e: BaseException) -> str:
    """One line naming what went wrong in the host's module (a Python module: Python terms)."""
    if isinstance(e, SyntaxError) and e.lineno:
        return f"SyntaxError at line {e.lineno}: {e.msg}"
    return f"{type(e).__name__}: {e}"
