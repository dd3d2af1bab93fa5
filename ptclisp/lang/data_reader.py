"""One data literal back to a value: `read_value` reads what `format_value` prints.

Data is what the printer writes: nil, booleans, numbers (`##Inf` `##-Inf` `##NaN` too), strings,
keywords, quoted symbols, vars, regexes, vectors, maps and sets. Anything else (a list, a
function literal, a bare symbol) or a duplicate map key or set member is a ReadError.
"""
from __future__ import annotations

from . import forms, reader
from .. import messages
from ..errors import ReadError
from .printer import format_value
from .values import PSet, Symbol, Var, freeze, hkey, make_map

__all__ = ["read_value", "value_from_form", "RegexLiteral"]

_INF = float("inf")


class RegexLiteral:
    """A regex read back by `read_value` (equal to a regex value of the same source)."""

    __slots__ = ("ptc_regex_source",)
    ptc_type_name = "regex"

    def __init__(self, source: str):
        self.ptc_regex_source = source

    def __eq__(self, other):
        return getattr(other, "ptc_regex_source", None) == self.ptc_regex_source

    def __hash__(self):
        return hash(("regex", self.ptc_regex_source))


def read_value(text: str, *, max_int_digits: int | None = None):
    """One data literal (as printed by format_value) back to a value; ReadError otherwise.

    max_int_digits: the longest integer read (default: any the text holds; a longer one is a
    ReadError before it is converted, which takes time quadratic in its digits)."""
    size = max(len(text), 1)  # what the printer writes reads back: no literal is longer than text
    digits = size if max_int_digits is None else max_int_digits
    result = reader.read(text, max_literal_chars=size, max_int_digits=digits)
    found = list(result) if isinstance(result, (list, tuple)) else [result]
    found = [f for f in found if type(f) is not forms.Comment]
    if len(found) != 1:
        raise ReadError(messages.read_value_count(len(found)), source=text)
    return value_from_form(found[0], source=text)


def value_from_form(form, *, source: str | None = None):
    """The value a data form stands for (Lit, Vector, Map, Set, quoted symbol, var, regex)."""
    return _DataBuilder(forms, source).build(form)


class _DataBuilder:
    """Turns forms into values with an explicit stack (any nesting depth)."""

    def __init__(self, forms, source):
        self.forms = forms
        self.source = source
        F = forms
        self.leaf = {F.Lit: self.lit, F.Sym: self.sym, F.Quote: self.quote,
                     F.VarQuote: self.var, F.Regex: self.regex}
        self.nodes = {F.Vector: self.make_vector, F.Map: self.make_map, F.Set: self.make_set}

    def build(self, root):
        # post-order: each collection is built once all its items are values
        results: list = []
        work = [(root, False)]
        while work:
            form, ready = work.pop()
            if ready:
                n = len(form.items)
                items = results[len(results) - n:] if n else []
                del results[len(results) - n:]
                results.append(self.nodes[type(form)](form, items))
                continue
            leaf = self.leaf.get(type(form))
            if leaf is not None:
                results.append(leaf(form))
            elif type(form) in self.nodes:
                work.append((form, True))
                work.extend((item, False) for item in reversed(form.items))
            else:
                self.fail(messages.read_value_not_data(self.describe(form)), form)
        return results[0]

    def fail(self, message, form):
        raise ReadError(message, span=getattr(form, "span", None), source=self.source)

    def describe(self, form) -> str:
        F = self.forms
        if type(form) is F.List:
            return messages.DATA_LIST
        if type(form) is F.FnLit:
            return messages.DATA_FN
        return messages.DATA_OTHER

    def lit(self, form):
        return form.value

    def sym(self, form):
        special = _SPECIAL_SYMBOLS.get(form.full, _NOT_SPECIAL)
        if special is _NOT_SPECIAL:
            self.fail(messages.read_value_symbol(form.full), form)
        return special

    def quote(self, form):
        inner = form.form
        if type(inner) is self.forms.Sym:
            return Symbol(inner.name, inner.ns)
        if type(inner) is self.forms.Lit:
            return inner.value
        self.fail(messages.read_value_not_data(messages.DATA_QUOTED), form)

    def var(self, form):
        return Var(form.sym.full)

    def regex(self, form):
        return RegexLiteral(form.pattern)

    def make_vector(self, form, items):
        return list(items)

    def make_map(self, form, items):
        seen = set()
        for i in range(0, len(items) - 1, 2):
            key = hkey(freeze(items[i]))
            if key in seen:
                self.fail(messages.read_value_duplicate("key", format_value(items[i], max_chars=60)),
                          form)
            seen.add(key)
        if len(items) % 2:
            self.fail(messages.READ_VALUE_ODD_MAP, form)
        return make_map(zip(items[::2], items[1::2]))

    def make_set(self, form, items):
        out = PSet.of(items)
        if len(out) < len(items):
            seen = set()
            for item in items:
                key = hkey(freeze(item))
                if key in seen:
                    self.fail(messages.read_value_duplicate(
                        "set member", format_value(item, max_chars=60)), form)
                seen.add(key)
        return out


_NOT_SPECIAL = object()
_SPECIAL_SYMBOLS = {
    "nil": None, "true": True, "false": False, "##Inf": _INF, "##-Inf": -_INF,
    "##NaN": float("nan"),
}
