"""Signatures in PtcRunner's syntax (docs/signature-syntax.md): parse, render, check, JSON schema.

    (query :string, limit :int?) -> [{id :int, title :string}]
    {count :int, items [{id :int}]}          ; output only

Types are small tuples: ("prim", name), ("list", item), ("map", ((field, type), ...)),
("opt", inner); a string that takes only some values is ("prim", "string", values). `check(value, type)` lists every mismatch as (path, message); map fields match
keys flexibly (`order_id` finds :order-id, "order-id", :order_id or "order_id"); extra keys are
allowed; :float accepts integers (as PtcRunner does).
"""
from __future__ import annotations

import difflib
import re

import attrs

from ..lang import printer
from .. import messages
from ..lang.values import MAP_TYPES, VECTOR_TYPES, Keyword, type_name

PRIMITIVES = ("string", "int", "float", "bool", "keyword", "datetime", "any", "map")
ANY = ("prim", "any")
MAX_PROBLEMS = 10  # mismatches reported per check


class SignatureError(ValueError):
    """A signature text that does not parse (a host error, raised when the signature is given)."""


@attrs.define(frozen=True)
class Signature:
    """Parsed `(params) -> output`; params is None for an output-only signature."""

    params: tuple | None  # ((name, type), ...)
    output: tuple
    text: str

    def check(self, value) -> list:
        """Mismatches of value against the output type, as (path, message) pairs."""
        return check(value, self.output)


# ---------------------------------------------------------------- parsing

_TOKEN = re.compile(r"\s*(?:(->)|([()\[\]{},?])|:([A-Za-z_][\w-]*)|([A-Za-z_][\w-]*))")


def _tokens(text: str):
    pos, out = 0, []
    while pos < len(text):
        if text[pos:].strip() == "":
            break
        m = _TOKEN.match(text, pos)
        if m is None:
            raise SignatureError(messages.sig_unexpected(text, pos))
        arrow, punct, type_name_, ident = m.groups()
        start = m.start(m.lastindex)
        if arrow:
            out.append(("->", "->", start))
        elif punct:
            out.append((punct, punct, start))
        elif type_name_:
            out.append(("type", type_name_, start))
        else:
            out.append(("name", ident, start))
        pos = m.end()
    out.append(("end", "", len(text)))
    return out


class _Parser:
    def __init__(self, text: str):
        self.text = text
        self.toks = _tokens(text)
        self.i = 0

    def peek(self, offset: int = 0):
        return self.toks[min(self.i + offset, len(self.toks) - 1)]

    def take(self, kind: str):
        tok = self.peek()
        if tok[0] != kind:
            raise SignatureError(messages.sig_expected(self.text, tok[2], kind))
        self.i += 1
        return tok

    def unclosed(self, closer: str):
        """Raise if the text ends before closer."""
        if self.peek()[0] == "end":
            raise SignatureError(messages.sig_expected(self.text, self.peek()[2], closer))

    def signature(self) -> Signature:
        params = None
        if self.peek()[0] == "(":
            params = self.params()
            self.take("->")
        out = self.type()
        self.take("end")
        return Signature(params, out, self.text.strip())

    def params(self):
        self.take("(")
        params = []
        while self.peek()[0] != ")":
            self.unclosed(")")
            name = self.take("name")[1]
            params.append((name, self.type()))
            if self.peek()[0] == ",":
                self.i += 1
        self.take(")")
        return tuple(params)

    def type(self):
        kind, value, pos = self.peek()
        if kind == "type":
            self.i += 1
            t = ("prim", _prim(self.text, value, pos))
        elif kind == "[":
            self.i += 1
            if self.peek()[0] == "]":
                raise SignatureError(messages.sig_empty_list(self.text, pos))
            t = ("list", self.type())
            self.take("]")
        elif kind == "{":
            t = self.fields()
        else:
            raise SignatureError(messages.sig_expected(self.text, pos, "type"))
        if self.peek()[0] == "?":
            self.i += 1
            t = ("opt", t)
        return t

    def fields(self):
        self.take("{")
        fields = []
        while self.peek()[0] != "}":
            self.unclosed("}")
            name = self.take("name")[1]
            fields.append((name, self.type()))
            if self.peek()[0] == ",":
                self.i += 1
        self.take("}")
        return ("map", tuple(fields))


def _prim(text: str, name: str, pos: int) -> str:
    if name in PRIMITIVES:
        return name
    fix = messages.SIG_TYPE_FIXES.get(name)
    near = difflib.get_close_matches(name, PRIMITIVES, n=1, cutoff=0.6)
    raise SignatureError(messages.sig_bad_type(text, pos, name, fix or (":" + near[0] if near else None)))


def parse(text: str) -> Signature:
    """Parse a full signature `(params) -> output` or an output type alone."""
    if not isinstance(text, str) or not text.strip():
        raise SignatureError(messages.SIG_EMPTY)
    return _Parser(text).signature()


def parse_type(text: str):
    """Parse one type such as `[{id :int}]` or `:string?`."""
    sig = parse(text)
    if sig.params is not None:
        raise SignatureError(messages.sig_expected(text, 0, "type"))
    return sig.output


# ---------------------------------------------------------------- rendering

def render(t) -> str:
    """Signature text of a type."""
    kind = t[0]
    if kind == "prim":
        return ":" + t[1]
    if kind == "list":
        return f"[{render(t[1])}]"
    if kind == "opt":
        return render(t[1]) + "?"
    return "{" + ", ".join(f"{n} {render(x)}" for n, x in t[1]) + "}"


def enum(values) -> tuple:
    """A string type that takes only these values (`Literal[...]`, an Enum, a schema's enum):
    ("prim", "string", values); checked as a string, shown to a model with its values."""
    return ("prim", "string", tuple(values))


def enum_values(t) -> tuple:
    """The values of an enum type, else ()."""
    return t[2] if t[0] == "prim" and len(t) > 2 else ()


def optional(t) -> bool:
    """True for `T?` types (the value may be nil or left out)."""
    return t[0] == "opt"


# ---------------------------------------------------------------- checking

def _norm(key) -> str | None:
    if type(key) is Keyword:
        key = key.name
    return key.replace("-", "_") if type(key) is str else None


def _describe(v) -> str:
    if v is None:
        return "nil"
    return f"{type_name(v)} {printer.format_value(v, max_chars=40)}"


def _join(path: str, step) -> str:
    if type(step) is int:
        return f"{path}[{step}]"
    return f"{path}.{step}" if path else step


def _is_datetime(v) -> bool:
    if getattr(type(v), "ptc_type_name", None) == "DateTime":
        return True
    return type(v) is str and re.fullmatch(
        r"\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)", v) is not None


_PRIM_CHECKS = {
    "string": lambda v: type(v) is str,
    "int": lambda v: type(v) is int,
    "float": lambda v: type(v) is int or type(v) is float,
    "bool": lambda v: type(v) is bool,
    "keyword": lambda v: type(v) is Keyword or (type(v) is str and re.fullmatch(r"[^\s/:]\S*", v)),
    "datetime": _is_datetime,
    "any": lambda v: True,
    "map": lambda v: isinstance(v, MAP_TYPES),
}


def check(value, t, path: str = "") -> list:
    """Every mismatch of value against type t (up to MAX_PROBLEMS), as (path, message)."""
    out: list = []
    _check(value, t, path, out)
    return out[:MAX_PROBLEMS]


def _check(v, t, path, out):
    if len(out) >= MAX_PROBLEMS:
        return
    kind = t[0]
    if kind == "opt":
        if v is not None:
            _check(v, t[1], path, out)
        return
    if kind == "prim":
        if not _PRIM_CHECKS[t[1]](v):
            out.append((path, messages.sig_expected_type(render(t), _describe(v))))
        return
    if kind == "list":
        if not isinstance(v, VECTOR_TYPES):
            out.append((path, messages.sig_expected_type(render(t), _describe(v))))
            return
        for i, x in enumerate(v):
            _check(x, t[1], _join(path, i), out)
        return
    if not isinstance(v, MAP_TYPES):
        out.append((path, messages.sig_expected_type(render(t), _describe(v))))
        return
    keys = {}
    for k in v.keys():
        keys.setdefault(_norm(k), k)
    for name, ft in t[1]:
        k = keys.get(_norm(name), _ABSENT)
        if k is _ABSENT:
            if not optional(ft):
                out.append((_join(path, name), messages.sig_missing_field(render(ft))))
            continue
        _check(v[k], ft, _join(path, name), out)


_ABSENT = object()


def problems_text(problems) -> str:
    """`path: message; path: message` for a list of mismatches."""
    return "; ".join(f"{p}: {m}" if p else m for p, m in problems)


# ---------------------------------------------------------------- JSON schema

_SCHEMA = {"string": "string", "int": "integer", "float": "number", "bool": "boolean",
           "keyword": "string", "datetime": "string", "map": "object"}


def to_schema(t) -> dict:
    """A JSON schema for a type."""
    kind = t[0]
    if kind == "opt":
        return {"anyOf": [to_schema(t[1]), {"type": "null"}]}
    if kind == "prim":
        if t[1] == "any":
            return {}
        out = {"type": _SCHEMA[t[1]]}
        if enum_values(t):
            out["enum"] = list(enum_values(t))
        if t[1] == "datetime":
            out["description"] = "ISO 8601 date-time with offset"
        return out
    if kind == "list":
        return {"type": "array", "items": to_schema(t[1])}
    props = {n: to_schema(x) for n, x in t[1]}
    required = [n for n, x in t[1] if not optional(x)]
    out = {"type": "object", "properties": props}
    if required:
        out["required"] = required
    return out


_FROM_SCHEMA = {"string": "string", "integer": "int", "number": "float", "boolean": "bool"}


def from_schema(s) -> tuple:
    """The type a JSON schema describes (best effort; unknown shapes become :any)."""
    if not isinstance(s, dict):
        return ANY
    types = s.get("type")
    if isinstance(types, list):
        rest = [x for x in types if x != "null"]
        inner = from_schema({**s, "type": rest[0]}) if len(rest) == 1 else ANY
        return ("opt", inner) if "null" in types and inner != ANY else inner
    for key in ("anyOf", "oneOf"):
        if key in s and isinstance(s[key], list):
            opts = [x for x in s[key] if not (isinstance(x, dict) and x.get("type") == "null")]
            inner = from_schema(opts[0]) if len(opts) == 1 else ANY
            nullable = len(opts) < len(s[key])
            return ("opt", inner) if nullable and inner != ANY else inner
    if types == "string" and s.get("enum") and all(isinstance(x, str) for x in s["enum"]):
        return enum(s["enum"])
    if types in _FROM_SCHEMA:
        return ("prim", _FROM_SCHEMA[types])
    if types == "array":
        return ("list", from_schema(s.get("items", {})))
    if types == "object":
        props = s.get("properties")
        if not isinstance(props, dict) or not props:
            return ("prim", "map")
        required = set(s.get("required") or ())
        fields = tuple((n, _optional_unless(from_schema(x), n in required)) for n, x in props.items())
        return ("map", fields)
    if "enum" in s and s["enum"] and all(isinstance(x, str) for x in s["enum"]):
        return enum(s["enum"])
    return ANY


def _optional_unless(t, required: bool):
    return t if required or optional(t) else ("opt", t)


# ---------------------------------------------------------------- example values

_EXAMPLES = {"int": 42, "float": 3.14, "string": "text", "bool": True, "keyword": Keyword("ok"),
             "datetime": "2026-01-15T09:00:00Z", "any": "value", "map": {}}


def example_value(t):
    """A plain example value of type t, map keys as keywords spelled as declared."""
    kind = t[0]
    if kind == "prim":
        return enum_values(t)[0] if enum_values(t) else _EXAMPLES.get(t[1], "value")
    if kind == "opt":
        return example_value(t[1])
    if kind == "list":
        return [example_value(t[1])]
    return {Keyword(str(n)): example_value(x) for n, x in t[1]}
