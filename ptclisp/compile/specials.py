"""The special forms: one handler per form, each checking its declared shape.

`SHAPES` holds the shape quoted in errors: `if expects (if test then else?), got 4 arguments`.
Handlers take (analyzer, list form, tail) and return an AST node.
"""
from __future__ import annotations

from . import ast as A
from ..lang import forms as F
from .. import messages
from .scopes import FnScope
from ..lang.values import Keyword, Symbol, freeze, hkey

SHAPES = {
    "if": "(if test then else?)",
    "do": "(do expr*)",
    "let": "(let [binding value ...] body*)",
    "fn": "(fn name? [params*] body*)",
    "def": "(def name docstring? value)",
    "defonce": "(defonce name docstring? value)",
    "defn": "(defn name docstring? [params*] body*)",
    "loop": "(loop [binding value ...] body*)",
    "recur": "(recur expr*)",
    "quote": "(quote form)",
    "and": "(and expr*)",
    "or": "(or expr*)",
    "case": "(case expr value result ... default?)",
    "for": "(for [binding coll :let [...] :when test :while test ...] body*)",
    "doseq": "(doseq [binding coll ...] body*)",
    "return": "(return value)",
    "fail": "(fail value)",
}


def shape_error(an, f: F.List, name: str, detail: str | None = None):
    """Abort the form with `name expects SHAPE, got N arguments` (or a detail)."""
    got = detail or messages.got_args(len(f.items) - 1)
    an.fail(messages.bad_shape(name, SHAPES[name], got), f, code="invalid-form")


def _sym(form) -> bool:
    return type(form) is F.Sym and form.ns is None


# ---------------------------------------------------------------- simple forms

def if_(an, f, tail):
    if not 3 <= len(f.items) <= 4:
        shape_error(an, f, "if")
    test = an.form(f.items[1])
    then = an.form(f.items[2], tail)
    else_ = an.form(f.items[3], tail) if len(f.items) == 4 else A.Const(None)
    return A.If(test, then, else_)


def do(an, f, tail):
    return an.body(f.items[1:], tail)


def quote(an, f, tail):
    if len(f.items) != 2:
        shape_error(an, f, "quote")
    return an.quote(f.items[1], f)


def and_(an, f, tail):
    items = f.items[1:]
    if not items:
        return A.Const(True)
    return A.And(tuple(an.form(x, tail and i == len(items) - 1) for i, x in enumerate(items)))


def or_(an, f, tail):
    items = f.items[1:]
    if not items:
        return A.Const(None)
    return A.Or(tuple(an.form(x, tail and i == len(items) - 1) for i, x in enumerate(items)))


def signal(kind):
    def handler(an, f, tail):
        if len(f.items) > 2:
            shape_error(an, f, kind)
        value = an.form(f.items[1]) if len(f.items) == 2 else A.Const(None)
        return A.Signal(kind, value)
    return handler


# ---------------------------------------------------------------- bindings

def binding_vector(an, f, name):
    """The [pattern value ...] vector of let/loop, checked for shape."""
    if len(f.items) < 2 or type(f.items[1]) is not F.Vector:
        shape_error(an, f, name, messages.NEEDS_BINDING_VECTOR)
    items = f.items[1].items
    if len(items) % 2:
        an.fail(messages.odd_bindings(name), f.items[1], hint=messages.HINT_ODD_BINDINGS)
    return list(zip(items[0::2], items[1::2]))


def let(an, f, tail):
    pairs = binding_vector(an, f, "let")
    scope = an.scope
    scope.blocks.append({})
    try:
        bindings = []
        for pat, val in pairs:
            node = an.form(val)
            bindings.append((pattern(an, pat), node))
        body = an.body(f.items[2:], tail)
    finally:
        scope.blocks.pop()
    return A.Let(tuple(bindings), body)


def loop(an, f, tail):
    pairs = binding_vector(an, f, "loop")
    scope = an.scope
    scope.blocks.append({})
    saved = scope.recur_arity
    try:
        bindings = []
        for pat, val in pairs:
            node = an.form(val)
            bindings.append((pattern(an, pat), node))
        scope.recur_arity = len(bindings)
        body = an.body(f.items[2:], True)
    finally:
        scope.recur_arity = saved
        scope.blocks.pop()
    return A.Loop(tuple(bindings), body, f.span)


def recur(an, f, tail):
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


def pattern(an, form):
    """A destructuring pattern; binds its names in the innermost block."""
    t = type(form)
    if t is F.Sym and form.ns is None:
        if form.name == "_":
            return A.PIgnore()
        if form.name == "&":
            an.fail(messages.BAD_AMPERSAND, form)
        return A.PBind(an.scope.bind(form.name), form.name)
    if t is F.Vector:
        return vector_pattern(an, form)
    if t is F.Map:
        return map_pattern(an, form)
    an.fail(messages.bad_pattern(F.text(form)), form, hint=messages.HINT_PATTERN, code="pattern")


def vector_pattern(an, form):
    items, rest, as_slot = [], None, None
    xs = list(form.items)
    i = 0
    while i < len(xs):
        x = xs[i]
        if type(x) is F.Sym and x.name == "&":
            if i + 1 >= len(xs):
                an.fail(messages.BAD_AMPERSAND, form)
            rest = pattern(an, xs[i + 1])
            i += 2
        elif type(x) is F.Lit and x.value == Keyword("as"):
            if i + 1 >= len(xs) or not _sym(xs[i + 1]):
                an.fail(messages.bad_pattern(F.text(form)), form, hint=messages.HINT_PATTERN)
            as_slot = an.scope.bind(xs[i + 1].name)
            i += 2
        elif rest is not None:
            an.fail(messages.bad_pattern(F.text(form)), form, hint=messages.HINT_PATTERN)
        else:
            items.append(pattern(an, x))
            i += 1
    return A.PVec(tuple(items), rest, as_slot, span=form.span)


_KEYS, _STRS, _AS, _OR, _SYMS = (Keyword("keys"), Keyword("strs"), Keyword("as"), Keyword("or"),
                                 Keyword("syms"))


def map_pattern(an, form):
    pairs = list(zip(form.items[0::2], form.items[1::2]))
    defaults = {}
    for k, v in pairs:
        if type(k) is F.Lit and k.value is _OR:
            if type(v) is not F.Map:
                an.fail(messages.bad_pattern(F.text(form)), form, hint=messages.HINT_PATTERN)
            for dk, dv in zip(v.items[0::2], v.items[1::2]):
                if _sym(dk):
                    defaults[dk.name] = an.form(dv)
    entries, as_slot = [], None
    for k, v in pairs:
        kv = k.value if type(k) is F.Lit else None
        if kv is _KEYS or kv is _STRS or kv is _SYMS:
            if type(v) is not F.Vector:
                an.fail(messages.bad_pattern(F.text(form)), form, hint=messages.HINT_PATTERN)
            for name_form in v.items:
                name = _binding_name(an, name_form, form)
                key = Keyword(name) if kv is _KEYS else name
                entries.append((A.PBind(an.scope.bind(name), name), key, defaults.get(name)))
        elif kv is _AS:
            if not _sym(v):
                an.fail(messages.bad_pattern(F.text(form)), form, hint=messages.HINT_PATTERN)
            as_slot = an.scope.bind(v.name)
        elif kv is _OR:
            continue
        else:
            key = an.form(v)
            if type(key) is not A.Const:
                an.fail(messages.bad_pattern(F.text(form)), form, hint=messages.HINT_PATTERN)
            default = defaults.get(k.name) if _sym(k) else None
            entries.append((pattern(an, k), freeze(key.value), default))
    return A.PMap(tuple(entries), as_slot, span=form.span)


def _binding_name(an, x, form) -> str:
    if type(x) is F.Sym:
        return x.name
    if type(x) is F.Lit and type(x.value) is Keyword:
        return x.value.name
    an.fail(messages.bad_pattern(F.text(form)), form, hint=messages.HINT_PATTERN)


# ---------------------------------------------------------------- functions

def fn(an, f, tail, name=None):
    items = list(f.items[1:])
    if items and _sym(items[0]):
        name = items.pop(0).name
    if not items or type(items[0]) is not F.Vector:
        if items and type(items[0]) is F.List:
            an.fail(messages.MULTI_ARITY, f, hint=messages.HINT_MULTI_ARITY)
        shape_error(an, f, "fn", messages.NEEDS_PARAMS)
    return function(an, name, items[0], items[1:], f)


def function(an, name, params_form, body_forms, f, self_name=True):
    """Analyze a function with its own frame; captures are found while analyzing the body."""
    outer = an.scope
    scope = FnScope(outer)
    an.scope = scope
    try:
        self_slot = scope.bind(name) if name and self_name else None
        params, rest = [], None
        xs = list(params_form.items)
        i = 0
        while i < len(xs):
            x = xs[i]
            if type(x) is F.Sym and x.name == "&":
                if i + 2 != len(xs):
                    an.fail(messages.BAD_AMPERSAND, params_form)
                rest = pattern(an, xs[i + 1])
                break
            params.append(pattern(an, x))
            i += 1
        scope.recur_arity = len(params) + (1 if rest is not None else 0)
        body = an.body(body_forms, True)
    finally:
        an.scope = outer
    return A.Fn(name, tuple(params), rest, body, tuple(scope.captures), scope.nslots, self_slot,
                scope.has_recur, span=f.span)


def short_fn(an, f):
    """`#(...)`: params from %, %1..%n and %& in the body."""
    top, rest = 0, False
    stack = list(f.items)
    while stack:
        x = stack.pop()
        t = type(x)
        if t is F.Sym and x.ns is None and x.name.startswith("%"):
            tail = x.name[1:]
            if tail == "":
                top = max(top, 1)
            elif tail == "&":
                rest = True
            elif tail.isdigit() and int(tail) >= 1:
                top = max(top, int(tail))
        elif t is F.FnLit:
            an.fail(messages.NESTED_SHORT_FN, x, hint=messages.HINT_NESTED_SHORT_FN)
        elif t in (F.List, F.Vector, F.Map, F.Set):
            stack.extend(x.items)
        elif t is F.Quote:
            stack.append(x.form)
    if not f.items:
        an.fail(messages.EMPTY_SHORT_FN, f)
    names = [F.Sym(f"%{i}") for i in range(1, top + 1)]
    params = list(names)
    if rest:
        params += [F.Sym("&"), F.Sym("%&")]
    body = [_rename_percent(F.List(tuple(f.items), span=f.span))]
    return function(an, None, F.Vector(tuple(params)), body, f)


def _rename_percent(form):
    """Replace bare % with %1 throughout a #() body (nested #() are rejected earlier)."""
    t = type(form)
    if t is F.Sym and form.ns is None and form.name == "%":
        return F.Sym("%1", span=form.span)
    if t in (F.List, F.Vector, F.Map, F.Set):
        return t(tuple(_rename_percent(x) for x in form.items), span=form.span)
    return form


def def_(an, f, tail, once=False):
    name = "defonce" if once else "def"
    items = f.items[1:]
    if len(items) == 3 and type(items[1]) is F.Lit and type(items[1].value) is str:
        items = (items[0], items[2])
    if items and type(items[0]) is F.Lit and items[0].value in (None, True, False):
        an.fail(messages.reserved_name(F.text(items[0])), items[0])
    if len(items) != 2 or not _sym(items[0]):
        shape_error(an, f, name)
    target = items[0].name
    return A.Def(target, an.form(items[1]), once)


def defn(an, f, tail):
    items = list(f.items[1:])
    if not items or not _sym(items[0]):
        shape_error(an, f, "defn")
    name = items.pop(0).name
    if items and type(items[0]) is F.Lit and type(items[0].value) is str:
        items.pop(0)
    if items and type(items[0]) is F.Map:  # attribute map, ignored
        items.pop(0)
    if not items or type(items[0]) is not F.Vector:
        if items and type(items[0]) is F.List:
            an.fail(messages.MULTI_ARITY, f, hint=messages.HINT_MULTI_ARITY)
        shape_error(an, f, "defn", messages.NEEDS_PARAMS)
    return A.Def(name, function(an, name, items[0], items[1:], f, self_name=False))


# ---------------------------------------------------------------- case, for, doseq

def case(an, f, tail):
    if len(f.items) < 2:
        shape_error(an, f, "case")
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
            value = _case_constant(an, c)
            table.setdefault(_case_key(value), index)
    return A.Case(expr, table, tuple(branches), default)


def _case_constant(an, form):
    if type(form) is F.Lit:
        return form.value
    if type(form) is F.Sym:
        return Symbol(form.name, form.ns)
    node = an.form(form)
    if type(node) is A.Const:
        return node.value
    an.fail(messages.CASE_CONSTANT, form, hint=messages.HINT_CASE_CONSTANT)


def _case_key(value):
    """Dispatch key: booleans kept apart from 1 and 0 (Python's True == 1), at any depth."""
    return hkey(value)


def for_(an, f, tail, collect=True):
    name = "for" if collect else "doseq"
    if len(f.items) < 2 or type(f.items[1]) is not F.Vector:
        shape_error(an, f, name, messages.NEEDS_BINDING_VECTOR)
    xs = f.items[1].items
    if len(xs) % 2 or not xs:
        an.fail(messages.odd_bindings(name), f.items[1], hint=messages.HINT_ODD_BINDINGS)
    scope = an.scope
    scope.blocks.append({})
    saved = scope.recur_arity
    scope.recur_arity = None  # recur cannot jump out of a for body
    try:
        clauses = []
        for k, v in zip(xs[0::2], xs[1::2]):
            kv = k.value if type(k) is F.Lit else None
            if kv is Keyword("let"):
                if type(v) is not F.Vector or len(v.items) % 2:
                    an.fail(messages.odd_bindings(":let"), v, hint=messages.HINT_ODD_BINDINGS)
                lets = []
                for p, e in zip(v.items[0::2], v.items[1::2]):
                    node = an.form(e)
                    lets.append((pattern(an, p), node))
                clauses.append(("let", tuple(lets)))
            elif kv is Keyword("when"):
                clauses.append(("when", an.form(v)))
            elif kv is Keyword("while"):
                clauses.append(("while", an.form(v)))
            elif type(k) is F.Lit and type(kv) is Keyword:
                an.fail(messages.bad_for_modifier(kv.name, name), k)
            else:
                node = an.form(v)
                clauses.append(("bind", pattern(an, k), node))
        if clauses[0][0] != "bind":
            an.fail(messages.odd_bindings(name), f.items[1], hint=messages.HINT_ODD_BINDINGS)
        body = an.body(f.items[2:], False)
    finally:
        scope.recur_arity = saved
        scope.blocks.pop()
    return A.For(tuple(clauses), body, collect, span=f.span)


SPECIALS = {
    "if": if_,
    "do": do,
    "quote": quote,
    "and": and_,
    "or": or_,
    "let": let,
    "loop": loop,
    "recur": recur,
    "fn": fn,
    "def": def_,
    "defonce": lambda an, f, tail: def_(an, f, tail, once=True),
    "defn": defn,
    "case": case,
    "for": for_,
    "doseq": lambda an, f, tail: for_(an, f, tail, collect=False),
    "return": signal("return"),
    "fail": signal("fail"),
}

# journaled tasks (spec 5.18-5.20) live in journal.py
from ..host import journal as _journal  # noqa: E402  (after SPECIALS: journal imports nothing from here)

SPECIALS.update(_journal.SPECIALS)
SHAPES.update(_journal.SHAPES)
