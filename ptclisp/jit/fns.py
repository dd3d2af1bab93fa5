"""Whole user functions, and the loops higher-order builtins run them in, as compiled code.

compile_fn_fast turns a hot function into one Python function over Python locals (no frame
list); compile_fn_loop builds the loop map/filter/reduce run a function in over a whole
collection. Both tick the budget, count depth, check arity and record the function on the Lisp
stack of an error exactly as the generic wrapper (functions.py) does. functions.py hooks them up.
"""
from __future__ import annotations

from ..compile import ast as A
from . import rt
from .codegen import Emitter, NeedsFrame
from .cache import reuse
from .fusion import effect_free, nodes
from ..core.endless import Reduced
from ..core.maps import twin_key
from ..core.seqs_endless import unreduced
from ..errors import PtcError

_SIMPLE_PARAMS = (A.PBind, A.PIgnore)


def compile_fn_fast(compiler, node: A.Fn, ns: dict):
    """compile_fast_new, or the code it built before for a function of the same shape."""
    return reuse("fast", node, compiler.ctx, ns, lambda: compile_fast_new(compiler, node, ns))


def compile_fn_loop(compiler, node: A.Fn, ns: dict, fold: bool):
    """compile_loop_new, or the code it built before for a function of the same shape."""
    return reuse("fold" if fold else "map", node, compiler.ctx, ns,
                 lambda: compile_loop_new(compiler, node, ns, fold))


def compile_fast_new(compiler, node: A.Fn, ns: dict):
    """`f_make(template) -> function` for a whole function over Python locals, or None.

    None when the function needs the frame list: a rest parameter, a destructuring parameter,
    or any node in its body that only the closure tier runs (a nested fn, a map literal...).
    The function ticks the budget, counts depth, checks its arity and records itself on the
    Lisp stack exactly as the generic wrapper (functions.py) does. A function that calls itself
    (by its defn name or its fn name) with its own arity is built as `g_exact(template, g_fb,
    g_d, a0...)`, its body without the arity check, which those calls enter directly with their
    own depth g_d; it stores its depth in the budget only before a call that may read it (a
    builtin, another function). Its public `function` checks the arity, enters g_exact and
    restores the budget's depth when it returns or fails. A defn whose body cannot change
    memory (_keeps_memory) also gets `g_pure`, the same body whose self-calls by name enter
    g_pure without looking the name up: g_exact's call finding the name bound to the function
    itself leads there, and nothing below can rebind it. When the body proves that int
    arguments give an int result, g_pure's self-call results on int arguments need no int test.
    """
    if node.rest is not None or any(type(p) not in _SIMPLE_PARAMS for p in node.params):
        return None
    n = len(node.params)
    args = [f"s{p.slot}" if type(p) is A.PBind else f"a{i}" for i, p in enumerate(node.params)]
    em = _fast_emitter(compiler, ns)
    check = f"rest{f' or {args[-1]} is g_NOARG' if n else ''}"
    given = f"({''.join(f'{a}, ' for a in args)}*rest,)"
    em.emit(1, f"def function({', '.join([f'{a}=g_NOARG' for a in args] + ['*rest'])}):")
    em.emit(2, "g_fb = g_ctx.budget")
    if not _calls_itself(node.body, node, n):
        if not _emit_function(em, node, 1, None, given, check):
            return None
        em.emit(1, "return function")
        return em.build("f_make", "template")
    exact = _fast_emitter(compiler, ns, em.names)
    exact.self_call, exact.lazy_depth = (node.name, node.self_slot, n, node.nslots), True
    params = "(template, g_fb, g_d" + "".join(f", {a}" for a in args) + ")"
    em.before = []
    if _keeps_memory(node.body, node, n):  # g_exact's self-calls by name enter g_pure
        for assume_int in (not node.has_recur, False):
            pure = _fast_emitter(compiler, ns, em.names)
            pure.self_call, pure.lazy_depth, pure.name_is_self = exact.self_call, True, True
            pure.int_result = assume_int
            if not _emit_function(pure, node, 0, "g_pure" + params, "None"):
                return None
            if not assume_int or _ints_give_int(pure, node):
                break
        exact.self_target = "g_pure"
        em.before = pure.lines
    if not _emit_function(exact, node, 0, "g_exact" + params, "None"):
        return None
    em.before += exact.lines
    em.emit(2, "g_d = g_fb.depth")
    em.emit(2, f"if {check}:")  # the generic wrapper's order: the tick, the depth, the arity
    em.emit(3, "g_fb.countdown = g_fb.countdown - 1")
    em.emit(3, f"g_enter(g_fb, g_d + 1, template, {given}, {n})")
    em.emit(2, "try:")
    em.emit(3, f"return g_exact(template, g_fb, g_d{''.join(f', {a}' for a in args)})")
    em.emit(2, "finally:")
    em.emit(3, "g_fb.depth = g_d")
    em.emit(1, "return function")
    return em.build("f_make", "template")


def _emit_function(em, node: A.Fn, d: int, head, args: str, check: str = "") -> bool:
    """A function's entry (one test for the budget tick, the depth limit and the arity, whose
    slow path is rt.enter), its body and its exit; False if the body needs the frame list."""
    if head is not None:
        em.emit(d, f"def {head}:")
    em.emit(d + 1, "g_c = g_fb.countdown - 1")
    em.emit(d + 1, "g_fb.countdown = g_c")
    em.emit(d + 1, f"g_fd = {'g_d' if em.lazy_depth else 'g_fb.depth'} + 1")
    em.emit(d + 1, f"if g_c <= 0 or g_fd > g_fb.max_depth{f' or {check}' if check else ''}:")
    em.emit(d + 2, f"g_enter(g_fb, g_fd, template, {args}, {len(node.params)})")
    if not em.lazy_depth:
        em.emit(d + 1, "g_fb.depth = g_fd")
    em.emit(d + 1, "try:")
    em.emit(d + 2, "pass")  # the body may be a bare constant, which emits no statement
    if em.self_call is not None and not em.name_is_self:
        em.emit(d + 2, f"g_me = template[{node.nslots}]")
    r = _emit_fast_body(em, node, d + 2, named=True)
    if r is None:
        return False
    em.emit(d + 2, f"return {r}")
    em.result = r
    em.emit(d + 1, "except g_PtcError as g_e:")
    em.emit(d + 2, "g_add_frame(g_e, template)")
    em.emit(d + 2, "raise")
    if not em.lazy_depth:
        em.emit(d + 1, "finally:")
        em.emit(d + 2, "g_fb.depth = g_fd - 1")
    return True


def _ints_give_int(em, node: A.Fn) -> bool:
    """True if the body em emitted surely returns an int when every parameter is an int (the
    int_cond assumption its self-calls made): its result's condition names parameters only."""
    cond = em.int_cond(em.result)
    params = {em.known_int.get(f"s{p.slot}") for p in node.params if type(p) is A.PBind}
    return cond is not None and set(cond.split(" and ")) <= params | {"True"}


def _keeps_memory(body, fn: A.Fn, n: int) -> bool:
    """True if nothing in body (of fn) can change memory: only effect-free nodes and calls of
    fn by its defn name. Once such a call finds the name bound to fn itself, every deeper call
    by that name would find it too, so g_pure enters itself without looking the name up."""
    if fn.name is None or fn.self_slot is not None:
        return False
    return all(effect_free(x) or type(x) in (A.Loop, A.Recur) or type(x) is A.Call
               and len(x.args) == n and type(x.fn) is A.Global and x.fn.name == fn.name
               for x in nodes(body))


def _calls_itself(body, fn: A.Fn, n: int) -> bool:
    """True if body (of fn) calls fn by name with n arguments, outside nested fns."""
    return any(type(x) is A.Call and len(x.args) == n and (
        type(x.fn) is A.Global and x.fn.name == fn.name
        or type(x.fn) is A.Local and x.fn.slot == fn.self_slot) for x in nodes(body))


def compile_loop_new(compiler, node: A.Fn, ns: dict, fold: bool):
    """A compiled loop running a function over a collection, or None.

    `f_loop(template, xs, acc)`: [(f x) for x in xs] for a one-parameter function (map,
    filter...), or with fold the left fold of a two-parameter function from acc (reduce).
    The loop a higher-order builtin runs instead of calling the function per item: each item
    ticks the budget, counts depth and records the function on the Lisp stack of an error
    exactly as a call would; only the call is gone. A body that ticks nothing itself has the
    ticks of a run of items charged at once, a run that reaches no checkpoint (where the step
    limit and the clock are checked), so an error or a return meets the same count.
    """
    if node.rest is not None or len(node.params) != (2 if fold else 1) \
            or any(type(p) not in _SIMPLE_PARAMS for p in node.params):
        return None
    if fold and _owned_assoc(node):
        em = _fast_emitter(compiler, ns, tag="L")
        try:
            return _owned_fold(em, node)
        except NeedsFrame:
            pass
    em = _fast_emitter(compiler, ns, tag="L")  # names apart from compile_fast_new's in ns
    item = "a1" if fold else "a0"
    _emit_loop_entry(em)
    if not fold:
        em.emit(1, "g_out = []")
        em.emit(1, "g_append = g_out.append")
    em.emit(1, "g_n = len(xs)")
    em.emit(1, "try:")
    em.emit(2, "g_fb.depth = g_fd  # each item's call is one level deeper; its own calls restore it")
    leaf = all(effect_free(x) for x in nodes(node.body))  # no call in the body ticks the budget
    d = 4 if leaf else 3
    if leaf:
        em.emit(2, "g_lo = 0")  # one charge for a run of calls that reaches no checkpoint
        em.emit(2, "while g_lo < g_n:")
        em.emit(3, "g_k = min(g_fb.countdown - 1, g_n - g_lo, g_CHUNK)")
        em.emit(3, "if g_k > 0:")
        em.emit(4, "g_fb.countdown = g_fb.countdown - g_k")
        em.emit(3, "else:")  # the next call's tick reaches the checkpoint: taken alone
        em.emit(4, "g_k = 1")
        _emit_tick(em, 4)
        em.emit(3, f"for {item} in xs[g_lo:g_lo + g_k]:")
    else:  # calls that tick: each item's tick before its call, as the call itself takes it
        em.emit(2, f"for {item} in xs:")
        _emit_tick(em, 3)
    if fold:
        em.emit(d, "a0 = acc")
    em.emit(d, "try:")
    em.emit(d + 1, "pass")  # the body may be a bare constant, which emits no statement
    r = _emit_fast_body(em, node, d + 1)
    if r is None:
        return None
    em.emit(d, "except g_PtcError as g_e:")
    em.emit(d + 1, "g_add_frame(g_e, template)")
    em.emit(d + 1, "raise")
    if fold:  # a step that returns (reduced v) ends the fold with v, as reduce does
        em.emit(d, f"acc = {r}")
        em.emit(d, "if type(acc) is g_Reduced:")
        em.emit(d + 1, "return g_unreduced(acc)")
    else:
        em.emit(d, f"g_append({r})")
    em.ns.update(g_Reduced=Reduced, g_unreduced=unreduced)
    if leaf:
        em.emit(3, "g_lo = g_lo + g_k")
    em.emit(1, "finally:")
    em.emit(2, "g_fb.depth = g_fd0")
    em.emit(1, f"return {'acc' if fold else 'g_out'}")
    return em.build("f_loop", "template, xs, acc")


def _emit_loop_entry(em) -> None:
    """The budget and depth a map/fold loop's calls run at; refuse at once if one would fail
    (after its tick, as the call itself: the step limit comes first)."""
    em.emit(1, "g_fb = g_ctx.budget")
    em.emit(1, "g_fd0 = g_fb.depth")
    em.emit(1, "g_fd, g_fm = g_fd0 + 1, g_fb.max_depth")
    em.emit(1, "if g_fd > g_fm and len(xs):")  # the first call would fail
    _emit_tick(em, 2)
    em.emit(2, "raise g_fb.depth_error()")


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
    return any(type(x) is A.Fn or type(x) is A.Local and x.slot == slot for x in nodes(node))


def _emit_private_map_end(em, d: int, body, k: str, v: str) -> None:
    """assoc itself for this item (its value, or its error and span); the private map ends."""
    em.call_stmt(d, "acc", em.bind(body.builtin.fn, "b"), ["g_tm", k, v], body, "assoc")
    em.emit(d, "g_tm = None")
    em.emit(d, "break")


def _owned_fold(em, node: A.Fn):
    """`f_loop` for a fold of `(fn [m x] (assoc m k v))` (see _owned_assoc): a private dict
    (or, for a vector, a private list) takes each item's key and value in place, as a
    transient would. A key that is not a plain scalar ends the private map: the rest of the
    items run the usual fold; an index out of range is assoc's own error."""
    body = node.body
    _emit_loop_entry(em)
    em.emit(1, "g_it = iter(xs)")
    em.emit(1, "g_tm = g_transient(acc, xs)")
    em.emit(1, "g_vec = type(g_tm) is list")
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
    em.emit(4, "if g_vec:")  # a vector: an index in range, or its count (append)
    em.emit(5, f"if type({k}) is int and 0 <= {k} < len(g_tm):")
    em.emit(6, f"g_tm[{k}] = {v}")
    em.emit(5, f"elif type({k}) is int and {k} == len(g_tm):")
    em.emit(6, f"g_tm.append({v})")
    em.emit(5, "else:")  # assoc's own error, and its span
    _emit_private_map_end(em, 6, body, k, v)
    em.emit(4, f"elif type({k}) is int:")  # no twin, freezes to itself, never a KeyedMap key
    em.emit(5, f"g_tm[{k}] = {v}")
    em.emit(4, f"elif type({k}) in g_PLAIN_KEY:")
    em.emit(5, f"g_tm[g_twin_key(g_tm, {k})] = {v}")
    em.emit(4, "else:")  # a key assoc has more to do with: the rest by the usual fold
    _emit_private_map_end(em, 5, body, k, v)
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


def _fast_emitter(compiler, ns, names=None, tag=""):
    em = Emitter(compiler, ns, fast=True)
    em.tag = tag
    if names is not None:  # a second function in the same source: names stay distinct
        em.names = names
    em.ns.update(g_NOARG=rt.NOARG, g_enter=rt.enter, g_PtcError=PtcError,
                 g_add_frame=rt.add_frame, g_CHUNK=rt.CHUNK)
    return em


def _emit_tick(em, d):
    em.emit(d, "g_fb.countdown = g_fb.countdown - 1")
    em.emit(d, "if g_fb.countdown <= 0:")
    em.emit(d + 1, "g_fb.checkpoint()")


def _emit_fast_body(em, node: A.Fn, d, emit: bool = True, named: bool = False):
    """Bind the slots from a<i> (unless named: the parameters are s<slot> already), the
    template and None, then emit the body (unless not emit); None if it cannot."""
    bound = set()
    for i, p in enumerate(node.params):
        if type(p) is A.PBind:
            if not named:
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
        em.cache_int_tests(node.params, node.body, d)
        return em.expr(node.body, d)
    except NeedsFrame:
        return None
