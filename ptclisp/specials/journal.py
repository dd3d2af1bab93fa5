"""Journaled tasks (spec 5.18-5.20): task, step-done and task-reset.

- `(task "id" expr)`: with a journal (Session(journal=...)), expr's value is stored under id on
  first success and returned from the journal afterwards, without running expr again, in this
  run and in later runs that get the same journal. Errors and `fail` are not cached. The journal
  is written at once (not transactional like memory): a task that succeeded stays cached even
  if the program fails later, so a retry does not repeat its tool calls. Without a journal the
  expression simply runs. Values must be data; they are stored as PTC values (hosts persisting
  a journal can use `format_value`/`read_value`).
- `(step-done "id" "summary")`: records a step summary (last one wins), returns the summary.
  Summaries of a run that ends in an error are discarded.
- `(task-reset "id")`: removes a cached task; nil.
"""
from __future__ import annotations

import logging

from ..compile import ast as A
from ..compile.special_forms import shape_error, special
from .. import messages
from ..core import registry
from ..errors import EvalError
from ..lang.values import MAP_TYPES, SET_TYPES, VECTOR_TYPES, Keyword, Symbol

log = logging.getLogger("ptclisp")


def _args(an, f, n: int):
    """The n arguments of f analyzed, after checking there are n."""
    if len(f.items) - 1 != n:
        shape_error(an, f)
    return [an.form(x) for x in f.items[1:]]


@special("task", "(task id expr)", node=A.Task)
class Task:
    """expr's value, from the journal when cached (see above)."""

    def analyze(an, f, tail):
        return A.Task(*_args(an, f, 2))

    def closure(compiler, node):
        ctx, id_, body = compiler.ctx, compiler.compile(node.id), compiler.compile(node.expr)

        def run(fr):
            key = _text(id_(fr))
            journal = getattr(ctx.tools, "journal", None)
            if journal is None:
                log.debug("task %s runs without a journal: no caching", key)
                return body(fr)
            if key in journal:
                return journal[key]
            value = body(fr)
            bad = not_data(value)
            if bad is not None:
                raise EvalError(messages.task_not_data(key, bad), code="task")
            journal[key] = value
            return value
        return run


@special("step-done", "(step-done id summary)", node=A.StepDone)
class StepDone:
    """Records a step summary; returns it."""

    def analyze(an, f, tail):
        return A.StepDone(*_args(an, f, 2))

    def closure(compiler, node):
        ctx, id_, summary = compiler.ctx, compiler.compile(node.id), compiler.compile(node.summary)

        def run(fr):
            key = _text(id_(fr))
            text = _text(summary(fr))
            if ctx.tools is not None:
                ctx.tools.summaries[key] = text
            return text
        return run


@special("task-reset", "(task-reset id)", node=A.TaskReset)
class TaskReset:
    """Drops a cached task; nil."""

    def analyze(an, f, tail):
        return A.TaskReset(*_args(an, f, 1))

    def closure(compiler, node):
        ctx, id_ = compiler.ctx, compiler.compile(node.id)

        def run(fr):
            key = _text(id_(fr))
            journal = getattr(ctx.tools, "journal", None)
            if journal is not None:
                journal.pop(key, None)
            return None
        return run


def _text(v) -> str:
    """A task or step id as text: strings as they are, other values as `str` prints them."""
    if type(v) is str:
        return v
    return registry.CORE["str"].fn(v)


_SCALARS = (type(None), bool, int, float, str, Keyword, Symbol)


def not_data(v):
    """The first value inside v that a journal cannot hold (a function...), or None."""
    stack = [v]
    while stack:
        x = stack.pop()
        if isinstance(x, MAP_TYPES):
            stack.extend(x.keys())
            stack.extend(x.values())
        elif isinstance(x, (*VECTOR_TYPES, *SET_TYPES)):
            stack.extend(x)
        elif not (type(x) in _SCALARS or hasattr(x, "ptc_sort_key")):  # dates are data
            return x
    return None
