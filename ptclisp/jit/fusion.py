"""The shape of fusable pipelines, and a walk over analyzed nodes (codegen and pipeline use both).

A pipeline is a `reduce` with an init, or a map/filter/remove/keep, whose collection is again
one of map/filter/remove/keep, two steps or more, each step's function a keyword, a pure
first-order builtin or a function literal whose body has no effects (see pipeline.py). Such a
body may itself run a pipeline of one step or more over fusable functions (`(fn [o] (reduce +
0 (map :qty (:items o))))`): the fused loop runs it as a nested loop.
"""
from __future__ import annotations

import attrs

from ..compile import analyzer
from ..compile import ast as A, special_forms
from ..core import registry
from ..lang.values import Keyword

STAGES = {"map": "map", "mapv": "map", "filter": "filter", "filterv": "filter",
          "remove": "remove", "keep": "keep"}
PURE = registry.flagged("pure")  # builtins with no effects that call no function values
_BODY_NODES = (A.Const, A.Local, A.Global, A.Data, A.If, A.Do, A.And, A.Or, A.Let, A.Case,
               A.KeywordCall, A.BuiltinCall, A.VectorLit, A.MapLit, A.PBind, A.PIgnore)


_NOT_NODES = frozenset({"span", "form", "value", "fallback", "name", "builtin", "keyword",
                        "table", "slot", "captures", "nslots", "self_slot", "has_recur"})
_FIELDS = {cls: [f.name for f in attrs.fields(cls) if f.name not in _NOT_NODES]
           for cls in vars(A).values() if isinstance(cls, type) and attrs.has(cls)}


def nodes(node, into_fns: bool = False):
    """node and every AST node under it (not inside nested fns unless into_fns), pre-order."""
    stack = [node]
    while stack:
        x = stack.pop()
        t = type(x)
        if t is tuple or t is list:
            stack.extend(reversed(x))
            continue
        names = _FIELDS[t] if t in _FIELDS else _declared_fields(t)
        if names is None:  # not a node: a value, a span, a pattern's key
            continue
        yield x
        if t is not A.Fn or into_fns or x is node:
            stack.extend(getattr(x, n) for n in reversed(names))


def _declared_fields(t):
    """The node fields of a node class a special form declares outside ast.py, or None."""
    names = special_forms.node_fields(t)
    return None if names is None else [n for n in names if n not in _NOT_NODES]


class Stage:
    """One step of a pipeline: its builtin call node, kind and function argument."""

    __slots__ = ("node", "kind", "fn")

    def __init__(self, node, kind, fn):
        self.node, self.kind, self.fn = node, kind, fn


def stages(node, any_fn: bool = False, least: int | None = None):
    """The stages of a fusable pipeline, innermost first, or None; any_fn: of any chain of
    map/filter/remove/keep (and a reduce with an init), whatever its functions; least: the
    fewest stages that make one (default 2, or 1 with any_fn)."""
    if type(node) is not A.BuiltinCall:
        return None
    out = []
    name = node.builtin.fn.ptc_name
    if name not in STAGES and name != "reduce":
        return None
    fusable = (lambda f, arity: True) if any_fn else _fusable_fn
    if name == "reduce" and len(node.args) == 3:
        if not fusable(node.args[0], 2):
            return None
        out.append(Stage(node, "reduce", node.args[0]))
        node = node.args[2]
    while type(node) is A.BuiltinCall and len(node.args) == 2 \
            and node.builtin.fn.ptc_name in STAGES and fusable(node.args[0], 1):
        out.append(Stage(node, STAGES[node.builtin.fn.ptc_name], node.args[0]))
        node = node.args[1]
    if len(out) < (least if least is not None else 1 if any_fn else 2):
        return None  # one stage is no pipeline to fuse (unless nested), but may read in place
    out.reverse()
    return out


def _fusable_fn(f, arity: int) -> bool:
    """True for a keyword (arity 1), a pure builtin, or a pure inlinable fn literal."""
    if type(f) is A.Const:
        if type(f.value) is Keyword:
            return arity == 1
        b = analyzer._builtin_of(f.value)
        return b is not None and b.fn.ptc_name in PURE and b.accepts(arity)
    return (type(f) is A.Fn and f.rest is None and len(f.params) == arity and not f.has_recur
            and f.self_slot is None and _pure_body(f.body))


def nested_stages(node):
    """The stages of a pipeline inside a fusable function's body (one stage is enough), or None."""
    return stages(node, least=1)


def _pure_body(body) -> bool:
    """True when body has no effect and calls no function value, except the functions of the
    fusable pipelines it runs (checked the same way: they become nested loops)."""
    stage_fns = set()
    for x in nodes(body):  # pre-order: a stage call comes before its function
        if id(x) in stage_fns or effect_free(x):
            continue
        if _fusable_stage_call(x):
            stage_fns.add(id(x.args[0]))
            continue
        return False
    return True


def _fusable_stage_call(x) -> bool:
    """True for `(map f coll)` and the like, or `(reduce f init coll)`, with f fusable."""
    if type(x) is not A.BuiltinCall:
        return False
    name = x.builtin.fn.ptc_name
    if name in STAGES:
        return len(x.args) == 2 and _fusable_fn(x.args[0], 1)
    return name == "reduce" and len(x.args) == 3 and _fusable_fn(x.args[0], 2)


def effect_free(x) -> bool:
    """True for a node that has no effect itself and calls no function value."""
    if type(x) is A.BuiltinCall:
        return x.builtin.fn.ptc_name in PURE
    if type(x) is A.Let:
        return all(type(p) in (A.PBind, A.PIgnore) for p, _ in x.bindings)
    return type(x) in _BODY_NODES
