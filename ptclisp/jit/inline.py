"""Builtins the compiled tier emits inline: the common int and string cases in Python, any
other argument to the builtin itself (so values and errors stay the builtin's).

Each takes the emitter (codegen.Emitter), the call node, its argument names, the result's name
and the indent; it returns False when it does not handle the call's shape.
"""
from __future__ import annotations

from ..compile import ast as A
from ..core.text import _UNCHARGED


def times(em, node, args, t, d) -> bool:
    """`(* x y)` on two ints whose product surely fits 63 bits, inline; else the builtin."""
    if len(args) != 2:
        return False
    tests = " and ".join(f"{em.int_test(a)} and -g_SQ < {a} < g_SQ" for a in args
                         if not a.lstrip("-").isdigit())
    em.emit(d, f"if {tests or 'True'}:")
    em.emit(d + 1, f"{t} = {args[0]} * {args[1]}")
    em.emit(d, "else:")
    em.call_stmt(d + 1, t, em.bind(node.builtin.fn, "b"), args, node, "*")
    return True


def str_(em, node, args, t, d) -> bool:
    """`(str ...)` of strings and ints short enough to need no size charge, as one
    concatenation; any other argument, or a longer text, goes to the builtin."""
    if not 2 <= len(args) <= 8:
        return False
    parts, texts, room = [], [], _UNCHARGED
    for a, x in zip(node.args, args):
        if type(a) is A.Const and type(a.value) is str:
            room -= len(a.value)
            parts.append(x)
            continue
        if type(a) is A.Const:
            return False
        p = em.temp()  # x as text, or None when the builtin must decide
        em.emit(d, f"if type({x}) is str:")
        em.emit(d + 1, f"{p} = {x}")
        em.emit(d, f"elif type({x}) is int and -g_SQ < {x} < g_SQ:")
        em.emit(d + 1, f"{p} = str({x})")
        em.emit(d, "else:")
        em.emit(d + 1, f"{p} = None")
        parts.append(p)
        texts.append(p)
    if room <= 0 or not texts:
        return False
    known = " and ".join(f"{p} is not None" for p in texts)
    em.emit(d, f"if {known} and {' + '.join(f'len({p})' for p in texts)} < {room}:")
    em.emit(d + 1, f"{t} = {' + '.join(parts)}")
    em.emit(d, "else:")
    em.call_stmt(d + 1, t, em.bind(node.builtin.fn, "b"), args, node, "str")
    return True


def mod(em, node, args, t, d) -> bool:
    """`(mod x y)` of two ints, y not zero, inline (Python's % is Clojure's mod on ints)."""
    if len(args) != 2:
        return False
    x, y = args
    tests = [em.int_test(a) for a in args if not a.lstrip("-").isdigit()]
    em.emit(d, f"if {' and '.join(tests + [f'{y} != 0'])}:")
    em.emit(d + 1, f"{t} = {x} % {y}")
    em.emit(d, "else:")
    em.call_stmt(d + 1, t, em.bind(node.builtin.fn, "b"), args, node, "mod")
    return True


def unary(em, node, args, t, d) -> bool:
    """`(inc x)`, `(even? x)`...: the int case inline, anything else to the builtin."""
    if len(args) != 1:
        return False
    x = args[0]
    em.emit(d, f"if {em.int_test(x)}:")
    em.emit(d + 1, f"{t} = {UNARY[node.builtin.fn.ptc_name].format(x=x)}")
    em.emit(d, "else:")
    em.call_stmt(d + 1, t, em.bind(node.builtin.fn, "b"), args, node, node.builtin.fn.ptc_name)
    if node.builtin.fn.ptc_name in ("inc", "dec"):
        em.merge_int(t, x)
    return True


UNARY = {"inc": "{x} + 1", "dec": "{x} - 1", "even?": "{x} % 2 == 0", "odd?": "{x} % 2 == 1",
         "zero?": "{x} == 0", "pos?": "{x} > 0", "neg?": "{x} < 0"}  # on an int
INLINE = {"*": times, "str": str_, "mod": mod, **{name: unary for name in UNARY}}
