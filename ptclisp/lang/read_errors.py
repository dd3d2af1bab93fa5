"""The reader's errors: spans for offsets, and why a piece of text does not read.

Every problem the reader finds is a ReadError built here, with a span, a hint and a message
from the messages package; `bad_token` explains text no terminal matches, as specifically as it can
(an invisible character, unsupported Clojure syntax, a malformed number or escape).
"""
from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right

from .. import messages as M
from ..errors import ReadError
from .source import Span

_ESCAPES = {"\\": "\\", '"': '"', "n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f"}
_ESCAPE = re.compile(r"\\(u[0-9a-fA-F]{4}|[\s\S])")
_OPENERS = {"LPAREN": "(", "LBRACKET": "[", "LBRACE": "{", "HASH_LBRACE": "#{", "HASH_LPAREN": "#("}

_SPANS: dict = {}
_span_new = object.__new__
_set_line = Span.__dict__["line"].__set__
_set_column = Span.__dict__["column"].__set__
_set_end_line = Span.__dict__["end_line"].__set__
_set_end_column = Span.__dict__["end_column"].__set__


def _make_span(line: int, column: int, end_line=None, end_column=None) -> Span:
    """A Span without attrs' frozen-init overhead (the reader makes one per form)."""
    s = _span_new(Span)
    _set_line(s, line)
    _set_column(s, column)
    _set_end_line(s, end_line)
    _set_end_column(s, end_column)
    return s


def _span(line: int, column: int) -> Span:
    """The shared Span for (line, column): spans are immutable, so one object serves all forms."""
    key = (line << 32) | column
    s = _SPANS.get(key)
    if s is None:
        if len(_SPANS) > 200_000:
            _SPANS.clear()
        s = _SPANS[key] = _make_span(line, column)
    return s


class _Lines:
    """Offsets -> spans for error paths and rare tokens (bisect over the newline offsets)."""

    def __init__(self, text: str):
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def span(self, offset: int) -> Span:
        line = bisect_right(self.starts, offset)
        return _span(line, offset - self.starts[line - 1] + 1)


def _error(message: str, span, hint=None, code=None, text=None) -> ReadError:
    return ReadError(message, span=span, hint=hint, code=code, source=text)



# ---------------------------------------------------------------- bad tokens, explained

_RUN = re.compile(r'[^ \t\r\n\f,;()\[\]{}"\\@^`~]*')
_LOOSE_STRING = re.compile(r'"[^"\\]*(?:\\[\s\S][^"\\]*)*"')
_NUMBER_SHAPES = [
    (re.compile(r"[-+]?\d+/\d+"), "ratio"),
    (re.compile(r"[-+]?\d+(?:\.\d*)?(?:[eE][-+]?\d+)?M"), "bigdec"),
    (re.compile(r"[-+]?\d+N"), "bigint"),
    (re.compile(r"[-+]?0[xX][0-9a-fA-F]+"), "hex"),
    (re.compile(r"[-+]?\d+[rR][0-9a-zA-Z]+"), "radix"),
    (re.compile(r"[-+]?0\d+"), "octal"),
]
_PREFIXES = {"@": "deref", "`": "syntax-quote", "~": "unquote", "^": "meta"}
_DISPATCH = {"_": "discard", "?": "conditional", ":": "ns-map", "=": "eval", "^": "meta",
             "'": "var-quote"}
_INVISIBLE = frozenset({"Zs", "Zl", "Zp", "Cc", "Cf", "Co", "Cn", "Cs"})


def _unsupported(key: str, span, text) -> ReadError:
    what, hint = M.READ_NOT_SUPPORTED[key]
    return _error(M.read_unsupported(what), span, hint, "unsupported", text)


def _bad_token(text: str, p: int) -> ReadError:
    """Why no terminal matches at offset p: the most specific message we can give."""
    span = _Lines(text).span(p)
    c = text[p]
    tok = c + _RUN.match(text, p + 1).group()
    if c == '"':
        return _bad_string(text, p, span)
    for i, ch in enumerate(tok):  # an invisible character is the likeliest culprit
        if unicodedata.category(ch) in _INVISIBLE:
            name = unicodedata.name(ch, "")
            code = f"U+{ord(ch):04X}" + (f" ({name.lower()})" if name else "")
            return _error(M.read_invisible(code), _Lines(text).span(p + i), M.HINT_INVISIBLE,
                          "invisible", text)
    if c == "#":
        return _bad_dispatch(text, p, tok, span)
    if c in _PREFIXES:
        return _unsupported(_PREFIXES[c], span, text)
    if c == "\\":
        if p + 1 >= len(text) or text[p + 1] in " \t\r\n\f":
            return _error(M.READ_BACKSLASH, span, M.HINT_CHAR, "bad-char", text)
        tok = text[p:p + 2] + _RUN.match(text, p + 2).group()
        return _error(M.read_invalid_char(tok), span, M.HINT_CHAR, "bad-char", text)
    if c == ":":
        if tok.startswith("::"):
            return _unsupported("auto-keyword", span, text)
        if "/" in tok:
            return _unsupported("ns-keyword", span, text)
        return _error(M.read_invalid_keyword(tok), span, M.HINT_KEYWORD, "bad-keyword", text)
    if c.isdigit() or (c in "+-" and text[p + 1:p + 2].isdigit()):
        for shape, key in _NUMBER_SHAPES:
            if shape.fullmatch(tok):
                return _unsupported(key, span, text)
        return _error(M.read_invalid_number(tok), span, M.HINT_NUMBER, "bad-number", text)
    return _error(M.read_invalid_token(tok), span, M.HINT_SYMBOL, "bad-token", text)


def _bad_string(text: str, p: int, span) -> ReadError:
    m = _LOOSE_STRING.match(text, p)
    if m is None:
        return _error(M.read_unterminated("string", span), span, M.HINT_STRING, "unterminated", text)
    for esc in _ESCAPE.finditer(text, p, m.end()):
        body = esc.group(1)
        if body[0] not in _ESCAPES and len(body) != 5:
            after = text[esc.start() + 1:esc.start() + 5]
            shown = "\\" + (re.match(r"u[0-9a-fA-F]*", after).group() if body[0] == "u" else body)
            espan = _Lines(text).span(esc.start())
            return _error(M.read_bad_escape(shown), espan, M.HINT_ESCAPE, "bad-escape", text)
    return _error(M.read_unexpected('"'), span, M.HINT_STRING, "bad-string", text)


def _bad_dispatch(text: str, p: int, tok: str, span) -> ReadError:
    nxt = text[p + 1:p + 2]
    if nxt == '"':
        return _error(M.read_unterminated("regex", span), span, M.HINT_STRING, "unterminated", text)
    if nxt == "#":
        return _error(M.read_invalid_special(tok), span, M.HINT_SPECIAL, "bad-special", text)
    if nxt in _DISPATCH and nxt:
        return _unsupported(_DISPATCH[nxt], span, text)
    if nxt.isalpha():
        return _unsupported("tagged", span, text)
    return _error(M.read_invalid_token(tok), span, M.HINT_SYMBOL, "bad-token", text)


def _quote_error(next_terminal: str, span, text) -> ReadError:
    if next_terminal in _OPENERS:
        return _error(M.READ_QUOTED_COLLECTION, span, M.HINT_QUOTE, "quoted-collection", text)
    return _error(M.READ_BAD_QUOTE, span, M.HINT_QUOTE, "bad-quote", text)


# ---------------------------------------------------------------- where a missing closer goes

# One lexical piece per match: string (possibly unterminated), comment, character, opener,
# closer, newline, blanks, or any other run of code.
_PIECE = re.compile(r'#?"(?:[^"\\]|\\[\s\S])*"?|;[^\n]*|\\[\s\S]|#[{(]|[(\[{]|[)\]}]|\n'
                    r'|[ \t\r\f,]+|[^\s,;()\[\]{}"\\#]+|[\s\S]')
_CLOSER_FOR = {"(": ")", "#(": ")", "[": "]", "{": "}", "#{": "}"}
_CLOSERS = frozenset(")]}")
_TRAIL = re.compile(r"[)\]}\s,]*(?:;[^\n]*)?(?:\n|\Z)")  # closers to the end of a line


def _infer_closers(text: str, strict: bool, trail: bool):
    """Where indentation says the missing closers go, as ([(offset, closer, opener,
    opener_offset, dedent_offset)], [offsets of closers to remove]); None when that does not
    balance the text. A line indented at or left of an opener's line is outside it; not strict,
    also a line at or left of the opener itself (parinfer's indent rule). With trail, a closer
    left over at the end of a line is removed (parinfer's paren trail); else, or inside a line,
    a left-over closer fails."""
    stack: list = []  # (opener, offset, the column that puts a line outside it)
    inserts: list = []
    removals: list = []
    line_start, indent, at_line_start, code_end = 0, 0, True, 0
    for m in _PIECE.finditer(text):
        piece, start = m.group(), m.start()
        if piece == "\n":
            line_start, at_line_start = m.end(), True
            continue
        if piece[0] in " \t\r\f,;":
            continue  # blanks, and comment lines: they say nothing about structure
        if at_line_start:
            at_line_start = False
            indent = start - line_start
            while stack and stack[-1][2] >= indent:
                opener, offset, _ = stack.pop()
                inserts.append((code_end, _CLOSER_FOR[opener], opener, offset, start))
        if piece in _CLOSER_FOR:
            stack.append((piece, start, indent if strict else start - line_start))
        elif piece in _CLOSERS:
            if not stack or _CLOSER_FOR[stack[-1][0]] != piece:
                if not trail or not _TRAIL.match(text, start):
                    return None
                removals.append(start)
                continue
            stack.pop()
        elif piece[0] == '"' and "\n" in piece:  # a multi-line string: its last line goes on
            line_start = start + piece.rindex("\n") + 1
        code_end = m.end()
    while stack:
        opener, offset, _ = stack.pop()
        inserts.append((code_end, _CLOSER_FOR[opener], opener, offset, None))
    if removals and (len(removals) > 1 or any(at > removals[0] for at, *_ in inserts)):
        return None  # only one closer moved down to where indentation ends its forms
    if removals and inserts and inserts[-1][0] == removals[0] and inserts[-1][1] == text[removals[0]]:
        return inserts[:-1], []  # adding a closer just before the same closer: it was there
    return inserts, removals


def indentation_repair(text: str):
    """(hint, repaired text) where indentation places the missing closer(s) somewhere other
    than the end of the program, or None (then the fix, if any, is at the end). The reader's
    hint and ptclisp.llm.diagnose both use it."""
    if not re.search(r"\n[ \t]", text):
        return None  # without indented lines, indentation tells nothing
    found = None
    for strict, trail in ((True, False), (False, False), (True, True), (False, True)):
        found = found or _infer_closers(text, strict, trail)  # the fewest changes first
    if found is None:
        return None
    inserts, removals = found
    if not removals and all(dedent is None for *_, dedent in inserts):
        return None
    return _placement_hint(text, inserts, removals), _apply_closers(text, inserts, removals)


def _placement_hint(text: str, inserts, removals) -> str:
    """The hint naming each place a closer goes (and each closer to remove)."""
    lines = _Lines(text)
    places = []
    for offset, closer, opener, opener_at, dedent in inserts:
        if places and places[-1][0] == offset:
            places[-1][1].append((closer, opener, lines.span(opener_at)))
            continue
        before = text[lines.starts[lines.span(offset).line - 1]:offset].strip()
        after = lines.span(dedent).line if dedent is not None else None
        places.append((offset, [(closer, opener, lines.span(opener_at))], before, after))
    return M.hint_repair([(lines.span(offset), closes, before, after)
                          for offset, closes, before, after in places],
                         [(lines.span(at), text[at]) for at in removals])


def _apply_closers(text: str, inserts, removals) -> str:
    """The text with the closers inserted at their offsets and the left-over ones removed."""
    edits = sorted([(offset, 0, closer) for offset, closer, *_ in inserts]
                   + [(at, 1, "") for at in removals], key=lambda e: e[:2])
    parts, done = [], 0
    for offset, removes, closer in edits:
        parts += [text[done:offset], closer]
        done = offset + removes
    parts.append(text[done:])
    return "".join(parts)


def repair_hint(error: ReadError, text: str) -> ReadError:
    """An unclosed or mismatched delimiter's hint, made exact where indentation places the
    missing closer(s) somewhere other than the end of the program."""
    if error.code in ("unclosed", "mismatched"):
        found = indentation_repair(text)
        if found is not None:
            error.hint = found[0]
    return error
