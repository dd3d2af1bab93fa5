"""Bitwise operations on 64-bit integers, as in Clojure: bit-and bit-or bit-xor bit-and-not
bit-not bit-shift-left bit-shift-right bit-set bit-clear bit-flip bit-test.

Operands must be integers in the 64-bit range; results wrap to a signed 64-bit value and shift
counts and bit indexes are taken modulo 64, like the JVM. So no bit operation can build a big
integer (PtcRunner's BEAM version grows without bound: its open bugs GAP-S52 and GAP-S142).
"""
from __future__ import annotations

from functools import reduce
from operator import and_, or_, xor

from .. import messages
from ..errors import EvalError
from .registry import builtin

_MIN64 = -(1 << 63)
_MAX64 = (1 << 63) - 1
_MASK64 = (1 << 64) - 1


def _long(who: str, x) -> int:
    """x when it is an integer in the 64-bit range, else a type error."""
    if type(x) is int and _MIN64 <= x <= _MAX64:
        return x
    raise EvalError(messages.type_error(who, "a 64-bit integer", x), code="type",
                    hint=messages.HINT_BIT_OPS)


def _wrap(n: int) -> int:
    """n reduced to a signed 64-bit integer (two's complement)."""
    n &= _MASK64
    return n - (1 << 64) if n > _MAX64 else n


def _fold(who: str, op, args) -> int:
    return _wrap(reduce(op, [_long(who, a) for a in args]))


@builtin("bit-and", arity=(2, None), signature="(bit-and x y & more)",
         doc="Bitwise AND of integers.", example=("(bit-and 12 10)", "8"))
def bit_and(*args):
    return _fold("bit-and", and_, args)


@builtin("bit-or", arity=(2, None), signature="(bit-or x y & more)",
         doc="Bitwise OR of integers.", example=("(bit-or 12 10)", "14"))
def bit_or(*args):
    return _fold("bit-or", or_, args)


@builtin("bit-xor", arity=(2, None), signature="(bit-xor x y & more)",
         doc="Bitwise exclusive OR of integers.", example=("(bit-xor 12 10)", "6"))
def bit_xor(*args):
    return _fold("bit-xor", xor, args)


@builtin("bit-and-not", arity=(2, None), signature="(bit-and-not x y & more)",
         doc="Bitwise AND of x with the complement of each other argument.",
         example=("(bit-and-not 15 9)", "6"))
def bit_and_not(*args):
    return _fold("bit-and-not", lambda a, b: a & ~b, args)


@builtin("bit-not", arity=1, signature="(bit-not x)", doc="Bitwise complement of an integer.",
         example=(("(bit-not 0)", "-1"), ("(bit-not 5)", "-6")))
def bit_not(x):
    return ~_long("bit-not", x)


@builtin("bit-shift-left", arity=2, signature="(bit-shift-left x n)",
         doc="x shifted left by n bits (64-bit; n modulo 64).",
         example=(("(bit-shift-left 1 4)", "16"), ("(bit-shift-left 1 63)", "-9223372036854775808")))
def bit_shift_left(x, n):
    return _wrap(_long("bit-shift-left", x) << (_long("bit-shift-left", n) & 63))


@builtin("bit-shift-right", arity=2, signature="(bit-shift-right x n)",
         doc="x shifted right by n bits, keeping the sign (n modulo 64).",
         example=(("(bit-shift-right 256 4)", "16"), ("(bit-shift-right -16 2)", "-4")))
def bit_shift_right(x, n):
    return _long("bit-shift-right", x) >> (_long("bit-shift-right", n) & 63)


def _bit(who: str, n) -> int:
    return 1 << (_long(who, n) & 63)


@builtin("bit-set", arity=2, signature="(bit-set x n)", doc="x with bit n set to 1.",
         example=("(bit-set 0 3)", "8"))
def bit_set(x, n):
    return _wrap(_long("bit-set", x) | _bit("bit-set", n))


@builtin("bit-clear", arity=2, signature="(bit-clear x n)", doc="x with bit n set to 0.",
         example=("(bit-clear 15 1)", "13"))
def bit_clear(x, n):
    return _wrap(_long("bit-clear", x) & ~_bit("bit-clear", n))


@builtin("bit-flip", arity=2, signature="(bit-flip x n)", doc="x with bit n flipped.",
         example=("(bit-flip 0 2)", "4"))
def bit_flip(x, n):
    return _wrap(_long("bit-flip", x) ^ _bit("bit-flip", n))


@builtin("bit-test", arity=2, signature="(bit-test x n)", doc="True if bit n of x is 1.",
         example=(("(bit-test 5 0)", "true"), ("(bit-test 5 1)", "false")))
def bit_test(x, n):
    return (_long("bit-test", x) >> (_long("bit-test", n) & 63)) & 1 == 1
