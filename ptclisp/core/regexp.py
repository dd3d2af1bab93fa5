"""Regular expressions: the regex value, `#"..."` literals, re-find & co, extract helpers.

Patterns are written in Java's syntax (PTC-Lisp follows Clojure) and run on the `regex`
package, which shares almost all of it (possessive quantifiers, atomic groups, lookbehind,
`\\p{...}` properties, `(?<name>...)`). The few Java-only spellings are translated before
compiling (`\\Q...\\E`, `\\z`, `\\Z`, `\\e`, `\\cX`, `\\x{h..h}`, `\\v`, `\\0nnn`, `\\p{javaX}`);
Java's class union/intersection (`[a[b]]`, `[a&&b]`) is refused rather than silently misread.

Sandboxing: every match runs with the regex package's `timeout=` (budget.regex_timeout());
a timeout is a LimitExceeded. Compiling is bounded too: the `regex` package expands counted
repetitions (`a{1000}` is a thousand nodes, nested ones multiply), so a pattern whose expansion
exceeds MAX_EXPANSION is refused before it is compiled.

Group semantics (spec 8.10, Clojure): no groups -> the matched string; groups -> a vector
[whole g1 g2 ...] with nil for groups that did not take part; no match -> nil.
"""
from __future__ import annotations

import functools
import re as _stdre

import regex as _re

from ..run import budget
from .. import messages
from ..errors import EvalError, LimitExceeded
from . import predicates  # noqa: F401  (defines regex?, aliased below as regex/regex?)
from .registry import REGISTRY, builtin

MAX_EXPANSION = 20_000  # nodes a compiled pattern may expand to (counted repetitions multiply)
MAX_SOURCE = 20_000  # characters of one pattern


class Regex:
    """A compiled regex value; prints as `#"source"`, equal to regexes of the same source."""

    __slots__ = ("ptc_regex_source", "pattern")
    ptc_type_name = "regex"

    def __init__(self, source: str, pattern):
        self.ptc_regex_source = source
        self.pattern = pattern

    def __eq__(self, other):
        return getattr(other, "ptc_regex_source", None) == self.ptc_regex_source

    def __hash__(self):
        return hash(("regex", self.ptc_regex_source))

    def __repr__(self):
        return f'#"{self.ptc_regex_source}"'

    def ptc_str(self) -> str:
        """What `str` makes of a regex: its source (Clojure)."""
        return self.ptc_regex_source


class _Refused(Exception):
    """A Java construct the translation will not guess at."""


# ---------------------------------------------------------------- Java -> regex package

_JAVA_PROPS = {
    "javaLowerCase": r"\p{Ll}", "javaUpperCase": r"\p{Lu}", "javaWhitespace": r"\s",
    "javaDigit": r"\p{Nd}", "javaLetter": r"\p{L}", "javaAlphabetic": r"\p{Alphabetic}",
    "javaLetterOrDigit": r"\p{L}\p{Nd}", "javaSpaceChar": r"\p{Zs}\p{Zl}\p{Zp}",
}
_VERTICAL = r"\n\x0B\f\r\x85\u2028\u2029"
_OCTAL = _stdre.compile(r"0([0-3][0-7]{2}|[0-7]{1,2})")
_HEX_BRACED = _stdre.compile(r"x\{([0-9a-fA-F]{1,8})\}")


def _escape(src: str, i: int, in_class: bool) -> tuple[str, int]:
    """Translation of the escape starting at src[i] == '\\\\'; returns (text, next index)."""
    d = src[i + 1] if i + 1 < len(src) else ""
    if d == "Q":
        end = src.find("\\E", i + 2)
        literal = src[i + 2:] if end < 0 else src[i + 2:end]
        return _re.escape(literal), (len(src) if end < 0 else end + 2)
    if d == "z" and not in_class:
        return r"\Z", i + 2
    if d == "Z" and not in_class:
        return r"(?=\n?\Z)", i + 2
    if d == "e":
        return r"\x1b", i + 2
    if d == "v":
        return (_VERTICAL if in_class else f"[{_VERTICAL}]"), i + 2
    if d == "c" and i + 2 < len(src):
        return _re.escape(chr(ord(src[i + 2]) ^ 64)), i + 3
    m = _HEX_BRACED.match(src, i + 1)
    if m:
        return f"\\U{int(m.group(1), 16):08x}", m.end()
    m = _OCTAL.match(src, i + 1)
    if m:
        return _re.escape(chr(int(m.group(1), 8))), m.end()
    if d in "pP" and src.startswith("{java", i + 2):
        end = src.find("}", i + 2)
        prop = _JAVA_PROPS.get(src[i + 3:end]) if end > 0 else None
        if prop is not None:
            if in_class:
                return (prop if d == "p" else _refuse("a negated java property inside [...]")), end + 1
            return (f"[{prop}]" if d == "p" else f"[^{prop}]"), end + 1
    return src[i:i + 2], i + 2


def _refuse(what: str):
    raise _Refused(what)


def translate(src: str) -> str:
    """The Java-syntax pattern src in the `regex` package's syntax."""
    out: list[str] = []
    i, n, in_class, class_start = 0, len(src), False, -1
    while i < n:
        c = src[i]
        if c == "\\":
            text, i = _escape(src, i, in_class)
            out.append(text)
            continue
        if in_class:
            if c == "]" and i > class_start:
                in_class = False
            elif c == "[":
                _refuse("nested character classes like [a[b]] are not supported")
            elif src.startswith("&&", i):
                _refuse("character class intersection && is not supported")
        elif c == "[":
            in_class = True
            class_start = i + 1 + (src.startswith("^", i + 1))
            out.append(src[i:class_start])
            i = class_start
            if i < n and src[i] == "]":  # a leading ] is literal
                out.append("\\]")
                i += 1
            continue
        out.append(c)
        i += 1
    return "".join(out)


_COUNTED = _stdre.compile(r"\{(\d+)(?:,(\d*))?\}")


def expansion(pat: str) -> int:
    """An upper estimate of the nodes the regex package builds for pat (counted repeats multiply)."""
    stack = [[0, 0]]  # per open group: [cost so far, cost of the last item]
    i, n = 0, len(pat)
    while i < n:
        c, top = pat[i], stack[-1]
        if c == "(":
            stack.append([0, 0])
            i += 1
            continue
        if c == ")" and len(stack) > 1:
            cost = stack.pop()[0]
            stack[-1][0] += cost
            stack[-1][1] = cost
            i += 1
            continue
        if c == "{":
            m = _COUNTED.match(pat, i)
            if m:
                times = max(int(m.group(1)), 1)
                top[0] += top[1] * (times - 1)
                top[1] *= times
                i = m.end()
                continue
        i = _skip_atom(pat, i)
        top[0] += 1
        top[1] = 1
        if top[0] > MAX_EXPANSION * 4:  # no need to count further
            break
    return sum(level[0] for level in stack)


def _skip_atom(pat: str, i: int) -> int:
    """Index just past the atom at pat[i] (an escape, a class, or one character)."""
    c = pat[i]
    if c == "\\":
        if i + 2 < len(pat) and pat[i + 1] in "pPxNgk" and pat[i + 2] == "{":
            end = pat.find("}", i)
            return end + 1 if end > 0 else i + 2
        return i + 2
    if c == "[":
        j = i + 1 + (pat.startswith("^", i + 1))
        j += pat.startswith("]", j)
        while j < len(pat) and pat[j] != "]":
            j += 2 if pat[j] == "\\" else 1
        return j + 1
    return i + 1


@functools.lru_cache(maxsize=512)
def make_regex(source: str) -> Regex:
    """The regex value for a `#"..."` literal or `(re-pattern s)`; EvalError if invalid."""
    if len(source) > MAX_SOURCE:
        raise EvalError(messages.regex_too_complex(source, MAX_EXPANSION), code="regex")
    try:
        translated = translate(source)
    except _Refused as exc:
        raise EvalError(messages.regex_invalid(source, str(exc)), code="regex") from None
    if expansion(translated) > MAX_EXPANSION:
        raise EvalError(messages.regex_too_complex(source, MAX_EXPANSION), code="regex")
    try:
        compiled = _re.compile(translated, _re.V0)
    except _re.error as exc:
        raise EvalError(messages.regex_invalid(source, exc.msg), code="regex",
                        hint=messages.HINT_REGEX_ARG) from None
    except (OverflowError, MemoryError, RecursionError, ValueError):
        raise EvalError(messages.regex_too_complex(source, MAX_EXPANSION), code="regex") from None
    return Regex(source, compiled)


def as_regex(who: str, x) -> Regex:
    """x as a regex value: regexes as they are, strings compiled (a convenience over Clojure)."""
    if type(x) is Regex:
        return x
    if type(x) is str:
        return make_regex(x)
    source = getattr(x, "ptc_regex_source", None)
    if isinstance(source, str):
        return make_regex(source)
    raise EvalError(messages.type_error(who, "a regex", x), code="type",
                    hint=messages.HINT_REGEX_ARG)


def text_arg(who: str, s) -> str:
    """A string argument, or a type error naming who."""
    if type(s) is str:
        return s
    raise EvalError(messages.type_error(who, "a string", s), code="type")


# ---------------------------------------------------------------- timed matching


def timed(op, *args, **kw):
    """op(*args) under the run's regex timeout; a timeout becomes LimitExceeded."""
    seconds = budget.regex_timeout()
    try:
        return op(*args, timeout=seconds, **kw)
    except TimeoutError:
        raise _timed_out(seconds) from None


def _timed_out(seconds) -> LimitExceeded:
    b = budget.current()
    own = b.limits.regex_timeout if b is not None else None
    if b is not None and (own is None or seconds < own):  # cut to the time left in the run
        return b.timeout_error()
    return LimitExceeded(messages.regex_timeout(seconds), limit="regex_timeout", value=seconds,
                         hint=messages.HINT_REGEX_TIMEOUT)


def groups_value(m):
    """A match as PTC sees it: the string, or [whole g1 ...] when the regex has groups."""
    if m is None:
        return None
    if m.re.groups == 0:
        return m.group(0)
    return [m.group(0), *m.groups()]


def find(rx: Regex, s: str):
    """The first match of rx in s, as PTC sees it (the hot path: no wrapper)."""
    seconds = budget.regex_timeout()
    try:
        m = rx.pattern.search(s, timeout=seconds)
    except TimeoutError:
        raise _timed_out(seconds) from None
    if m is None:
        return None
    return m.group(0) if rx.pattern.groups == 0 else [m.group(0), *m.groups()]


def all_matches(rx: Regex, s: str) -> list:
    """Every match, in order (zero-width matches included, like Java's find loop)."""
    return timed(lambda text, timeout: list(rx.pattern.finditer(text, timeout=timeout)), s)


def java_split(rx: Regex, s: str, limit: int = 0) -> list:
    """Java's Pattern.split: no leading empty piece for a zero-width match at 0; limit 0 drops
    trailing empty pieces, a positive limit caps the pieces, a negative one keeps them all."""
    pieces, index = [], 0
    for m in all_matches(rx, s):
        start, end = m.span()
        if limit > 0 and len(pieces) >= limit - 1:
            break
        if end == 0 and start == 0:
            continue
        pieces.append(s[index:start])
        index = end
    if index == 0 and not pieces:
        return [s]
    pieces.append(s[index:])
    if limit == 0:
        while pieces and pieces[-1] == "":
            pieces.pop()
    return pieces


# ---------------------------------------------------------------- builtins

def _regex_builtin(name, **kw):
    """Register a clojure.core regex builtin, also reachable as regex/name (spec 9.8)."""
    def register(fn):
        builtin(name, **kw)(fn)
        REGISTRY.setdefault(f"regex/{name}", REGISTRY[f"clojure.core/{name}"])
        return fn
    return register


@_regex_builtin("re-pattern", arity=1, signature="(re-pattern s)",
                doc="Compiles the string s (Java regex syntax) into a regex; a regex is returned as is.",
                example=(('(re-find (re-pattern "\\\\d+") "ab12")', '"12"'),
                         ('(re-pattern #"a+")', '#"a+"')))
def re_pattern(s):
    if type(s) is Regex:
        return s
    return make_regex(text_arg("re-pattern", s))


@_regex_builtin("re-find", arity=2, signature="(re-find re s)",
                doc="The first match of re in s: a string, or [match group1 ...] when re has groups; nil if none.",
                example=(('(re-find #"\\d+" "v12 v3")', '"12"'),
                         ('(re-find #"(\\d+)-(\\d+)" "10-20")', '["10-20" "10" "20"]'),
                         ('(re-find #"x" "abc")', "nil")))
def re_find(rx, s):
    return find(as_regex("re-find", rx), text_arg("re-find", s))


@_regex_builtin("re-matches", arity=2, signature="(re-matches re s)",
                doc="The match of re against the whole of s (string or [match groups...]), else nil.",
                example=(('(re-matches #"\\d+" "123")', '"123"'),
                         ('(re-matches #"\\d+" "123abc")', "nil"),
                         ('(re-matches #"(\\w+)@(\\w+)" "me@host")', '["me@host" "me" "host"]')))
def re_matches(rx, s):
    rx = as_regex("re-matches", rx)
    return groups_value(timed(rx.pattern.fullmatch, text_arg("re-matches", s)))


@_regex_builtin("re-seq", arity=2, signature="(re-seq re s)",
                doc="Every match of re in s as a vector (each a string or [match groups...]); nil if none.",
                example=(('(re-seq #"\\d+" "a1b22c333")', '["1" "22" "333"]'),
                         ('(re-seq #"(\\d)(\\w)" "1a2b")', '[["1a" "1" "a"] ["2b" "2" "b"]]'),
                         ('(re-seq #"z" "abc")', "nil")))
def re_seq(rx, s):
    found = [groups_value(m) for m in all_matches(as_regex("re-seq", rx), text_arg("re-seq", s))]
    return found or None


@_regex_builtin("re-split", arity=2, signature="(re-split re s)",
                doc="Splits s around the matches of re (trailing empty pieces dropped, like str/split).",
                example=(('(re-split #"\\s+" "a  b   c")', '["a" "b" "c"]'),
                         ('(re-split #"," "a,b,c")', '["a" "b" "c"]')))
def re_split(rx, s):
    return java_split(as_regex("re-split", rx), text_arg("re-split", s))


def _group_arg(who: str, n) -> int:
    if type(n) is int:
        return n
    raise EvalError(messages.type_error(who, "an integer group number", n), code="type")


def _group(rx: Regex, s: str, n: int):
    found = find(rx, s)
    if found is None:
        return None
    if type(found) is str:
        return found if n == 0 else None
    return found[n] if 0 <= n < len(found) else None


@builtin("extract", arity=(2, 3), signature="(extract pattern s), (extract pattern s n)",
         doc="Capture group n (default 1; 0 is the whole match) of the first match of pattern in s, or nil.",
         example=(('(extract "ID:(\\\\d+)" "ID:42")', '"42"'),
                  ('(extract #"x=(\\d+) y=(\\d+)" "x=10 y=20" 2)', '"20"'),
                  ('(extract #"ID:(\\d+)" "ID:42" 0)', '"ID:42"'),
                  ('(extract #"ID:(\\d+)" "none")', "nil")))
def extract(pattern, s, n=1):
    return _group(as_regex("extract", pattern), text_arg("extract", s), _group_arg("extract", n))


_INTEGER = _stdre.compile(r"[+-]?[0-9]+")


@builtin("extract-int", arity=(2, 4),
         signature="(extract-int pattern s), (extract-int pattern s n), (extract-int pattern s n default)",
         doc="Like extract, then read the group as an integer; default (nil) when absent or not an integer.",
         example=(('(extract-int #"age=(\\d+)" "age=25")', "25"),
                  ('(extract-int #"x=(\\d+) y=(\\d+)" "x=10 y=20" 2)', "20"),
                  ('(extract-int #"age=(\\d+)" "none" 1 0)', "0")))
def extract_int(pattern, s, n=1, default=None):
    text = _group(as_regex("extract-int", pattern), text_arg("extract-int", s),
                  _group_arg("extract-int", n))
    if text is not None and _INTEGER.fullmatch(text):
        return int(text)
    return default


__all__ = ["Regex", "make_regex", "as_regex", "text_arg", "translate", "expansion", "timed",
           "find", "all_matches", "java_split", "groups_value"]

if "clojure.core/regex?" in REGISTRY:  # registered by the predicates module
    REGISTRY.setdefault("regex/regex?", REGISTRY["clojure.core/regex?"])
