"""Java String methods (`(.indexOf s "x")`): a fixed allowlist, never attribute lookups.

Java-named methods keep Java's contract where PtcRunner's Clojure-named helpers return signal
values: -1 for "not found", and `.substring` fails on indexes out of range (spec 8.15).
A one-character string stands for a Java char (DIV-40/41); an integer argument to
`.indexOf`/`.lastIndexOf` is a character code, as in Java (gap J05). Indexes count code points
(Java counts UTF-16 units; see docs/divergences.md).
"""
from __future__ import annotations

import math

from .. import messages
from ..errors import EvalError
from ..lang.values import MISSING
from . import regexp
from .registry import builtin
from .support import JAVA_WHITESPACE, literal_replace

NS = "interop"


def method(name: str, **kw):
    """Register a Java method builtin `name` (called as `(name receiver args...)`)."""
    def register(fn):
        builtin(name, ns=NS, **kw)(fn)
        fn.ptc_name = name
        return fn
    return register


def _s(method_name: str, s) -> str:
    if type(s) is str:
        return s
    raise EvalError(messages.method_type(method_name, "string", s), code="type")


def _needle(method_name: str, x) -> str:
    """A search argument: a string, or an integer character code."""
    if type(x) is str:
        return x
    if type(x) is int and 0 <= x <= 0x10FFFF:
        return chr(x)
    raise EvalError(messages.method_type(method_name, "string argument", x), code="type")


def _int(method_name: str, x) -> int:
    """A Java int parameter: integers, finite floats truncated toward zero."""
    if type(x) is int:
        return x
    if type(x) is float and math.isfinite(x):
        return int(x)
    raise EvalError(messages.method_type(method_name, "integer", x), code="type")


@method(".indexOf", arity=(2, 3), signature="(.indexOf s substr), (.indexOf s substr from)",
        doc="Index of the first occurrence of substr in s (from index from on), or -1.",
        example=(('(.indexOf "hello" "ll")', "2"), ('(.indexOf "hello" "x")', "-1"),
                 ('(.indexOf "hello" "l" 3)', "3")))
def index_of(s, sub, start=0):
    s, sub = _s(".indexOf", s), _needle(".indexOf", sub)
    return s.find(sub, min(max(_int(".indexOf", start), 0), len(s)))


@method(".lastIndexOf", arity=(2, 3), signature="(.lastIndexOf s substr), (.lastIndexOf s substr from)",
        doc="Index of the last occurrence of substr in s (at or before from), or -1.",
        example=(('(.lastIndexOf "hello" "l")', "3"), ('(.lastIndexOf "ababa" "ba" 2)', "1")))
def last_index_of(s, sub, start=MISSING):
    s, sub = _s(".lastIndexOf", s), _needle(".lastIndexOf", sub)
    if start is MISSING:
        return s.rfind(sub)
    start = _int(".lastIndexOf", start)
    return -1 if start < 0 else s.rfind(sub, 0, min(start, len(s)) + len(sub))


@method(".contains", arity=2, signature="(.contains s substr)", doc="True if s contains substr.",
        example=(('(.contains "hello" "ell")', "true"),))
def contains(s, sub):
    return _needle(".contains", sub) in _s(".contains", s)


@method(".startsWith", arity=(2, 3), signature="(.startsWith s prefix), (.startsWith s prefix offset)",
        doc="True if s starts with prefix (at index offset).",
        example=(('(.startsWith "hello" "he")', "true"), ('(.startsWith "abc" "b" 1)', "true")))
def starts_with(s, prefix, offset=0):
    s, prefix = _s(".startsWith", s), _needle(".startsWith", prefix)
    offset = _int(".startsWith", offset)
    return 0 <= offset <= len(s) and s.startswith(prefix, offset)


@method(".endsWith", arity=2, signature="(.endsWith s suffix)", doc="True if s ends with suffix.",
        example=(('(.endsWith "hello" "lo")', "true"),))
def ends_with(s, suffix):
    return _s(".endsWith", s).endswith(_needle(".endsWith", suffix))


@method(".length", arity=1, signature="(.length s)", doc="The number of characters of s.",
        example=(('(.length "hello")', "5"),))
def length(s):
    return len(_s(".length", s))


@method(".substring", arity=(2, 3), signature="(.substring s start), (.substring s start end)",
        doc="The characters of s from start to end (exclusive); fails on indexes out of range.",
        example=(('(.substring "hello" 2)', '"llo"'), ('(.substring "hello" 1 3)', '"el"')))
def substring(s, start, end=MISSING):
    s, start = _s(".substring", s), _int(".substring", start)
    stop = len(s) if end is MISSING else _int(".substring", end)
    if start < 0 or stop > len(s) or start > stop:
        raise EvalError(messages.substring_range(start, stop, len(s)), code="index",
                        hint=messages.HINT_SUBSTRING)
    return s[start:stop]


@method(".toUpperCase", arity=1, signature="(.toUpperCase s)", doc="s in upper case.",
        example=(('(.toUpperCase "Hello")', '"HELLO"'),))
def to_upper_case(s):
    return _s(".toUpperCase", s).upper()


@method(".toLowerCase", arity=1, signature="(.toLowerCase s)", doc="s in lower case.",
        example=(('(.toLowerCase "Hello")', '"hello"'),))
def to_lower_case(s):
    return _s(".toLowerCase", s).lower()


# Java's trim removes every character up to and including the space (U+0000..U+0020)
_JAVA_TRIM = "".join(map(chr, range(0x21)))


@method(".trim", arity=1, signature="(.trim s)",
        doc="s without leading and trailing spaces and control characters.",
        example=(('(.trim "  hi \\n")', '"hi"'),))
def trim(s):
    return _s(".trim", s).strip(_JAVA_TRIM)


@method(".isEmpty", arity=1, signature="(.isEmpty s)", doc="True if s has no characters.",
        example=(('(.isEmpty "")', "true"),))
def is_empty(s):
    return not _s(".isEmpty", s)


@method(".isBlank", arity=1, signature="(.isBlank s)", doc="True if s is empty or only whitespace.",
        example=(('(.isBlank " \\t")', "true"),))
def is_blank(s):
    return not _s(".isBlank", s).strip(JAVA_WHITESPACE)


@method(".charAt", arity=2, signature="(.charAt s index)",
        doc="The character of s at index (a one-character string); fails when out of range.",
        example=(('(.charAt "abc" 1)', '"b"'),))
def char_at(s, index):
    s, index = _s(".charAt", s), _int(".charAt", index)
    if not 0 <= index < len(s):
        raise EvalError(messages.char_at_range(index, len(s)), code="index")
    return s[index]


@method(".equals", arity=2, signature="(.equals s other)", doc="True if other is the same string as s.",
        example=(('(.equals "a" "a")', "true"),))
def equals(s, other):
    return type(other) is str and _s(".equals", s) == other


@method(".equalsIgnoreCase", arity=2, signature="(.equalsIgnoreCase s other)",
        doc="True if other is the same string as s, ignoring case.",
        example=(('(.equalsIgnoreCase "Ab" "aB")', "true"),))
def equals_ignore_case(s, other):
    s = _s(".equalsIgnoreCase", s)
    if type(other) is not str or len(other) != len(s):
        return False
    return all(a == b or a.upper() == b.upper() or a.lower() == b.lower() for a, b in zip(s, other))


@method(".replace", arity=3, signature="(.replace s target replacement)",
        doc="s with every occurrence of the literal target replaced.",
        example=(('(.replace "a.b.c" "." "-")', '"a-b-c"'),))
def replace(s, target, rep):
    s = _s(".replace", s)
    return literal_replace(s, _needle(".replace", target), _needle(".replace", rep), -1)


@method(".split", arity=(2, 3), signature="(.split s regex), (.split s regex limit)",
        doc="s split around matches of the regex (given as a string, as in Java).",
        example=(('(.split "a1b22c" "\\\\d+")', '["a" "b" "c"]'),))
def split(s, rx, limit=0):
    s = _s(".split", s)
    return regexp.java_split(regexp.as_regex(".split", rx), s, _int(".split", limit))


@method(".matches", arity=2, signature="(.matches s regex)",
        doc="True if the regex (a string, as in Java) matches the whole of s.",
        example=(('(.matches "abc123" "[a-z]+\\\\d+")', "true"),))
def matches(s, rx):
    rx = regexp.as_regex(".matches", rx)
    return regexp.timed(rx.pattern.fullmatch, _s(".matches", s)) is not None


__all__ = ["method"]
