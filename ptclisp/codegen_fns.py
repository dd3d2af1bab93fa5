"""Whole user functions, and the loops higher-order builtins run them in, as compiled code.

compile_fn_fast turns a hot function into one Python function over Python locals (no frame
list); compile_fn_loop builds the loop map/filter/reduce run a function in over a whole
collection. Both tick the budget, count depth, check arity and record the function on the Lisp
stack of an error exactly as the generic wrapper (functions.py) does. functions.py hooks them up.
"""
from __future__ import annotations

import attrs

from . import ast as A
from . import codegen_rt as rt
from .codegen import Emitter, NeedsFrame
from .core.maps import twin_key
from .errors import PtcError

_SIMPLE_PARAMS = (A.PBind, A.PIgnore)


def compile_fn_fast(compiler, node: A.Fn, ns: dict):
    """`f_make(template) -> function` for a whole function over Python locals, or None.

    None when the function needs the frame list: a rest parameter, a destructuring parameter,
    or any node in its body that only the closure tier runs (a nested fn, a map literal...).
    The function ticks the budget, counts depth, checks its arity and records itself on the
    Lisp stack exactly as the generic wrapper (functions.py) does.
    """
    if node.rest is not None or any(type(p) not in _SIMPLE_PARAMS for p in node.params):
        return None
    em = _fast_emitter(compiler, ns)
    n = len(node.params)
    params = [f"a{i}=g_NOARG" for i in range(n)] + ["*rest"]
    em.emit(1, f"def function({', '.join(params)}):")
    em.emit(2, "g_fb = g_ctx.budget")
    _emit_tick(em, 2)
    em.emit(2, "g_fd = g_fb.depth + 1")
    em.emit(2, "if g_fd > g_fb.max_depth:")
    em.emit(3, "raise g_fb.depth_error()")
    em.emit(2, "g_fb.depth = g_fd")
    em.emit(2, "try:")
    em.emit(3, "pass")  # the body may be a bare constant, which emits no statement
    em.emit(3, f"if rest{f' or a{n - 1} is g_NOARG' if n else ''}:")
    em.emit(4, f"raise g_fn_arity(template, ({''.join(f'a{i}, ' for i in range(n))}*rest,))")
    r = _emit_fast_body(em, node, 3)
    if r is None:
        return None
    em.emit(3, f"return {r}")
    em.emit(2, "except g_PtcError as g_e:")
    em.emit(3, "g_add_frame(g_e, template)")
    em.emit(3, "raise")
    em.emit(2, "finally:")
    em.emit(3, "g_fb.depth = g_fd - 1")
    em.emit(1, "return function")
    return em.build("f_make", "template")


def compile_fn_loop(compiler, node: A.Fn, ns: dict, fold: bool):
    """A compiled loop running a function over a collection, or None.

    `f_loop(template, xs, acc)`: [(f x) for x in xs] for a one-parameter function (map,
    filter...), or with fold the left fold of a two-parameter function from acc (reduce).
    The loop a higher-order builtin runs instead of calling the function per item: each item
    ticks the budget, counts depth and records the function on the Lisp stack of an error
    exactly as a call would; only the call itself is gone.
    """
    if node.rest is not None or len(node.params) != (2 if fold else 1) \
            or any(type(p) not in _SIMPLE_PARAMS for p in node.params):
        return None
    if fold and _owned_assoc(node):
        em = _fast_emitter(compiler, ns)
        try:
            return _owned_fold(em, node)
        except NeedsFrame:
            pass
    em = _fast_emitter(compiler, ns)
    item = "a1" if fold else "a0"
    em.emit(1, "g_fb = g_ctx.budget")
    em.emit(1, "g_fd0 = g_fb.depth")
    em.emit(1, "g_fd, g_fm = g_fd0 + 1, g_fb.max_depth")
    if not fold:
        em.emit(1, "g_out = []")
        em.emit(1, "g_append = g_out.append")
    em.emit(1, "if g_fd > g_fm and len(xs):")  # the first call would fail
    em.emit(2, "raise g_fb.depth_error()")
    em.emit(1, "try:")
    em.emit(2, "g_fb.depth = g_fd  # each item's call is one level deeper; its own calls restore it")
    em.emit(2, f"for {item} in xs:")
    _emit_tick(em, 3)
    if fold:
        em.emit(3, "a0 = acc")
    em.emit(3, "try:")
    em.emit(4, "pass")  # the body may be a bare constant, which emits no statement
    r = _emit_fast_body(em, node, 4)
    if r is None:
        return None
    em.emit(3, "except g_PtcError as g_e:")
    em.emit(4, "g_add_frame(g_e, template)")
    em.emit(4, "raise")
    em.emit(3, f"acc = {r}" if fold else f"g_append({r})")
    em.emit(1, "finally:")
    em.emit(2, "g_fb.depth = g_fd0")
    em.emit(1, f"return {'acc' if fold else 'g_out'}")
    return em.build("f_loop", "template, xs, acc")


def _owned_assoc(node: A.Fn) -> bool:
    """True for `(fn [m x] (assoc m k v))` where k and v do not read m: each item's map is
    seen only by the next item's assoc, so a fold may grow one private map in place."""
    body, acc = node.body, node.params[0]
    return (not node.has_recur and type(acc) is A.PBind and type(body) is A.BuiltinCall
            and body.builtin.fn.ptc_name == "assoc" and len(body.args) == 3
            and type(body.args[0]) is A.Local and body.args[0].slot == acc.slot
            and not any(_reads_slot(a, acc.slot) for a in body.args[1:]))


def _reads_slot(node, slot: int) -> bool:
    """True if node may read local `slot` (conservatively: any nested function may)."""
    if type(node) is A.Local:
        return node.slot == slot
    if type(node) is A.Fn:
        return True
    if type(node) in (tuple, list):
        return any(_reads_slot(x, slot) for x in node)
    if attrs.has(type(node)):
        return any(_reads_slot(getattr(node, f.name), slot) for f in attrs.fields(type(node)))
    return False


def _owned_fold(em, node: A.Fn):
    """`f_loop` for a fold of `(fn [m x] (assoc m k v))` (see _owned_assoc): a private dict
    takes each item's key and value in place, as a transient would. A key that is not a
    plain scalar ends the private map: the rest of the items run the usual fold."""
    body = node.body
    em.emit(1, "g_fb = g_ctx.budget")
    em.emit(1, "g_fd0 = g_fb.depth")
    em.emit(1, "g_fd, g_fm = g_fd0 + 1, g_fb.max_depth")
    em.emit(1, "g_it = iter(xs)")
    em.emit(1, "g_tm = g_transient(acc, xs)")
    em.emit(1, "if g_fd > g_fm and len(xs):")  # the first call would fail
    em.emit(2, "raise g_fb.depth_error()")
    em.emit(1, "try:")
    em.emit(2, "g_fb.depth = g_fd")
    em.emit(2, "for a1 in g_it if g_tm is not None else ():")
    _emit_tick(em, 3)
    em.emit(3, "a0 = None")  # the map is not read before assoc (_owned_assoc)
    em.emit(3, "try:")
    em.emit(4, "pass")
    if _emit_fast_body(em, node, 4, emit=False) is None:
        raise NeedsFrame
    k, v = em.expr(body.args[1], 4), em.expr(body.args[2], 4)
    em.emit(4, f"if type({k}) is int:")  # no twin, freezes to itself, never a KeyedMap key
    em.emit(5, f"g_tm[{k}] = {v}")
    em.emit(4, f"elif type({k}) in g_PLAIN_KEY:")
    em.emit(5, f"g_tm[g_twin_key(g_tm, {k})] = {v}")
    em.emit(4, "else:")  # a key assoc has more to do with: the rest by the usual fold
    em.call_stmt(5, "acc", em.bind(body.builtin.fn, "b"), ["g_tm", k, v], body, "assoc")
    em.emit(5, "g_tm = None")
    em.emit(5, "break")
    em.emit(3, "except g_PtcError as g_e:")
    em.emit(4, "g_add_frame(g_e, template)")
    em.emit(4, "raise")
    em.emit(2, "if g_tm is not None:")
    em.emit(3, "acc = g_tm")
    em.emit(2, "for a1 in g_it:")
    _emit_tick(em, 3)
    em.emit(3, "a0 = acc")
    em.emit(3, "try:")
    em.emit(4, "pass")
    r = _emit_fast_body(em, node, 4)
    if r is None:
        raise NeedsFrame
    em.emit(3, "except g_PtcError as g_e:")
    em.emit(4, "g_add_frame(g_e, template)")
    em.emit(4, "raise")
    em.emit(3, f"acc = {r}")
    em.emit(1, "finally:")
    em.emit(2, "g_fb.depth = g_fd0")
    em.emit(1, "return acc")
    em.ns.update(g_transient=rt.transient, g_PLAIN_KEY=rt.PLAIN_KEY, g_twin_key=twin_key)
    return em.build("f_loop", "template, xs, acc")


def _fast_emitter(compiler, ns):
    em = Emitter(compiler, ns, fast=True)
    em.ns.update(g_NOARG=rt.NOARG, g_fn_arity=rt.fn_arity, g_PtcError=PtcError,
                  g_add_frame=rt.add_frame)
    return em


def _emit_tick(em, d):
    em.emit(d, "g_fb.countdown = g_fb.countdown - 1")
    em.emit(d, "if g_fb.countdown <= 0:")
    em.emit(d + 1, "g_fb.checkpoint()")


def _emit_fast_body(em, node: A.Fn, d, emit: bool = True):
    """Bind the slots from a<i>, the template and None, then emit the body (unless not emit);
    None if it cannot."""
    bound = set()
    for i, p in enumerate(node.params):
        if type(p) is A.PBind:
            em.emit(d, f"s{p.slot} = a{i}")
            bound.add(p.slot)
    for inner in [inner for _, inner in node.captures] + [node.self_slot]:
        if inner is not None and inner not in bound:
            em.emit(d, f"s{inner} = template[{inner}]")
            bound.add(inner)
    rest_slots = [f"s{i}" for i in range(node.nslots) if i not in bound]
    if rest_slots:
        em.emit(d, " = ".join(rest_slots) + " = None")
    if not emit:
        return "None"
    try:
        if node.has_recur:
            return em.loop_body(list(node.params), node.body, d, node.span)
        return em.expr(node.body, d)
    except NeedsFrame:
        return None
