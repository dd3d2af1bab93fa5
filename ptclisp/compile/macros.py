"""Macros: forms rewritten into simpler forms before analysis (spans kept from the original).

Each macro is declared once, with `@macro(name, shape)` on its expander, which takes (analyzer,
list form) and returns a new form; shape is what its errors quote. Generated names contain a
space, so they can never clash with a name a program writes.
"""
from __future__ import annotations

import itertools

from ..lang import forms as F
from .. import messages

SHAPES: dict[str, str] = {}  # name -> the shape its errors quote; filled by @macro below
MACROS: dict = {}  # name -> expander (analyzer, list form) -> form


def macro(name: str, shape: str):
    """Register the decorated expander as the macro name, whose errors quote shape."""
    def register(expand):
        SHAPES[name], MACROS[name] = shape, expand
        return expand
    return register


_counter = itertools.count(1)
# a macro expands into forms nested as deep as its steps: bound it like the reader bounds
# written nesting, so a 20,000-step -> cannot drive analysis into deep recursion
MAX_STEPS = 1000


def _check_steps(an, f, name, steps):
    if steps > MAX_STEPS:
        an.fail(messages.too_many_steps(name, steps, MAX_STEPS), f, hint=messages.HINT_TOO_MANY_STEPS,
                code="limit")


def _gensym(span) -> F.Sym:
    return F.Sym(f" g{next(_counter)}", span=span)


def _fail(an, f, name, detail=None):
    got = detail or messages.got_args(len(f.items) - 1)
    an.fail(messages.bad_shape(name, SHAPES[name], got), f, code="invalid-form")


def _l(span, *items) -> F.List:
    return F.List(tuple(items), span=span)


def _s(name, span=None) -> F.Sym:
    return F.Sym(name, span=span)


def _core(name) -> F.Sym:
    """A clojure.core function the expansion calls, immune to a program's own defs."""
    return F.Sym(name, ns="clojure.core")


@macro("when", "(when test body*)")
def when(an, f):
    if len(f.items) < 2:
        _fail(an, f, "when")
    return _l(f.span, _s("if"), f.items[1], _l(f.span, _s("do"), *f.items[2:]))


@macro("when-not", "(when-not test body*)")
def when_not(an, f):
    if len(f.items) < 2:
        _fail(an, f, "when-not")
    return _l(f.span, _s("if"), f.items[1], F.Lit(None), _l(f.span, _s("do"), *f.items[2:]))


@macro("if-not", "(if-not test then else?)")
def if_not(an, f):
    if not 3 <= len(f.items) <= 4:
        _fail(an, f, "if-not")
    else_ = f.items[3] if len(f.items) == 4 else F.Lit(None)
    return _l(f.span, _s("if"), f.items[1], else_, f.items[2])


@macro("cond", "(cond test expr ...)")
def cond(an, f):
    clauses = f.items[1:]
    if len(clauses) % 2:
        _fail(an, f, "cond", messages.ODD_COND)
    _check_steps(an, f, "cond", len(clauses) // 2)
    out = F.Lit(None)
    for test, expr in reversed(list(zip(clauses[0::2], clauses[1::2]))):
        out = _l(getattr(test, "span", f.span), _s("if"), test, expr, out)
    return out


@macro("condp", "(condp pred expr test result ... default?)")
def condp(an, f):
    if len(f.items) < 3:
        _fail(an, f, "condp")
    pred, expr, clauses = f.items[1], f.items[2], list(f.items[3:])
    _check_steps(an, f, "condp", len(clauses) // 2)
    p, e = _gensym(f.span), _gensym(f.span)
    out = clauses.pop() if len(clauses) % 2 else F.Lit(None)
    for test, result in reversed(list(zip(clauses[0::2], clauses[1::2]))):
        out = _l(f.span, _s("if"), _l(f.span, p, test, e), result, out)
    return _l(f.span, _s("let"), F.Vector((p, pred, e, expr)), out)


def _one_binding(an, f, name):
    if len(f.items) < 2 or type(f.items[1]) is not F.Vector or len(f.items[1].items) != 2:
        _fail(an, f, name, messages.NEEDS_ONE_BINDING)
    return f.items[1].items


def _conditional_binding(name, shape, test_of, has_else):
    """Register the macro name: if-let and friends, testing the bound value with test_of."""
    @macro(name, shape)
    def expand(an, f):
        pat, expr = _one_binding(an, f, name)
        if has_else and not 3 <= len(f.items) <= 4:
            _fail(an, f, name)
        g = _gensym(f.span)
        if has_else:
            then, else_ = f.items[2], (f.items[3] if len(f.items) == 4 else F.Lit(None))
        else:
            then, else_ = _l(f.span, _s("do"), *f.items[2:]), F.Lit(None)
        body = _l(f.span, _s("let"), F.Vector((pat, g)), then)
        return _l(f.span, _s("let"), F.Vector((g, expr)), _l(f.span, _s("if"), test_of(g, f.span), body, else_))
    return expand


def _truthy_test(g, span):
    return g


def _some_test(g, span):
    return _l(span, _core("some?"), g)


@macro("when-first", "(when-first [name coll] body*)")
def when_first(an, f):
    pat, coll = _one_binding(an, f, "when-first")
    g = _gensym(f.span)
    body = _l(f.span, _s("let"), F.Vector((pat, _l(f.span, _core("first"), g))), *f.items[2:])
    return _l(f.span, _s("let"), F.Vector((g, coll)),
              _l(f.span, _s("if"), _l(f.span, _core("seq"), g), body, F.Lit(None)))


def _thread_step(x, step, last):
    """Insert x into step as first (->) or last (->>) argument."""
    if type(step) is F.List and step.items:
        items = step.items
        new = (items[0], *items[1:], x) if last else (items[0], x, *items[1:])
        return F.List(new, span=step.span)
    return F.List((step, x), span=getattr(step, "span", None))


def thread(last):
    """Register -> (or ->> when last)."""
    name = "->>" if last else "->"

    @macro(name, f"({name} x form*)")
    def expand(an, f):
        if len(f.items) < 2:
            _fail(an, f, name)
        _check_steps(an, f, name, len(f.items) - 2)
        x = f.items[1]
        for step in f.items[2:]:
            x = _thread_step(x, step, last)
        return x
    return expand


@macro("as->", "(as-> expr name form*)")
def as_thread(an, f):
    if len(f.items) < 3 or type(f.items[2]) is not F.Sym:
        _fail(an, f, "as->")
    name = f.items[2]
    bindings = [name, f.items[1]]
    for step in f.items[3:]:
        bindings += [name, step]
    return _l(f.span, _s("let"), F.Vector(tuple(bindings)), name)


def cond_thread(last):
    """Register cond-> (or cond->> when last)."""
    name = "cond->>" if last else "cond->"

    @macro(name, f"({name} expr test form ...)")
    def expand(an, f):
        if len(f.items) < 2 or len(f.items) % 2:
            _fail(an, f, name, messages.ODD_COND)
        _check_steps(an, f, name, len(f.items) // 2)
        g = _gensym(f.span)
        bindings = [g, f.items[1]]
        clauses = f.items[2:]
        for test, step in zip(clauses[0::2], clauses[1::2]):
            bindings += [g, _l(f.span, _s("if"), test, _thread_step(g, step, last), g)]
        return _l(f.span, _s("let"), F.Vector(tuple(bindings)), g)
    return expand


def some_thread(last):
    """Register some-> (or some->> when last)."""
    name = "some->>" if last else "some->"

    @macro(name, f"({name} expr form*)")
    def expand(an, f):
        if len(f.items) < 2:
            _fail(an, f, name)
        _check_steps(an, f, name, len(f.items) - 2)
        return _chain(f, _gensym(f.span), f.items[1], f.items[2:], last)
    return expand


def _chain(f, g, start, steps, last):
    """(let [g start] (if (nil? g) nil (let [g (step g)] ...)))."""
    body = g
    for step in reversed(steps):
        body = _l(f.span, _s("if"), _l(f.span, _core("nil?"), g), F.Lit(None),
                  _l(f.span, _s("let"), F.Vector((g, _thread_step(g, step, last))), body))
    return _l(f.span, _s("let"), F.Vector((g, start)), body)


@macro("comment", "(comment ...)")
def comment(an, f):
    return F.Lit(None)


_conditional_binding("if-let", "(if-let [name expr] then else?)", _truthy_test, True)
_conditional_binding("when-let", "(when-let [name expr] body*)", _truthy_test, False)
_conditional_binding("if-some", "(if-some [name expr] then else?)", _some_test, True)
_conditional_binding("when-some", "(when-some [name expr] body*)", _some_test, False)
thread(False)
thread(True)
cond_thread(False)
cond_thread(True)
some_thread(False)
some_thread(True)


@macro("letfn", "(letfn [(name [params*] body*) ...] body*)")
def letfn(an, f):
    """`(let [name (fn name [params*] body*) ...] body*)`: each function can call itself and
    the ones before it. One that names a later one (mutual recursion) is refused: the let
    would not see it, or would silently call an outer function of that name."""
    if len(f.items) < 2 or type(f.items[1]) is not F.Vector:
        _fail(an, f, "letfn", messages.LETFN_BINDINGS)
    specs = f.items[1].items
    for spec in specs:
        if type(spec) is not F.List or len(spec.items) < 2 or type(spec.items[0]) is not F.Sym \
                or spec.items[0].ns is not None:
            _fail(an, f, "letfn", messages.LETFN_BINDINGS)
    names = [spec.items[0].name for spec in specs]
    pairs = []
    for i, spec in enumerate(specs):
        later = set(names[i + 1:]) - set(names[:i + 1])
        used = next((s for s in _symbols(spec.items[1:]) if s.ns is None and s.name in later), None)
        if used is not None:
            an.fail(messages.letfn_forward(names[i], used.name), used,
                    hint=messages.HINT_LETFN_FORWARD, code="invalid-form")
        pairs += [spec.items[0], _l(spec.span, _s("fn"), *spec.items)]
    return _l(f.span, _s("let"), F.Vector(tuple(pairs), span=f.items[1].span), *f.items[2:])


def _symbols(forms):
    """Every symbol in forms, at any depth."""
    stack = list(forms)
    while stack:
        x = stack.pop()
        if type(x) is F.Sym:
            yield x
        elif type(x) in (F.List, F.Vector, F.Map, F.Set, F.FnLit):
            stack.extend(x.items)


@macro("defn-", "(defn- name docstring? [params*] body*)")
def defn_private(an, f):
    """`defn`: there are no namespaces, so nothing is private."""
    return _l(f.span, F.Sym("defn", span=f.items[0].span), *f.items[1:])


@macro("declare", "(declare name*)")
def declare(an, f):
    """nil: a program's top-level defs can already be used before the form that defines them."""
    for x in f.items[1:]:
        if type(x) is not F.Sym or x.ns is not None:
            _fail(an, f, "declare", messages.DECLARE_NAMES)
    return F.Lit(None, span=f.span)
