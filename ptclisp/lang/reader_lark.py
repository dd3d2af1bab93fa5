"""The reference reader: Lark's LALR parser over grammar/ptclisp.lark, building the same forms
as the fast reader (ptclisp/lang/reader.py) with the same converters and error texts.

Tests run both engines and compare them; `terminal_regexps` gives the compiled terminals that
grammar/terminals.json ships for the fast reader. `import ptclisp` never imports this module
(lark costs tens of milliseconds to load); the parser tables are built at first use.
"""
from __future__ import annotations

import contextvars
import threading

from lark import Lark
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, VisitError

from .. import messages as M
from ..errors import ReadError
from .forms import Quote
from .read_errors import _Lines, _bad_token, _error, _quote_error, _span, repair_hint
from .reader import _ATOMS, _CLOSERS, _CLOSES, DEFAULT_MAX_DEPTH, DEFAULT_MAX_INT_DIGITS, DEFAULT_MAX_LITERAL_CHARS, _build, _empty_list, _grammar, _odd_map, _open_delimiters
from .source import Span

__all__ = ["read_with_lark", "terminal_regexps", "lark_parser"]


def terminal_regexps(source: str) -> dict:
    """name -> the regular expression Lark compiles for each terminal of a grammar's text."""
    # an Earley front end builds no parse tables: the cheap way to the compiled terminals
    return {t.name: t.pattern.to_regexp()
            for t in Lark(source, parser="earley", lexer="dynamic").terminals}


_LIMITS: contextvars.ContextVar = contextvars.ContextVar("ptclisp_reader_limits")


def _tok_span(tok) -> Span:
    return _span(tok.line, tok.column)


class _LarkForms:
    """Lark rule callbacks building forms directly (no parse tree)."""

    def start(self, children):
        return tuple(children)

    def quote(self, children):
        return Quote(children[1], _tok_span(children[0]))

    def _atom(name):  # noqa: N805 - a factory used while building the class body
        def callback(self, children):
            tok = children[0]
            return _ATOMS[name](str(tok), _tok_span(tok), _LIMITS.get())
        return callback

    def _collection(opener):  # noqa: N805
        def callback(self, children):
            return _build(opener, children[1:-1], _tok_span(children[0]))
        return callback

    nil, true, false = _atom("NIL"), _atom("TRUE"), _atom("FALSE")
    int, float, special_float = _atom("INT"), _atom("FLOAT"), _atom("SPECIAL_FLOAT")
    string, char, keyword, symbol = _atom("STRING"), _atom("CHAR"), _atom("KEYWORD"), _atom("SYMBOL")
    regex, var_quote = _atom("REGEX"), _atom("VAR_QUOTE")
    list, vector, map = _collection("("), _collection("["), _collection("{")
    set, fn_lit = _collection("#{"), _collection("#(")
    del _atom, _collection




def _lark_error(e, text: str):
    """A Lark parse error as (ReadError, offset), named like the fast reader names it."""
    if isinstance(e, UnexpectedCharacters):
        return _bad_token(text, e.pos_in_stream), e.pos_in_stream
    tok = getattr(e, "token", None)
    name = getattr(tok, "type", "$END")
    pos = len(text) if name == "$END" or tok.start_pos is None else tok.start_pos
    lines = _Lines(text)
    span = lines.span(pos)
    if "LPAREN" not in getattr(e, "expected", {"LPAREN"}):  # right after a quote
        return _quote_error(name, span, text), pos
    stack = _open_delimiters(text, pos)
    if name == "$END" and stack:
        opener, at = stack[-1]
        ospan = lines.span(at)
        return _error(M.read_unclosed(opener, ospan, len(stack) - 1), ospan, M.HINT_UNCLOSED,
                      "unclosed", text), pos
    if name in _CLOSERS:
        closer = _CLOSERS[name]
        if not stack:
            return _error(M.read_unmatched(closer), span, M.HINT_UNMATCHED, "unmatched", text), pos
        opener, at = stack[-1]
        if _CLOSES[opener] != closer:
            return _error(M.read_mismatched(closer, opener, lines.span(at)), span,
                          M.HINT_MISMATCHED, "mismatched", text), pos
        if opener == "{":  # the grammar takes map items in pairs
            return _odd_map(lines.span(at), text), pos
        if opener == "(":  # and lists non-empty
            return _empty_list(lines.span(at), text), pos
    return _error(M.read_unexpected(str(getattr(tok, "value", "end of input"))), span, None,
                  "unexpected", text), pos


def read_with_lark(text: str, *, max_depth: int = DEFAULT_MAX_DEPTH,
                   max_literal_chars: int = DEFAULT_MAX_LITERAL_CHARS,
                   max_int_digits: int = DEFAULT_MAX_INT_DIGITS) -> tuple:
    """The reference reader: Lark's LALR parser over the same grammar (slower; for tests)."""
    token = _LIMITS.set((max_depth, max_literal_chars, max_int_digits))
    forms, error, at = None, None, len(text)
    try:
        forms = lark_parser().parse(text)
    except UnexpectedInput as e:
        error, at = _lark_error(e, text)
    except VisitError as e:  # a callback's error, wrapped by Lark
        if not isinstance(e.orig_exc, ReadError):
            raise
        error = e.orig_exc
    except ReadError as e:
        error = e
    finally:
        _LIMITS.reset(token)
    deep = _open_delimiters(text, at, max_depth)  # the fast reader stops at the first too-deep opener
    if deep is not None:
        error = _error(M.read_too_deep(max_depth), _Lines(text).span(deep), M.HINT_READ_DEPTH, "depth")
    if error is not None:
        error.source = text
        raise repair_hint(error, text)
    return forms




_LARK: list = []
_LARK_LOCK = threading.Lock()


def lark_parser() -> Lark:
    """Lark's LALR parser over the grammar, building forms (built once, at first use)."""
    if not _LARK:
        with _LARK_LOCK:
            if not _LARK:
                _LARK.append(Lark(_grammar().source, parser="lalr", lexer="basic",
                                  transformer=_LarkForms()))
    return _LARK[0]
