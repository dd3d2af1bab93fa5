"""The reader: PTC-Lisp text -> forms, from the one grammar `grammar/ptclisp.lark`.

Two engines run that grammar and must agree (tests/test_reader.py checks it on generated
programs, including which inputs they reject):
- `read`, the fast reader: one scanner regex assembled from the grammar's own compiled
  terminals (they are mutually exclusive, so alternative order is free), plus an explicit stack
  for nesting, so deep input never recurses in Python;
- `read_with_lark` (ptclisp/lang/reader_lark.py), the reference: Lark's LALR parser building forms
  in its rule callbacks.
Both share the token converters, the collection checks and the error texts; every problem is a
ReadError with a span, a hint and a message from the messages package. They name the same error except
when two problems touch: Lark lexes the next token before it closes a collection, so in
`{:a 1 :a 2}é` it reports the bad token and the fast reader the duplicate key.
Only the reference imports lark: `import ptclisp` never loads it.
"""
from __future__ import annotations

import functools
import hashlib
import json
import re
from pathlib import Path

from .. import grammar as _grammar_files
from .. import messages as M
from ..errors import ReadError
from .read_errors import _ESCAPE, _ESCAPES, _OPENERS, _SPANS, _bad_token, _error, _make_span, _quote_error, _span, repair_hint
from .forms import Comment, FnLit, List, Lit, Map, Quote, Regex, Set, Sym, VarQuote, Vector
from .forms import text as form_text
from .values import Keyword

__all__ = ["read", "DEFAULT_MAX_DEPTH", "DEFAULT_MAX_LITERAL_CHARS",
           "DEFAULT_MAX_INT_DIGITS"]

DEFAULT_MAX_DEPTH = 500
DEFAULT_MAX_LITERAL_CHARS = 100_000
DEFAULT_MAX_INT_DIGITS = 100
_CACHE_MAX_TEXT = 20_000  # longer programs are read afresh (the cache must stay small)

# ---------------------------------------------------------------- tokens -> forms (shared)

_CHAR_NAMES = {"newline": "\n", "space": " ", "tab": "\t", "return": "\r",
               "backspace": "\b", "formfeed": "\f"}
_REGEX_QUOTE = re.compile(r'\\([\s\S])')
_SPECIAL_FLOATS = {"##Inf": float("inf"), "##-Inf": float("-inf"), "##NaN": float("nan")}
_SYMS: dict = {}  # token -> (name, ns)


def _split_symbol(tok: str):
    """`ns/name` -> (name, ns); `/` and `name` -> (name, None). Memoized per spelling."""
    parts = _SYMS.get(tok)
    if parts is None:
        i = tok.find("/")
        parts = (tok, None) if i <= 0 else (tok[i + 1:], tok[:i])
        if len(_SYMS) < 50_000:
            _SYMS[tok] = parts
    return parts


def _unescape_one(m) -> str:
    esc = m.group(1)
    return chr(int(esc[1:], 16)) if len(esc) == 5 else _ESCAPES[esc]


def _string_value(tok: str, span, lim) -> str:
    if len(tok) - 2 > lim[1]:
        raise _error(M.read_too_long("string", lim[1]), span, M.HINT_LITERAL, "literal-size")
    body = tok[1:-1]
    if "\\" not in body:
        return body
    s = _ESCAPE.sub(_unescape_one, body)
    if "\\u" in body and any("\ud800" <= c <= "\udfff" for c in s):
        s = s.encode("utf-16", "surrogatepass").decode("utf-16", "surrogatepass")
    return s


def _int_value(tok: str, span, lim) -> int:
    if len(tok) > lim[2] and len(tok) - (tok[0] in "+-") > lim[2]:
        raise _error(M.read_too_many_digits(lim[2]), span, M.HINT_NUMBER, "literal-size")
    try:
        return int(tok)
    except ValueError:  # beyond Python's own digit limit: only with a raised max_int_digits
        return _big_int(tok)


def _big_int(tok: str) -> int:
    """An integer past CPython's text-to-int digit limit, read 1000 digits at a time."""
    digits = tok.lstrip("+-")
    n = 0
    for i in range(0, len(digits), 1000):
        chunk = digits[i:i + 1000]
        n = n * 10 ** len(chunk) + int(chunk)
    return -n if tok.startswith("-") else n


def _float_value(tok: str, span, lim) -> float:
    if len(tok) > lim[2] and sum(c.isdigit() for c in re.split("[eE]", tok)[0]) > lim[2]:
        raise _error(M.read_too_many_digits(lim[2]), span, M.HINT_NUMBER, "literal-size")
    return float(tok)


def _char_value(tok: str) -> str:
    body = tok[1:]
    if len(body) == 1:
        return body
    named = _CHAR_NAMES.get(body)
    return named if named is not None else chr(int(body[1:], 16))


def _regex_pattern(tok: str, span, lim) -> str:
    body = tok[2:-1]
    if len(body) > lim[1]:
        raise _error(M.read_too_long("regex", lim[1]), span, M.HINT_LITERAL, "literal-size")
    if '\\"' in body:  # \" stands for "; every other escape reaches the regex engine as written
        body = _REGEX_QUOTE.sub(lambda m: '"' if m.group(1) == '"' else m.group(0), body)
    return body


def _var_quote(tok: str, span) -> VarQuote:
    name, ns = _split_symbol(tok[2:])
    return VarQuote(Sym(name, ns, _span(span.line, span.column + 2)), span)


# terminal name -> (token, span, limits) -> form
_ATOMS = {
    "NIL": lambda t, s, l: Lit(None, s, t),
    "TRUE": lambda t, s, l: Lit(True, s, t),
    "FALSE": lambda t, s, l: Lit(False, s, t),
    "INT": lambda t, s, l: Lit(_int_value(t, s, l), s, t),
    "FLOAT": lambda t, s, l: Lit(_float_value(t, s, l), s, t),
    "SPECIAL_FLOAT": lambda t, s, l: Lit(_SPECIAL_FLOATS[t], s, t),
    "STRING": lambda t, s, l: Lit(_string_value(t, s, l), s, t),
    "CHAR": lambda t, s, l: Lit(_char_value(t), s, t),
    "KEYWORD": lambda t, s, l: Lit(Keyword(t[1:]), s, t),
    "SYMBOL": lambda t, s, l: Sym(*_split_symbol(t), s),
    "REGEX": lambda t, s, l: Regex(_regex_pattern(t, s, l), s),
    "VAR_QUOTE": lambda t, s, l: _var_quote(t, s),
}
_QUOTABLE = frozenset(_ATOMS) - {"REGEX", "VAR_QUOTE"}

# ---------------------------------------------------------------- collections (shared checks)

_CLOSERS = {"RPAREN": ")", "RBRACKET": "]", "RBRACE": "}"}
_CLOSES = {"(": ")", "#(": ")", "[": "]", "{": "}", "#{": "}"}
_PLAIN_KEYS = (Keyword, str)
_TAGS = {type(None): "nil", bool: "bool", int: "num", float: "num"}


def _form_key(form):
    """What makes two literal keys duplicates (value equality; bools and numbers apart)."""
    t = type(form)
    if t is Lit:
        v = form.value
        return v if type(v) in _PLAIN_KEYS else (_TAGS.get(type(v), "lit"), v)
    if t is Sym:
        return ("sym", form.ns, form.name)
    return _deep_key(form)


def _deep_key(root):
    """_form_key for collections, with an explicit stack (keys may nest deeply)."""
    done: list = []
    work = [(root, False)]
    while work:
        form, ready = work.pop()
        t = type(form)
        if t in (Lit, Sym):
            done.append(_form_key(form))
        elif t in (Quote, VarQuote):
            done.append(("quote" if t is Quote else "var",
                         _form_key(form.form if t is Quote else form.sym)))
        elif t in (FnLit, Regex, Comment):
            done.append(("id", id(form)))  # functions and regexes are never equal
        elif not ready:
            work.append((form, True))
            work.extend((item, False) for item in form.items if type(item) is not Comment)
        else:
            n = sum(1 for item in form.items if type(item) is not Comment)
            parts = done[len(done) - n:][::-1] if n else []
            del done[len(done) - n:]
            if t is Map:
                done.append(("map", frozenset(zip(parts[::2], parts[1::2]))))
            elif t is Set:
                done.append(("set", frozenset(parts)))
            else:
                done.append(("seq", tuple(parts)))
    return done[0]


def _check_unique(keys, text):
    seen = set()
    for key in keys:
        k = _form_key(key)
        try:
            fresh = k not in seen
        except TypeError:  # an unhashable literal cannot happen; keep the reader total anyway
            fresh = True
        if not fresh:
            raise _error(M.read_duplicate_key(form_text(key)[:60]), key.span, M.HINT_DUPLICATE,
                         "duplicate-key", text)
        seen.add(k)


def _empty_list(span, text) -> ReadError:
    return _error(M.READ_EMPTY_LIST, span, M.HINT_EMPTY_LIST, "empty-list", text)


def _odd_map(span, text) -> ReadError:
    return _error(M.READ_ODD_MAP, span, M.HINT_ODD_MAP, "odd-map", text)


def _build(opener: str, items: list, span, text=None):
    """The form for a closed collection; checks what the grammar alone cannot say well."""
    if opener == "(":
        if not items:
            raise _empty_list(span, text)
        return List(tuple(items), span)
    if opener == "[":
        return Vector(tuple(items), span)
    forms = [f for f in items if type(f) is not Comment]
    if opener == "{":
        if len(forms) % 2:
            raise _odd_map(span, text)
        if len(forms) > 2:
            _check_unique(forms[::2], text)
        return Map(tuple(items), span)
    if opener == "#{":
        if len(forms) > 1:
            _check_unique(forms, text)
        return Set(tuple(items), span)
    return FnLit(tuple(items), span)


# ---------------------------------------------------------------- the grammar, compiled

# Scanner alternatives: closers, openers, then by frequency. The order is free (the grammar's
# terminals never overlap) and fixes the kind numbers the fast reader dispatches on.
_ORDER = ("RPAREN", "RBRACKET", "RBRACE", "LPAREN", "LBRACKET", "LBRACE", "HASH_LPAREN",
          "HASH_LBRACE", "SYMBOL", "KEYWORD", "INT", "STRING", "FLOAT", "NIL", "TRUE", "FALSE",
          "QUOTE", "COMMENT", "CHAR", "REGEX", "VAR_QUOTE", "SPECIAL_FLOAT")
_KIND = {name: i for i, name in enumerate(_ORDER, 1)}
assert _KIND["RBRACE"] == 3 and _KIND["HASH_LBRACE"] == 8  # _assemble's range tests
K_SYMBOL, K_KEYWORD, K_INT, K_STRING = _KIND["SYMBOL"], _KIND["KEYWORD"], _KIND["INT"], _KIND["STRING"]
K_QUOTE, K_COMMENT, K_EOF = _KIND["QUOTE"], _KIND["COMMENT"], len(_ORDER) + 1
_NAMES = {k: name for name, k in _KIND.items()}
_OPENER_OF = {_KIND[k]: v for k, v in _OPENERS.items()}
_CLOSER_OF = {_KIND[k]: v for k, v in _CLOSERS.items()}
_WANT = {v: _KIND[k] for k, v in _CLOSERS.items()}  # closer text -> its kind
_ATOM_OF = {_KIND[k]: v for k, v in _ATOMS.items()}


class _Grammar:
    """The grammar's terminals, compiled once into the fast reader's scanners.

    Their regular expressions are the ones Lark compiles from grammar/ptclisp.lark, shipped
    beside it in terminals.json (tools/grammar_terminals.py writes it; a test checks it
    against Lark): building them at import would cost a Lark grammar load on every start."""

    def __init__(self):
        files = Path(_grammar_files.__file__).parent  # not importlib.resources: 7 ms at start-up
        self.source = (files / "ptclisp.lark").read_text(encoding="utf-8")
        shipped = json.loads((files / "terminals.json").read_text(encoding="utf-8"))
        if shipped["grammar_sha256"] != hashlib.sha256(self.source.encode("utf-8")).hexdigest():
            raise RuntimeError("grammar/terminals.json is stale: run python tools/grammar_terminals.py")
        regexps = dict(shipped["terminals"])
        ws = regexps.pop("WS")
        if sorted(_ORDER) != sorted(regexps):
            raise RuntimeError(f"reader and grammar disagree on terminals: {sorted(regexps)}")
        alternatives = [regexps[name] for name in _ORDER]
        # one token (group index = kind) after optional whitespace; the empty end is K_EOF
        self.token = re.compile("(?:%s)?(?:(%s)|(\\Z))" % (ws, ")|(".join(alternatives)))
        if self.token.groups != len(_ORDER) + 1:
            raise RuntimeError("a terminal of the grammar uses a capturing group")
        # (whitespace, token) pairs of a whole text at C speed; gaps mean a bad token
        self.pairs = re.compile("(%s)?((?:%s)|\\Z)" % (ws, ")|(?:".join(alternatives))).findall
        self.ws = re.compile(ws)

    def skip_ws(self, text: str, pos: int) -> int:
        """The offset after any whitespace at pos."""
        m = self.ws.match(text, pos)
        return m.end() if m else pos


# ---------------------------------------------------------------- fast reader

_INFO: dict = {"": (K_EOF, None)}  # token -> (kind, symbol parts or keyword), short tokens
_COMMENT_INFO = (K_COMMENT, None)


def _info(tok: str):
    """(kind, payload) of a token. Terminals never overlap, so matching the token on its own
    gives the terminal that matched it in place."""
    if tok[0] == ";":  # only a comment starts so; comments are not kept (mostly one-offs)
        return _COMMENT_INFO
    k = _grammar().token.match(tok).lastindex
    payload = _split_symbol(tok) if k == K_SYMBOL else Keyword(tok[1:]) if k == K_KEYWORD else None
    info = (k, payload)
    if len(tok) <= 32 and len(_INFO) < 20_000:
        _INFO[tok] = info
    return info


def _careful_pairs(text: str):
    """(whitespace, token) pairs up to the first bad token, and the error for it (or None)."""
    g = _grammar()
    match = g.token.match
    pairs, pos = [], 0
    while True:
        m = match(text, pos)
        if m is None:
            return pairs, _bad_token(text, g.skip_ws(text, pos))
        k = m.lastindex
        start, end = m.span(k)
        pairs.append((text[pos:start], text[start:end]))
        if k == K_EOF:
            return pairs, None
        pos = end


def _read_fast(text: str, lim, comments: bool) -> tuple:
    """Optimistic pass over findall's pairs; on any problem, a careful pass names the first one."""
    try:
        forms, end = _assemble(_grammar().pairs(text), text, lim, comments)
        if end == len(text):
            return forms
    except ReadError:
        pass
    pairs, bad = _careful_pairs(text)
    try:
        return _assemble(pairs, text, lim, comments, bad)[0]
    except ReadError as e:
        raise repair_hint(e, text) from None


def _assemble(pairs, text: str, lim, comments: bool, pending=None):
    """Forms from (whitespace, token) pairs, nesting with an explicit stack (no recursion).
    Returns (forms, offset reached); `pending` is a lexical error to raise where pairs end."""
    infos, spans = _INFO, _SPANS
    max_depth = lim[0]
    int_fast, str_fast = min(19, lim[2] + 1), min(1000, lim[1] + 3)  # surely within the limits
    n = len(text)
    out = items = []
    stack: list = []  # (closing kind, opener text, parent items, span)
    pos, quoted = 0, None
    line, line_start, line_key = 1, 0, (1 << 32) + 1  # span cache key = offset + line_key
    nl = text.find("\n")
    if nl < 0:
        nl = n
    for ws, tok in pairs:
        start = pos + len(ws)
        pos = start + len(tok)
        info = infos.get(tok) or _info(tok)
        k = info[0]
        if start > nl:  # newlines passed: advance the line counter
            while nl < start:
                line += 1
                line_start = nl + 1
                nl = text.find("\n", line_start)
                if nl < 0:
                    nl = n
            line_key = (line << 32) + 1 - line_start
        if quoted is not None and k != K_COMMENT:
            items.append(_quote(k, tok, _span(line, start - line_start + 1), quoted, lim, text))
            quoted = None
            continue
        if k <= 3:  # a closer (kinds follow _ORDER)
            if not stack:
                raise _error(M.read_unmatched(_CLOSER_OF[k]), _span(line, start - line_start + 1),
                             M.HINT_UNMATCHED, "unmatched", text)
            want, opener, parent, ospan = stack.pop()
            if want != k:
                raise _error(M.read_mismatched(_CLOSER_OF[k], opener, ospan),
                             _span(line, start - line_start + 1), M.HINT_MISMATCHED, "mismatched",
                             text)
            if comments:
                ospan = _make_span(ospan.line, ospan.column, line, start - line_start + 1)
            if opener == "(" and items:
                parent.append(List(tuple(items), ospan))
            elif opener == "[":
                parent.append(Vector(tuple(items), ospan))
            else:
                parent.append(_build(opener, items, ospan, text))
            items = parent
            continue
        span = spans.get(start + line_key) or _span(line, start - line_start + 1)
        if k == K_SYMBOL:
            name, ns = info[1]
            items.append(Sym(name, ns, span))
        elif k <= 8:  # an opener
            opener = _OPENER_OF[k]
            stack.append((_WANT[_CLOSES[opener]], opener, items, span))
            items = []
            if len(stack) > max_depth:
                raise _error(M.read_too_deep(max_depth), span, M.HINT_READ_DEPTH, "depth", text)
        elif k == K_KEYWORD:
            items.append(Lit(info[1], span, tok))
        elif k == K_INT and len(tok) < int_fast:
            items.append(Lit(int(tok), span, tok))
        elif k == K_STRING and len(tok) < str_fast and "\\" not in tok:
            items.append(Lit(tok[1:-1], span, tok))
        elif k == K_EOF:
            break
        elif k == K_QUOTE:
            quoted = span
        elif k == K_COMMENT:
            if comments:
                items.append(Comment(tok.rstrip(), span))
        else:
            items.append(_atom(_ATOM_OF[k], tok, span, lim, text))
    if pending is not None:
        raise pending
    if stack:
        _, opener, _, ospan = stack[-1]
        raise _error(M.read_unclosed(opener, ospan, len(stack) - 1), ospan, M.HINT_UNCLOSED,
                     "unclosed", text)
    return tuple(out), pos


def _atom(convert, tok, span, lim, text):
    try:
        return convert(tok, span, lim)
    except ReadError as e:
        e.source = text
        raise


def _quote(k: int, tok: str, span, qspan, lim, text) -> Quote:
    """The form after a quote: a symbol or a literal."""
    name = _NAMES.get(k, "$END")
    if name not in _QUOTABLE:
        raise _quote_error(name, span, text)
    return Quote(_atom(_ATOMS[name], tok, span, lim, text), qspan)


# ---------------------------------------------------------------- reference reader (Lark)

_PRESCAN = re.compile(r'#?"(?:[^"\\]|\\[\s\S])*"?|;[^\n]*|\\[\s\S]|#[{(]|[()\[\]{}]')


_GRAMMAR = _Grammar()  # built at import: the first run in a process gets its whole budget


def _grammar() -> _Grammar:
    return _GRAMMAR


def _open_delimiters(text: str, stop: int, max_depth: int | None = None):
    """Delimiters still open before offset stop, knowing strings, comments and characters;
    with max_depth, instead the offset of the first opener nested deeper than that (or None)."""
    stack: list = []
    for m in _PRESCAN.finditer(text, 0, stop):
        tok = m.group()
        if tok in _CLOSES:
            stack.append((tok, m.start()))
            if max_depth is not None and len(stack) > max_depth:
                return m.start()
        elif tok in (")", "]", "}"):
            if stack:
                stack.pop()
    return None if max_depth is not None else stack


# ---------------------------------------------------------------- the public reader

@functools.lru_cache(maxsize=256)
def _read_cached(text: str, lim) -> tuple:
    return _read_fast(text, lim, False)


def read(text: str, *, max_depth: int = DEFAULT_MAX_DEPTH,
         max_literal_chars: int = DEFAULT_MAX_LITERAL_CHARS,
         max_int_digits: int = DEFAULT_MAX_INT_DIGITS, comments: bool = False) -> tuple:
    """All top-level forms of text; ReadError (with span and hint) on anything malformed.

    Forms are shared between calls with the same text (a small cache): treat them as immutable.
    With comments=True the result also holds Comment forms and collection spans carry their end
    (for the source formatter).
    """
    if type(text) is not str:
        raise TypeError("read expects a str")
    lim = (max_depth, max_literal_chars, max_int_digits)
    if comments:
        return _read_fast(text, lim, True)
    if len(text) <= _CACHE_MAX_TEXT:
        return _read_cached(text, lim)
    return _read_fast(text, lim, False)
