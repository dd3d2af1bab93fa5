"""What both tiers share (the closures of evaluator.py and the generated code of codegen*.py):
the RECUR marker and the Lisp errors made of Python exceptions escaping builtins."""
from __future__ import annotations

from ..compile import analyzer
from .. import messages
from ..errors import EvalError

CONVERTED = (TypeError, ValueError, AttributeError, KeyError, IndexError, ZeroDivisionError,
             OverflowError, UnicodeError, ArithmeticError)


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
