"""Looping special forms: loop and recur, for and doseq, dotimes."""
from __future__ import annotations

import math

import attrs

from ..compile import ast as A
from ..compile.bindings import binding_vector, pattern
from ..compile.special_forms import shape_error, special
from ..core.numbers import number_type_error
from ..errors import LimitExceeded
from ..jit import codegen
from ..jit.codegen import NeedsFrame
from ..lang import forms as F
from .. import messages
from ..lang.source import Span
from ..lang.values import Keyword
from ..run import comprehension
from ..run.common import RECUR
from ..run.patterns import compile_pattern


def bind_pairs(an, pairs):
    """((pattern, node), ...) for [pattern value ...] pairs, each value analyzed before its names
    are bound (in the scope's innermost block)."""
    bindings = []
    for pat, val in pairs:
        node = an.form(val)
        bindings.append((pattern(an, pat), node))
    return tuple(bindings)


@special("loop", "(loop [binding value ...] body*)", node=A.Loop)
class Loop:
    """Its body again each time it ends in recur, the bindings rebound."""

    def analyze(an, f, tail):
        pairs = binding_vector(an, f)
        scope = an.scope
        scope.blocks.append({})
        saved = scope.recur_arity
        try:
            bindings = bind_pairs(an, pairs)
            scope.recur_arity = len(bindings)
            body = an.body(f.items[2:], True)
        finally:
            scope.recur_arity = saved
            scope.blocks.pop()
        return A.Loop(bindings, body, f.span)

    def closure(compiler, node):
        inits = [compiler.compile(v) for _, v in node.bindings]
        binders = [compile_pattern(p, compiler) for p, _ in node.bindings]
        compiler.recur_binders.append(binders)
        try:
            body = compiler.compile(node.body)
        finally:
            compiler.recur_binders.pop()
        ctx, span = compiler.ctx, node.span
        compiled = None

        def run(fr):
            nonlocal compiled
            for bind, init in zip(binders, inits):
                bind(fr, init(fr))
            r = body(fr)
            n = 0
            while r is RECUR:
                n += 1
                if n >= codegen.THRESHOLD:  # hot loop: run the rest compiled (codegen.py)
                    if compiled is None:
                        compiled = codegen.compile_or_keep(
                            codegen.compile_loop_continuation, compiler, node, False)
                    if compiled is not False:
                        return compiled(fr)
                b = ctx.budget
                b.countdown -= 1
                if b.countdown <= 0:
                    try:
                        b.checkpoint()
                    except LimitExceeded as e:
                        raise e.with_span(span, None)
                r = body(fr)
            return r
        return run

    def emit(em, node, d):
        for p, value in node.bindings:
            em.bind_pattern(p, em.expr(value, d), d)
        return em.loop_body([p for p, _ in node.bindings], node.body, d, node.span)


@special("recur", "(recur expr*)", node=A.Recur)
class Recur:
    """Jumps to the innermost loop or fn with new values (tail position only)."""

    def analyze(an, f, tail):
        scope = an.scope
        if scope.recur_arity is None:
            an.fail(messages.RECUR_OUTSIDE, f, hint=messages.HINT_RECUR)
        if not tail:
            an.fail(messages.RECUR_NOT_TAIL, f, hint=messages.HINT_RECUR)
        args = tuple(an.form(x) for x in f.items[1:])
        if len(args) != scope.recur_arity:
            an.fail(messages.recur_arity(scope.recur_arity, len(args)), f)
        scope.has_recur = True
        return A.Recur(args, span=f.span)

    def closure(compiler, node):
        binders = compiler.recur_binders[-1]
        args = [compiler.compile(a) for a in node.args]
        if all(getattr(b, "slot", None) is not None for b in binders):
            slots = [b.slot for b in binders]
            if len(slots) == 1:
                s0, a0 = slots[0], args[0]

                def recur1(fr):
                    fr[s0] = a0(fr)
                    return RECUR
                return recur1
            pairs = list(zip(slots, args))

            def recur_slots(fr):
                vals = [a(fr) for a in args]
                for (s, _), v in zip(pairs, vals):
                    fr[s] = v
                return RECUR
            return recur_slots

        def recur_any(fr):
            vals = [a(fr) for a in args]
            for bind, v in zip(binders, vals):
                bind(fr, v)
            return RECUR
        return recur_any

    def emit(em, node, d):
        values = [em.expr(a, d) for a in node.args]
        if em.fast:  # one assignment: a value naming a slot is read before any slot is set
            if any(type(p) not in (A.PBind, A.PIgnore) for p in em.loops[-1]):
                raise NeedsFrame
            pairs = [(em.slot(p.slot), v) for p, v in zip(em.loops[-1], values)
                     if type(p) is A.PBind]
            if pairs:
                em.emit(d, f"{', '.join(t for t, _ in pairs)} = {', '.join(v for _, v in pairs)}")
            em.emit(d, "continue")
            return "None"
        for p, v in zip(em.loops[-1], values):
            em.bind_pattern(p, v, d)
        em.emit(d, "continue")
        return "None"


_LET, _WHEN, _WHILE = Keyword("let"), Keyword("when"), Keyword("while")


@special("for", "(for [binding coll :let [...] :when test :while test ...] body*)",
         "doseq", "(doseq [binding coll ...] body*)", node=A.For)
class For:
    """for: a vector of the body's values over the bindings; doseq: nil, for effects."""

    def analyze(an, f, tail):
        name = f.items[0].name
        if len(f.items) < 2 or type(f.items[1]) is not F.Vector:
            shape_error(an, f, messages.NEEDS_BINDING_VECTOR)
        xs = f.items[1].items
        if len(xs) % 2 or not xs:
            an.fail(messages.odd_bindings(name), f.items[1], hint=messages.HINT_ODD_BINDINGS)
        scope = an.scope
        scope.blocks.append({})
        saved = scope.recur_arity
        scope.recur_arity = None  # recur cannot jump out of a for body
        try:
            clauses = [_clause(an, k, v, name) for k, v in zip(xs[0::2], xs[1::2])]
            if clauses[0][0] != "bind":
                an.fail(messages.odd_bindings(name), f.items[1], hint=messages.HINT_ODD_BINDINGS)
            body = an.body(f.items[2:], False)
        finally:
            scope.recur_arity = saved
            scope.blocks.pop()
        return A.For(tuple(clauses), body, name == "for", span=f.span)

    def closure(compiler, node):
        return comprehension.compile_for(compiler, node)


def _clause(an, k, v, name):
    """One clause of a for/doseq binding vector: a binding, :let, :when or :while."""
    kv = k.value if type(k) is F.Lit else None
    if kv is _LET:
        if type(v) is not F.Vector or len(v.items) % 2:
            an.fail(messages.odd_bindings(":let"), v, hint=messages.HINT_ODD_BINDINGS)
        return ("let", bind_pairs(an, zip(v.items[0::2], v.items[1::2])))
    if kv is _WHEN:
        return ("when", an.form(v))
    if kv is _WHILE:
        return ("while", an.form(v))
    if type(k) is F.Lit and type(kv) is Keyword:
        an.fail(messages.bad_for_modifier(kv.name, name), k)
    node = an.form(v)
    return ("bind", pattern(an, k), node)


@attrs.define(slots=True)
class DoTimes:
    """`(dotimes [name n] body*)`: body with name bound to 0 .. n-1; nil."""

    pattern: object
    count: object
    body: object
    span: Span | None = attrs.field(default=None, eq=False, repr=False)


@special("dotimes", "(dotimes [name n] body*)", node=DoTimes)
class DoTimesForm:
    """Its body for each i from 0 to n-1, for effects; nil."""

    def analyze(an, f, tail):
        if len(f.items) < 2 or type(f.items[1]) is not F.Vector or len(f.items[1].items) != 2:
            shape_error(an, f, messages.NEEDS_ONE_BINDING)
        name, count = f.items[1].items
        count_node = an.form(count)
        scope = an.scope
        scope.blocks.append({})
        saved = scope.recur_arity
        scope.recur_arity = None  # recur cannot jump out of a dotimes body
        try:
            bound = pattern(an, name)
            body = an.body(f.items[2:], False)
        finally:
            scope.recur_arity = saved
            scope.blocks.pop()
        return DoTimes(bound, count_node, body, span=f.span)

    def closure(compiler, node):
        bind, count = compile_pattern(node.pattern, compiler), compiler.compile(node.count)
        body, ctx, span = compiler.compile(node.body), compiler.ctx, node.span

        def run(fr):
            n, i = times(count(fr), span), 0
            b = ctx.budget
            while i < n:
                b.countdown -= 1
                if b.countdown <= 0:
                    try:
                        b.checkpoint()
                    except LimitExceeded as e:
                        raise e.with_span(span, None)
                bind(fr, i)
                body(fr)
                i += 1
            return None
        return run

    def emit(em, node, d):
        n, i = em.temp(), em.temp()
        span = em.bind(node.span)
        em.emit(d, f"{n} = {em.bind(times, 'g_times')}({em.expr(node.count, d)}, {span})")
        em.emit(d, f"{i} = 0")
        em.emit(d, "g_b = g_ctx.budget")
        em.emit(d, f"while {i} < {n}:")
        em.emit(d + 1, "g_b.countdown = g_b.countdown - 1")
        em.emit(d + 1, "if g_b.countdown <= 0:")
        em.emit(d + 2, f"g_checkpoint(g_b, {span})")
        em.bind_pattern(node.pattern, i, d + 1)
        em.expr(node.body, d + 1)
        em.emit(d + 1, f"{i} = {i} + 1")
        return "None"


def times(n, span):
    """dotimes' count as Clojure's (long n) makes it: floats truncated, NaN 0, infinity kept."""
    if type(n) is int:
        return n
    if type(n) is float:
        return 0 if n != n else (int(n) if math.isfinite(n) else n)
    raise number_type_error("dotimes", n, "a number").with_span(span, None)
