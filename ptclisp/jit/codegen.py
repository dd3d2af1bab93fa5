"""The compiled tier's emitter: analyzed nodes turned into Python source, then compiled.

The closure compiler (evaluator.py) runs everything first; a function body called often, or a
loop that iterates long, is compiled here into one Python function `body(fr)` with the same
frame layout, so the two tiers mix freely: any node this module does not handle is run by its
closure. Whole functions over Python locals, and the loops higher-order builtins run them in,
are built from this emitter by jit/fns.py; the helpers generated code calls live in
jit/rt.py. Generated code never contains program text: constants, names, spans and
builtins are referenced through generated identifiers bound in the code's namespace, and every
source passes RestrictedPython's policy before it is compiled. Special forms (if, let, loop...)
are emitted by their declarations in ptclisp/specials/; the helpers they share stay here.
"""
from __future__ import annotations

import itertools
import logging
import os
import threading

import attrs
from RestrictedPython import compile_restricted_exec

from ..compile import ast as A, special_forms
from . import rt
from . import inline
from . import fusion
from ..run import patterns
from ..run.common import CONVERTED, RECUR, builtin_error, call_error, unbound
from ..core import registry
from ..core.support import as_fn
from ..errors import PtcError
from ..lang.values import MISSING, Keyword, lookup
from ..host.inplace import InPlace

log = logging.getLogger("ptclisp")

# calls of a function body, or iterations of a loop, before it is compiled; tests set it to 1
# (PTCLISP_COMPILE_THRESHOLD) to run every case through the compiled tier
THRESHOLD = int(os.environ.get("PTCLISP_COMPILE_THRESHOLD", "200"))
# calls of a function after which it is compiled at once if code of its shape is kept
# (jit/cache.py: no emitting to pay back), else it waits for THRESHOLD
EARLY = 30
_CODE_CACHE: dict = {}  # generated source -> code object, least recently used first
_CODE_CACHE_SIZE = 512
_CODE_LOCK = threading.Lock()  # sessions on many threads share the cache

_ARITH = {"+": "+", "-": "-"}  # not *: the builtin caps big-integer growth
_COMPARE = {"<": "<", ">": ">", "<=": "<=", ">=": ">=", "=": "==", "not=": "!="}
BOOL_RESULT = registry.flagged("boolean")  # builtins that always return true or false
_PLAIN_KEYS = (Keyword, str)  # map-literal keys that freeze to themselves and never collide


class Emitter:
    """Generates the source of one compiled body and the namespace it needs."""

    def __init__(self, compiler, ns=None, fast=False):
        self.compiler = compiler
        self.fast = fast  # locals are Python locals s<slot>, not frame cells; no closures
        self.ns = ns if ns is not None else {}
        self.ns.update({
            "g_ctx": compiler.ctx, "g_M": MISSING, "g_lookup": lookup, "g_as_fn": as_fn,
            "g_InPlace": InPlace,
            "g_RECUR": RECUR, "g_CATCH": (PtcError, *CONVERTED),
            "g_fix": builtin_error, "g_call_fix": call_error, "g_unbound": unbound,
            "g_case_index": rt.case_index, "g_checkpoint": rt.checkpoint, "g_SQ": rt.SQRT_INT63,
        })
        self.names = itertools.count()
        self.lines: list[str] = []
        self.loops: list = []  # recur targets: ("loop", binders) innermost last
        self.known_int: dict[str, str] = {}  # fast locals whose `type(x) is int` is computed
        self.self_call = None  # (defn name, self slot, arity, nslots) of a function calling itself
        self.self_target = "g_exact"  # what a self-call by name found unchanged in memory enters
        self.name_is_self = False  # g_pure: a call by the defn name surely reaches itself
        self.before: list[str] = []  # top-level source placed before the built function
        self.lazy_depth = False  # g_exact: the budget's depth is stored only before calls
        self.slot_prefix = ""  # fused pipelines: each inlined function's slots apart
        self.tag = ""  # in bound names: codes sharing one namespace keep their names apart
        self.int_result = False  # g_pure: assume int arguments give an int result (see int_cond)
        self.raw_vars: set[str] = set()  # fused loops over data read in place: host dicts
        self.nested_loop = None  # fused loops: emits a pipeline inside a stage (pipeline.py)
        self.fused_depth = 0  # fused loops enclosing the code being emitted

    def bind(self, value, prefix="k") -> str:
        """A generated global name bound to value in the code's namespace."""
        name = f"{prefix}{self.tag}{next(self.names)}"
        self.ns[name] = value
        return name

    def temp(self) -> str:
        return f"t{next(self.names)}"

    def emit(self, depth: int, line: str):
        self.lines.append("    " * depth + line)

    # ------------------------------------------------------------ expressions

    def expr(self, node, d: int) -> str:
        """Emit statements computing node at indent d; returns a simple expression for it."""
        handler = _HANDLERS.get(type(node)) or special_forms.emitter_of(type(node))
        if handler is None:
            return self.closure(node, d)
        return handler(self, node, d)

    def closure(self, node, d: int) -> str:
        """node run by its closure-tier code (only where locals live in the frame list)."""
        if self.fast:
            raise NeedsFrame
        closure = self.bind(self.compiler.compile(node), "c")
        t = self.temp()
        self.emit(d, f"{t} = {closure}(fr)")
        return t

    def const(self, node, d):
        v = node.value
        if v is None or v is True or v is False:
            return repr(v)
        if type(v) is int and -2**62 < v < 2**62:  # a literal: no int test needed on it
            return repr(v)
        return self.bind(v)

    def local(self, node, d):
        if self.fast:  # a Python local: read where used (recur assigns all slots at once)
            return self.slot(node.slot)
        t = self.temp()
        self.emit(d, f"{t} = {self.slot(node.slot)}")
        return t

    def slot(self, n: int) -> str:
        """Where local slot n lives: a Python local in a fast function, else a frame cell."""
        return f"s{self.slot_prefix}{n}" if self.fast else f"fr[{n}]"

    def global_(self, node, d):
        t = self.temp()
        name = self.bind(node.name)
        self.emit(d, "try:")  # memory is a plain dict; a missing name is the rare case
        self.emit(d + 1, f"{t} = g_ctx.memory[{name}]")
        self.emit(d, "except KeyError:")
        self.emit(d + 1, f"{t} = g_unbound({name}, {self.bind(node.fallback)}, {self.bind(node.span)})")
        return t

    def data(self, node, d):
        t = self.temp()
        self.emit(d, f"{t} = g_lookup(g_ctx.data, {self.bind(node.name)})")
        self.emit(d, f"if type({t}) is g_InPlace:")  # a big data= list read in place (inplace.py)
        self.emit(d + 1, f"{t} = {t}.value()")
        return t

    def int_cond(self, x: str) -> str | None:
        """With int_result: a condition under which x surely holds an int, or None.

        An int literal always does; a fast local whose int test was cached holds one when its
        g_i<slot> is true; a result of inline + - inc dec when its operands did. A self-call
        gives an int when all its arguments are ints: the assumption the function's own
        result is checked against once emitted (codegen_fns), so by induction on calls it holds."""
        if x.lstrip("-").isdigit():
            return "True"
        return self.known_int.get(x) if self.int_result else None

    def merge_int(self, r: str, *values: str) -> None:
        """r holds one of values: an int when all of their conditions hold."""
        conds = [self.int_cond(v) for v in values]
        if self.int_result and None not in conds:
            self.known_int[r] = join_conds(conds)

    def cache_int_tests(self, patterns, body, d):
        """For fast locals that body tests for int twice or more, test once, here, where they
        are bound (params, let, the top of a loop's iteration: recur jumps back there)."""
        if not self.fast:
            return
        uses = int_tests(body)
        for p in patterns:
            if type(p) is A.PBind and uses.get(p.slot, 0) >= 2:
                name = self.known_int[self.slot(p.slot)] = f"g_i{self.slot(p.slot)}"
                self.emit(d, f"{name} = type({self.slot(p.slot)}) is int")

    def int_test(self, x: str) -> str:
        """Python text testing that x (a generated name) holds an int."""
        return self.known_int.get(x) or f"type({x}) is int"

    def bind_pattern(self, pattern, value: str, d):
        if type(pattern) is A.PBind:
            self.emit(d, f"{self.slot(pattern.slot)} = {value}")
        elif type(pattern) is not A.PIgnore:
            if self.fast:
                raise NeedsFrame
            binder = self.bind(patterns.compile_pattern(pattern, self.compiler), "p")
            self.emit(d, f"{binder}(fr, {value})")

    def loop_body(self, patterns, body, d, span=None):
        """`while True:` over body; recur assigns the patterns and continues."""
        r = self.temp()
        self.emit(d, "g_b = g_ctx.budget")
        self.emit(d, "while True:")
        self.emit(d + 1, "g_b.countdown = g_b.countdown - 1")
        self.emit(d + 1, "if g_b.countdown <= 0:")
        self.emit(d + 2, f"g_checkpoint(g_b, {self.bind(span)})")
        self.cache_int_tests(patterns, body, d + 1)
        self.loops.append(patterns)
        try:
            self.emit(d + 1, f"{r} = {self.expr(body, d + 1)}")
        finally:
            self.loops.pop()
        self.emit(d + 1, "break")
        return r

    def vector_lit(self, node, d):
        items = [self.expr(x, d) for x in node.items]
        t = self.temp()
        self.emit(d, f"{t} = [{', '.join(items)}]")
        return t

    # ------------------------------------------------------------ calls

    def map_lit(self, node, d):
        """A map literal whose keys are distinct keyword/string constants: one dict display."""
        keys = [k.value for k, _ in node.pairs if type(k) is A.Const]
        if (len(keys) != len(node.pairs) or len(set(keys)) != len(keys)
                or any(type(k) not in _PLAIN_KEYS for k in keys)):
            return self.closure(node, d)
        vals = [self.expr(v, d) for _, v in node.pairs]
        t = self.temp()
        self.emit(d, f"{t} = {{{', '.join(f'{self.bind(k)}: {v}' for k, v in zip(keys, vals))}}}")
        return t

    def builtin_call(self, node, d):
        if self.nested_loop is not None and fusion.nested_stages(node) is not None:
            return self.nested_loop(self, node, d)
        if not self.fast and fusion.stages(node) is not None:
            return self.closure(node, d)  # the closure tier runs it as one fused loop (pipeline.py)
        b = node.builtin
        args = [self.expr(a, d) for a in node.args]
        t = self.temp()
        name = b.fn.ptc_name
        emit_inline = _INLINE.get(name)
        if emit_inline is not None and emit_inline(self, node, args, t, d):
            return t
        op = _ARITH.get(name) if len(args) == 2 else None
        cmp = _COMPARE.get(name) if len(args) == 2 else None
        if op or cmp:  # inline the common int/float case; everything else goes to the builtin
            x, y = args
            ints = join_conds([self.int_test(a) for a in args if not a.lstrip("-").isdigit()])
            self.emit(d, f"if {ints}:")
            self.emit(d + 1, f"{t} = {x} {op or cmp} {y}")
            self.emit(d, "else:")
            self.call_stmt(d + 1, t, self.bind(b.fn, "b"), args, node, name)
            if op:
                self.merge_int(t, *args)
        else:
            self.call_stmt(d, t, self.bind(b.fn, "b"), args, node, name)
        return t

    def named(self, node, d):
        return node.name

    def call_stmt(self, d, t, fn, args, node, name):
        arglist = ", ".join(args)
        self.sync_depth(d)
        self.emit(d, "try:")
        self.emit(d + 1, f"{t} = {fn}({arglist})")
        self.emit(d, "except g_CATCH as g_e:")
        self.emit(d + 1, f"raise g_fix(g_e, {self.bind(name)}, ({arglist}{',' if len(args) == 1 else ''}), "
                         f"{self.bind(node.span)}, {self.bind(node.form)}) from None")

    def keyword_call(self, node, d):
        coll = self.expr(node.args[0], d)
        k = self.bind(node.keyword)
        t = self.temp()
        if coll in self.raw_vars and len(node.args) == 1:  # a host dict (pipeline.py, raw)
            self.emit(d, f"{t} = {coll}.get({node.keyword.name!r}, g_M)")
            self.emit(d, f"if (type({t}) is not int or not g_NIL < {t} < g_IL) and type({t}) not in g_FLAT or {k} in {coll}:")
            name = node.keyword.name
            under = self.bind(Keyword(name.replace("-", "_")) if "-" in name else None)
            self.emit(d + 1, f"{t} = g_field({coll}, {k}, {t}, g_sk, {under})")
            return t
        if len(node.args) == 2:
            default = self.expr(node.args[1], d)
            self.emit(d, f"{t} = g_lookup({coll}, {k}, {default})")
            return t
        self.emit(d, f"if type({coll}) is dict:")
        self.emit(d + 1, "try:")  # a present key is the common case: no method call
        self.emit(d + 2, f"{t} = {coll}[{k}]")
        self.emit(d + 1, "except KeyError:")  # the string key, the underscored spelling...
        self.emit(d + 2, f"{t} = g_lookup({coll}, {k})")
        self.emit(d, "else:")
        self.emit(d + 1, f"{t} = g_lookup({coll}, {k})")
        return t

    def call(self, node, d):
        me = self.self_call
        by_name = (me is not None and len(node.args) == me[2] and type(node.fn) is A.Global
                   and node.fn.name == me[0])  # a defn calling its name: itself unless redefined
        if by_name and self.name_is_self:  # g_pure: memory cannot have changed (see codegen_fns)
            return self.self_call_stmt(node, d, "g_pure", f"template[{me[3]}]")
        f = self.expr(node.fn, d)
        args = [self.expr(a, d) for a in node.args]
        arglist = ", ".join(args)
        t = self.temp()
        self.emit(d, "try:")
        if me is not None and len(args) == me[2] and type(node.fn) is A.Local \
                and node.fn.slot == me[1]:  # `(fn name [..] .. (name ..))`: surely itself
            self.emit(d + 1, f"{t} = g_exact(template, g_fb, g_fd, {arglist})")
        elif by_name:
            self.emit(d + 1, f"if {f} is g_me:")
            self.emit(d + 2, f"{t} = {self.self_target}(template, g_fb, g_fd, {arglist})")
            self.emit(d + 1, "else:")
            self.sync_depth(d + 2)
            self.emit(d + 2, f"{t} = {f}({arglist}) if callable({f}) else g_as_fn({f})({arglist})")
        else:
            self.sync_depth(d + 1)
            self.emit(d + 1, f"{t} = {f}({arglist}) if callable({f}) else g_as_fn({f})({arglist})")
        self.emit(d, "except g_CATCH as g_e:")
        self.emit(d + 1, f"raise g_call_fix(g_e, {f}, ({arglist}{',' if len(args) == 1 else ''}), "
                         f"{self.bind(node.span)}, {self.bind(node.form)}) from None")
        return t

    def self_call_stmt(self, node, d, target: str, me: str) -> str:
        """A call known to reach the function being compiled: its body entered directly."""
        args = [self.expr(a, d) for a in node.args]
        arglist = ", ".join(args)
        t = self.temp()
        self.emit(d, "try:")
        self.emit(d + 1, f"{t} = {target}(template, g_fb, g_fd, {arglist})")
        self.emit(d, "except g_CATCH as g_e:")
        self.emit(d + 1, f"raise g_call_fix(g_e, {me}, ({arglist}{',' if len(args) == 1 else ''}), "
                         f"{self.bind(node.span)}, {self.bind(node.form)}) from None")
        self.merge_int(t, *args)  # the assumption int_cond describes
        return t

    def sync_depth(self, d):
        """In g_exact, store its depth in the budget before a call that may read it."""
        if self.lazy_depth:
            self.emit(d, "g_fb.depth = g_fd")

    # ------------------------------------------------------------ entry points

    def build(self, name: str, params: str = "fr"):
        source = "\n".join([*self.before, f"def {name}({params}):", *self.lines]) + "\n"
        with _CODE_LOCK:
            code = _CODE_CACHE.pop(source, None)  # the same node always gives the same source
        if code is None:
            check_policy(source)
            code = compile(source, f"<ptclisp compiled {name}>", "exec")
        with _CODE_LOCK:
            if len(_CODE_CACHE) >= _CODE_CACHE_SIZE:
                del _CODE_CACHE[next(iter(_CODE_CACHE))]
            _CODE_CACHE[source] = code  # most recently used last
        exec(code, self.ns)  # noqa: S102 - generated from our own AST; no program text inside
        built = self.ns[name]
        built.ptc_module = (code, name)  # for codegen_cache: the code to run again
        return built


_INLINE = inline.INLINE  # builtins emitted inline (common cases)


@attrs.define(slots=True)
class Named:
    """A node standing for a value generated code already holds in a Python name."""

    name: str

_HANDLERS = {
    A.Const: Emitter.const, A.Local: Emitter.local, A.Global: Emitter.global_,
    A.Data: Emitter.data, A.VectorLit: Emitter.vector_lit, A.BuiltinCall: Emitter.builtin_call,
    A.KeywordCall: Emitter.keyword_call, A.Call: Emitter.call, A.MapLit: Emitter.map_lit,
    Named: Emitter.named,
}  # the nodes of special forms: compile/special_forms.py


def compile_fn_body(compiler, node: A.Fn):
    """`body(fr)` for a function node; a recur in it loops inside the compiled body."""
    em = Emitter(compiler)
    if node.has_recur:
        patterns = list(node.params) + ([node.rest] if node.rest is not None else [])
        r = em.loop_body(patterns, node.body, 1, node.span)
    else:
        r = em.expr(node.body, 1)
    em.emit(1, f"return {r}")
    return em.build("fn_body")


def compile_loop_continuation(compiler, node: A.Loop):
    """`cont(fr)` running a loop's remaining iterations from the slots' current values.

    A loop whose body needs no frame (no nested fn, no destructuring...) runs over Python
    locals read from the frame once: nothing but the loop sees the slots it sets."""
    patterns = [p for p, _ in node.bindings]
    em = Emitter(compiler, fast=True)
    slots = sorted({x.slot for x in fusion.nodes(node) if type(x) in (A.Local, A.PBind)})
    for n in slots:
        em.emit(1, f"s{n} = fr[{n}]")
    try:
        r = em.loop_body(patterns, node.body, 1, node.span)
    except NeedsFrame:
        em = Emitter(compiler)
        r = em.loop_body(patterns, node.body, 1, node.span)
    em.emit(1, f"return {r}")
    return em.build("loop_cont")


class PolicyViolation(ValueError):
    """Generated source that RestrictedPython's policy refuses (a bug in this module)."""


def check_policy(source: str) -> None:
    """Raise PolicyViolation unless RestrictedPython's policy accepts source: a second wall
    behind the generator (no imports, no underscore or dunder names, no exec/eval, no
    attribute augmented assignment). Generated names are g_*, a<i>, s<i>, t<i> and k<i>."""
    errors = compile_restricted_exec(source).errors
    if errors:
        raise PolicyViolation("; ".join(errors))


def compile_or_keep(compile_fn, compiler, node, fallback, *more):
    """compile_fn(compiler, node, *more), or fallback if the node cannot be compiled."""
    try:
        return compile_fn(compiler, node, *more)
    except PolicyViolation:
        log.error("generated code refused by RestrictedPython's policy; keeping the closure tier",
                  exc_info=True)
        return fallback
    except NeedsFrame:  # a node only the closure tier runs
        return fallback
    except (RecursionError, SyntaxError, MemoryError, ValueError):  # too deep or too big
        log.debug("keeping the closure tier for a node codegen could not compile", exc_info=True)
        return fallback


class NeedsFrame(Exception):
    """A fast function met a node or pattern that needs the frame list."""


_INT_OPS = frozenset({"+", "-", "*", "mod", *_COMPARE, *inline.UNARY})  # builtin_call tests int operands
def join_conds(conds) -> str:
    """The conjunction of Python conditions (each one a name, a test or several `and`ed)."""
    parts = sorted({p for c in conds for p in c.split(" and ") if p != "True"})
    return " and ".join(parts) or "True"


def int_tests(node) -> dict:
    """{slot: times node tests that local for int} in the inline arithmetic of node."""
    out: dict = {}
    for x in fusion.nodes(node):
        if type(x) is A.BuiltinCall and len(x.args) <= 2 and x.builtin.fn.ptc_name in _INT_OPS:
            for a in x.args:
                if type(a) is A.Local:
                    out[a.slot] = out.get(a.slot, 0) + 1
    return out
