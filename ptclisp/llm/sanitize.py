"""Cleaning extracted code: invisible characters, typographic quotes and `#_` discards.

Goes past PtcRunner (which replaces everywhere) by respecting string literals: outside strings,
zero-width characters and BOMs are dropped, no-break and width spaces become plain spaces
(`(def\u00a0x 1)` reads as `(def x 1)`, not `(defx 1)`) and smart quotes become ASCII; inside
strings the text is data and stays as written (an emoji's zero-width joiner, quoted prose).
`#_form` is removed the way Clojure's reader discards it (`#_#_a b` drops both a and b).
"""
from __future__ import annotations

INVISIBLE = frozenset("\ufeff\u200b\u200c\u200d\u2060\ufffe\u00ad\u180e")
SPACES = frozenset("\u00a0\u202f" + "".join(chr(c) for c in range(0x2000, 0x200B)))
SMART_DOUBLE = frozenset("\u201c\u201d\u201e\u201f\u2033\u2036")
SMART_SINGLE = frozenset("\u2018\u2019\u201a\u201b\u2032\u2035")
_NAIVE = str.maketrans({**{c: None for c in INVISIBLE}, **{c: " " for c in SPACES},
                        **{c: '"' for c in SMART_DOUBLE}, **{c: "'" for c in SMART_SINGLE}})
_CLOSERS = {"(": ")", "[": "]", "{": "}"}
_BREAKS = frozenset(" \t\r\n\f,;()[]{}\"")


def clean_code(code: str) -> str:
    """code with invisible characters gone and typographic quotes made ASCII (outside strings)."""
    aware = _clean_aware(code)
    if ends_in_string(aware) and not ends_in_string(code.translate(_NAIVE)):
        return code.translate(_NAIVE)  # mixed quote styles: the plain replacement balances
    return aware


def clean_view(line: str) -> str:
    """A line stripped of invisible characters and surrounding blanks (for fence matching)."""
    return line.translate(_NAIVE).strip()


def _clean_aware(code: str) -> str:
    out: list[str] = []
    i, n = 0, len(code)
    while i < n:
        c = code[i]
        if c == '"' or c in SMART_DOUBLE:
            j = _string_end(code, i + 1, smart=c != '"')
            out.append('"' + code[i + 1:j])
            if j < n:
                out.append('"')
            i = j + 1
        elif c == ";":
            j = code.find("\n", i)
            j = n if j < 0 else j
            out.append(code[i:j])
            i = j
        elif c == "\\":
            out.append(code[i:i + 2])
            i += 2
        elif c in INVISIBLE:
            i += 1
        else:
            out.append(" " if c in SPACES else "'" if c in SMART_SINGLE else c)
            i += 1
    return "".join(out)


def _string_end(code: str, i: int, *, smart: bool) -> int:
    """Index of the quote closing a string whose body starts at i (len(code) if none)."""
    n = len(code)
    while i < n:
        c = code[i]
        if c == "\\":
            i += 2
            continue
        if c == '"' or (smart and c in SMART_DOUBLE):
            return i
        i += 1
    return n


def ends_in_string(code: str) -> bool:
    """True if a string literal is still open at the end of code."""
    return in_string_after(code, False)


def in_string_after(text: str, in_string: bool) -> bool:
    """Whether a string literal is open after text, given whether one was open before it."""
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if in_string:
            if c == "\\":
                i += 1
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c == "\\":
            i += 1
        elif c == ";":
            j = text.find("\n", i)
            if j < 0:
                return False
            i = j
        i += 1
    return in_string


# ---------------------------------------------------------------- #_ discards


def strip_discards(code: str) -> str:
    """code without `#_form` discards (Clojure's meaning); an unreadable discard is left as is."""
    if "#_" not in code:
        return code
    out: list[str] = []
    i, n = 0, len(code)
    while i < n:
        c = code[i]
        if c == '"':
            j = _string_end(code, i + 1, smart=False)
            out.append(code[i:j + 1])
            i = j + 1
        elif c == ";":
            j = code.find("\n", i)
            j = n if j < 0 else j
            out.append(code[i:j])
            i = j
        elif c == "\\":
            out.append(code[i:i + 2])
            i += 2
        elif code.startswith("#_", i):
            end = _skip_form(code, i + 2)
            if end is None:
                out.append(code[i:])
                break
            i = end
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _skip_blank(code: str, i: int) -> int:
    n = len(code)
    while i < n:
        if code[i] in " \t\r\n\f,":
            i += 1
        elif code[i] == ";":
            j = code.find("\n", i)
            i = n if j < 0 else j
        else:
            break
    return i


def _skip_form(code: str, i: int):
    """The index just past the next form after i, or None if there is none to read.

    A loop, not a recursion: a reply of 50,000 `#_` is a count of forms still to skip."""
    n = len(code)
    pending = 1
    while pending:
        i = _skip_blank(code, i)
        if i >= n:
            return None
        c = code[i]
        if code.startswith("#_", i):  # a discard inside a discard: drop its form, then ours
            pending, i = pending + 1, i + 2
            continue
        if c in "'@^`~":
            i += 1
            continue
        i = _form_end(code, i, c)
        if i is None:
            return None
        pending -= 1
    return i


def _form_end(code: str, i: int, c: str):
    """Past the one form (no prefix, no discard) starting with c at i, or None."""
    n = len(code)
    if c == '"' or code.startswith('#"', i):
        start = i + 1 if c == '"' else i + 2
        j = _string_end(code, start, smart=False)
        return None if j >= n else j + 1
    if c in _CLOSERS or code.startswith(("#{", "#("), i):
        return _skip_balanced(code, i + 1 if c in _CLOSERS else i + 2)
    if c in ")]}":
        return None
    if c == "\\":
        i += 2
    while i < n and code[i] not in _BREAKS:
        i += 1
    return i


def _skip_balanced(code: str, i: int):
    """Past the closer matching an opener just before i (strings and comments respected)."""
    depth, n = 1, len(code)
    while i < n:
        c = code[i]
        if c == '"':
            i = _string_end(code, i + 1, smart=False)
            if i >= n:
                return None
        elif c == ";":
            j = code.find("\n", i)
            i = n if j < 0 else j
            continue
        elif c == "\\":
            i += 1
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return None
