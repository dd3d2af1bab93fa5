"""Analyzer: forms -> checked AST nodes.

Special forms come from the table in `special_forms.py` (declared in ptclisp/specials/), macros
(threading, cond, when...) from `macros.py`. Every unknown symbol and unknown tool is collected
and reported at once, before anything runs.
"""
from __future__ import annotations

import difflib
import threading

from . import ast as A
from ..lang import forms as F
from .. import messages
from . import bindings, macros, special_forms
from ..host import arguments
from ..core import registry, regexp
from ..errors import AnalysisError, PtcError, short_text
from .scopes import FnScope
from ..lang.values import MAP_TYPES, MISSING, SET_TYPES, VECTOR_TYPES, Keyword, Symbol, Var, lookup

HISTORY = {"*1": 1, "*2": 2, "*3": 3}
# Clojure forms we do not have whose arguments bind names or are not expressions (catch's class
# and name, a record's fields): reported alone, since their insides would only add false problems
OPAQUE_UNSUPPORTED = frozenset({"try", "throw", "binding", "with-open", "defmacro",
                                "defrecord", "deftype", "reify", "proxy", "with-local-vars",
                                "with-redefs", "defprotocol", "defmulti", "defmethod",
                                "extend-type", "extend-protocol", "dosync", "locking", "future",
                                "with-in-str", "with-bindings"})


def collect_defs(forms) -> set[str]:
    """Names that `def`, `defn` or `defonce` anywhere in the program binds."""
    names, stack = set(), list(forms)
    while stack:
        f = stack.pop()
        if type(f) is F.List:
            items = f.items
            if (len(items) >= 2 and type(items[0]) is F.Sym and items[0].ns is None
                    and items[0].name in ("def", "defn", "defn-", "defonce") and type(items[1]) is F.Sym):
                names.add(items[1].name)
            stack.extend(items)
        elif type(f) in (F.Vector, F.Map, F.Set, F.FnLit):
            stack.extend(f.items)
    return names


class Analyzer:
    """One analysis of one program."""

    def __init__(self, *, memory_names=(), tools=None, source: str | None = None, data=None):
        self.memory_names = _Names(memory_names)
        self.data = data  # the session's data when the host gave it: data/ names are checked
        self.tools = tools  # mapping of tool name -> spec, or None
        self.source = source
        self.errors: list[AnalysisError] = []
        self.scope = FnScope(None)
        self.specials = special_forms.SPECIALS
        self.macros = macros.MACROS

    # ------------------------------------------------------------ entry

    def program(self, forms) -> A.Program:
        if self.source is None or "def" in self.source:
            self.memory_names.defs = collect_defs(forms)
        if not forms:
            body = A.Const(None)
        elif len(forms) == 1:
            body = self.form(forms[0], True)
        else:
            body = A.Do(tuple(self.form(f, i == len(forms) - 1) for i, f in enumerate(forms)))
        if self.errors:
            raise self.combined_error()
        return A.Program(body, self.scope.nslots)

    def combined_error(self) -> AnalysisError:
        first = self.errors[0]
        if len(self.errors) == 1:
            return first
        msg = messages.several_problems(
            [f"{e.message} ({e.span})" if e.span else e.message for e in self.errors])
        hints = list(dict.fromkeys(e.hint for e in self.errors if e.hint))
        return AnalysisError(msg, span=first.span, form=first.form, hint="; ".join(hints) or None,
                             code=first.code, errors=list(self.errors))

    def error(self, message: str, form, *, hint: str | None = None, code: str = "invalid-form"):
        """Record a problem and return a placeholder node so analysis can go on."""
        self.errors.append(AnalysisError(message, span=getattr(form, "span", None),
                                         form=short_text(form) if form is not None else None,
                                         hint=hint, code=code))
        return A.Const(POISON)

    def fail(self, message: str, form, *, hint: str | None = None, code: str = "invalid-form"):
        """Raise at once (for shape errors that make the rest of the form meaningless)."""
        self.error(message, form, hint=hint, code=code)
        raise _Abort()

    # ------------------------------------------------------------ forms

    def form(self, f, tail: bool = False):
        """Analyze one form; tail says whether it is in tail position for recur."""
        t = type(f)
        if t is F.Lit:
            return A.Const(f.value)
        if t is F.Sym:
            return self.symbol(f)
        if t is F.List:
            return self.list_form(f, tail)
        if t is F.Vector:
            return self.collection(A.VectorLit, f.items, list)
        if t is F.Map:
            return self.map_literal(f)
        if t is F.Set:
            return self.collection(A.SetLit, f.items, None)
        if t is F.FnLit:
            return self.guard(bindings.short_fn, self, f)
        if t is F.Regex:
            return self.regex(f)
        if t is F.VarQuote:
            return A.Const(_var(f.sym.full))
        if t is F.Quote:
            return self.quote(f.form, f)
        return self.error(messages.unsupported_form(short_text(f)), f)

    def body(self, forms, tail: bool):
        """Implicit do over forms."""
        if not forms:
            return A.Const(None)
        if len(forms) == 1:
            return self.form(forms[0], tail)
        last = len(forms) - 1
        return A.Do(tuple(self.form(x, tail and i == last) for i, x in enumerate(forms)))

    def guard(self, handler, *args):
        """Run a special-form handler; a shape error aborts only that form."""
        try:
            return handler(*args)
        except _Abort:
            return A.Const(None)

    def collection(self, node_class, items, builder):
        nodes = tuple(self.form(x) for x in items)
        if builder is not None and all(type(n) is A.Const for n in nodes):
            return A.Const(builder(n.value for n in nodes))
        return node_class(nodes)

    def map_literal(self, f):
        nodes = tuple(self.form(x) for x in f.items)
        pairs = tuple(zip(nodes[0::2], nodes[1::2]))
        return A.MapLit(pairs, span=f.span)

    def regex(self, f):
        try:
            return A.Const(regexp.make_regex(f.pattern))
        except Exception as exc:  # a bad pattern is the program's error, reported before running
            message = exc.message if isinstance(exc, PtcError) else messages.bad_regex(f.pattern)
            return self.error(message, f, code="regex")

    def quoted_arg(self, form):
        """An argument of doc/dir-style builtins: bare symbols are names, the rest evaluates."""
        if type(form) is F.Sym:
            return A.Const(Symbol(form.name, form.ns))
        return self.form(form)

    def quote(self, inner, f):
        if type(inner) is F.Sym:
            return A.Const(Symbol(inner.name, inner.ns))
        if type(inner) is F.Lit:
            return A.Const(inner.value)
        return self.error(messages.QUOTED_COLLECTION, f, hint=messages.HINT_QUOTED_COLLECTION)

    # ------------------------------------------------------------ symbols

    def symbol(self, s: F.Sym):
        if s.ns is None:
            slot = self.scope.lookup(s.name)
            if slot is not None:
                return A.Local(slot, s.name)
            if s.name in HISTORY:
                return A.History(HISTORY[s.name])
            if s.name in self.memory_names:
                b = registry.resolve(None, s.name)
                return A.Global(s.name, b.fn if b else _UNBOUND, span=s.span)
        elif s.ns == "data":
            if self.data is not None and lookup(self.data, s.name, MISSING) is MISSING:
                self.unknown_data(s)
            return A.Data(s.name)
        elif s.ns == "tool":
            if self.check_tool(s.name, s):
                return A.ToolRef(s.name, span=s.span)
            return A.Const(None)
        return self.builtin_symbol(s)

    def builtin_symbol(self, s: F.Sym):
        """A symbol that names no local, memory, data or tool: a builtin, else an error."""
        b = resolve_builtin(s.ns, s.name)
        if b is not None:
            if "constant" in b.flags:
                return A.Const(b.fn())
            return A.Const(b.fn)
        if s.ns is None and (s.name in self.specials or s.name in self.macros):
            return self.error(messages.macro_as_value(s.name), s, hint=messages.HINT_MACRO_VALUE)
        return self.unknown_symbol(s)

    def unknown_symbol(self, s: F.Sym):
        if s.ns is not None:
            canonical = registry.namespace_of(s.ns)
            if canonical is not None:
                members = registry.members(canonical)
                near = difflib.get_close_matches(s.name, members, n=3, cutoff=0.6)
                hint = (messages.REFUSED_QUALIFIED.get(s.full)
                        or messages.did_you_mean(f"{s.ns}/{n}" for n in near) or None)
                return self.error(messages.unknown_member(canonical, s.name, members), s,
                                  hint=hint, code="unbound")
        if s.ns is None and s.name.startswith(".") and len(s.name) > 1:
            methods = registry.members("interop")
            near = difflib.get_close_matches(s.name, methods, n=3, cutoff=0.6)
            return self.error(messages.unknown_method(s.name), s,
                              hint=messages.did_you_mean(near) or messages.HINT_METHODS, code="unbound")
        return self.error(messages.unresolved(s.full), s, hint=self.suggest(s.full), code="unbound")

    def suggest(self, name: str) -> str | None:
        """'Did you mean' from habits of other languages and from near names."""
        habit = (messages.HABITS.get(name) or messages.REFUSED.get(name)
                 or messages.REFUSED_QUALIFIED.get(name))
        if habit:
            return habit
        candidates = set(registry.CORE) | self.scope.visible_names() | set(self.memory_names)
        candidates |= set(self.specials) | set(self.macros)
        near = difflib.get_close_matches(name, sorted(candidates), n=3, cutoff=0.7)
        return messages.did_you_mean(near) or None

    def unknown_data(self, s: F.Sym) -> None:
        """Records an error for data/name missing from the session's data, naming near keys."""
        known = sorted(str(getattr(k, "name", k)) for k in self.data)
        near = difflib.get_close_matches(s.name, known, n=3, cutoff=0.6)
        hint = messages.did_you_mean(f"data/{n}" for n in near) or messages.available_data(known)
        self.error(messages.unknown_data(s.name), s, hint=hint, code="unknown-data")

    def check_tool(self, name: str, form) -> bool:
        """True if tool/name exists; records an error otherwise."""
        if self.tools is not None and name in self.tools:
            return True
        known = sorted(self.tools or ())
        near = difflib.get_close_matches(name, known, n=3, cutoff=0.6)
        hint = messages.did_you_mean(f"tool/{n}" for n in near) or messages.available_tools(known)
        if not near and "call" in known and "servers" in known:  # a Session with upstreams
            hint = messages.upstream_tool_hint(name)
        self.error(messages.unknown_tool(name), form, hint=hint, code="unknown-tool")
        return False

    # ------------------------------------------------------------ lists

    def list_form(self, f: F.List, tail: bool):
        if not f.items:
            return self.error(messages.EMPTY_LIST, f, hint=messages.HINT_EMPTY_LIST)
        head = f.items[0]
        if type(head) is F.Sym and head.ns is None:
            name = head.name
            if self.scope.lookup(name) is None and name not in self.memory_names:
                special = self.specials.get(name)
                if special is not None:
                    return self.guard(special.analyze, self, f, tail)
                macro = self.macros.get(name)
                if macro is not None:
                    try:
                        expanded = macro(self, f)
                    except _Abort:
                        return A.Const(None)
                    return self.form(expanded, tail)
                if name in OPAQUE_UNSUPPORTED and resolve_builtin(None, name) is None:
                    return self.unknown_symbol(head)
                if name[0] != "." and name not in HISTORY:  # a builtin (or unknown) head
                    return self.call(f, self.builtin_symbol(head))
            if name == "." or (name.startswith(".") and len(name) > 1 and resolve_builtin(None, name) is None):
                if name == ".":
                    return self.error(messages.DOT_FORM, f, hint=messages.HINT_METHODS)
        return self.call(f)

    def call(self, f: F.List, fn=None):
        """A call; fn: its head already analyzed (list_form resolved a builtin head)."""
        head, arg_forms = f.items[0], f.items[1:]
        if type(head) is F.Sym and head.ns == "tool":
            args = tuple(self.form(a) for a in arg_forms)
            if self.check_tool(head.name, head) and self.tools[head.name] is not None:
                problem = arguments.check_call_shape(self.tools[head.name], arg_forms)
                if problem:
                    self.error(problem[0], f, hint=problem[1], code="tool-args")
            return A.ToolCall(head.name, args, f, span=f.span)
        if fn is None:
            fn = self.form(head)
        if type(fn) is A.Const and getattr(fn.value, "ptc_name", None) in _QUOTED_ARGS:
            args = tuple(self.quoted_arg(a) for a in arg_forms)
        else:
            args = tuple(self.form(a) for a in arg_forms)
        if type(fn) is A.Const and fn.value is not POISON:
            v = fn.value
            if type(v) is Keyword:
                if not 1 <= len(args) <= 2:
                    return self.error(messages.wrong_arity(len(args), str(v)), f, code="arity")
                return A.KeywordCall(v, args, f, span=f.span)
            b = _BUILTIN_BY_FN.get(id(v)) if callable(v) else None
            if b is not None:
                if not b.accepts(len(args)):
                    return self.error(messages.wrong_arity(len(args), b.fn.ptc_name), f,
                                      hint=messages.usage(b.signature), code="arity")
                if b.fn.ptc_name in _FOLDABLE and all(type(a) is A.Const for a in args):
                    return _folded(b, args) or A.BuiltinCall(b, args, f, span=f.span)
                return A.BuiltinCall(b, args, f, span=f.span)
            if not callable(v) and not _data_callable(v):
                return self.error(messages.not_a_function(v), f, hint=messages.HINT_NOT_CALLABLE,
                                  code="not-callable")
        return A.Call(fn, args, f, span=f.span)


# arithmetic and comparisons folded when every argument is a small number: cheap, pure, and
# the same builtin computes the value (an error, e.g. (/ 1 0), is left to the run)
_FOLDABLE = registry.flagged("foldable")
_QUOTED_ARGS = registry.flagged("quoted-args")  # (doc str/join): the symbol, not the function
_FOLD_MAX = 1 << 31


def _folded(b, args):
    """A Const of b applied to constant small-number args, or None."""
    values = [a.value for a in args]
    for v in values:
        if not (type(v) is int and -_FOLD_MAX < v < _FOLD_MAX or type(v) is float):
            return None
    try:
        v = b.fn(*values)
    except Exception:  # the run reports it, with its position
        return None
    return A.Const(v) if type(v) in (int, float, bool) else None


class _Abort(Exception):
    """Internal: stop analyzing the current special form after recording its error."""


class _Unbound:
    __slots__ = ()


class _Poison:
    """Placeholder value of a form that already has an error (never run)."""

    __slots__ = ()


POISON = _Poison()

_UNBOUND = _Unbound()
_BUILTIN_BY_FN: dict[int, object] = {}


def _builtin_of(fn):
    """The registry entry whose implementation is fn (the table is built by `prepare`)."""
    return _BUILTIN_BY_FN.get(id(fn))


def prepare() -> None:
    """One-time set-up once every builtin is registered (ptclisp/__init__.py calls it)."""
    _BUILTIN_BY_FN.update({id(b.fn): b for b in registry.REGISTRY.values()})


def _data_callable(v) -> bool:
    return isinstance(v, (*MAP_TYPES, *SET_TYPES, *VECTOR_TYPES))


def _var(name: str):
    return Var(name)


def resolve_builtin(ns, name):
    """The builtin for `ns/name`, including interop methods and constructors."""
    b = registry.resolve(ns, name)
    if b is None and ns is None and ("." in name):
        b = registry.REGISTRY.get(f"interop/{name}")
    return b


class _Names:
    """The names a program may use from memory: its own defs, then the session's memory.

    Every question asked of the memory is recorded, so a cached analysis is reused only when
    the memory would give the same answers.
    """

    def __init__(self, memory):
        self.memory = memory
        self.defs: set[str] = set()
        self.asked: dict[str, bool] = {}

    def __contains__(self, name) -> bool:
        if name in self.defs:
            return True
        answer = name in self.memory
        self.asked[name] = answer
        return answer

    def __iter__(self):
        yield from self.defs
        yield from self.memory


_CACHE: dict = {}  # id(forms) -> (forms, tools key, memory answers, program)
_CACHE_SIZE = 256
_CACHE_LOCK = threading.Lock()  # sessions on many threads share the cache


def _tools_key(tools):
    if tools is None:
        return None
    return tuple((name, id(tools[name])) for name in tools)


def analyze(forms, *, memory_names=(), tools=None, source: str | None = None,
            data=None) -> A.Program:
    """Check a program and build its AST; raises AnalysisError listing every problem.

    The AST of the same forms (the reader caches them by text) is reused while the tools are
    the same and the memory answers every name question as before.
    """
    forms = tuple(forms)
    key = id(forms)
    tkey = (_tools_key(tools), None if data is None else tuple(data))
    hit = _CACHE.get(key)
    if (hit is not None and hit[0] is forms and hit[1] == tkey
            and all((name in memory_names) == answer for name, answer in hit[2])):
        return hit[3]
    analyzer = Analyzer(memory_names=memory_names, tools=tools, source=source, data=data)
    program = analyzer.program(forms)
    entry = (forms, tkey, tuple(analyzer.memory_names.asked.items()), program)
    with _CACHE_LOCK:
        if len(_CACHE) >= _CACHE_SIZE:
            del _CACHE[next(iter(_CACHE))]
        _CACHE[key] = entry
    return program
