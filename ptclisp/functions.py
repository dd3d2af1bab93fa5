"""User functions: `fn`/`defn`/`#()` values as plain Python callables.

A function copies the values it captures into a frame template when it is created; each call
copies the template, binds the arguments and runs the body. Each call ticks the budget and
counts recursion depth.
"""
from __future__ import annotations

from . import ast as A
from . import codegen, messages
from .errors import EvalError, PtcError
from .patterns import compile_pattern

MAX_STACK_FRAMES = 8  # Lisp frames kept on an error


def make_function_factory(compiler, node: A.Fn):
    """Compile node; returns `frame -> function value`."""
    from .evaluator import RECUR
    ctx = compiler.ctx
    binders = [compile_pattern(p, compiler) for p in node.params]
    rest_binder = compile_pattern(node.rest, compiler) if node.rest is not None else None
    all_binders = binders + ([rest_binder] if rest_binder else [])
    compiler.recur_binders.append(all_binders)
    try:
        closure_body = compiler.compile(node.body)
    finally:
        compiler.recur_binders.pop()
    calls = 0

    def counting_body(fr):
        """The closure body, until the function is hot enough to compile (codegen.py)."""
        nonlocal calls, body
        calls += 1
        if calls >= codegen.THRESHOLD:
            body = codegen.compile_or_keep(codegen.compile_fn_body, compiler, node, closure_body)
        return closure_body(fr)

    body = counting_body
    nslots, captures, self_slot = node.nslots, node.captures, node.self_slot
    arity, variadic = len(binders), rest_binder is not None
    name, span = node.name or "fn", node.span
    simple_slots = [getattr(b, "slot", None) for b in binders]
    simple = all(s is not None for s in simple_slots) and not variadic

    def bind_args(fr, args):
        n = len(args)
        if n != arity and not (variadic and n >= arity):
            raise EvalError(messages.wrong_arity(n, fr[nslots].ptc_name), code="arity")
        if simple:
            for s, a in zip(simple_slots, args):
                fr[s] = a
            return
        for b, a in zip(binders, args):
            b(fr, a)
        if variadic:
            rest = args[arity:]
            rest_binder(fr, list(rest) if rest else None)

    def make(frame):
        template = [None] * (nslots + 1)  # last cell: the function itself, for messages
        for outer, inner in captures:
            template[inner] = frame[outer]

        def function(*args):
            b = ctx.budget
            b.countdown -= 1
            if b.countdown <= 0:
                b.checkpoint()
            depth = b.depth + 1
            if depth > b.max_depth:
                raise b.depth_error()
            b.depth = depth
            fr = template.copy()
            try:
                if one_simple and len(args) == 1:  # the common case, without a loop
                    fr[slot0] = args[0]
                elif simple and len(args) == arity:
                    for s, a in zip(simple_slots, args):
                        fr[s] = a
                else:
                    bind_args(fr, args)
                r = body(fr)
                while r is RECUR:
                    b.countdown -= 1
                    if b.countdown <= 0:
                        b.checkpoint()
                    r = body(fr)
                return r
            except PtcError as e:
                if len(e.stack) < MAX_STACK_FRAMES:
                    e.stack.append((function.ptc_name, e.pos))
                raise
            finally:
                b.depth = depth - 1

        function.ptc_name = name
        template[nslots] = function
        if self_slot is not None:
            template[self_slot] = function
        return function

    one_simple = simple and arity == 1
    slot0 = simple_slots[0] if one_simple else None
    return make
