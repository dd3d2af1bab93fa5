"""Binding special forms: let for locals, def and defonce for names in the user namespace."""
from __future__ import annotations

from ..compile import ast as A
from ..compile.special_forms import shape_error, special
from ..lang import forms as F
from .. import messages
from ..lang.values import Var
from ..compile.bindings import binding_vector
from ..run.patterns import compile_pattern
from .loops import bind_pairs


@special("let", "(let [binding value ...] body*)", node=A.Let)
class Let:
    """Its body with locals bound (destructured) in order."""

    def analyze(an, f, tail):
        pairs = binding_vector(an, f)
        scope = an.scope
        scope.blocks.append({})
        try:
            bindings = bind_pairs(an, pairs)
            body = an.body(f.items[2:], tail)
        finally:
            scope.blocks.pop()
        return A.Let(bindings, body)

    def closure(compiler, node):
        body = compiler.compile(node.body)
        if len(node.bindings) == 1 and type(node.bindings[0][0]) is A.PBind:
            slot, val = node.bindings[0][0].slot, compiler.compile(node.bindings[0][1])

            def run1(fr):
                fr[slot] = val(fr)
                return body(fr)
            return run1
        binders = [(compile_pattern(p, compiler), compiler.compile(v)) for p, v in node.bindings]

        def run(fr):
            for bind, val in binders:
                bind(fr, val(fr))
            return body(fr)
        return run

    def emit(em, node, d):
        for p, value in node.bindings:
            em.bind_pattern(p, em.expr(value, d), d)
        em.cache_int_tests([p for p, _ in node.bindings], node.body, d)
        return em.expr(node.body, d)


@special("def", "(def name docstring? value)", "defonce", "(defonce name docstring? value)",
         node=A.Def)
class Def:
    """A name in the user namespace (memory); defonce only when unbound."""

    def analyze(an, f, tail):
        items = f.items[1:]
        if len(items) == 3 and type(items[1]) is F.Lit and type(items[1].value) is str:
            items = (items[0], items[2])
        if items and type(items[0]) is F.Lit and items[0].value in (None, True, False):
            an.fail(messages.reserved_name(F.text(items[0])), items[0])
        if len(items) != 2 or type(items[0]) is not F.Sym or items[0].ns is not None:
            shape_error(an, f)
        return A.Def(items[0].name, an.form(items[1]), f.items[0].name == "defonce")

    def closure(compiler, node):
        ctx, name, value, once = compiler.ctx, node.name, compiler.compile(node.value), node.once
        var = Var(name)

        def run(fr):
            if once and name in ctx.memory:
                return var
            v = value(fr)
            if callable(v) and getattr(v, "ptc_name", None) == "fn":
                v.ptc_name = name
            ctx.memory[name] = v
            ctx.defined.append(name)
            return var
        return run
