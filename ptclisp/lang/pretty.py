"""The source formatter: `format_source` lays out PTC-Lisp programs, comments kept.

Clojure-style layout: a form that fits the line stays on one line; otherwise it breaks.
- special forms (let, fn, defn, when, if, loop, for...) keep their leading arguments on
  the first line and indent the body by 2; binding vectors hold one pair per line;
- cond, case and condp hold one test/result pair per line;
- other calls (threading macros too) put the first argument beside the operator and align
  the rest under it;
- maps hold one key/value pair per line; vectors and sets of plain atoms fill their lines.
Literals keep their source spelling. Comments stay where they were: after a form on its line,
or on a line of their own; blank lines between forms (at most one) are kept.
The output reads back to the same forms and formatting it again changes nothing.
Both passes are loops over explicit stacks, so any depth the reader accepts is fine.
"""
from __future__ import annotations

from .forms import Comment, FnLit, List, Lit, Map, Quote, Regex, Set, Sym, VarQuote, Vector
from .reader import read
from .values import Keyword

__all__ = ["format_source"]

_OPEN = {List: ("(", ")"), Vector: ("[", "]"), Map: ("{", "}"), Set: ("#{", "}"),
         FnLit: ("#(", ")")}

# special forms: how many arguments stay on the first line; the body is indented by 2
_BLOCK = {
    "fn": 1, "defn": 2, "defn-": 2, "def": 1, "defonce": 1, "let": 1, "loop": 1, "for": 1,
    "doseq": 1, "dotimes": 1, "binding": 1, "if-let": 1, "when-let": 1, "if-some": 1,
    "when-some": 1, "when-first": 1, "if": 1, "if-not": 1, "when": 1, "when-not": 1, "do": 0,
    "task": 1,
}
# forms whose first vector argument holds bindings (printed one pair per line)
_BINDINGS = frozenset({"let", "loop", "for", "doseq", "dotimes", "binding", "if-let", "when-let",
                       "if-some", "when-some", "when-first"})
# forms whose body is test/result pairs: how many items (operator included) come first
_PAIRED = {"cond": 1, "case": 2, "condp": 3, "cond->": 2, "cond->>": 2}
_ALIGN_MAX = 16  # operators longer than this put their arguments on the next lines


def format_source(text: str, width: int = 80) -> str:
    """The program laid out within width columns (ReadError if it does not read)."""
    forms = read(text, comments=True)
    return _Printer(width).program(forms)


# ---------------------------------------------------------------- atoms and entries


def _escape(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _lit_text(v) -> str:
    """Spelling of a literal built without source text."""
    if v is None or type(v) is bool:
        return {None: "nil", True: "true", False: "false"}[v]
    if type(v) is Keyword:
        return ":" + v.name
    if type(v) is str:
        return _escape(v)
    if type(v) is float and v != v:
        return "##NaN"
    if type(v) is float and v in (float("inf"), float("-inf")):
        return "##Inf" if v > 0 else "##-Inf"
    return repr(v)


def _regex_text(pattern: str) -> str:
    """`#"..."` for a pattern: escape pairs stay as written, a bare quote becomes \\"."""
    out, i = [], 0
    while i < len(pattern):
        c = pattern[i]
        if c == "\\" and i + 1 < len(pattern):
            out.append(pattern[i:i + 2])
            i += 2
            continue
        out.append('\\"' if c == '"' else c)
        i += 1
    return '#"' + "".join(out) + '"'


def _atom_text(form) -> str:
    t = type(form)
    if t is Lit:
        return form.text if form.text is not None else _lit_text(form.value)
    if t is Sym:
        return form.full
    if t is VarQuote:
        return "#'" + form.sym.full
    if t is Regex:
        return _regex_text(form.pattern)
    if t is Quote:
        return "'" + _atom_text(form.form)
    return form.text  # Comment


def _end_line(form) -> int:
    """The source line a form ends on."""
    t = type(form)
    if t is Quote:
        return _end_line(form.form)
    if t in _OPEN:
        return form.span.end_line or form.span.line
    if t is Lit and form.text:
        return form.span.line + form.text.count("\n")
    if t is Regex:
        return form.span.line + form.pattern.count("\n")
    return form.span.line


class _Entry:
    """One item of a broken collection: a form, or a pair with the comments between its key and
    value (`mids`: (text, on the key's line)), with its trailing comment (`note`); or a comment
    line on its own (no forms)."""

    __slots__ = ("forms", "note", "blank", "mids")

    def __init__(self, forms, note, blank, mids=()):
        self.forms, self.note, self.blank, self.mids = forms, note, blank, mids


def _entries(items, pair_from: int | None) -> list:
    """Group items into entries; forms from index pair_from on go in pairs."""
    entries: list = []
    pending = None  # (key form, blank, mids) waiting for its value
    prev_end = None
    index = 0
    for item in items:
        blank = prev_end is not None and item.span.line > prev_end + 1
        if type(item) is Comment:
            trailing = item.span.line == prev_end
            last = entries[-1] if entries else None
            if pending is not None:
                pending[2].append((item.text, trailing and not pending[2]))
            elif trailing and last is not None and last.forms and last.note is None:
                last.note = item.text
            else:
                entries.append(_Entry((), item.text, blank))
            prev_end = item.span.line
            continue
        if pair_from is not None and index >= pair_from:
            if (index - pair_from) % 2 == 0:
                pending = (item, blank, [])
            else:
                entries.append(_Entry((pending[0], item), None, pending[1], tuple(pending[2])))
                pending = None
        else:
            entries.append(_Entry((item,), None, blank))
        index += 1
        prev_end = _end_line(item)
    if pending is not None:  # a key without a value: its comments follow it
        key, blank, mids = pending
        entries.append(_Entry((key,), mids[0][0] if mids and mids[0][1] else None, blank))
        entries.extend(_Entry((), text, False) for text, on_line in mids if not on_line)
    return entries


# ---------------------------------------------------------------- layout


class _Printer:
    """Lays out forms with an explicit task stack; tasks decide at the column they start at."""

    def __init__(self, width: int):
        self.width = width
        self.out: list = []
        self.col = 0
        self.flat: dict = {}  # id(form) -> one-line text, for forms that could ever fit

    def program(self, forms) -> str:
        self.measure(forms)
        tasks: list = []
        entries = _entries(forms, None)
        for i in range(len(entries) - 1, -1, -1):
            tasks.append(("entry", entries[i], 0, None, 0))
            if i:
                tasks.append(("nl", 0, entries[i].blank))
        self.run(tasks)
        text = "".join(self.out)
        return text + "\n" if text else ""

    def measure(self, forms) -> None:
        """One-line texts, bottom-up; none for forms with comments, newlines or over width."""
        flat, width = self.flat, self.width
        work = [(f, False) for f in forms]
        while work:
            form, ready = work.pop()
            t = type(form)
            if t is Comment:
                continue
            if t not in _OPEN:
                s = _atom_text(form)
                if len(s) <= width and "\n" not in s:
                    flat[id(form)] = s
            elif not ready:
                work.append((form, True))
                work.extend((item, False) for item in form.items)
            else:
                parts = [flat.get(id(item)) for item in form.items]
                if None not in parts:
                    opener, closer = _OPEN[t]
                    s = opener + " ".join(parts) + closer
                    if len(s) <= width:
                        flat[id(form)] = s

    def run(self, tasks: list) -> None:
        while tasks:
            task = tasks.pop()
            kind = task[0]
            if kind == "text":
                self.put(task[1])
            elif kind == "nl":
                self.newline(task[1], task[2])
            elif kind == "form":
                self.form(task[1], task[2], task[3], tasks)
            elif kind == "entry":
                self.entry(task[1], task[2], task[3], task[4], tasks)
            else:  # "fill": a space if the next atom fits, else a new line
                if self.col + 1 + task[2] <= self.width:
                    self.put(" ")
                else:
                    self.newline(task[1], False)

    def put(self, s: str) -> None:
        self.out.append(s)
        nl = s.rfind("\n")
        self.col = self.col + len(s) if nl < 0 else len(s) - nl - 1

    def newline(self, indent: int, blank: bool) -> None:
        self.out.append(("\n\n" if blank else "\n") + " " * indent)
        self.col = indent

    def entry(self, e: _Entry, trail: int, style, indent: int, tasks: list) -> None:
        if not e.forms:
            self.put(e.note)
            return
        if len(e.forms) == 1:
            seq = [("form", e.forms[0], trail, style)]
        else:
            seq = [("form", e.forms[0], 0, None)]
            for text, on_line in e.mids:
                seq.extend([("text", " ")] if on_line else [("nl", indent, False)])
                seq.append(("text", text))
            seq.append(("nl", indent, False) if e.mids else ("text", " "))
            seq.append(("form", e.forms[1], trail, None))
        if e.note:
            seq.append(("text", " " + e.note))
        tasks.extend(reversed(seq))

    def form(self, form, trail: int, style, tasks: list) -> None:
        flat = self.flat.get(id(form))
        many_bindings = style == "bindings" and type(form) is Vector and len(form.items) > 2
        if flat is not None and self.col + len(flat) + trail <= self.width and not many_bindings:
            self.put(flat)
        elif type(form) in _OPEN:
            self.collection(form, trail, style, tasks)
        else:
            self.put(_atom_text(form))

    def collection(self, form, trail: int, style, tasks: list) -> None:
        opener, closer = _OPEN[type(form)]
        head, indent, pair_from, fill, child_style = self.plan(form, self.col, style)
        entries = _entries(form.items, pair_from)
        head = min(head, len(entries))
        for i in range(head):  # the first line ends at a comment
            if not entries[i].forms:
                head = i
                break
            if entries[i].note:
                head = i + 1
                break
        seq: list = [("text", opener)]
        last = len(entries) - 1
        for i, e in enumerate(entries):
            t = trail + len(closer) if i == last and not e.note else 0
            if i < head:
                if i:
                    seq.append(("text", " "))
            elif fill:
                seq.append(("fill", indent, len(self.flat[id(e.forms[0])]) + t))
            else:
                seq.append(("nl", indent, e.blank))
            seq.append(("entry", e, t, child_style if i == 1 else None, indent))
        if entries and entries[-1].note:
            seq.append(("nl", indent, False))  # the closer cannot follow a comment
        seq.append(("text", closer))
        tasks.extend(reversed(seq))

    def plan(self, form, col: int, style):
        """(items on the first line, indent of the others, pairing start, fill, binding style)."""
        t = type(form)
        if t is Map:
            return 1, col + 1, 0, False, None
        if t in (Vector, Set):
            inner = col + (1 if t is Vector else 2)
            if style == "bindings":
                return 1, inner, 0, False, None
            fill = all(type(x) not in _OPEN and type(x) is not Comment and id(x) in self.flat
                       for x in form.items)
            return 1, inner, None, fill, None
        opener = 1 if t is List else 2
        forms = [x for x in form.items if type(x) is not Comment]
        op = forms[0] if forms else None
        name = op.full if type(op) is Sym else None
        if name in _PAIRED:
            return _PAIRED[name], col + opener + 1, _PAIRED[name], False, None
        if name in _BLOCK:
            n = _BLOCK[name]
            if name == "fn" and len(forms) > 1 and type(forms[1]) is Sym:
                n = 2  # a named fn keeps its name and parameters together
            elif name in ("defn", "defn-") and (len(forms) < 3 or type(forms[2]) is not Vector):
                n = 1  # a docstring or several arities go on their own lines
            binding = "bindings" if name in _BINDINGS else None
            return 1 + n, col + opener + 1, None, False, binding
        op_text = self.flat.get(id(op)) if op is not None else None
        if op_text is not None and type(op) in (Sym, Lit) and len(op_text) <= _ALIGN_MAX:
            return 2, col + opener + len(op_text) + 1, None, False, None
        return 1, col + opener, None, False, None
