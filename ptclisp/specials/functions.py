"""Function special forms: fn, and defn (a def of a fn, so it has no node of its own)."""
from __future__ import annotations

from ..compile import ast as A
from ..compile.bindings import function
from ..compile.special_forms import shape_error, special
from ..lang import forms as F
from .. import messages
from ..run import functions


def _params_and_body(an, f, items):
    """function()'s params vector and body forms from what follows a fn's or defn's name."""
    if not items or type(items[0]) is not F.Vector:
        if items and type(items[0]) is F.List:
            an.fail(messages.MULTI_ARITY, f, hint=messages.HINT_MULTI_ARITY)
        shape_error(an, f, messages.NEEDS_PARAMS)
    return items[0], items[1:]


def _named(form) -> bool:
    return type(form) is F.Sym and form.ns is None


@special("fn", "(fn name? [params*] body*)", node=A.Fn)
class Fn:
    """A function value: params, rest, body and the values it captures."""

    def analyze(an, f, tail):
        items = list(f.items[1:])
        name = items.pop(0).name if items and _named(items[0]) else None
        return function(an, name, *_params_and_body(an, f, items), f)

    def closure(compiler, node):
        return functions.make_function_factory(compiler, node)


@special("defn", "(defn name docstring? [params*] body*)")
class Defn:
    """(def name (fn name [params*] body*)), the docstring and attribute map skipped."""

    def analyze(an, f, tail):
        items = list(f.items[1:])
        if not items or not _named(items[0]):
            shape_error(an, f)
        name = items.pop(0).name
        if items and type(items[0]) is F.Lit and type(items[0].value) is str:
            items.pop(0)
        if items and type(items[0]) is F.Map:  # attribute map, ignored
            items.pop(0)
        params, body = _params_and_body(an, f, items)
        return A.Def(name, function(an, name, params, body, f, self_name=False))
