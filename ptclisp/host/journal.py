"""Journaled tasks and host-supplied run state (spec 5.18-5.20, 9.5).

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
- `(budget/remaining)`: the host's budget map (Session(budget=...)), {} when none was given.
"""
from __future__ import annotations

import logging
from collections.abc import Mapping

from ..compile import ast as A
from .. import messages
from . import tools as _tools
from .door import from_python
from ..core import registry
from ..core.registry import builtin
from ..errors import EvalError
from ..lang.values import MAP_TYPES, SET_TYPES, VECTOR_TYPES, Keyword, Symbol

log = logging.getLogger("ptclisp")

SHAPES = {
    "task": "(task id expr)",
    "step-done": "(step-done id summary)",
    "task-reset": "(task-reset id)",
}


# ---------------------------------------------------------------- analysis (special forms)

def _shape(an, f, name: str, n: int):
    if len(f.items) - 1 != n:
        an.fail(messages.bad_shape(name, SHAPES[name], messages.got_args(len(f.items) - 1)), f,
                code="invalid-form")


def task_form(an, f, tail):
    _shape(an, f, "task", 2)
    return A.Task(an.form(f.items[1]), an.form(f.items[2]))


def step_done_form(an, f, tail):
    _shape(an, f, "step-done", 2)
    return A.StepDone(an.form(f.items[1]), an.form(f.items[2]))


def task_reset_form(an, f, tail):
    _shape(an, f, "task-reset", 1)
    return A.TaskReset(an.form(f.items[1]))


SPECIALS = {"task": task_form, "step-done": step_done_form, "task-reset": task_reset_form}


# ---------------------------------------------------------------- evaluation

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


def compile_task(compiler, node):
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


def compile_step_done(compiler, node):
    ctx, id_, summary = compiler.ctx, compiler.compile(node.id), compiler.compile(node.summary)

    def run(fr):
        key = _text(id_(fr))
        text = _text(summary(fr))
        if ctx.tools is not None:
            ctx.tools.summaries[key] = text
        return text
    return run


def compile_task_reset(compiler, node):
    ctx, id_ = compiler.ctx, compiler.compile(node.id)

    def run(fr):
        key = _text(id_(fr))
        journal = getattr(ctx.tools, "journal", None)
        if journal is not None:
            journal.pop(key, None)
        return None
    return run


COMPILERS = {A.Task: compile_task, A.StepDone: compile_step_done, A.TaskReset: compile_task_reset}


# ---------------------------------------------------------------- budget/remaining

@builtin("remaining", ns="budget", arity=0,
         doc="The host's budget map (turns left, tokens used...); {} when the host gave none.",
         example=("(map? (budget/remaining))", "true"), signature="(budget/remaining)")
def budget_remaining():
    ts = _tools.current()
    info = ts.budget_info if ts is not None else None
    if callable(info):
        info = info()
    if not isinstance(info, Mapping):
        if info is not None:
            log.warning("budget/remaining: the host's budget is not a mapping; returning {}")
        return {}
    return from_python(info, ts is not None and ts.string_keys)
