"""Host tools: the one boundary where host code is called.

A host passes tools as a mapping name -> Python callable. Names resolve in kebab-case and
snake_case. Arguments cross as plain JSON-shaped Python (keyword keys become strings); results
come back as PTC values.
"""
from __future__ import annotations

import time

from . import messages
from .errors import PtcError, ToolError
from .values import MAP_TYPES, VECTOR_TYPES, Keyword, SET_TYPES, Symbol


def to_python(v):
    """Plain JSON-shaped Python for a PTC value (keywords -> strings, vectors -> lists)."""
    t = type(v)
    if t is Keyword:
        return v.name
    if t is Symbol:
        return str(v)
    if isinstance(v, MAP_TYPES):
        return {_key(k): to_python(x) for k, x in v.items()}
    if isinstance(v, VECTOR_TYPES):
        return [to_python(x) for x in v]
    if isinstance(v, SET_TYPES):
        return [to_python(x) for x in v]
    return v


def _key(k):
    if type(k) is str:
        return k
    if type(k) is Keyword:
        return k.name
    from .formatter import format_value
    return format_value(k)


def kebab(name: str) -> str:
    """snake_case -> kebab-case."""
    return name.replace("_", "-")


class ToolSet:
    """The tools of one Session, with the call log of the current run."""

    def __init__(self, tools=None):
        self.funcs: dict[str, object] = {}
        for name, fn in (tools or {}).items():
            self.funcs[kebab(name)] = fn
        self.log: list[dict] = []
        self.max_calls: int | None = None

    def __contains__(self, name: str) -> bool:
        return kebab(name) in self.funcs

    def __iter__(self):
        return iter(sorted(self.funcs))

    def __getitem__(self, name: str):
        return self.funcs[kebab(name)]

    def call(self, name: str, args, span=None):
        """Call tool `name` with PTC args; returns the result as a PTC value."""
        fn = self.funcs.get(kebab(name))
        if fn is None:
            raise ToolError(messages.unknown_tool(name), tool=name, code="unknown-tool")
        if self.max_calls is not None and len(self.log) >= self.max_calls:
            from .errors import LimitExceeded
            raise LimitExceeded(messages.limit_tool_calls(self.max_calls), limit="max_tool_calls",
                                value=self.max_calls, hint=messages.HINT_TOOL_CALLS)
        kwargs = call_arguments(name, args)
        entry = {"name": name, "args": kwargs, "result": None, "error": None, "duration": 0.0}
        self.log.append(entry)
        start = time.perf_counter()
        try:
            result = fn(**kwargs)
        except PtcError:
            raise
        except Exception as exc:  # the host's failure becomes the program's ToolError
            entry["error"] = str(exc)
            raise ToolError(messages.tool_failed(name, exc), tool=name, code="tool") from None
        finally:
            entry["duration"] = time.perf_counter() - start
        entry["result"] = result
        return result


def call_arguments(name: str, args) -> dict:
    """Keyword arguments for a tool from `(tool/x)`, `(tool/x {..})` or `(tool/x :k v ...)`."""
    if not args:
        return {}
    if len(args) == 1 and isinstance(args[0], MAP_TYPES):
        return to_python(args[0])
    if len(args) % 2 == 0 and all(type(k) is Keyword for k in args[0::2]):
        return {k.name: to_python(v) for k, v in zip(args[0::2], args[1::2])}
    raise ToolError(messages.tool_positional(name), tool=name, code="tool-args",
                    hint=messages.HINT_TOOL_ARGS)


def check_call_shape(tool, arg_forms):
    """A static problem with a tool call's written arguments, as (message, hint), or None."""
    return None
