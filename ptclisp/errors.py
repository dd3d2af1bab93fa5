"""The error classes. Errors are data: kind, message, span, form, hint and a Lisp call stack.

Message texts live in the `messages` package; nothing here or elsewhere writes a message inline.
`Return` and `Fail` are control signals, not errors.
"""
from __future__ import annotations

from .lang import forms
from .lang.source import Span, excerpt

__all__ = [
    "PtcError", "ReadError", "AnalysisError", "EvalError", "ToolError", "LimitExceeded",
    "InternalError", "Return", "Fail",
]


def short_text(form, limit: int = 60) -> str:
    """One-line source text of a reader form, cut to limit characters."""
    t = forms.text(form)
    return t if len(t) <= limit else t[: limit - 3] + "..."


def stack_text(stack, limit: int = 5) -> str:
    """`f (line 3, column 5), g (line 9, column 1)`, repeated frames folded as `f x40`."""
    out, i = [], 0
    while i < len(stack) and len(out) < limit:
        name, span = stack[i]
        j = i
        while j + 1 < len(stack) and stack[j + 1] == stack[i]:
            j += 1
        where = f"{name} ({span})" if span else name
        out.append(where + (f" x{j - i + 1}" if j > i else ""))
        i = j + 1
    return ", ".join(out)


class PtcError(Exception):
    """Base of every language error; `kind` is what the model sees first."""

    kind = "Error"

    def __init__(self, message: str, *, span: Span | None = None, form: str | None = None,
                 hint: str | None = None, code: str | None = None, stack=(), source: str | None = None):
        super().__init__(message)
        self.message = message
        self.span = span
        self.form = form
        self.hint = hint
        self.code = code  # a finer tag such as "arity" or "type" (stable, for hosts and tests)
        self.stack = list(stack)  # [(function name, Span | None)], innermost first
        self.source = source
        self.pos = span  # the latest call site the error passed through (for the stack)

    @property
    def line(self) -> int | None:
        return self.span.line if self.span else None

    @property
    def column(self) -> int | None:
        return self.span.column if self.span else None

    def with_span(self, span: Span | None, form=None):
        """Set the span (and form, text or reader form) if not yet known; returns self."""
        if span is not None:
            self.pos = span
            if self.span is None:
                self.span = span
                if form is not None and self.form is None:
                    self.form = form if type(form) is str else short_text(form)
        return self

    def render(self, source: str | None = None) -> str:
        """Multi-line text: kind and position, message, caret excerpt, call stack, hint."""
        source = source if source is not None else self.source
        head = self.kind if self.span is None else f"{self.kind} at {self.span}"
        parts = [f"{head}: {self.message}"]
        caret = excerpt(source or "", self.span)
        if caret:
            parts.append(caret)
        if self.stack:
            parts.append("  in: " + stack_text(self.stack))
        if self.hint:
            parts.append(f"Hint: {self.hint}")
        return "\n".join(parts)

    def to_dict(self) -> dict:
        """JSON-shaped view for hosts and the LLM layer."""
        return {
            "kind": self.kind, "code": self.code, "message": self.message,
            "line": self.line, "column": self.column, "form": self.form, "hint": self.hint,
            "stack": [{"name": n, "line": s.line if s else None, "column": s.column if s else None}
                      for n, s in self.stack],
        }

    def __str__(self) -> str:
        if self.span is None or f"at {self.span}" in self.message:  # no position said twice
            return self.message
        return f"{self.message} (at {self.span})"


class ReadError(PtcError):
    """The text is not a well-formed program."""

    kind = "ReadError"


class AnalysisError(PtcError):
    """The program is malformed: bad special-form shape, unknown symbol or tool."""

    kind = "AnalysisError"

    def __init__(self, message: str, **kw):
        self.errors = kw.pop("errors", None) or []  # every problem found, when several
        super().__init__(message, **kw)


class EvalError(PtcError):
    """A runtime error: wrong type, wrong arity, arithmetic, destructuring, not callable."""

    kind = "EvalError"


class ToolError(PtcError):
    """A host tool failed or was called wrongly."""

    kind = "ToolError"

    def __init__(self, message: str, *, tool: str | None = None, **kw):
        super().__init__(message, **kw)
        self.tool = tool


class LimitExceeded(PtcError):
    """A sandbox limit was hit; `limit` names it and `value` is its setting."""

    kind = "LimitExceeded"

    def __init__(self, message: str, *, limit: str, value=None, **kw):
        super().__init__(message, code=limit, **kw)
        self.limit = limit
        self.value = value


class InternalError(PtcError):
    """A bug in ptclisp itself; the model learns only that it happened."""

    kind = "InternalError"


class SessionBusyError(RuntimeError):
    """A host started a run on a Session that is already running one (another thread or task)."""


class Return(BaseException):
    """`(return v)`: end the program successfully with v."""

    def __init__(self, value):
        self.value = value


class Fail(BaseException):
    """`(fail v)`: end the program as failed with v."""

    def __init__(self, value):
        self.value = value
