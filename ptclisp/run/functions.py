"""User functions: `fn`/`defn`/`#()` values as plain Python callables.

A function copies the values it captures into a frame template when it is created; each call
copies the template, binds the arguments and runs the body. Each call ticks the budget and
counts recursion depth.

Once a function node is hot (codegen.THRESHOLD calls), codegen_fns may turn the whole function,
argument binding and budget tick included, into one Python function over Python locals
(codegen_fns.compile_fn_fast). Function values created before that moment switch to the fast code
at their next call: both codes are built in the same namespace with the same one closure cell
(`template`), so swapping the value's `__code__` keeps its identity, name and captures.
Functions also offer higher-order builtins a compiled loop over a whole collection
(`ptc_loop`, codegen_fns.compile_fn_loop): map-like for one parameter, a fold for two.
"""
from __future__ import annotations

from types import CodeType, FunctionType

from ..compile import ast as A
from ..jit import codegen, cache as codegen_cache, fns as codegen_fns
from ..jit.rt import add_frame
from ..errors import PtcError
from .common import RECUR, arity_error
from .patterns import compile_pattern
from ..lang.values import MISSING

# The generic call wrapper, built in each function node's own namespace (names g_*), so the
# fast code codegen adds to that namespace later can take over a live function value.
_GENERIC = compile('''
def g_make(template):
    def function(*args):
        global g_calls
        if g_fast is not None:
            return g_become_fast(template, args)
        g_calls -= 1
        if g_calls == 0:  # hot: compile the function (codegen.py)
            g_go_hot()
        b = g_ctx.budget
        b.countdown -= 1
        if b.countdown <= 0:
            b.checkpoint()
        depth = b.depth + 1
        if depth > b.max_depth:
            raise b.depth_error()
        b.depth = depth
        fr = template.copy()
        try:
            if g_one_simple and len(args) == 1:  # the common case, without a loop
                fr[g_slot0] = args[0]
            elif g_simple and len(args) == g_arity:
                for s, a in zip(g_simple_slots, args):
                    fr[s] = a
            else:
                g_bind_args(fr, args)
            r = g_body(fr)
            while r is g_RECUR:
                b.countdown -= 1
                if b.countdown <= 0:
                    b.checkpoint()
                r = g_body(fr)
            return r
        except g_PtcError as e:
            g_add_frame(e, template)
            raise
        finally:
            b.depth = depth - 1
    return function
''', "<ptclisp function>", "exec")
_GENERIC_MAKE = next(c for c in _GENERIC.co_consts if isinstance(c, CodeType))


_BASE_NS = {"g_fast": None, "g_RECUR": RECUR, "g_PtcError": PtcError, "g_add_frame": add_frame}


def make_function_factory(compiler, node: A.Fn):
    """Compile node; returns `frame -> function value`."""
    binders = [compile_pattern(p, compiler) for p in node.params]
    rest_binder = compile_pattern(node.rest, compiler) if node.rest is not None else None
    all_binders = binders + ([rest_binder] if rest_binder else [])
    compiler.recur_binders.append(all_binders)
    try:
        closure_body = compiler.compile(node.body)
    finally:
        compiler.recur_binders.pop()
    ns = dict(_BASE_NS)

    def go_hot():
        """Compile the whole function if codegen can, else just its body; at the EARLY call
        count only when code of its shape is kept, else wait for THRESHOLD calls."""
        wait = ns.pop("g_wait", 0)
        if wait and not codegen_cache.known("fast", node):
            ns["g_calls"] = wait
            return
        fast = codegen.compile_or_keep(codegen_fns.compile_fn_fast, compiler, node, None, ns)
        if fast is not None:  # every value switches at its next call; the body is not needed
            sample = fast(template_of(None))
            ns["g_fast_code"], ns["g_fast_defaults"] = sample.__code__, sample.__defaults__
            ns["g_fast"] = fast
            return
        ns["g_body"] = codegen.compile_or_keep(codegen.compile_fn_body, compiler, node,
                                               closure_body)

    nslots, captures, self_slot = node.nslots, node.captures, node.self_slot
    arity, variadic = len(binders), rest_binder is not None
    simple_slots = [getattr(b, "slot", None) for b in binders]
    simple = all(s is not None for s in simple_slots) and not variadic

    def bind_args(fr, args):
        n = len(args)
        if n != arity and not (variadic and n >= arity):
            raise arity_error(fr[nslots].ptc_name, arity, args)
        if simple:
            for s, a in zip(simple_slots, args):
                fr[s] = a
            return
        for b, a in zip(binders, args):
            b(fr, a)
        if variadic:
            rest = args[arity:]
            rest_binder(fr, list(rest) if rest else None)

    def become_fast(template, args):
        """Switch a function value made before the node was compiled to the fast code."""
        f = template[nslots]
        f.__defaults__ = ns["g_fast_defaults"]
        f.__code__ = ns["g_fast_code"]
        return f(*args)

    one_simple = simple and arity == 1
    ns["g_ctx"], ns["g_become_fast"], ns["g_go_hot"] = compiler.ctx, become_fast, go_hot
    ns["g_one_simple"], ns["g_slot0"] = one_simple, simple_slots[0] if one_simple else None
    ns["g_simple"], ns["g_arity"], ns["g_simple_slots"] = simple, arity, simple_slots
    ns["g_bind_args"], ns["g_body"] = bind_args, closure_body
    early = max(min(codegen.EARLY, codegen.THRESHOLD), 1)
    ns["g_calls"], ns["g_wait"] = early, max(codegen.THRESHOLD, 1) - early
    g_make = FunctionType(_GENERIC_MAKE, ns)
    name = node.name or "fn"

    def template_of(frame):
        template = [None] * (nslots + 1)  # last cell: the function itself, for messages
        if frame is not None:
            for outer, inner in captures:
                template[inner] = frame[outer]
        return template

    def loop(f, xs, acc=MISSING):
        """[(f x) for x in xs], or the fold of xs from acc, by a compiled loop; MISSING if the
        caller should call f itself.

        A loop over THRESHOLD items or more compiles the loop at once (the function itself
        waits until it is hot). f is a value of this node: its one closure cell is its
        template (both codes close over `template`).
        """
        if len(xs) < codegen.THRESHOLD:
            return MISSING
        fold = acc is not MISSING
        key = "g_fold" if fold else "g_map"
        code = ns.get(key)
        if code is None:
            code = ns[key] = codegen.compile_or_keep(
                codegen_fns.compile_fn_loop, compiler, node, False, ns, fold) or False
        return code(f.__closure__[0].cell_contents, xs, acc) if code else MISSING

    def make(frame):
        template = template_of(frame)
        function = (ns["g_fast"] or g_make)(template)
        function.ptc_name = name
        function.ptc_loop = loop
        template[nslots] = function
        if self_slot is not None:
            template[self_slot] = function
        return function

    return make
