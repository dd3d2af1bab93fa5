"""The Math Functions: abs floor ceil round trunc sqrt pow min max double float int, the
`Math/...` aliases and the Double constants (##Inf, ##-Inf, ##NaN as Double/... and bare names).

floor, ceil, round and trunc return integers (PtcRunner DIV-42) and pass ##NaN and infinities
through unchanged (DIV-43); round goes half away from zero. pow follows java.lang.Math.pow and
always returns a float, so it never builds a big integer. min and max take any values: numbers
compare numerically, anything else by the total order; a ##NaN argument makes the result ##NaN.
"""
from __future__ import annotations

import math

from .. import messages
from ..lang.values import sort_key
from .compare import check_orderable
from .numbers import arithmetic_error, number_type_error, to_float
from .registry import builtin

_NUM = frozenset((int, float))
_INF = math.inf
_INT32 = (-(1 << 31), (1 << 31) - 1)
_INT64 = (-(1 << 63), (1 << 63) - 1)


def _number(who: str, x):
    if type(x) not in _NUM:
        raise number_type_error(who, x, "a number")
    return x


# ---------------------------------------------------------------- abs and rounding


@builtin("abs", flags="pure foldable", arity=1, signature="(abs x)", doc="Absolute value of x.",
         example=(("(abs -5)", "5"), ("(abs -2.5)", "2.5")))
def abs_(x):
    return abs(_number("abs", x))


def _rounder(who: str, fn):
    """A rounding function: integers unchanged, special floats unchanged, finite floats -> int."""
    def rounded(x):
        if type(x) is int:
            return x
        if type(x) is float:
            return fn(x) if math.isfinite(x) else x
        raise number_type_error(who, x, "a number")
    return rounded


def _round_half_away(x: float) -> int:
    f = math.floor(x)
    frac = x - f  # exact for doubles
    if frac > 0.5 or (frac == 0.5 and x > 0):
        return int(f) + 1
    return int(f)


_floor = _rounder("floor", math.floor)
_ceil = _rounder("ceil", math.ceil)
_round = _rounder("round", _round_half_away)
_trunc = _rounder("trunc", math.trunc)


@builtin("floor", arity=1, signature="(floor x)", doc="Largest integer <= x (an integer).",
         example=(("(floor 3.7)", "3"), ("(floor -3.2)", "-4"), ("(floor 5)", "5")))
def floor(x):
    return _floor(x)


@builtin("ceil", arity=1, signature="(ceil x)", doc="Smallest integer >= x (an integer).",
         example=(("(ceil 3.2)", "4"), ("(ceil -3.7)", "-3")))
def ceil(x):
    return _ceil(x)


@builtin("round", arity=1, signature="(round x)",
         doc="Nearest integer to x, halves away from zero.",
         example=(("(round 3.5)", "4"), ("(round -2.5)", "-3"), ("(round 2.4)", "2")))
def round_(x):
    return _round(x)


@builtin("trunc", arity=1, signature="(trunc x)", doc="x with its fraction dropped (toward zero).",
         example=(("(trunc 3.7)", "3"), ("(trunc -3.7)", "-3")))
def trunc(x):
    return _trunc(x)


# ---------------------------------------------------------------- sqrt and pow


@builtin("sqrt", arity=1, signature="(sqrt x)",
         doc="Square root as a float; ##NaN for negative x.",
         example=(("(sqrt 16)", "4.0"), ("(sqrt 2.25)", "1.5"), ("(NaN? (sqrt -1))", "true")))
def sqrt(x):
    x = to_float(_number("sqrt", x))
    if x < 0 or x != x:
        return math.nan
    return math.sqrt(x)


def _odd_integer(y: float) -> bool:
    return y.is_integer() and abs(y) < 2.0 ** 53 and int(y) % 2 == 1


def _pow(x: float, y: float) -> float:
    """java.lang.Math.pow on doubles."""
    if y == 0:
        return 1.0
    if x != x or y != y:
        return math.nan
    if math.isinf(y) and abs(x) == 1:
        return math.nan
    try:
        return math.pow(x, y)
    except ValueError:  # a zero base with a negative exponent, or a negative base and a fraction
        if x == 0:
            negative = math.copysign(1.0, x) < 0 and _odd_integer(y)
            return -_INF if negative else _INF
        return math.nan
    except OverflowError:
        return -_INF if x < 0 and _odd_integer(y) else _INF


@builtin("pow", arity=2, signature="(pow x y)",
         doc="x raised to the power y, always a float (java.lang.Math.pow).",
         example=(("(pow 2 10)", "1024.0"), ("(pow 2 0.5)", "1.4142135623730951"),
                  ("(pow 0 -1)", "##Inf")))
def pow_(x, y):
    return _pow(to_float(_number("pow", x)), to_float(_number("pow", y)))


# ---------------------------------------------------------------- min and max


def _extreme(args, pick):
    """The argument `pick` prefers; numbers fast, mixed values by the total order."""
    if all(type(a) in _NUM for a in args):
        for a in args:
            if a != a:
                return a
        return pick(reversed(args))  # on ties the later argument wins, as in Clojure
    for a in args:
        if type(a) is float and a != a:
            return a
    num = next((a for a in args if type(a) in _NUM), None)
    if num is not None:
        for a in args:
            check_orderable(pick.__name__, num, a)
    return pick(reversed(args), key=sort_key)


@builtin("max", flags="pure foldable", arity=(1, None), signature="(max x & more)",
         doc="The greatest argument; ##NaN if any argument is ##NaN.",
         example=(("(max 1 5 3)", "5"), ("(max 1 2.5)", "2.5"), ('(max "a" "b")', '"b"')))
def max_(*args):
    if len(args) == 2:
        a, b = args
        if type(a) in _NUM and type(b) in _NUM and a == a and b == b:
            return a if a > b else b
    return _extreme(args, max)


@builtin("min", flags="pure foldable", arity=(1, None), signature="(min x & more)",
         doc="The least argument; ##NaN if any argument is ##NaN.",
         example=(("(min 1 5 3)", "1"), ("(min 2 1.5)", "1.5"), ("(min nil 1)", "1")))
def min_(*args):
    if len(args) == 2:
        a, b = args
        if type(a) in _NUM and type(b) in _NUM and a == a and b == b:
            return a if a < b else b
    return _extreme(args, min)


# ---------------------------------------------------------------- coercions


@builtin("double", arity=1, aliases=("float",), signature="(double x)",
         doc="x as a float.", example=(("(double 5)", "5.0"), ("(float 1)", "1.0")))
def double(x):
    if type(x) is float:
        return x
    if type(x) is int:
        return to_float(x)
    raise number_type_error("double", x, "a number")


@builtin("int", arity=1, signature="(int x)",
         doc="x truncated to a 32-bit integer; a character gives its code point.",
         example=(("(int 3.7)", "3"), ("(int -3.7)", "-3"), ("(int \\A)", "65"),
                  ("(int ##NaN)", "0")))
def int_(x):
    return _truncated("int", x, _INT32, messages.int_out_of_range, messages.HINT_INT_RANGE)


@builtin("long", listed=False, arity=1, signature="(long x)",
         doc="x truncated to a 64-bit integer; a character gives its code point.",
         example=(("(long 3.7)", "3"), ("(long -3.7)", "-3"), ("(long 5)", "5"), ("(long \\A)", "65")))
def long_(x):
    return _truncated("long", x, _INT64, messages.long_out_of_range, messages.HINT_LONG_RANGE)


def _truncated(name: str, x, bounds: tuple, out_of_range, hint: str) -> int:
    """x truncated toward zero within bounds (int, long); a character gives its code point."""
    if type(x) is str and len(x) == 1:
        return ord(x)
    if type(x) is float:
        if x != x:
            return 0
        n = int(x) if math.isfinite(x) else x
    elif type(x) is int:
        n = x
    else:
        raise number_type_error(name, x, "a number or a character")
    if type(n) is float or not bounds[0] <= n <= bounds[1]:
        raise arithmetic_error(out_of_range(x), hint)
    return n


@builtin("bigint", listed=False, arity=1, aliases=("biginteger",), signature="(bigint x)",
         doc="x truncated to an integer of any size.",
         example=(("(bigint 3.7)", "3"), ("(bigint 12345678901234567890)", "12345678901234567890")))
def bigint(x):
    if type(x) is int:
        return x
    if type(x) is float and math.isfinite(x):
        return int(x)
    raise number_type_error("bigint", x, "a finite number")


@builtin("char", listed=False, arity=1, signature="(char n)", doc="The character (a one-character string) with code point n.",
         example=(("(char 65)", '"A"'), ("(char \\a)", '"a"')))
def char(x):
    if type(x) is str and len(x) == 1:
        return x
    if type(x) is float and math.isfinite(x):
        x = int(x)
    if type(x) is int and 0 <= x <= 0xFFFF:
        return chr(x)
    if type(x) is int:
        raise arithmetic_error(messages.char_out_of_range(x), None)
    raise number_type_error("char", x, "a number or a character")


@builtin("num", listed=False, arity=1, signature="(num x)", doc="x itself when it is a number, else an error.",
         example=(("(num 3)", "3"), ("(num 2.5)", "2.5")))
def num(x):
    if type(x) is int or type(x) is float:
        return x
    raise number_type_error("num", x, "a number")


# ---------------------------------------------------------------- Math/ aliases and constants


def _alias(target, name: str, ns: str, arity, doc: str, example, signature: str):
    """Register `ns/name` as another name for target."""
    def alias(*args):
        return target(*args)
    alias.__name__ = alias.__qualname__ = f"{ns}_{name}"
    builtin(name, ns=ns, arity=arity, doc=doc, example=example, signature=signature)(alias)
    return alias


_MATH_ALIASES = (
    (abs_, "abs", 1, "(Math/abs -5)", "5"),
    (ceil, "ceil", 1, "(Math/ceil 1.2)", "2"),
    (floor, "floor", 1, "(Math/floor -1.2)", "-2"),
    (round_, "round", 1, "(Math/round 2.5)", "3"),
    (sqrt, "sqrt", 1, "(Math/sqrt 9)", "3.0"),
    (pow_, "pow", 2, "(Math/pow 2 3)", "8.0"),
    (max_, "max", (1, None), "(Math/max 1 2 3)", "3"),
    (min_, "min", (1, None), "(Math/min 3 2 1)", "1"),
)

for _fn, _name, _arity, _src, _out in _MATH_ALIASES:
    _alias(_fn, _name, "math", _arity, f"Same as {_name}.", (_src, _out), f"(Math/{_name} ...)")


def _constant(value: float, name: str, ns: str, doc: str, example):
    """Register a constant: a zero-argument builtin the analyzer reads as a value."""
    def constant():
        return value
    shown = name if ns == "clojure.core" else f"Double/{name}"
    constant.__name__ = constant.__qualname__ = f"{ns}_{name}"
    builtin(name, ns=ns, arity=0, doc=doc, example=(example[0].format(shown), example[1]),
            signature=shown, flags="constant")(constant)


for _ns in ("Double", "clojure.core"):
    _constant(_INF, "POSITIVE_INFINITY", _ns, "Positive infinity, ##Inf.", ("{}", "##Inf"))
    _constant(-_INF, "NEGATIVE_INFINITY", _ns, "Negative infinity, ##-Inf.", ("{}", "##-Inf"))
    _constant(math.nan, "NaN", _ns, "Not a number, ##NaN.", ("(NaN? {})", "true"))
