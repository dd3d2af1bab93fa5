"""`(budget/remaining)` (spec 9.5): the host's budget map (Session(budget=...)), {} when none
was given."""
from __future__ import annotations

import logging
from collections.abc import Mapping

from . import tools as _tools
from .door import from_python
from ..core.registry import builtin

log = logging.getLogger("ptclisp")


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
