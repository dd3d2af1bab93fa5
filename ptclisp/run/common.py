"""What both tiers share (the closures of evaluator.py and the generated code of codegen*.py):
the RECUR marker and the call errors, Lisp errors made of Python exceptions escaping calls."""
from __future__ import annotations

from ..compile import analyzer
from .. import messages
from ..errors import EvalError, PtcError

CONVERTED = (TypeError, ValueError, AttributeError, KeyError, IndexError, ZeroDivisionError,
             OverflowError, UnicodeError, ArithmeticError)
CAUGHT = (PtcError, *CONVERTED)  # what a failing call raises: passed to builtin_error/call_error


class _Recur:
    __slots__ = ()

    def __repr__(self):
        return "RECUR"


RECUR = _Recur()


def python_error(exc: Exception, who: str, args) -> EvalError:
    """A Lisp-level error for a Python exception escaping a builtin."""
    if isinstance(exc, ZeroDivisionError):
        return EvalError(messages.DIVIDE_BY_ZERO, code="arithmetic")
    return EvalError(messages.bad_args(who, args), code="type")


def dynamic_error(exc, f, args) -> EvalError:
    """A Lisp-level error for a Python exception raised by calling the function value f."""
    b = analyzer._builtin_of(f)
    name = getattr(f, "ptc_name", "function")
    if b is not None and not b.accepts(len(args)):
        return EvalError(messages.wrong_arity(len(args), name), code="arity",
                         hint=messages.usage(b.signature))
    if isinstance(exc, TypeError) and b is None and not hasattr(f, "ptc_name"):
        return EvalError(messages.wrong_arity(len(args), name), code="arity")
    return python_error(exc, name, args)


def builtin_error(exc, name: str, args, span, form) -> PtcError:
    """The error a failing call of the builtin name raises, placed at the call (span, form)."""
    if isinstance(exc, PtcError):
        return exc.with_span(span, form)
    return python_error(exc, name, args).with_span(span, form)


def call_error(exc, f, args, span, form) -> PtcError:
    """The error a failing call of the value f raises, placed at the call (span, form)."""
    if isinstance(exc, PtcError):
        return exc.with_span(span, form)
    if callable(f):
        return dynamic_error(exc, f, args).with_span(span, form)
    return EvalError(messages.wrong_arity(len(args), messages.show_value(f)), code="arity",
                     span=span, form=form)


def unbound(name: str, fallback, span):
    """The value of a name missing from memory: its builtin fallback, else the unbound error."""
    if callable(fallback):
        return fallback
    raise EvalError(messages.unresolved(name), code="unbound", span=span,
                    hint=messages.HINT_DEF_ORDER)


def arity_error(name: str, nparams: int, args) -> EvalError:
    """The error of a function with nparams fixed parameters called with args."""
    return EvalError(messages.wrong_arity(len(args), name), code="arity",
                     hint=messages.hint_fn_arity(nparams, args))
