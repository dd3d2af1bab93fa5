"""The compiled tier: hot function bodies and loops turned into Python source, then compiled.

The closure compiler (evaluator.py) runs everything first; a function body called often, or a
loop that iterates long, is compiled here into one Python function `body(fr)` with the same
frame layout, so the two tiers mix freely: any node this module does not handle is run by its
closure. A function whose body this module handles entirely is compiled whole instead
(compile_fn_fast: locals as Python locals, no frame list), and may also get loops that run it
over a whole collection for map/filter/reduce (compile_fn_loop); functions.py hooks them up.
Generated code never contains program text: constants, names, spans and builtins are
referenced through generated identifiers bound in the code's namespace.
"""
from __future__ import annotations

import itertools
import threading

import attrs

from . import ast as A
from . import evaluator, functions, messages, patterns
from .core.maps import twin_key
from .core.support import as_fn
from .core.text import _UNCHARGED
from .errors import EvalError, LimitExceeded, PtcError
from .values import MISSING, HashMap, Keyword, freeze, hkey, lookup

import logging
import os

from RestrictedPython import compile_restricted_exec

log = logging.getLogger("ptclisp")

# calls of a function body, or iterations of a loop, before it is compiled; tests set it to 1
# (PTCLISP_COMPILE_THRESHOLD) to run every case through the compiled tier
THRESHOLD = int(os.environ.get("PTCLISP_COMPILE_THRESHOLD", "200"))
_CODE_CACHE: dict = {}  # generated source -> code object, least recently used first
_CODE_CACHE_SIZE = 512
_CODE_LOCK = threading.Lock()  # sessions on many threads share the cache

_ARITH = {"+": "+", "-": "-"}  # not *: the builtin caps big-integer growth
_COMPARE = {"<": "<", ">": ">", "<=": "<=", ">=": ">="}
_PLAIN_KEYS = (Keyword, str)  # map-literal keys that freeze to themselves and never collide
_SQRT_INT63 = 3_037_000_499  # ints below this in size multiply without big-integer growth


class _Emitter:
    """Generates the source of one compiled body and the namespace it needs."""

    def __init__(self, compiler, ns=None, fast=False):
        self.compiler = compiler
        self.fast = fast  # locals are Python locals s<slot>, not frame cells; no closures
        self.ns = ns if ns is not None else {}
        self.ns.update({
            "g_ctx": compiler.ctx, "g_M": MISSING, "g_lookup": lookup, "g_as_fn": as_fn,
            "g_RECUR": evaluator.RECUR, "g_CATCH": (PtcError, *evaluator.CONVERTED), "g_fix": _fix, "g_call_fix": _call_fix,
            "g_unbound": _unbound, "g_case_index": _case_index, "g_checkpoint": _checkpoint,
            "g_SQ": _SQRT_INT63,
        })
        self.names = itertools.count()
        self.lines: list[str] = []
        self.loops: list = []  # recur targets: ("loop", binders) innermost last

    def bind(self, value, prefix="k") -> str:
        """A generated global name bound to value in the code's namespace."""
        name = f"{prefix}{next(self.names)}"
        self.ns[name] = value
        return name

    def temp(self) -> str:
        return f"t{next(self.names)}"

    def emit(self, depth: int, line: str):
        self.lines.append("    " * depth + line)

    # ------------------------------------------------------------ expressions

    def expr(self, node, d: int) -> str:
        """Emit statements computing node at indent d; returns a simple expression for it."""
        handler = _HANDLERS.get(type(node))
        if handler is None:
            return self.closure(node, d)
        return handler(self, node, d)

    def closure(self, node, d: int) -> str:
        """node run by its closure-tier code (only where locals live in the frame list)."""
        if self.fast:
            raise _NeedsFrame
        closure = self.bind(self.compiler.compile(node), "c")
        t = self.temp()
        self.emit(d, f"{t} = {closure}(fr)")
        return t

    def const(self, node, d):
        v = node.value
        if v is None or v is True or v is False:
            return repr(v)
        if type(v) is int and -1_000_000 < v < 1_000_000:
            return repr(v)
        return self.bind(v)

    def local(self, node, d):
        t = self.temp()
        self.emit(d, f"{t} = {self.slot(node.slot)}")
        return t

    def slot(self, n: int) -> str:
        """Where local slot n lives: a Python local in a fast function, else a frame cell."""
        return f"s{n}" if self.fast else f"fr[{n}]"

    def global_(self, node, d):
        t = self.temp()
        name = self.bind(node.name)
        self.emit(d, f"{t} = g_ctx.memory.get({name}, g_M)")
        self.emit(d, f"if {t} is g_M:")
        self.emit(d + 1, f"{t} = g_unbound({name}, {self.bind(node.fallback)}, {self.bind(node.span)})")
        return t

    def data(self, node, d):
        t = self.temp()
        self.emit(d, f"{t} = g_lookup(g_ctx.data, {self.bind(node.name)})")
        return t

    def if_(self, node, d):
        test = self.expr(node.test, d)
        r = self.temp()
        self.emit(d, f"if {test} is None or {test} is False:")
        self.emit(d + 1, f"{r} = {self.expr(node.else_, d + 1)}")
        self.emit(d, "else:")
        self.emit(d + 1, f"{r} = {self.expr(node.then, d + 1)}")
        return r

    def do(self, node, d):
        for x in node.body[:-1]:
            self.expr(x, d)
        return self.expr(node.body[-1], d)

    def and_or(self, node, d):
        r = self.temp()
        self.emit(d, f"{r} = {self.expr(node.items[0], d)}")
        test = "is not None and {r} is not False" if type(node) is A.And else "is None or {r} is False"
        depth = d
        for x in node.items[1:]:
            self.emit(depth, f"if {r} {test.format(r=r)}:")
            depth += 1
            self.emit(depth, f"{r} = {self.expr(x, depth)}")
        return r

    def let(self, node, d):
        for pattern, value in node.bindings:
            self.bind_pattern(pattern, self.expr(value, d), d)
        return self.expr(node.body, d)

    def bind_pattern(self, pattern, value: str, d):
        if type(pattern) is A.PBind:
            self.emit(d, f"{self.slot(pattern.slot)} = {value}")
        elif type(pattern) is not A.PIgnore:
            if self.fast:
                raise _NeedsFrame
            binder = self.bind(patterns.compile_pattern(pattern, self.compiler), "p")
            self.emit(d, f"{binder}(fr, {value})")

    def loop(self, node, d):
        for pattern, value in node.bindings:
            self.bind_pattern(pattern, self.expr(value, d), d)
        return self.loop_body([p for p, _ in node.bindings], node.body, d, node.span)

    def loop_body(self, patterns, body, d, span=None):
        """`while True:` over body; recur assigns the patterns and continues."""
        r = self.temp()
        self.emit(d, "g_b = g_ctx.budget")
        self.emit(d, "while True:")
        self.emit(d + 1, "g_b.countdown = g_b.countdown - 1")
        self.emit(d + 1, "if g_b.countdown <= 0:")
        self.emit(d + 2, f"g_checkpoint(g_b, {self.bind(span)})")
        self.loops.append(patterns)
        try:
            self.emit(d + 1, f"{r} = {self.expr(body, d + 1)}")
        finally:
            self.loops.pop()
        self.emit(d + 1, "break")
        return r

    def recur(self, node, d):
        values = [self.expr(a, d) for a in node.args]
        for pattern, v in zip(self.loops[-1], values):
            self.bind_pattern(pattern, v, d)
        self.emit(d, "continue")
        return "None"

    def case(self, node, d):
        v = self.expr(node.expr, d)
        i, r = self.temp(), self.temp()
        self.emit(d, f"{i} = g_case_index({self.bind(node.table)}, {v})")
        for n, branch in enumerate(node.branches):
            self.emit(d, f"{'if' if n == 0 else 'elif'} {i} == {n}:")
            self.emit(d + 1, f"{r} = {self.expr(branch, d + 1)}")
        self.emit(d, "else:" if node.branches else "if True:")
        self.emit(d + 1, f"{r} = {self.expr(node.default, d + 1)}")
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
        b = node.builtin
        args = [self.expr(a, d) for a in node.args]
        t = self.temp()
        name = b.fn.ptc_name
        inline = _INLINE.get(name)
        if inline is not None and inline(self, node, args, t, d):
            return t
        op = _ARITH.get(name) if len(args) == 2 else None
        cmp = _COMPARE.get(name) if len(args) == 2 else None
        if op or cmp:  # inline the common int/float case; everything else goes to the builtin
            x, y = args
            ints = " and ".join(f"type({a}) is int" for a in args if not a.lstrip("-").isdigit())
            self.emit(d, f"if {ints or 'True'}:")
            self.emit(d + 1, f"{t} = {x} {op or cmp} {y}")
            self.emit(d, "else:")
            self.call_stmt(d + 1, t, self.bind(b.fn, "b"), args, node, name)
        else:
            self.call_stmt(d, t, self.bind(b.fn, "b"), args, node, name)
        return t

    def times(self, node, args, t, d) -> bool:
        """`(* x y)` on two ints whose product surely fits 63 bits, inline; else the builtin."""
        if len(args) != 2:
            return False
        tests = " and ".join(f"type({a}) is int and -g_SQ < {a} < g_SQ" for a in args
                             if not a.lstrip("-").isdigit())
        self.emit(d, f"if {tests or 'True'}:")
        self.emit(d + 1, f"{t} = {args[0]} * {args[1]}")
        self.emit(d, "else:")
        self.call_stmt(d + 1, t, self.bind(node.builtin.fn, "b"), args, node, "*")
        return True

    def str_(self, node, args, t, d) -> bool:
        """`(str ...)` of strings and ints short enough to need no size charge, as one
        concatenation; any other argument, or a longer text, goes to the builtin."""
        if not 2 <= len(args) <= 8:
            return False
        tests, lengths, parts, room = [], [], [], _UNCHARGED - 20 * len(args)
        for a, x in zip(node.args, args):
            if type(a) is A.Const and type(a.value) is str:
                room -= len(a.value)
                parts.append(x)
                continue
            if type(a) is A.Const:
                return False
            tests.append(f"(type({x}) is str or type({x}) is int and -g_SQ < {x} < g_SQ)")
            lengths.append(f"(len({x}) if type({x}) is str else 0)")
            parts.append(f"({x} if type({x}) is str else str({x}))")
        if room <= 0 or not tests:
            return False
        self.emit(d, f"if {' and '.join(tests)} and {' + '.join(lengths)} < {room}:")
        self.emit(d + 1, f"{t} = {' + '.join(parts)}")
        self.emit(d, "else:")
        self.call_stmt(d + 1, t, self.bind(node.builtin.fn, "b"), args, node, "str")
        return True

    def call_stmt(self, d, t, fn, args, node, name):
        arglist = ", ".join(args)
        self.emit(d, "try:")
        self.emit(d + 1, f"{t} = {fn}({arglist})")
        self.emit(d, "except g_CATCH as g_e:")
        self.emit(d + 1, f"raise g_fix(g_e, {self.bind(name)}, ({arglist}{',' if len(args) == 1 else ''}), "
                         f"{self.bind(node.span)}, {self.bind(node.form)}) from None")

    def keyword_call(self, node, d):
        coll = self.expr(node.args[0], d)
        k = self.bind(node.keyword)
        t = self.temp()
        if len(node.args) == 2:
            default = self.expr(node.args[1], d)
            self.emit(d, f"{t} = g_lookup({coll}, {k}, {default})")
            return t
        self.emit(d, f"if type({coll}) is dict:")
        self.emit(d + 1, f"{t} = {coll}.get({k}, g_M)")
        self.emit(d + 1, f"if {t} is g_M:")  # JSON data: the string key (lookup's first fallback)
        self.emit(d + 2, f"{t} = {coll}.get({self.bind(node.keyword.name)}, g_M)")
        self.emit(d + 2, f"if {t} is g_M:")
        self.emit(d + 3, f"{t} = g_lookup({coll}, {k})")
        self.emit(d, "else:")
        self.emit(d + 1, f"{t} = g_lookup({coll}, {k})")
        return t

    def call(self, node, d):
        f = self.expr(node.fn, d)
        args = [self.expr(a, d) for a in node.args]
        arglist = ", ".join(args)
        t = self.temp()
        self.emit(d, "try:")
        self.emit(d + 1, f"{t} = {f}({arglist}) if callable({f}) else g_as_fn({f})({arglist})")
        self.emit(d, "except g_CATCH as g_e:")
        self.emit(d + 1, f"raise g_call_fix(g_e, {f}, ({arglist}{',' if len(args) == 1 else ''}), "
                         f"{self.bind(node.span)}, {self.bind(node.form)}) from None")
        return t

    # ------------------------------------------------------------ entry points

    def build(self, name: str, params: str = "fr"):
        source = f"def {name}({params}):\n" + "\n".join(self.lines) + "\n"
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
        return self.ns[name]


_INLINE = {"*": _Emitter.times, "str": _Emitter.str_}  # builtins emitted inline (common cases)

_HANDLERS = {
    A.Const: _Emitter.const, A.Local: _Emitter.local, A.Global: _Emitter.global_,
    A.Data: _Emitter.data, A.If: _Emitter.if_, A.Do: _Emitter.do, A.And: _Emitter.and_or,
    A.Or: _Emitter.and_or, A.Let: _Emitter.let, A.Loop: _Emitter.loop, A.Recur: _Emitter.recur,
    A.Case: _Emitter.case, A.VectorLit: _Emitter.vector_lit, A.BuiltinCall: _Emitter.builtin_call,
    A.KeywordCall: _Emitter.keyword_call, A.Call: _Emitter.call, A.MapLit: _Emitter.map_lit,
}


def compile_fn_body(compiler, node: A.Fn):
    """`body(fr)` for a function node; a recur in it loops inside the compiled body."""
    em = _Emitter(compiler)
    if node.has_recur:
        patterns = list(node.params) + ([node.rest] if node.rest is not None else [])
        r = em.loop_body(patterns, node.body, 1, node.span)
    else:
        r = em.expr(node.body, 1)
    em.emit(1, f"return {r}")
    return em.build("fn_body")


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
        except _NeedsFrame:
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
        raise _NeedsFrame
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
        raise _NeedsFrame
    em.emit(3, "except g_PtcError as g_e:")
    em.emit(4, "g_add_frame(g_e, template)")
    em.emit(4, "raise")
    em.emit(3, f"acc = {r}")
    em.emit(1, "finally:")
    em.emit(2, "g_fb.depth = g_fd0")
    em.emit(1, "return acc")
    em.ns.update(g_transient=_transient, g_PLAIN_KEY=_PLAIN_KEY, g_twin_key=twin_key)
    return em.build("f_loop", "template, xs, acc")


_PLAIN_KEY = frozenset({str, Keyword, float, type(None)})  # keys freeze() leaves as they are


def _transient(acc, xs):
    """A private dict copy of a fold's starting map (nil: empty), or None to fold as usual."""
    if acc is None:
        return {}
    t = type(acc)
    if (t is dict or t is HashMap) and len(acc) <= 4 * len(xs) + 64:
        return dict(acc) if t is dict else dict(acc.items())
    return None


def _fast_emitter(compiler, ns):
    em = _Emitter(compiler, ns, fast=True)
    em.ns.update(g_NOARG=_NOARG, g_fn_arity=_fn_arity, g_PtcError=PtcError, g_add_frame=functions.add_frame)
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
    except _NeedsFrame:
        return None


def compile_loop_continuation(compiler, node: A.Loop):
    """`cont(fr)` running a loop's remaining iterations from the slots' current values."""
    em = _Emitter(compiler)
    r = em.loop_body([p for p, _ in node.bindings], node.body, 1, node.span)
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
    except (RecursionError, SyntaxError, MemoryError, ValueError):  # too deep or too big
        log.debug("keeping the closure tier for a node codegen could not compile", exc_info=True)
        return fallback


# ---------------------------------------------------------------- runtime helpers

class _NeedsFrame(Exception):
    """A fast function met a node or pattern that needs the frame list."""


_SIMPLE_PARAMS = (A.PBind, A.PIgnore)
_NOARG = object()  # a parameter of a fast function that got no argument


def _fn_arity(template, args):
    """The wrong-arity error of a fast function called with args (_NOARG for missing ones)."""
    given = [a for a in args if a is not _NOARG]
    return EvalError(messages.wrong_arity(len(given), template[-1].ptc_name), code="arity",
                     hint=messages.hint_fn_arity(len(args), given))


def _fix(exc, name, args, span, form):
    """The error a failing builtin call raises from compiled code."""
    if isinstance(exc, PtcError):
        return exc.with_span(span, form)
    return evaluator.python_error(exc, name, args).with_span(span, form)


def _call_fix(exc, f, args, span, form):
    """The error a failing dynamic call raises from compiled code."""
    if isinstance(exc, PtcError):
        return exc.with_span(span, form)
    if callable(f):
        return evaluator._dynamic_error(exc, f, args).with_span(span, form)
    return EvalError(messages.wrong_arity(len(args), messages.show_value(f)), code="arity",
                     span=span, form=form)


def _checkpoint(b, span):
    """The budget's checkpoint; a limit it hits is placed at the loop (span)."""
    try:
        b.checkpoint()
    except LimitExceeded as e:
        raise e.with_span(span, None)


def _unbound(name, fallback, span):
    if callable(fallback):
        return fallback
    raise EvalError(messages.unresolved(name), code="unbound", span=span,
                    hint=messages.HINT_DEF_ORDER)


def _case_index(table, v):
    return table.get(hkey(v))
