"""The checked AST the analyzer produces and the evaluator compiles.

Locals live in slots of a per-call frame (a Python list); a function copies the values it
captures into its own frame, so every local access is `frame[slot]`.
"""
from __future__ import annotations

import attrs

from ..lang.source import Span

_span = attrs.field(default=None, eq=False, repr=False)


@attrs.define(slots=True)
class Const:
    value: object


@attrs.define(slots=True)
class Local:
    slot: int
    name: str


@attrs.define(slots=True)
class Global:
    """A user-namespace name, looked up at run time; `fallback` is the builtin it shadows."""

    name: str
    fallback: object
    span: Span | None = _span


@attrs.define(slots=True)
class Data:
    name: str


@attrs.define(slots=True)
class History:
    index: int  # 1 for *1


@attrs.define(slots=True)
class ToolRef:
    name: str
    span: Span | None = _span


@attrs.define(slots=True)
class If:
    test: object
    then: object
    else_: object


@attrs.define(slots=True)
class Do:
    body: tuple


@attrs.define(slots=True)
class And:
    items: tuple


@attrs.define(slots=True)
class Or:
    items: tuple


# ---------------------------------------------------------------- destructuring patterns

@attrs.define(slots=True)
class PBind:
    slot: int
    name: str


@attrs.define(slots=True)
class PIgnore:
    pass


@attrs.define(slots=True)
class PVec:
    items: tuple
    rest: object  # pattern or None
    as_slot: int | None
    span: Span | None = _span


@attrs.define(slots=True)
class PMap:
    entries: tuple  # (pattern, key, default node or None)
    as_slot: int | None
    span: Span | None = _span


@attrs.define(slots=True)
class Let:
    bindings: tuple  # (pattern, node)
    body: object


@attrs.define(slots=True)
class Fn:
    name: str | None
    params: tuple  # patterns
    rest: object  # pattern or None
    body: object
    captures: tuple  # (outer slot, inner slot)
    nslots: int
    self_slot: int | None
    has_recur: bool
    span: Span | None = _span


@attrs.define(slots=True)
class Call:
    fn: object
    args: tuple
    form: object  # the reader form, shown in errors
    span: Span | None = _span


@attrs.define(slots=True)
class BuiltinCall:
    builtin: object  # registry.Builtin
    args: tuple
    form: object  # the reader form, shown in errors
    span: Span | None = _span


@attrs.define(slots=True)
class KeywordCall:
    keyword: object
    args: tuple
    form: object  # the reader form, shown in errors
    span: Span | None = _span


@attrs.define(slots=True)
class ToolCall:
    name: str
    args: tuple
    form: object  # the reader form, shown in errors
    span: Span | None = _span


@attrs.define(slots=True)
class Loop:
    bindings: tuple  # (pattern, node)
    body: object
    span: Span | None = _span  # where a limit hit while looping is reported


@attrs.define(slots=True)
class Recur:
    args: tuple
    span: Span | None = _span


@attrs.define(slots=True)
class Def:
    name: str
    value: object
    once: bool = False


@attrs.define(slots=True)
class Case:
    expr: object
    table: dict  # frozen constant -> index into branches
    branches: tuple
    default: object


@attrs.define(slots=True)
class For:
    clauses: tuple  # ("bind", pattern, node) | ("let", ((pattern, node), ...)) | ("when", node) | ("while", node)
    body: object
    collect: bool  # False for doseq
    span: Span | None = _span


@attrs.define(slots=True)
class Signal:
    """`return` or `fail`."""

    kind: str
    value: object


@attrs.define(slots=True)
class VectorLit:
    items: tuple


@attrs.define(slots=True)
class MapLit:
    pairs: tuple
    span: Span | None = _span


@attrs.define(slots=True)
class SetLit:
    items: tuple


@attrs.define(slots=True)
class Program:
    body: object
    nslots: int


# ---------------------------------------------------------------- journaled tasks (specials/journal.py)

@attrs.define(slots=True)
class Task:
    """`(task id expr)`: expr memoized in the host's journal."""

    id: object
    expr: object


@attrs.define(slots=True)
class StepDone:
    """`(step-done id summary)`."""

    id: object
    summary: object


@attrs.define(slots=True)
class TaskReset:
    """`(task-reset id)`."""

    id: object
