"""Control special forms: if, do, and, or, case, quote, return and fail."""
from __future__ import annotations

from ..compile import ast as A
from ..compile.special_forms import shape_error, special
from ..errors import Fail, Return
from ..jit.codegen import BOOL_RESULT
from ..lang import forms as F
from .. import messages
from ..lang.values import Symbol, hkey


@special("if", "(if test then else?)", node=A.If)
class If:
    """The branch its test picks; nil when false and no else."""

    def analyze(an, f, tail):
        if not 3 <= len(f.items) <= 4:
            shape_error(an, f)
        test = an.form(f.items[1])
        then = an.form(f.items[2], tail)
        else_ = an.form(f.items[3], tail) if len(f.items) == 4 else A.Const(None)
        return A.If(test, then, else_)

    def closure(compiler, node):
        test, then, else_ = (compiler.compile(node.test), compiler.compile(node.then),
                             compiler.compile(node.else_))

        def run(fr):
            t = test(fr)
            if t is None or t is False:
                return else_(fr)
            return then(fr)
        return run

    def emit(em, node, d):
        test = em.expr(node.test, d)
        r = em.temp()
        t = node.test
        if type(t) is A.BuiltinCall and t.builtin.fn.ptc_name in BOOL_RESULT:
            em.emit(d, f"if {test}:")  # a Python bool: its own truth is Lisp's
            em.emit(d + 1, f"{r} = {(a := em.expr(node.then, d + 1))}")
            em.emit(d, "else:")
            em.emit(d + 1, f"{r} = {(b := em.expr(node.else_, d + 1))}")
            em.merge_int(r, a, b)
            return r
        em.emit(d, f"if {test} is None or {test} is False:")
        em.emit(d + 1, f"{r} = {(b := em.expr(node.else_, d + 1))}")
        em.emit(d, "else:")
        em.emit(d + 1, f"{r} = {(a := em.expr(node.then, d + 1))}")
        em.merge_int(r, a, b)
        return r


@special("do", "(do expr*)", node=A.Do)
class Do:
    """Its forms in order; the last one's value."""

    def analyze(an, f, tail):
        return an.body(f.items[1:], tail)

    def closure(compiler, node):
        parts = [compiler.compile(x) for x in node.body]
        init, last = parts[:-1], parts[-1]

        def run(fr):
            for p in init:
                p(fr)
            return last(fr)
        return run

    def emit(em, node, d):
        for x in node.body[:-1]:
            em.expr(x, d)
        return em.expr(node.body[-1], d)


def _items(an, f, tail):
    """The analyzed arguments of and/or, the last one in tail position when the form is."""
    items = f.items[1:]
    return tuple(an.form(x, tail and i == len(items) - 1) for i, x in enumerate(items))


def _emit_and_or(em, node, d):
    """and/or as nested ifs over one result name."""
    r = em.temp()
    em.emit(d, f"{r} = {em.expr(node.items[0], d)}")
    test = "is not None and {r} is not False" if type(node) is A.And else "is None or {r} is False"
    depth = d
    for x in node.items[1:]:
        em.emit(depth, f"if {r} {test.format(r=r)}:")
        depth += 1
        em.emit(depth, f"{r} = {em.expr(x, depth)}")
    return r


@special("and", "(and expr*)", node=A.And)
class And:
    """The first false value, else the last (true when empty)."""

    def analyze(an, f, tail):
        return A.And(_items(an, f, tail)) if len(f.items) > 1 else A.Const(True)

    def closure(compiler, node):
        parts = [compiler.compile(x) for x in node.items]

        def run(fr):
            v = True
            for p in parts:
                v = p(fr)
                if v is None or v is False:
                    return v
            return v
        return run

    emit = _emit_and_or


@special("or", "(or expr*)", node=A.Or)
class Or:
    """The first true value, else the last (nil when empty)."""

    def analyze(an, f, tail):
        return A.Or(_items(an, f, tail)) if len(f.items) > 1 else A.Const(None)

    def closure(compiler, node):
        parts = [compiler.compile(x) for x in node.items]

        def run(fr):
            v = None
            for p in parts:
                v = p(fr)
                if v is not None and v is not False:
                    return v
            return v
        return run

    emit = _emit_and_or


@special("quote", "(quote form)")
class Quote:
    """Its form unevaluated: a symbol or a literal."""

    def analyze(an, f, tail):
        if len(f.items) != 2:
            shape_error(an, f)
        return an.quote(f.items[1], f)


@special("case", "(case expr value result ... default?)", node=A.Case)
class Case:
    """The result whose constant equals the value (a table lookup), else the default."""

    def analyze(an, f, tail):
        if len(f.items) < 2:
            shape_error(an, f)
        expr = an.form(f.items[1])
        clauses = list(f.items[2:])
        default = A.Const(None)
        if len(clauses) % 2:
            default = an.form(clauses.pop(), tail)
        table, branches = {}, []
        for test, result in zip(clauses[0::2], clauses[1::2]):
            index = len(branches)
            branches.append(an.form(result, tail))
            consts = test.items if type(test) is F.List else (test,)
            for c in consts:
                # booleans kept apart from 1 and 0 (Python's True == 1), at any depth
                table.setdefault(hkey(_case_constant(an, c)), index)
        return A.Case(expr, table, tuple(branches), default)

    def closure(compiler, node):
        expr = compiler.compile(node.expr)
        branches = [compiler.compile(b) for b in node.branches]
        default, table = compiler.compile(node.default), node.table

        def run(fr):
            v = expr(fr)
            i = table.get(hkey(v))
            return default(fr) if i is None else branches[i](fr)
        return run

    def emit(em, node, d):
        v = em.expr(node.expr, d)
        i, r = em.temp(), em.temp()
        em.emit(d, f"{i} = g_case_index({em.bind(node.table)}, {v})")
        for n, branch in enumerate(node.branches):
            em.emit(d, f"{'if' if n == 0 else 'elif'} {i} == {n}:")
            em.emit(d + 1, f"{r} = {em.expr(branch, d + 1)}")
        em.emit(d, "else:" if node.branches else "if True:")
        em.emit(d + 1, f"{r} = {em.expr(node.default, d + 1)}")
        return r


def _case_constant(an, form):
    """The value a case test stands for: a literal, a symbol as itself, or a constant form."""
    if type(form) is F.Lit:
        return form.value
    if type(form) is F.Sym:
        return Symbol(form.name, form.ns)
    node = an.form(form)
    if type(node) is A.Const:
        return node.value
    an.fail(messages.CASE_CONSTANT, form, hint=messages.HINT_CASE_CONSTANT)


@special("return", "(return value)", "fail", "(fail value)", node=A.Signal)
class Signal:
    """Ends the program: return with a value, fail with a failure."""

    def analyze(an, f, tail):
        if len(f.items) > 2:
            shape_error(an, f)
        value = an.form(f.items[1]) if len(f.items) == 2 else A.Const(None)
        return A.Signal(f.items[0].name, value)

    def closure(compiler, node):
        value = compiler.compile(node.value)
        kind = Return if node.kind == "return" else Fail

        def run(fr):
            raise kind(value(fr))
        return run
