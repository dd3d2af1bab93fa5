"""`Result`: the outcome of one run, as `Session.run` returns it."""
from __future__ import annotations

import attrs

from .errors import PtcError
from .host.door import to_python


@attrs.define
class Result:
    """The outcome of one run.

    status: "ok" (the program's last value), "returned" ((return x)), "failed" ((fail x)) or
        "error" (a language error; see error).
    value: the PTC value (Keyword keys, vectors as lists/PVectors); to_python() gives plain JSON.
    error: the structured error (kind, message, span, hint, Lisp call stack) or None.
    prints: the lines println/print wrote, up to the end or the error.
    tool_calls: one dict per tool call in program order: name, args (the keyword arguments
        the host function got), result (the PTC value it returned, None when it failed),
        error (the message, or None) and duration (seconds). A big result a pipeline read in
        place (host/inplace.py) is logged as a snapshot taken when the call returned: its
        leading records (about 1,000 characters printed) and `result_items`, its length.
    memory: the session's memory (def names -> values) after the run; unchanged by an error.
    duration: seconds the whole run took (read, analyze, evaluate).
    summaries: step-done summaries of this run.
    journal: the session's journal (the (task ...) cache), when it has one.
    upstream_calls: one dict per tool/call to an upstream (docs/upstreams.md): server, tool,
        status, duration_ms, result_bytes, oversize, and reason and error when it failed.
    """

    status: str
    value: object = None
    error: PtcError | None = None
    prints: list = attrs.Factory(list)
    tool_calls: list = attrs.Factory(list)
    memory: dict = attrs.Factory(dict)
    duration: float = 0.0
    summaries: dict = attrs.Factory(dict)
    journal: object = None
    upstream_calls: list = attrs.Factory(list)

    @property
    def ok(self) -> bool:
        """True unless the program ended in an error or fail."""
        return self.status in ("ok", "returned")

    def to_python(self):
        """The value as plain JSON-shaped Python (keyword keys -> strings)."""
        return to_python(self.value)

