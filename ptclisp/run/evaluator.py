"""Evaluator: AST nodes compiled once into Python closures `frame -> value`, then run.

Every user-function call and loop iteration ticks the run's Budget (steps, clock, depth).
A `recur` in tail position rebinds the loop's slots and returns the RECUR marker, which the
enclosing loop or function turns into its next iteration (no Python stack growth).
"""
from __future__ import annotations

from ..jit import codegen, pipeline
from . import budget as _budget
from . import comprehension, functions
from ..host import journal
from .. import messages
from ..compile import ast as A
from ..core.support import as_fn
from ..errors import EvalError, Fail, LimitExceeded, PtcError, Return
from .common import CONVERTED, RECUR, dynamic_error, python_error
from .patterns import compile_pattern
from ..lang.values import MISSING, SUSPECT, PSet, Var, freeze, hkey, lookup, make_map


class Context:
    """What a compiled program reaches at run time: memory, data, tools, history, budget."""

    __slots__ = ("memory", "data", "tools", "history", "budget", "defined")

    def __init__(self, *, memory=None, data=None, tools=None, history=()):
        self.memory = memory if memory is not None else {}
        self.data = data if data is not None else {}
        self.tools = tools
        self.history = list(history)
        self.budget = None
        self.defined: list[str] = []


_BUDGET_SLOT = Context.budget


class BranchingContext(Context):
    """A Context while pmap/pcalls branches run: each thread's functions meter on that thread's
    budget (a branch's own), since depth counted on one shared budget drifts between threads."""

    __slots__ = ()

    @property
    def budget(self):
        """The budget installed on the calling thread, else the run's."""
        return _budget.current() or _BUDGET_SLOT.__get__(self)

    @budget.setter
    def budget(self, value):
        _BUDGET_SLOT.__set__(self, value)


def call_value(f, args, span=None, form=None):
    """Call any PTC function value (function, keyword, map, set, vector) with args."""
    if callable(f):
        try:
            return f(*args)
        except PtcError as e:
            raise e.with_span(span, form)
        except CONVERTED as exc:
            raise dynamic_error(exc, f, args).with_span(span, form) from None
    return as_fn(f)(*args)


class Compiler:
    """Turns one analyzed program into closures bound to a Context."""

    def __init__(self, ctx: Context):
        self.ctx = ctx
        self.recur_binders: list = []

    def compile(self, node):
        return _COMPILERS[type(node)](self, node)

    # ------------------------------------------------------------ leaves

    def const(self, node):
        v = node.value
        return lambda fr: v

    def local(self, node):
        slot = node.slot
        return lambda fr: fr[slot]

    def global_(self, node):
        ctx, name, fallback, span = self.ctx, node.name, node.fallback, node.span

        def get(fr):
            v = ctx.memory.get(name, MISSING)
            if v is MISSING:
                v = fallback
                if not callable(v):
                    raise EvalError(messages.unresolved(name), code="unbound", span=span,
                                    hint=messages.HINT_DEF_ORDER)
            return v
        return get

    def data(self, node):
        ctx, name = self.ctx, node.name
        return lambda fr: lookup(ctx.data, name)

    def history(self, node):
        ctx, i = self.ctx, node.index - 1
        return lambda fr: ctx.history[i] if i < len(ctx.history) else None

    def tool_ref(self, node):
        ctx, name, span = self.ctx, node.name, node.span

        def tool_fn(*args):
            return ctx.tools.call(name, args, span)
        tool_fn.ptc_name = f"tool/{name}"
        return lambda fr: tool_fn

    # ------------------------------------------------------------ control

    def if_(self, node):
        test, then, else_ = self.compile(node.test), self.compile(node.then), self.compile(node.else_)

        def run(fr):
            t = test(fr)
            if t is None or t is False:
                return else_(fr)
            return then(fr)
        return run

    def do(self, node):
        parts = [self.compile(x) for x in node.body]
        init, last = parts[:-1], parts[-1]

        def run(fr):
            for p in init:
                p(fr)
            return last(fr)
        return run

    def and_(self, node):
        parts = [self.compile(x) for x in node.items]

        def run(fr):
            v = True
            for p in parts:
                v = p(fr)
                if v is None or v is False:
                    return v
            return v
        return run

    def or_(self, node):
        parts = [self.compile(x) for x in node.items]

        def run(fr):
            v = None
            for p in parts:
                v = p(fr)
                if v is not None and v is not False:
                    return v
            return v
        return run

    def let(self, node):
        body = self.compile(node.body)
        if len(node.bindings) == 1 and type(node.bindings[0][0]) is A.PBind:
            slot, val = node.bindings[0][0].slot, self.compile(node.bindings[0][1])

            def run1(fr):
                fr[slot] = val(fr)
                return body(fr)
            return run1
        binders = [(compile_pattern(p, self), self.compile(v)) for p, v in node.bindings]

        def run(fr):
            for bind, val in binders:
                bind(fr, val(fr))
            return body(fr)
        return run

    def loop(self, node):
        inits = [self.compile(v) for _, v in node.bindings]
        binders = [compile_pattern(p, self) for p, _ in node.bindings]
        self.recur_binders.append(binders)
        try:
            body = self.compile(node.body)
        finally:
            self.recur_binders.pop()
        ctx = self.ctx
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
                            codegen.compile_loop_continuation, self, node, False)
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
        span = node.span
        return run

    def recur(self, node):
        binders = self.recur_binders[-1]
        args = [self.compile(a) for a in node.args]
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

    def signal(self, node):
        value = self.compile(node.value)
        kind = Return if node.kind == "return" else Fail

        def run(fr):
            raise kind(value(fr))
        return run

    def def_(self, node):
        ctx, name, value, once = self.ctx, node.name, self.compile(node.value), node.once
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

    def case(self, node):
        expr = self.compile(node.expr)
        branches = [self.compile(b) for b in node.branches]
        default, table = self.compile(node.default), node.table

        def run(fr):
            v = expr(fr)
            i = table.get(hkey(v))
            return default(fr) if i is None else branches[i](fr)
        return run

    # ------------------------------------------------------------ collections

    def vector_lit(self, node):
        parts = [self.compile(x) for x in node.items]
        return lambda fr: [p(fr) for p in parts]

    def map_lit(self, node):
        pairs = [(self.compile(k), self.compile(v)) for k, v in node.pairs]
        span = node.span

        def run(fr):
            out = {}
            for k, v in pairs:
                key = freeze(k(fr))
                if key in out:
                    raise EvalError(messages.duplicate_key(key), code="value", span=span)
                out[key] = v(fr)
            return out

        def run_keyed(fr):  # some key may hold a boolean: hash keys by hkey (true is not 1)
            out, seen = [], set()
            for k, v in pairs:
                key = freeze(k(fr))
                h = hkey(key)
                if h in seen:
                    raise EvalError(messages.duplicate_key(key), code="value", span=span)
                seen.add(h)
                out.append((key, v(fr)))
            return make_map(out)
        plain = all(type(k) is A.Const and type(k.value) not in SUSPECT for k, _ in node.pairs)
        return run if plain else run_keyed

    def set_lit(self, node):
        parts = [self.compile(x) for x in node.items]
        return lambda fr: PSet.of([p(fr) for p in parts])

    # ------------------------------------------------------------ calls

    def builtin_call(self, node):
        fused = pipeline.compile_pipeline(self, node)  # map/filter/reduce chains as one loop
        if fused is not None:
            return fused
        b, span, form = node.builtin, node.span, node.form
        fn, name = b.fn, b.fn.ptc_name
        args = [self.compile(a) for a in node.args]
        n = len(args)
        if n == 1:
            a0 = args[0]

            def call1(fr):
                x = a0(fr)
                try:
                    return fn(x)
                except PtcError as e:
                    raise e.with_span(span, form)
                except CONVERTED as exc:
                    raise python_error(exc, name, (x,)).with_span(span, form) from None
            return call1
        if n == 2:
            a0, a1 = args

            def call2(fr):
                x = a0(fr)
                y = a1(fr)
                try:
                    return fn(x, y)
                except PtcError as e:
                    raise e.with_span(span, form)
                except CONVERTED as exc:
                    raise python_error(exc, name, (x, y)).with_span(span, form) from None
            return call2

        def call(fr):
            vals = [a(fr) for a in args]
            try:
                return fn(*vals)
            except PtcError as e:
                raise e.with_span(span, form)
            except CONVERTED as exc:
                raise python_error(exc, name, vals).with_span(span, form) from None
        return call

    def keyword_call(self, node):
        k = node.keyword
        args = [self.compile(a) for a in node.args]
        if len(args) == 1:
            a0 = args[0]
            return lambda fr: lookup(a0(fr), k)
        a0, a1 = args
        return lambda fr: lookup(a0(fr), k, a1(fr))

    def call(self, node):
        fnc = self.compile(node.fn)
        args = [self.compile(a) for a in node.args]
        span, form = node.span, node.form

        def fail(exc, f, vals):
            if isinstance(exc, PtcError):
                return exc.with_span(span, form)
            if callable(f):
                return dynamic_error(exc, f, vals).with_span(span, form)
            return EvalError(messages.wrong_arity(len(vals), messages.show_value(f)),
                             code="arity", span=span, form=form)

        if len(args) == 1:
            a0 = args[0]

            def call1(fr):
                f = fnc(fr)
                x = a0(fr)
                try:
                    return f(x) if callable(f) else as_fn(f)(x)
                except (PtcError, *CONVERTED) as exc:
                    raise fail(exc, f, (x,)) from None
            return call1

        def run(fr):
            f = fnc(fr)
            vals = [a(fr) for a in args]
            try:
                return f(*vals) if callable(f) else as_fn(f)(*vals)
            except (PtcError, *CONVERTED) as exc:
                raise fail(exc, f, vals) from None
        return run

    def tool_call(self, node):
        ctx, name, span, form = self.ctx, node.name, node.span, node.form
        args = [self.compile(a) for a in node.args]

        def run(fr):
            vals = [a(fr) for a in args]
            try:
                return ctx.tools.call(name, vals, span)
            except PtcError as e:
                raise e.with_span(span, form)
        return run

    # ------------------------------------------------------------ functions

    def fn(self, node):
        return functions.make_function_factory(self, node)

    def for_(self, node):
        return comprehension.compile_for(self, node)

    def journal_form(self, node):
        return journal.COMPILERS[type(node)](self, node)


_COMPILERS = {
    A.Const: Compiler.const, A.Local: Compiler.local, A.Global: Compiler.global_,
    A.Data: Compiler.data, A.History: Compiler.history, A.ToolRef: Compiler.tool_ref,
    A.If: Compiler.if_, A.Do: Compiler.do, A.And: Compiler.and_, A.Or: Compiler.or_,
    A.Let: Compiler.let, A.Loop: Compiler.loop, A.Recur: Compiler.recur,
    A.Signal: Compiler.signal, A.Def: Compiler.def_, A.Case: Compiler.case,
    A.VectorLit: Compiler.vector_lit, A.MapLit: Compiler.map_lit, A.SetLit: Compiler.set_lit,
    A.BuiltinCall: Compiler.builtin_call, A.KeywordCall: Compiler.keyword_call,
    A.Call: Compiler.call, A.ToolCall: Compiler.tool_call, A.Fn: Compiler.fn, A.For: Compiler.for_,
    A.Task: Compiler.journal_form, A.StepDone: Compiler.journal_form,
    A.TaskReset: Compiler.journal_form,
}


def evaluate(program: A.Program, ctx: Context):
    """Compile and run a program in ctx (whose budget is installed); returns its value."""
    code = Compiler(ctx).compile(program.body)
    frame = [None] * program.nslots
    return code(frame)


__all__ = ["evaluate", "Context", "Compiler", "call_value", "python_error", "RECUR", "CONVERTED"]


# Last: these compile parts of the AST and import names of this module.
