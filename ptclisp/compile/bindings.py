"""Analysis shared by the special forms and #(): destructuring patterns, binding vectors and
function bodies (each function gets its own frame; captures are found while analyzing it)."""
from __future__ import annotations

from . import ast as A
from ..lang import forms as F
from .. import messages
from .scopes import FnScope
from .special_forms import shape_error
from ..lang.values import Keyword, freeze


def _sym(form) -> bool:
    """True for a symbol without a namespace."""
    return type(form) is F.Sym and form.ns is None


def binding_vector(an, f):
    """The [pattern value ...] pairs of let/loop, checked for shape."""
    name = f.items[0].name
    if len(f.items) < 2 or type(f.items[1]) is not F.Vector:
        shape_error(an, f, messages.NEEDS_BINDING_VECTOR)
    items = f.items[1].items
    if len(items) % 2:
        an.fail(messages.odd_bindings(name), f.items[1], hint=messages.HINT_ODD_BINDINGS)
    return list(zip(items[0::2], items[1::2]))


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
    """[a b & rest :as all]: items, an optional rest pattern and an optional :as name."""
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
    """{:keys [a] :strs [b] :syms [c] :or {a 1} :as m, x :key}: entries with their defaults."""
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
    """A name in :keys/:strs/:syms: a symbol or a keyword."""
    if type(x) is F.Sym:
        return x.name
    if type(x) is F.Lit and type(x.value) is Keyword:
        return x.value.name
    an.fail(messages.bad_pattern(F.text(form)), form, hint=messages.HINT_PATTERN)


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
