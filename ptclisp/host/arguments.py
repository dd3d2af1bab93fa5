"""Tool arguments: binding a call's arguments to the tool's parameters, and the analyzer's check.

Calling convention (spec 9.6): `(tool/x)`, `(tool/x {:k v})`, `(tool/x :k v ...)`. Arguments cross
as plain JSON-shaped Python with string keys (keywords become their names) and are checked
against the tool's parameters *before* the callable runs. `check_call_shape` finds the same
problems at analysis time in the arguments as written.
"""
from __future__ import annotations

import difflib

from .. import messages
from ..errors import ToolError
from ..lang import forms as F
from ..lang.printer import format_value
from ..lang.values import MAP_TYPES, Keyword
from . import signatures as S
from .door import NotData, to_python
from .tooldef import Tool, kebab

__all__ = ["call_arguments", "bind_arguments", "check_call_shape", "positional_hint", "signature_hint"]


def call_arguments(name: str, args, tool: Tool | None = None) -> dict:
    """The arguments map of `(tool/x)`, `(tool/x {..})` or `(tool/x :k v ...)`, as plain Python."""
    try:
        if not args:
            return {}
        if len(args) == 1 and isinstance(args[0], MAP_TYPES):
            return to_python(args[0], strict=True)
        if len(args) % 2 == 0 and all(type(k) is Keyword for k in args[0::2]):
            return {k.name: to_python(v, strict=True) for k, v in zip(args[0::2], args[1::2])}
    except NotData as nd:
        raise ToolError(messages.tool_arg_not_data(name, nd.args[0]), tool=name, code="tool-args",
                        hint=signature_hint(tool)) from None
    raise ToolError(messages.tool_positional(name), tool=name, code="tool-args",
                    hint=positional_hint(tool, args[0] if len(args) == 1 else None))


def bind_arguments(tool: Tool, args) -> dict:
    """What the callable receives: argument names resolved to its parameters and type-checked."""
    raw = call_arguments(tool.name, args, tool)
    problem = _param_problem(tool, raw, complete=True)
    if problem:
        raise ToolError(problem[0], tool=tool.name, code="tool-args", hint=problem[1])
    if not tool.params:
        return raw
    out = {}
    for key, v in raw.items():
        p = tool.param(key)
        if v is None and p is not None and _left_out(p):
            continue  # nil for an optional parameter that takes no nil: not given (its default)
        out[p.name if p is not None else key] = v
    return out


def _left_out(p) -> bool:
    """True for an optional parameter whose type does not take nil: `T?` in its signature
    says it may be nil, and nil there means left out."""
    return not p.required and not S.optional(p.type)


def _param_problem(tool: Tool, given: dict, complete: bool):
    """(message, hint) for an unknown, missing or wrongly typed argument, or None.

    given: written key -> value (values may be None when unknown); complete: all keys known."""
    seen = set()
    for key, v in given.items():
        p = tool.param(key)
        if p is None:
            if tool.open:
                continue
            return (messages.tool_unknown_param(tool.name, key, [x.name for x in tool.params]),
                    _near_hint(tool, key))
        seen.add(p.name)
        if v is None and _left_out(p):
            continue
        if v is not _UNKNOWN:
            problems = S.check(v, p.type, p.name)
            if problems:
                return messages.tool_bad_arg(tool.name, S.problems_text(problems)), signature_hint(tool)
    if complete:
        missing = [p.name for p in tool.required if p.name not in seen]
        if missing:
            return messages.tool_missing_params(tool.name, missing), signature_hint(tool)
    return None


_UNKNOWN = object()


def signature_hint(tool: Tool | None) -> str | None:
    """The hint of a bad call: the tool's signature and usage (a general one for no tool)."""
    if tool is None:
        return messages.HINT_TOOL_ARGS
    return messages.tool_signature_hint(tool.signature_text, tool.usage())


def _near_hint(tool: Tool, key: str) -> str:
    names = {kebab(p.name): p.name for p in tool.params}  # matched either way, shown as declared
    near = difflib.get_close_matches(kebab(key), list(names), n=1, cutoff=0.6)
    base = signature_hint(tool)
    return f"{messages.did_you_mean(':' + names[n] for n in near)} {base}" if near else base


def positional_hint(tool: Tool | None, value=None) -> str:
    """How to write the call with named arguments, using the one value given if any."""
    if tool is None:
        return messages.HINT_TOOL_ARGS
    only = tool.required if len(tool.required) == 1 else tool.params if len(tool.params) == 1 else ()
    if value is not None and len(only) == 1 and not isinstance(value, MAP_TYPES):
        example = f"(tool/{tool.name} {{:{only[0].name} {format_value(value, max_chars=40)}}})"
        return messages.tool_positional_fix(example, tool.signature_text)
    return signature_hint(tool)


# ---------------------------------------------------------------- static check of written calls

def check_call_shape(tool, arg_forms):
    """A static problem with a tool call's written arguments, as (message, hint), or None.

    Catches positional literals, unknown parameter names written literally, missing required
    parameters when every key is written, and literal values of the wrong type."""
    if not isinstance(tool, Tool):
        return None
    n = len(arg_forms)
    if n == 1 and type(arg_forms[0]) is F.Map:
        pairs = list(zip(arg_forms[0].items[0::2], arg_forms[0].items[1::2]))
    elif n and n % 2 == 0 and all(_literal_keyword(k) for k in arg_forms[0::2]):
        pairs = list(zip(arg_forms[0::2], arg_forms[1::2]))
    elif n == 0:
        pairs = []
    elif _positional_for_sure(arg_forms):
        value = arg_forms[0].value if n == 1 and type(arg_forms[0]) is F.Lit else None
        return messages.tool_positional(tool.name), positional_hint(tool, value)
    else:
        return None
    given, complete = {}, True
    for k, v in pairs:
        key = _literal_key(k)
        if key is None:
            complete = False
            continue
        given[key] = _literal_arg(v)
    return _param_problem(tool, given, complete)


def _literal_keyword(form) -> bool:
    return type(form) is F.Lit and type(form.value) is Keyword


def _literal_key(form):
    if type(form) is F.Lit and type(form.value) in (Keyword, str):
        return to_python(form.value)
    return None


def _literal_arg(form):
    if type(form) is F.Lit and (form.value is None or type(form.value) in (str, int, float, bool, Keyword)):
        return to_python(form.value)
    return _UNKNOWN


def _positional_for_sure(arg_forms) -> bool:
    """True when no runtime value could make these arguments named ones."""
    if len(arg_forms) == 1:
        return type(arg_forms[0]) in (F.Lit, F.Vector, F.Set, F.Regex, F.FnLit)
    if len(arg_forms) % 2:
        return True
    return any(type(k) in (F.Lit, F.Vector, F.Map, F.Set) and not _literal_keyword(k)
               for k in arg_forms[0::2])
