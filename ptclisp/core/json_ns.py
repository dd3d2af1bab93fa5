"""json/parse-string, json/parse-lines, json/generate-string (Cheshire-shaped).

Parsing never fails: invalid text, nil or a non-string gives nil (PtcRunner DIV-23). Objects
become maps with string keys (`{"a" 1}`), arrays vectors; NaN/Infinity are not JSON. Nesting
deeper than MAX_DEPTH is refused (nil) so later recursive work on the value stays safe, and the
number of values is charged against the size limit before parsing.

Generating: keywords and symbols become strings (`{:a 1}` -> `{"a":1}`, as Cheshire does;
PtcRunner returns nil there), sets become arrays, dates their ISO text; a value JSON cannot
express (a function, a regex, NaN, a collection as a map key) gives nil.
"""
from __future__ import annotations

import itertools
import json
import math
import re

from ..run import budget
from .. import messages
from ..errors import EvalError
from ..lang.values import MAP_TYPES, SET_TYPES, VECTOR_TYPES, Keyword, Symbol, sort_key
from .dates import DateTime, LocalDate
from .registry import builtin
from ..lang.printer import int_text

MAX_DEPTH = 512
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
_LINES = re.compile(r"\r\n|\n|\r")


def _bad_constant(name):
    raise ValueError(name)


_DECODER = json.JSONDecoder(parse_constant=_bad_constant)


def _too_deep(text: str) -> bool:
    """True if arrays/objects nest deeper than MAX_DEPTH (strings skipped)."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return False
    brackets = re.sub(r'"(?:[^"\\]|\\.)*"|[^\[\]{}]', "", text)
    return max(itertools.accumulate(map(_DEPTH_STEP.__getitem__, brackets)), default=0) > MAX_DEPTH


def parse_json(text):
    """The value of one JSON text, or None if it is not valid JSON (or too deep)."""
    if type(text) is not str:
        return None
    budget.charge_size(text.count(",") + text.count("[") + text.count("{") + 1, "JSON value")
    if _too_deep(text):
        return None
    try:
        return _DECODER.decode(text)
    except (ValueError, RecursionError):
        return None


@builtin("parse-string", ns="json", arity=1, signature="(json/parse-string s)",
         doc="The value of the JSON text s (objects become maps with string keys); nil if s is not valid JSON.",
         example=(('(json/parse-string "{\\"a\\": [1, 2.5, null]}")', '{"a" [1 2.5 nil]}'),
                  ('(json/parse-string "not json")', "nil")))
def parse_string(s):
    return parse_json(s)


@builtin("parse-lines", ns="json", arity=1, signature="(json/parse-lines s)",
         doc="A vector of the values of the JSON lines of s; blank lines are skipped, bad lines give nil.",
         example=(('(json/parse-lines "{\\"a\\":1}\\n[2,3]\\n")', '[{"a" 1} [2 3]]'),))
def parse_lines(s):
    if type(s) is not str:
        return None
    return [parse_json(line) for line in _LINES.split(s) if line.strip()]


class _NotJson(Exception):
    """The value holds something JSON cannot express."""


def _key(k) -> str:
    t = type(k)
    if t is str:
        return k
    if t is Keyword or t is Symbol:
        return k.name if t is Keyword else str(k)
    if t is int:
        return str(k)
    if t is bool:
        return "true" if k else "false"
    if t is float and math.isfinite(k):
        return repr(k)
    raise _NotJson


_SAFE_INT = 10 ** 4000  # integers this long or longer are encoded by Encoder.big


class _Encoder:
    """Turns a PTC value into plain JSON data, counting nodes against the size limit."""

    def __init__(self):
        self.nodes = 0
        self.bigs: dict[str, str] = {}  # placeholder -> digits of an integer too long for json

    def big(self, v: int) -> str:
        """A placeholder string for v, replaced by its digits after encoding (json.dumps
        refuses integers past CPython's int-to-text digit limit)."""
        token = f"\x00int{id(self)}:{len(self.bigs)}\x00"
        self.bigs[token] = int_text(v)
        return token

    def finish(self, text: str) -> str:
        for token, digits in self.bigs.items():
            text = text.replace(json.dumps(token), digits)
        return text

    def count(self, n: int):
        self.nodes += n
        if self.nodes > 10_000:
            budget.charge_size(self.nodes, "JSON value")

    def plain(self, v, depth: int = 0):
        t = type(v)
        if t is int and not -_SAFE_INT < v < _SAFE_INT:
            return self.big(v)
        if v is None or t is bool or t is int or t is str:
            return v
        if t is float:
            if not math.isfinite(v):
                raise _NotJson
            return v
        if t is Keyword:
            return v.name
        if t is Symbol:
            return str(v)
        if depth >= MAX_DEPTH:
            raise EvalError(messages.json_too_deep(MAX_DEPTH), code="value")
        if isinstance(v, MAP_TYPES):
            self.count(len(v))
            pairs = sorted(((_key(k), x) for k, x in v.items()), key=lambda kv: kv[0])
            return {k: self.plain(x, depth + 1) for k, x in pairs}
        if isinstance(v, VECTOR_TYPES):
            self.count(len(v))
            return [self.plain(x, depth + 1) for x in v]
        if isinstance(v, SET_TYPES):
            self.count(len(v))
            return [self.plain(x, depth + 1) for x in sorted(v, key=sort_key)]
        if type(v) in (LocalDate, DateTime):
            return v.ptc_str()
        raise _NotJson


@builtin("generate-string", ns="json", arity=1, signature="(json/generate-string v)",
         doc="Encodes a value as a JSON string; nil when it holds something JSON cannot express.",
         example=(('(json/generate-string {:a 1 :b [true nil "x"]})', '"{\\"a\\":1,\\"b\\":[true,null,\\"x\\"]}"'),
                  ("(json/generate-string [1.5 #{2}])", '"[1.5,[2]]"'),
                  ("(json/generate-string inc)", "nil")))
def generate_string(v):
    encoder = _Encoder()
    try:
        data = encoder.plain(v)
    except _NotJson:
        return None
    text = encoder.finish(json.dumps(data, ensure_ascii=False, separators=(",", ":"),
                                     allow_nan=False))
    budget.charge_size(len(text), "string")
    return text
