"""Evaluator: AST nodes compiled once into Python closures `frame -> value`, then run.

Every user-function call and loop iteration ticks the run's Budget (steps, clock, depth).
A `recur` in tail position rebinds the loop's slots and returns the RECUR marker, which the
enclosing loop or function turns into its next iteration (no Python stack growth).
The closures of special forms (if, let, loop...) are declared with their forms in ptclisp/specials/.
"""
from __future__ import annotations

from ..jit import pipeline
from . import budget as _budget
from .. import messages
from ..compile import ast as A, special_forms
from ..core.support import as_fn
from ..errors import EvalError, PtcError
from ..host.inplace import cooked
from .common import CAUGHT, CONVERTED, RECUR, builtin_error, call_error, python_error, unbound
from .. import specials  # noqa: F401  (fills special_forms' tables: the forms' closures)
from ..lang.values import MISSING, SUSPECT, PSet, freeze, hkey, lookup, make_map


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
        except CAUGHT as exc:
            raise call_error(exc, f, args, span, form) from None
    return as_fn(f)(*args)


class Compiler:
    """Turns one analyzed program into closures bound to a Context."""

    def __init__(self, ctx: Context):
        self.ctx = ctx
        self.recur_binders: list = []

    def compile(self, node):
        """`frame -> value` for node; special forms' nodes by their declaration."""
        compile_node = _COMPILERS.get(type(node)) or special_forms.closure_of(type(node))
        return compile_node(self, node)

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
            return unbound(name, fallback, span) if v is MISSING else v
        return get

    def data(self, node):
        ctx, name = self.ctx, node.name
        return lambda fr: cooked(lookup(ctx.data, name))

    def history(self, node):
        ctx, i = self.ctx, node.index - 1
        return lambda fr: ctx.history[i] if i < len(ctx.history) else None

    def tool_ref(self, node):
        ctx, name, span = self.ctx, node.name, node.span

        def tool_fn(*args):
            return ctx.tools.call(name, args, span)
        tool_fn.ptc_name = f"tool/{name}"
        return lambda fr: tool_fn

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
        return self.plain_builtin_call(node)

    def plain_builtin_call(self, node):
        """The call of a builtin, its arguments compiled as they are (no pipeline fusing)."""
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
                except CAUGHT as exc:
                    raise builtin_error(exc, name, (x,), span, form) from None
            return call1
        if n == 2:
            a0, a1 = args

            def call2(fr):
                x = a0(fr)
                y = a1(fr)
                try:
                    return fn(x, y)
                except CAUGHT as exc:
                    raise builtin_error(exc, name, (x, y), span, form) from None
            return call2

        def call(fr):
            vals = [a(fr) for a in args]
            try:
                return fn(*vals)
            except CAUGHT as exc:
                raise builtin_error(exc, name, vals, span, form) from None
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

        if len(args) == 1:
            a0 = args[0]

            def call1(fr):
                f = fnc(fr)
                x = a0(fr)
                try:
                    return f(x) if callable(f) else as_fn(f)(x)
                except CAUGHT as exc:
                    raise call_error(exc, f, (x,), span, form) from None
            return call1

        def run(fr):
            f = fnc(fr)
            vals = [a(fr) for a in args]
            try:
                return f(*vals) if callable(f) else as_fn(f)(*vals)
            except CAUGHT as exc:
                raise call_error(exc, f, vals, span, form) from None
        return run

    def tool_call(self, node, in_place: bool = False):
        """in_place: a pipeline's source, which may get a big result as an InPlace (inplace.py)."""
        ctx, name, span, form = self.ctx, node.name, node.span, node.form
        args = [self.compile(a) for a in node.args]

        def run(fr):
            vals = [a(fr) for a in args]
            try:
                if in_place:
                    return ctx.tools.call(name, vals, span, in_place=True)
                return ctx.tools.call(name, vals, span)
            except PtcError as e:
                raise e.with_span(span, form)
        return run


_COMPILERS = {
    A.Const: Compiler.const, A.Local: Compiler.local, A.Global: Compiler.global_,
    A.Data: Compiler.data, A.History: Compiler.history, A.ToolRef: Compiler.tool_ref,
    A.VectorLit: Compiler.vector_lit, A.MapLit: Compiler.map_lit, A.SetLit: Compiler.set_lit,
    A.BuiltinCall: Compiler.builtin_call, A.KeywordCall: Compiler.keyword_call,
    A.Call: Compiler.call, A.ToolCall: Compiler.tool_call,
}  # the nodes of special forms: compile/special_forms.py


def evaluate(program: A.Program, ctx: Context):
    """Compile and run a program in ctx (whose budget is installed); returns its value."""
    code = Compiler(ctx).compile(program.body)
    frame = [None] * program.nslots
    return code(frame)


__all__ = ["evaluate", "Context", "Compiler", "call_value", "python_error", "RECUR", "CONVERTED"]

