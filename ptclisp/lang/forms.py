"""Forms: what the reader produces and the analyzer consumes.

Every form carries a span (line, column) that equality ignores, so `read("(+ 1 2)")` equals a
form built by hand. `text` on literals keeps the exact source spelling (for the source
formatter); equality ignores it too.
"""
from __future__ import annotations

import attrs

from .source import Span

_span = attrs.field(default=None, eq=False, repr=False)


@attrs.define(slots=True)
class Lit:
    """A self-evaluating literal: nil, true, false, number, string, character, keyword."""

    value: object
    span: Span | None = _span
    text: str | None = attrs.field(default=None, eq=False, repr=False)


@attrs.define(slots=True)
class Sym:
    """A symbol: `x`, `str/join`, `data/orders`, `tool/search`, `*1`."""

    name: str
    ns: str | None = None
    span: Span | None = _span

    @property
    def full(self) -> str:
        """The symbol as written: `ns/name` or `name`."""
        return self.name if self.ns is None else f"{self.ns}/{self.name}"


@attrs.define(slots=True)
class List:
    """A parenthesised form `( ... )`: a call or special form."""

    items: tuple
    span: Span | None = _span


@attrs.define(slots=True)
class Vector:
    """A vector literal `[ ... ]`."""

    items: tuple
    span: Span | None = _span


@attrs.define(slots=True)
class Map:
    """A map literal `{k v ...}`; items alternate key, value."""

    items: tuple
    span: Span | None = _span


@attrs.define(slots=True)
class Set:
    """A set literal `#{ ... }`."""

    items: tuple
    span: Span | None = _span


@attrs.define(slots=True)
class FnLit:
    """A short function `#( ... )`; items are the body list's items."""

    items: tuple
    span: Span | None = _span


@attrs.define(slots=True)
class Regex:
    """A regex literal `#"..."` (pattern text after string escapes of the regex reader)."""

    pattern: str
    span: Span | None = _span


@attrs.define(slots=True)
class VarQuote:
    """A var reference `#'name`."""

    sym: Sym
    span: Span | None = _span


@attrs.define(slots=True)
class Quote:
    """A quoted form `'x` (the analyzer accepts symbols and literals)."""

    form: object
    span: Span | None = _span


@attrs.define(slots=True)
class Comment:
    """A `;` comment; only produced when reading for the source formatter."""

    text: str
    span: Span | None = _span


COLLECTIONS = (List, Vector, Map, Set, FnLit)


_OPEN = {List: ("(", ")"), Vector: ("[", "]"), Map: ("{", "}"), Set: ("#{", "}"), FnLit: ("#(", ")")}


def text(form) -> str:
    """Compact one-line source text of a form (for messages); iterative for deep forms."""
    out: list[str] = []
    stack = [form]
    while stack:
        f = stack.pop()
        if type(f) is str:  # a pending closer or separator
            out.append(f)
            continue
        t = type(f)
        if t in _OPEN:
            opener, closer = _OPEN[t]
            out.append(opener)
            stack.append(closer)
            for i in range(len(f.items) - 1, -1, -1):
                stack.append(f.items[i])
                if i:
                    stack.append(" ")
        elif t is Sym:
            out.append(f.full)
        elif t is Lit:
            out.append(f.text if f.text is not None else _lit_text(f.value))
        elif t is Regex:
            out.append('#"' + f.pattern + '"')
        elif t is VarQuote:
            out.append("#'" + f.sym.full)
        elif t is Quote:
            stack.append(f.form)
            out.append("'")
        elif t is Comment:
            out.append(f.text)
    return "".join(out)


def _lit_text(v) -> str:
    if v is None:
        return "nil"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if type(v) is str:
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    return str(v)  # numbers, and keywords as Lisp text
