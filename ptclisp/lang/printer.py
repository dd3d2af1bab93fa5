"""The printer: values -> PTC-Lisp text, the way results are shown (data_reader.py reads it back).

Printed forms:
- `nil` `true` `false`, integers of any size, `##Inf` `##-Inf` `##NaN`.
- Floats in Clojure's layout with the shortest digits that read back exactly: plain between
  10^-3 and 10^7 (`1.0`, `3.14`, `-0.5`), scientific outside (`2.5E10`, `1.23E-4`). The LLM
  feedback asks for `compact_floats`, which first rounds to 12 significant digits, so
  `(+ 1.1 2.2)` shows as `3.3` (PtcRunner's "no IEEE noise in feedback").
- Strings in double quotes; `\\ \" \n \t \r` escaped (the reader's escapes), all else as is.
- `:kw`, symbols `'sym` (quoted, so they read back as symbols; one that cannot read back,
  such as `(symbol "a b")`, prints as `#<symbol "a b">`), vars `#'x`; vectors `[1 2 3]`
  (list, tuple and PVector alike); maps `{:a 1 :b 2}` and sets `#{1 2}` in the total order of
  `values.sort_key`, so printing is deterministic.
- Hooks for values defined elsewhere: `ptc_regex_source` -> `#"src"`; a `ptc_format()` method ->
  its text; callables: `ptc_params` -> `#fn[x y]` (PtcRunner's form), else `ptc_name` ->
  `#fn[name]`, else `#fn[anonymous]`. Anything else: `#<name>` with its `ptc_type_name`.
Truncation always says what was cut, inside the cut collection and at every level: `limit`
items per collection gives `[1 2 ... 3 more]`, `#{1 ... 2 more}`, and for a map the keys left
out: `{:a 1 ... 2 more keys}`. `max_chars` bounds the whole text: a string is cut as
`"abc..." (3/21 chars)`, collections close early with the same `... N more` note, and as a last
resort the text is cut as
`... (k/N chars)`. The printer keeps its own stack, so any nesting depth prints.
"""
from __future__ import annotations

import functools
import heapq
import math
from decimal import Decimal
from itertools import islice

from . import export, forms, reader
from ..errors import ReadError
from .values import MAP_TYPES, SET_TYPES, VECTOR_TYPES, Keyword, Symbol, Var, sort_key

__all__ = ["format_value", "render_value", "format_float", "format_string", "cut_text", "cut_note",
           "int_text"]

_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r"}
_ESCAPE_TABLE = str.maketrans(_ESCAPES)
_NO_LIMIT = float("inf")
_ELLIPSIS = " ..."
_MIN_SHARE = 40  # a long string in a collection keeps at least this much of the budget


# ---------------------------------------------------------------- atoms


def format_string(s: str) -> str:
    """A string as a PTC-Lisp string literal."""
    return '"' + s.translate(_ESCAPE_TABLE) + '"'


def format_float(x: float, *, compact: bool = False) -> str:
    """A float in Clojure's layout; compact rounds away IEEE noise first."""
    if x != x:
        return "##NaN"
    if x in (_NO_LIMIT, -_NO_LIMIT):
        return "##Inf" if x > 0 else "##-Inf"
    if compact and x != 0.0:
        x = float(f"{x:.12g}")
    if 1e-3 <= abs(x) < 1e7:  # Python's shortest repr already has Java's plain layout here
        return repr(x)
    if x == 0.0:
        return "-0.0" if math.copysign(1.0, x) < 0 else "0.0"
    sign, digits, exponent = Decimal(repr(x)).normalize().as_tuple()
    text = "".join(map(str, digits))
    point = len(text) + exponent  # digits before the decimal point
    if -2 <= point <= 7:  # 10^-3 <= |x| < 10^7: plain, like Java's Double.toString
        if point <= 0:
            body = "0." + "0" * -point + text
        elif point >= len(text):
            body = text + "0" * (point - len(text)) + ".0"
        else:
            body = text[:point] + "." + text[point:]
    else:
        body = text[0] + "." + (text[1:] or "0") + "E" + str(point - 1)
    return "-" + body if sign else body


def int_text(n: int) -> str:
    """Decimal digits of any integer, past CPython's int-to-text digit limit too."""
    try:
        return str(n)
    except ValueError:  # over sys.get_int_max_str_digits: convert in chunks of 1000 digits
        if n < 0:
            return "-" + int_text(-n)
        parts = []
        while n:
            n, low = divmod(n, _CHUNK)
            parts.append(low)
        head = str(parts.pop())
        return head + "".join(str(p).zfill(1000) for p in reversed(parts))


_CHUNK = 10 ** 1000

def _regex_text(source: str) -> str:
    """`#"src"`, escaping a bare double quote so the literal reads back."""
    out, i = [], 0
    while i < len(source):
        c = source[i]
        if c == "\\" and i + 1 < len(source):
            out.append(source[i:i + 2])
            i += 2
            continue
        out.append('\\"' if c == '"' else c)
        i += 1
    return '#"' + "".join(out) + '"'


def _fn_text(f) -> str:
    """`#fn[x y]` for closures with known params, `#fn[name]` for named functions."""
    params = getattr(f, "ptc_params", None)
    if params is not None:
        return "#fn[" + " ".join(str(p) for p in params) + "]"
    name = getattr(f, "ptc_name", None)
    return f"#fn[{name}]" if name else "#fn[anonymous]"


@functools.lru_cache(maxsize=4096)
def _symbol_text(name: str, ns) -> str:
    """`'name` when that reads back as this symbol, else `#<symbol "text">`, which says it cannot
    (a symbol made by `(symbol "a b")`, `(symbol "1x")` or `(symbol "nil")`)."""
    text = name if ns is None else f"{ns}/{name}"
    try:
        found = reader.read("'" + text)
    except ReadError:
        found = ()
    form = found[0].form if len(found) == 1 and type(found[0]) is forms.Quote else None
    if type(form) is forms.Sym and form.name == name and form.ns == ns:
        return "'" + text
    return "#<symbol " + format_string(text) + ">"


def _other_text(v, compact: bool) -> str:
    """Text of values without a table entry: regex, hooks, functions, opaque values."""
    source = getattr(v, "ptc_regex_source", None)
    if isinstance(source, str):
        return _regex_text(source)
    hook = getattr(v, "ptc_format", None)
    if callable(hook):
        return str(hook())
    if callable(v):
        return _fn_text(v)
    return "#<" + str(getattr(type(v), "ptc_type_name", "value")) + ">"


_ATOMS = {
    type(None): lambda v, c: "nil",
    bool: lambda v, c: "true" if v else "false",
    int: lambda v, c: int_text(v),
    float: lambda v, c: format_float(v, compact=c),
    Keyword: lambda v, c: ":" + v.name,
    Symbol: lambda v, c: _symbol_text(v.name, v.ns),
    Var: lambda v, c: "#'" + v.name,
}


def _sorted_by_key(items, limit, key):
    """The first `limit` items in the total order (all of them when limit is None)."""
    try:
        if limit < len(items):
            return heapq.nsmallest(int(limit), items, key=key)
        return sorted(items, key=key)
    except RecursionError:  # absurdly deep keys: keep the collection's own order
        return list(items)[: int(min(limit, len(items)))]


def _entry_key(kv):
    return sort_key(kv[0])


# ---------------------------------------------------------------- the printer


class _Overflow(Exception):
    """The whole text is longer than the cap of a trial run."""


class _Frame:
    """An open collection: what it shows, how far it got, what closing it costs."""

    __slots__ = ("items", "index", "shown", "total", "closer", "is_map", "sep", "res",
                 "marker_cost", "root")

    def __init__(self, items, total, closer, is_map, sep, root=False):
        self.items = items
        self.index = 0
        self.shown = 0
        self.total = total
        self.closer = closer
        self.is_map = is_map
        self.sep = sep
        self.root = root
        self.marker_cost = len(cut_note(total, is_map))
        self.res = self.reserve_for(0)

    def reserve_for(self, next_index: int) -> int:
        """Characters closing costs once `next_index` items have been placed."""
        if self.root:
            return 0
        more = next_index < self.total
        return len(self.closer) + (self.marker_cost if more else 0)


class _Printer:
    """One printing run: an explicit stack of open collections and a character budget."""

    def __init__(self, limit, max_chars, compact, sep, cap=None):
        self.limit = _NO_LIMIT if limit is None else max(int(limit), 0)
        self.budget = _NO_LIMIT if max_chars is None else max(int(max_chars), 0)
        self.cap = _NO_LIMIT if cap is None else cap  # give up (_Overflow) past this length
        bound = min(self.budget, self.cap)
        if bound != _NO_LIMIT:  # nothing past the budget can show: sort no more than that
            self.limit = min(self.limit, bound // 2 + 1)
        self.compact = compact
        self.sep = sep
        self.out: list[str] = []
        self.n = 0
        self.reserve = 0
        self.stack: list[_Frame] = []
        self.truncated = False
        self.full = False
        self.overflow: str | None = None  # the root did not fit at all: hard cut this
        self.key_mark = (0, 0)  # where the last map key started, to take it back

    def put(self, text: str):
        self.out.append(text)
        self.n += len(text)
        if self.n > self.cap:
            raise _Overflow

    def set_res(self, frame: _Frame, res: int):
        self.reserve += res - frame.res
        frame.res = res

    # ------------------------------------------------------------ driving

    def run(self, value) -> tuple[str, bool]:
        root = _Frame([value], 1, "", False, "", root=True)
        self.stack.append(root)
        while self.stack:
            self.step(self.stack[-1])
        if self.overflow is not None:
            return self._hard_cut(self.overflow), True
        text = "".join(self.out)
        if len(text) > self.budget:  # a safety net; the reserves should prevent it
            return self._hard_cut(text), True
        return text, self.truncated

    def step(self, f: _Frame):
        if f.is_map and f.index < f.shown:  # the key is out; place its value
            value = f.items[f.index][1]
            f.index += 1
            self.place(value, " ", f, in_value=True)
            return
        if self.full or f.index >= len(f.items):
            self.close(f)
            return
        sep = f.sep if f.index else ""
        if f.is_map:
            self.place_key(f, sep)
        else:
            item = f.items[f.index]
            f.index += 1
            self.place(item, sep, f, in_value=False)

    def room(self, f: _Frame, after_res: int) -> float:
        """Characters free for the next piece of f once f's reserve becomes after_res."""
        return self.budget - self.n - (self.reserve - f.res + after_res)

    # ------------------------------------------------------------ placing pieces

    def place_key(self, f: _Frame, sep: str):
        key = f.items[f.index][0]
        text = self.key_text(key)
        after = f.reserve_for(f.index + 1) + 2  # a value takes at least two characters
        if len(sep) + len(text) > self.room(f, after):
            self.full = True
            return
        self.key_mark = (len(self.out), self.n)
        self.put(sep + text)
        self.set_res(f, after)
        f.shown += 1

    def key_text(self, key) -> str:
        conv = _ATOMS.get(type(key))
        if conv is not None:
            return conv(key, self.compact)
        if type(key) is str:
            return format_string(key)
        sub = _Printer(None if self.limit == _NO_LIMIT else self.limit, None, self.compact,
                       self.sep)
        text, cut = sub.run(key)
        self.truncated |= cut
        return text

    def place(self, v, sep: str, f: _Frame, *, in_value: bool):
        after = f.reserve_for(f.index)
        room = self.room(f, after) - len(sep)
        text = self.atom_text(v, self.share(f, room) if type(v) is str else room)
        if text is None:
            opened = self.open(v, sep, room)
            if opened is not None:
                self.set_res(f, after)
                if not in_value:
                    f.shown += 1
                self.reserve += opened.res
                self.stack.append(opened)
                return
        elif len(text) <= room:
            self.put(sep + text)
            self.set_res(f, after)
            if not in_value:
                f.shown += 1
            return
        self.no_room(v, sep, f, in_value, after, text)

    def share(self, f: _Frame, room):
        """A string's fair part of room, so one long string cannot hide its siblings."""
        left = len(f.items) - f.index + 1  # this item and the ones after it
        if left <= 1 or room == _NO_LIMIT:
            return room
        return min(room, max(room // left, _MIN_SHARE))

    def no_room(self, v, sep, f, in_value, after, text):
        """The piece does not fit: stop here and close everything (the notes say what was cut)."""
        self.full = True
        self.truncated = True
        if in_value:  # take the key back out: the entry is not shown
            count, self.n = self.key_mark
            del self.out[count:]
            f.shown -= 1
            self.set_res(f, f.reserve_for(f.index - 1))
        elif f.root:
            self.overflow = text if text is not None else format_value(v, limit=3)

    def atom_text(self, v, room):
        """The text of a scalar (a string cut to fit room), or None for collections."""
        conv = _ATOMS.get(type(v))
        if conv is not None:
            return conv(v, self.compact)
        if type(v) is str:
            return self.fit_string(v, room)
        if isinstance(v, (VECTOR_TYPES, MAP_TYPES, SET_TYPES)):
            return None
        return _other_text(v, self.compact)

    def fit_string(self, s: str, room) -> str:
        """The quoted string, or its longest prefix that fits room with a `(k/N chars)` note."""
        if len(s) + 2 <= room:  # else even the unescaped string cannot fit
            full = format_string(s)
            if len(full) <= room:
                return full
        note = f" ({len(s)}/{len(s)} chars)"
        avail = room - len(note) - 5  # two quotes and "..."
        used, k = 0, 0
        for c in islice(s, max(int(min(avail, len(s))), 0)):
            w = len(_ESCAPES.get(c, c))
            if used + w > avail:
                break
            used += w
            k += 1
        if k == 0:
            return format_string(s)  # too long for room; the caller sees it does not fit
        self.truncated = True
        return '"' + s[:k].translate(_ESCAPE_TABLE) + '..."' + f" ({k}/{len(s)} chars)"

    def open(self, v, sep: str, room):
        """Start printing a collection if its opener and closing fit; returns its frame."""
        sep_items = self.sep
        if isinstance(v, VECTOR_TYPES):
            opener, closer, is_map = "[", "]", False
            items = v if len(v) <= self.limit else list(islice(v, int(self.limit)))
        elif isinstance(v, MAP_TYPES):
            opener, closer, is_map = "{", "}", True
            items = _sorted_by_key(list(v.items()), self.limit, _entry_key)
        else:
            opener, closer, is_map = "#{", "}", False
            items = _sorted_by_key(list(v), self.limit, sort_key)
        frame = _Frame(items, len(v), closer, is_map, sep_items)
        if len(sep) + len(opener) + frame.res > room:
            return None
        self.put(sep + opener)
        return frame

    def close(self, f: _Frame):
        self.stack.pop()
        self.reserve -= f.res
        if f.root:
            return
        if f.shown < f.total:
            self.truncated = True
            note = cut_note(f.total - f.shown, f.is_map)
            self.put((note if f.shown else note.lstrip()) + f.closer)
        else:
            self.put(f.closer)

    def _hard_cut(self, text: str) -> str:
        return cut_text(text, int(self.budget))[0]


def cut_note(left: int, is_map: bool) -> str:
    """` ... 3 more` closing a cut list or set, ` ... 3 more keys` a cut map."""
    if not is_map:
        return f"{_ELLIPSIS} {left} more"
    return f"{_ELLIPSIS} {left} more {'key' if left == 1 else 'keys'}"


def cut_text(text: str, max_chars: int) -> tuple[str, bool]:
    """(text within max_chars ending with `... (k/N chars)` when cut, cut?)."""
    if len(text) <= max_chars:
        return text, False
    total = len(text)
    keep = max_chars - len(f"... ({total}/{total} chars)")
    if keep < 1:  # no room for a note
        return text[:max(max_chars, 0)], True
    while keep + 1 + len(f"... ({keep + 1}/{total} chars)") <= max_chars:
        keep += 1  # the note got shorter than reserved: keep more text
    return text[:keep] + f"... ({keep}/{total} chars)", True


def render_value(value, *, limit=None, max_chars=None, compact_floats=False,
                 separator=" ") -> tuple[str, bool]:
    """(text, truncated?): the value printed with at most `limit` items per collection and
    at most `max_chars` characters; `separator` goes between items."""
    if max_chars is not None:  # whole when it fits (the budgeted pass reserves pessimistically)
        whole = _Printer(limit, None, compact_floats, separator, cap=max_chars)
        try:
            return whole.run(value)
        except _Overflow:
            pass
    return _Printer(limit, max_chars, compact_floats, separator).run(value)


def format_value(value, *, limit=None, max_chars=None) -> str:
    """The value as PTC-Lisp text; truncation (if any) says what was cut.

    Without max_chars, a value longer than export.FORMAT_CHARS characters written out (shared
    parts count each time) raises LimitExceeded: pass max_chars to get a cut text instead."""
    if max_chars is None:
        if limit is None:
            try:
                return _plain(value, 0, [export.PROBE])
            except _Overflow:  # deep, long or shared: measure it once
                if export.check_text(value) <= _PLAIN_DEPTH:
                    try:
                        return _plain(value, 0, [export.FORMAT_CHARS])
                    except _Overflow:  # the measure is close, not exact
                        raise export.too_long() from None
        try:
            return _Printer(limit, None, False, " ", cap=export.FORMAT_CHARS).run(value)[0]
        except _Overflow:
            raise export.too_long() from None
    return _Printer(limit, max_chars, False, " ").run(value)[0]


_PLAIN_DEPTH = 100
_COLLECTION_TYPES = (*VECTOR_TYPES, *MAP_TYPES, *SET_TYPES)


def _plain(v, depth: int, left: list) -> str:
    """The whole value printed (recursively, for speed); raises _Overflow when it is nested
    deeper than _PLAIN_DEPTH or gets past `left` (collection items plus string characters)."""
    t = type(v)
    conv = _ATOMS.get(t)
    if conv is not None:  # an atom's text counts too: one long keyword may appear many times
        text = conv(v, False)
        left[0] -= len(text)
        if left[0] < 0:
            raise _Overflow
        return text
    if t is str:
        left[0] -= len(v)
        if left[0] < 0:
            raise _Overflow
        return format_string(v)
    if depth > _PLAIN_DEPTH:
        raise _Overflow
    depth += 1
    if isinstance(v, _COLLECTION_TYPES):
        left[0] -= len(v)
        if left[0] < 0:
            raise _Overflow
    if isinstance(v, VECTOR_TYPES):
        return "[" + " ".join([_plain(x, depth, left) for x in v]) + "]"
    if isinstance(v, MAP_TYPES):
        if all(type(k) is Keyword for k in v):
            entries = sorted(v.items(), key=_keyword_entry)
        else:
            entries = _sorted_by_key(list(v.items()), _NO_LIMIT, _entry_key)
        return "{" + " ".join([_plain(k, depth, left) + " " + _plain(x, depth, left)
                               for k, x in entries]) + "}"
    if isinstance(v, SET_TYPES):
        return "#{" + " ".join([_plain(x, depth, left) for x in _sorted_by_key(
            list(v), _NO_LIMIT, sort_key)]) + "}"
    return _other_text(v, False)


def _keyword_entry(kv):
    return kv[0].name
