"""Arithmetic: + - * / inc dec quot rem mod (and the arbitrary-precision ' aliases).

Integers are arbitrary precision, floats IEEE doubles (spec 3.3, 8.4):
- `/` always returns a float; an integer zero divisor of integers is an arithmetic error, a float
  zero follows IEEE 754 (##Inf, ##-Inf, ##NaN).
- `quot`/`rem`/`mod` follow Clojure's signs; on floats they follow the JVM (a float result, an
  error for ##NaN/##Inf operands or a zero divisor).
- Integer products are capped at MAX_INT_BITS so one call cannot run or allocate without bound.
The two-integer case of + - * is the hot path: exact `type(x) is int` checks come first.
"""
from __future__ import annotations

import math
from functools import reduce
from operator import add as _py_add, sub as _py_sub

from .. import messages
from ..errors import EvalError
from .registry import builtin

MAX_INT_BITS = 100_000  # results past 2**MAX_INT_BITS are refused (about 30,000 digits)
_INT_LIMIT = 1 << MAX_INT_BITS
_NEG_LIMIT = -_INT_LIMIT
_NUM = frozenset((int, float))  # bool is excluded: type(True) is bool
_INF = math.inf
_NO = object()  # an argument not given (the variadic builtins take their first two by name)

__all__ = ["MAX_INT_BITS", "to_float", "check_int_size", "number_type_error", "arithmetic_error"]


# ---------------------------------------------------------------- shared helpers


def number_type_error(who: str, v, expected: str = "numbers") -> EvalError:
    """A type error for a non-number argument, with a hint for the usual causes."""
    hint = None
    if type(v) is str:
        joining = who == "+" and messages.number_parser(v) is None
        hint = messages.HINT_STR_JOIN if joining else messages.hint_number_text(v)
    elif v is None:
        hint = messages.HINT_NIL_NUMBER
    return EvalError(messages.type_error(who, expected, v), code="type", hint=hint)


def arithmetic_error(message: str, hint: str | None = None) -> EvalError:
    """An arithmetic EvalError (division by zero, overflow of the integer cap...)."""
    return EvalError(message, code="arithmetic", hint=hint)


def _divide_by_zero() -> EvalError:
    return arithmetic_error(messages.DIVIDE_BY_ZERO, messages.HINT_DIVIDE_BY_ZERO)


def check_int_size(who: str, n: int) -> int:
    """n itself, or an arithmetic error when it is past the big-integer cap."""
    if _NEG_LIMIT < n < _INT_LIMIT:
        return n
    raise arithmetic_error(messages.int_too_large(who, MAX_INT_BITS), messages.HINT_BIG_INT)


def to_float(n) -> float:
    """n as a float; integers too big for a double become a signed infinity (as on the JVM)."""
    try:
        return float(n)
    except OverflowError:
        return _INF if n > 0 else -_INF


def _check_numbers(who: str, args) -> None:
    for a in args:
        if type(a) not in _NUM:
            raise number_type_error(who, a)


def _present(a, b, more) -> tuple:
    """The arguments actually given to a variadic builtin declared as (a=_NO, b=_NO, *more)."""
    if b is _NO:
        return () if a is _NO else (a,)
    return (a, b, *more)


def _float_fold(op, args):
    """Left fold of op over args in floating point (an int operand too big for a double)."""
    return reduce(op, [to_float(a) for a in args])


def _fold(who: str, op, args):
    """Left fold of op over numbers, like Clojure's reduce (never compensated summation)."""
    _check_numbers(who, args)
    try:
        return reduce(op, args)
    except OverflowError:
        return _float_fold(op, args)


# ---------------------------------------------------------------- + - *


@builtin("+", flags="pure foldable", arity=(0, None), aliases=("+'",), signature="(+ x y ...)",
         doc="Sum of the numbers; (+) is 0.",
         example=(("(+ 1 2 3)", "6"), ("(+ 1 2.5)", "3.5"), ("(+)", "0")))
def add(a=_NO, b=_NO, *more):
    if type(a) in _NUM and type(b) in _NUM and not more:
        try:
            return a + b
        except OverflowError:
            return to_float(a) + to_float(b)
    args = _present(a, b, more)
    if not args:
        return 0
    if all(type(x) is int for x in args):
        return sum(args)
    return _fold("+", _py_add, args)


@builtin("-", flags="pure foldable", arity=(1, None), aliases=("-'",), signature="(- x y ...)",
         doc="Subtracts the rest from x; (- x) negates x.",
         example=(("(- 10 3)", "7"), ("(- 10 3 2)", "5"), ("(- 5)", "-5")))
def sub(x, y=_NO, *more):
    if type(x) in _NUM and type(y) in _NUM and not more:
        try:
            return x - y
        except OverflowError:
            return to_float(x) - to_float(y)
    if y is _NO:
        if type(x) not in _NUM:
            raise number_type_error("-", x)
        return -x
    return _fold("-", _py_sub, (x, y, *more))


def _mul_checked(a, b):
    r = a * b
    if type(r) is int and not _NEG_LIMIT < r < _INT_LIMIT:
        check_int_size("*", r)
    return r


@builtin("*", flags="pure foldable", arity=(0, None), aliases=("*'",), signature="(* x y ...)",
         doc="Product of the numbers; (*) is 1.",
         example=(("(* 2 3 4)", "24"), ("(* 2 1.5)", "3.0"), ("(*)", "1")))
def mul(a=_NO, b=_NO, *more):
    if type(a) in _NUM and type(b) in _NUM and not more:
        try:
            r = a * b
        except OverflowError:
            return to_float(a) * to_float(b)
        if type(r) is int and not _NEG_LIMIT < r < _INT_LIMIT:
            check_int_size("*", r)
        return r
    args = _present(a, b, more)
    if not args:
        return 1
    return _fold("*", _mul_checked, args)


# ---------------------------------------------------------------- /


def _float_zero_division(a) -> float:
    """a / 0 in IEEE 754 (the zero's sign is applied by the caller)."""
    if a != a or a == 0:
        return math.nan
    return _INF if a > 0 else -_INF


def _div2(a, b):
    ta, tb = type(a), type(b)
    if ta is int and tb is int:
        if b == 0:
            raise _divide_by_zero()
        try:
            return a / b
        except OverflowError:  # exact quotient beyond the double range
            return _INF if (a > 0) == (b > 0) else -_INF
    if ta not in _NUM:
        raise number_type_error("/", a)
    if tb not in _NUM:
        raise number_type_error("/", b)
    if b == 0:
        r = _float_zero_division(a)
        return -r if math.copysign(1.0, b) < 0 else r
    try:
        return a / b
    except OverflowError:
        return to_float(a) / to_float(b)


@builtin("/", flags="pure", arity=(1, None), signature="(/ x y ...)",
         doc="Divides x by the rest; always a float. (/ x) is 1/x. Integer zero divisor: error.",
         example=(("(/ 10 2)", "5.0"), ("(/ 10 4)", "2.5"), ("(/ 2)", "0.5"),
                  ("(/ 1.0 0.0)", "##Inf")))
def div(x, y=_NO, *more):
    if not more and type(x) in _NUM and type(y) in _NUM and y:
        try:
            return x / y
        except OverflowError:
            return _div2(x, y)
    if y is _NO:
        return _div2(1, x)
    acc = _div2(x, y)
    for d in more:
        acc = _div2(acc, d)
    return acc


# ---------------------------------------------------------------- inc dec


@builtin("inc", flags="pure foldable",
         arity=1, aliases=("inc'",), signature="(inc x)", doc="x plus one.",
         example=(("(inc 5)", "6"), ("(inc 1.5)", "2.5")))
def inc(x):
    if type(x) is int:
        return x + 1
    if type(x) is float:
        return x + 1.0
    raise number_type_error("inc", x, "a number")


@builtin("dec", flags="pure foldable",
         arity=1, aliases=("dec'",), signature="(dec x)", doc="x minus one.",
         example=(("(dec 5)", "4"), ("(dec 0.5)", "-0.5")))
def dec(x):
    if type(x) is int:
        return x - 1
    if type(x) is float:
        return x - 1.0
    raise number_type_error("dec", x, "a number")


# ---------------------------------------------------------------- quot rem mod


def _float_quot_rem(who: str, n, d):
    """JVM double quotient (truncated, as a float) and remainder, with Clojure's errors."""
    if type(n) not in _NUM:
        raise number_type_error(who, n)
    if type(d) not in _NUM:
        raise number_type_error(who, d)
    n, d = to_float(n), to_float(d)
    if d == 0:
        raise _divide_by_zero()
    q = n / d
    if q != q or q in (_INF, -_INF):
        culprit = n if not math.isfinite(n) else d
        raise arithmetic_error(messages.not_finite(who, culprit))
    whole = int(q)
    return float(whole), n - float(whole) * d


def _int_quot(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


@builtin("quot", flags="pure foldable", arity=2, signature="(quot num div)",
         doc="Quotient of dividing num by div, truncated toward zero.",
         example=(("(quot 10 3)", "3"), ("(quot -7 2)", "-3"), ("(quot 7.5 2)", "3.0")))
def quot(n, d):
    if type(n) is int and type(d) is int:
        if d == 0:
            raise _divide_by_zero()
        return _int_quot(n, d)
    return _float_quot_rem("quot", n, d)[0]


@builtin("rem", flags="pure foldable", arity=2, signature="(rem num div)",
         doc="Remainder of truncated division; its sign follows num.",
         example=(("(rem 10 3)", "1"), ("(rem -10 3)", "-1"), ("(rem 5.5 2)", "1.5")))
def rem(n, d):
    if type(n) is int and type(d) is int:
        if d == 0:
            raise _divide_by_zero()
        return n - d * _int_quot(n, d)
    return _float_quot_rem("rem", n, d)[1]


@builtin("mod", flags="pure foldable", arity=2, signature="(mod num div)",
         doc="Modulus of floored division; its sign follows div.",
         example=(("(mod 10 3)", "1"), ("(mod -10 3)", "2"), ("(mod 10 -3)", "-2"),
                  ("(mod -7.5 2)", "0.5")))
def mod(n, d):
    if type(n) is int and type(d) is int:
        if d == 0:
            raise _divide_by_zero()
        return n % d
    m = _float_quot_rem("mod", n, d)[1]
    if m == 0 or (n > 0) == (d > 0):
        return m
    return m + d

