"""Equality, ordering and logic: = == not= < > <= >= compare not boolean identity.

- `=` is values.equal: structural, numeric type-independent ((= 1 1.0) is true), never
  (= 1 true); ##NaN equals nothing.
- Ordered comparisons (spec 11.3): two numbers compare numerically, other values by the total
  order of values.sort_key, any ##NaN makes the comparison false; but a number against a value
  that is neither a number nor nil is an error, as in Clojure, so "7" read from JSON is never
  silently ordered after every number.
- `compare` gives -1, 0 or 1: numerically for numbers (##NaN compares as 0, like Clojure),
  else by the total order.
"""
from __future__ import annotations

from .. import messages
from ..lang import values
from ..errors import EvalError
from ..lang.values import Keyword, equal, sort_key
from .registry import builtin

_NUM = frozenset((int, float))
_SAME_TYPE_EQ = frozenset((int, float, str, Keyword))  # where Python == is PTC = for one type
_NO = object()  # an argument not given: the variadic comparisons take their first two by name


# ---------------------------------------------------------------- equality


@builtin("=", flags="pure foldable boolean",
         arity=(1, None), aliases=("==",), signature="(= x y & more)",
         doc="True if all arguments are equal; numbers compare by value, (= 1 1.0) is true.",
         example=(("(= 1 1)", "true"), ("(= 1 1.0)", "true"), ("(= [1 2] [1 2] [1 2])", "true"),
                  ("(= 1 true)", "false"), ("(= ##NaN ##NaN)", "false")))
def eq(x, y=_NO, *more):
    if not more:
        if y is _NO:
            return True
        t = type(x)
        if t is type(y) and t in _SAME_TYPE_EQ:
            return x == y
        return equal(x, y)
    if not equal(x, y):
        return False
    for z in more:
        if not equal(x, z):
            return False
    return True


@builtin("not=", flags="pure foldable boolean", arity=(1, None), signature="(not= x y & more)",
         doc="Same as (not (= x y ...)).",
         example=(("(not= 1 2)", "true"), ("(not= 1 1.0)", "false")))
def not_eq(x, y=_NO, *more):
    return not eq(x, y, *more)


# ---------------------------------------------------------------- ordering


def _is_nan(v) -> bool:
    return type(v) is float and v != v


def check_orderable(who: str, a, b) -> None:
    """Refuse to order a number against a value that is neither a number nor nil."""
    na, nb = type(a) in _NUM, type(b) in _NUM
    if na is not nb:
        other, num = (b, a) if na else (a, b)
        if other is not None:
            raise EvalError(messages.compare_mixed(who, num, other), code="type",
                            hint=messages.hint_compare_mixed(other))


def _keys(a, b, who):
    """Total-order keys of a and b, or None when either is ##NaN (unordered)."""
    check_orderable(who, a, b)
    if _is_nan(a) or _is_nan(b):
        return None
    return sort_key(a), sort_key(b)


def _lt(a, b, who="<") -> bool:
    if type(a) in _NUM and type(b) in _NUM:
        return a < b
    k = _keys(a, b, who)
    return k is not None and k[0] < k[1]


def _le(a, b, who="<=") -> bool:
    if type(a) in _NUM and type(b) in _NUM:
        return a <= b
    k = _keys(a, b, who)
    return k is not None and k[0] <= k[1]


def _chain(test, x, more) -> bool:
    prev = x
    for y in more:
        if not test(prev, y):
            return False
        prev = y
    return True


@builtin("<", flags="pure foldable boolean", arity=(1, None), signature="(< x y & more)",
         doc="True if the arguments are strictly increasing; a number against text is an error.",
         example=(("(< 1 2 3)", "true"), ("(< 1 1)", "false"), ('(< "a" "b")', "true"),
                  ("(< ##NaN 1)", "false")))
def lt(x, y=_NO, *more):
    if not more:
        if type(x) in _NUM and type(y) in _NUM:
            return x < y
        return True if y is _NO else _lt(x, y)
    return _chain(_lt, x, (y, *more))


@builtin(">", flags="pure foldable boolean", arity=(1, None), signature="(> x y & more)",
         doc="True if the arguments are strictly decreasing; a number against text is an error.",
         example=(("(> 3 2 1)", "true"), ("(> 1 2)", "false"), ('(> "b" "a")', "true")))
def gt(x, y=_NO, *more):
    if not more:
        if type(x) in _NUM and type(y) in _NUM:
            return x > y
        return True if y is _NO else _lt(y, x, ">")
    return _chain(lambda a, b: _lt(b, a, ">"), x, (y, *more))


@builtin("<=", flags="pure foldable boolean", arity=(1, None), signature="(<= x y & more)",
         doc="True if the arguments never decrease; a number against text is an error.",
         example=(("(<= 1 1 2)", "true"), ("(<= 2 1)", "false"), ("(<= nil nil)", "true")))
def le(x, y=_NO, *more):
    if not more:
        if type(x) in _NUM and type(y) in _NUM:
            return x <= y
        return True if y is _NO else _le(x, y)
    return _chain(_le, x, (y, *more))


@builtin(">=", flags="pure foldable boolean", arity=(1, None), signature="(>= x y & more)",
         doc="True if the arguments never increase; a number against text is an error.",
         example=(("(>= 3 3 1)", "true"), ("(>= 1 2)", "false"), ("(>= ##NaN 0.0)", "false")))
def ge(x, y=_NO, *more):
    if not more:
        if type(x) in _NUM and type(y) in _NUM:
            return x >= y
        return True if y is _NO else _le(y, x, ">=")
    return _chain(lambda a, b: _le(b, a, ">="), x, (y, *more))


@builtin("compare", flags="pure", arity=2, signature="(compare x y)",
         doc="-1, 0 or 1 as x is less than, equal to or greater than y (total order over types).",
         example=(("(compare 1 2)", "-1"), ("(compare 2 2.0)", "0"), ('(compare "b" "a")', "1"),
                  ("(compare nil 1)", "1")))
def compare(x, y):
    if type(x) in _NUM and type(y) in _NUM:
        return -1 if x < y else (1 if x > y else 0)
    return values.compare(x, y)


# ---------------------------------------------------------------- logic


@builtin("not", flags="pure",
         arity=1, signature="(not x)", doc="true if x is nil or false, else false.",
         example=(("(not nil)", "true"), ("(not 0)", "false"), ("(not false)", "true")))
def not_(x):
    return x is None or x is False


@builtin("boolean", arity=1, signature="(boolean x)",
         doc="false for nil and false, true for every other value.",
         example=(("(boolean nil)", "false"), ("(boolean 0)", "true"), ('(boolean "")', "true")))
def boolean(x):
    return x is not None and x is not False


@builtin("identity", flags="pure", arity=1, signature="(identity x)", doc="Returns x unchanged.",
         example=(("(identity 42)", "42"), ("(filter identity [1 nil 2 false])", "[1 2]")))
def identity(x):
    return x
