"""Reading numbers and booleans from strings: parse-long (parse-int), parse-double,
parse-boolean, and the Java-shaped Integer/parseInt, Long/parseLong, Double/parseDouble,
Float/parseFloat and Boolean/parseBoolean.

The Clojure-named parsers return nil on anything they cannot parse, non-strings included
(PtcRunner DIV-18). The Java-shaped ones keep Java's contract: bad text is an error (PtcRunner
returns nil there, an open bug: GAP-J01), integer parsers check the int/long range and take a
radix (GAP-J15).
"""
from __future__ import annotations

import re

from .. import messages
from ..errors import EvalError
from .registry import builtin

_INT_TEXT = re.compile(r"([+-]?)([0-9]+)", re.ASCII)
_RADIX_TEXT = re.compile(r"([+-]?)([0-9a-zA-Z]+)", re.ASCII)
_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
_LONG = (-(1 << 63), (1 << 63) - 1)
_INT = (-(1 << 31), (1 << 31) - 1)

# java.lang.Double.valueOf's grammar (which Clojure's parse-double checks first)
_EXP = r"(?:[eE][+-]?[0-9]+)"
_DECIMAL = rf"(?:[0-9]+\.?[0-9]*{_EXP}?|\.[0-9]+{_EXP}?)"
_HEX = r"(?:0[xX](?:[0-9a-fA-F]+\.?|[0-9a-fA-F]*\.[0-9a-fA-F]+)[pP][+-]?[0-9]+)"
_DOUBLE_TEXT = re.compile(
    rf"[\x00-\x20]*([+-]?)(NaN|Infinity|{_DECIMAL}[fFdD]?|{_HEX}[fFdD]?)[\x00-\x20]*", re.ASCII)
_SPECIAL = {"NaN": float("nan"), "Infinity": float("inf")}
_BOOLEANS = {"true": True, "false": False}


def _parse_integer(s: str, radix: int, bounds) -> int | None:
    """The integer s spells in radix, or None (bad digits, out of bounds)."""
    m = (_INT_TEXT if radix == 10 else _RADIX_TEXT).fullmatch(s)
    if m is None:
        return None
    sign, digits = m.groups()
    digits = digits.lstrip("0") or "0"
    if len(digits) > 64 or any(_DIGITS.find(c) >= radix for c in digits.lower()):
        return None
    n = int(digits, radix)
    n = -n if sign == "-" else n
    return n if bounds[0] <= n <= bounds[1] else None


def _parse_double(s: str) -> float | None:
    """The double s spells in Java's syntax (whitespace around allowed), or None."""
    m = _DOUBLE_TEXT.fullmatch(s)
    if m is None:
        return None
    sign, body = m.groups()
    if body in _SPECIAL:
        x = _SPECIAL[body]
    else:
        if body[-1] in "fFdD":
            body = body[:-1]
        x = float.fromhex(body) if body[:2] in ("0x", "0X") else float(body)
    return -x if sign == "-" else x


# ---------------------------------------------------------------- Clojure-named parsers


@builtin("parse-long", arity=1, aliases=("parse-int",), signature="(parse-long s)",
         doc="The integer s spells (64-bit range), or nil; nil for non-strings too.",
         example=(('(parse-long "42")', "42"), ('(parse-long "-17")', "-17"),
                  ('(parse-long "4.2")', "nil"), ("(parse-long nil)", "nil")))
def parse_long(s):
    if type(s) is not str:
        return None
    return _parse_integer(s, 10, _LONG)


@builtin("parse-double", arity=1, signature="(parse-double s)",
         doc="The float s spells, or nil; nil for non-strings too.",
         example=(('(parse-double "3.14")', "3.14"), ('(parse-double "1.23e-4")', "1.23E-4"),
                  ('(parse-double "abc")', "nil")))
def parse_double(s):
    if type(s) is not str:
        return None
    return _parse_double(s)


@builtin("parse-boolean", arity=1, signature="(parse-boolean s)",
         doc='true for "true", false for "false", else nil.',
         example=(('(parse-boolean "true")', "true"), ('(parse-boolean "false")', "false"),
                  ('(parse-boolean "yes")', "nil")))
def parse_boolean(s):
    if type(s) is not str:
        return None
    return _BOOLEANS.get(s)


# ---------------------------------------------------------------- Java-shaped parsers


def _java_integer(who: str, s, radix, bounds, what: str) -> int:
    if type(radix) is not int or not 2 <= radix <= 36:
        raise EvalError(messages.radix_out_of_range(who, radix), code="value")
    n = _parse_integer(s, radix, bounds) if type(s) is str else None
    if n is None:
        raise EvalError(messages.cannot_parse(who, s, what), code="value",
                        hint=messages.HINT_JAVA_PARSE)
    return n


@builtin("parseInt", ns="Integer", arity=(1, 2), signature="(Integer/parseInt s radix?)",
         doc="The 32-bit integer s spells (in radix, default 10); an error if it is not one.",
         example=(('(Integer/parseInt "42")', "42"), ('(Integer/parseInt "ff" 16)', "255")))
def integer_parse_int(s, radix=10):
    return _java_integer("Integer/parseInt", s, radix, _INT, "a 32-bit integer")


@builtin("parseLong", ns="Long", arity=(1, 2), signature="(Long/parseLong s radix?)",
         doc="The 64-bit integer s spells (in radix, default 10); an error if it is not one.",
         example=(('(Long/parseLong "-42")', "-42"), ('(Long/parseLong "101" 2)', "5")))
def long_parse_long(s, radix=10):
    return _java_integer("Long/parseLong", s, radix, _LONG, "a 64-bit integer")


def _java_double(who: str, s) -> float:
    x = _parse_double(s) if type(s) is str else None
    if x is None:
        raise EvalError(messages.cannot_parse(who, s, "a number"), code="value",
                        hint=messages.HINT_JAVA_PARSE)
    return x


@builtin("parseDouble", ns="Double", arity=1, signature="(Double/parseDouble s)",
         doc="The float s spells; an error if it is not a number.",
         example=(('(Double/parseDouble "3.14")', "3.14"), ('(Double/parseDouble " 1.5 ")', "1.5")))
def double_parse_double(s):
    return _java_double("Double/parseDouble", s)


@builtin("parseFloat", ns="Float", arity=1, signature="(Float/parseFloat s)",
         doc="The float s spells (as a double); an error if it is not a number.",
         example=('(Float/parseFloat "2.5")', "2.5"))
def float_parse_float(s):
    return _java_double("Float/parseFloat", s)


@builtin("parseBoolean", ns="Boolean", arity=1, signature="(Boolean/parseBoolean s)",
         doc='true if s is "true" in any case; false for nil and every other string.',
         example=(('(Boolean/parseBoolean "TRUE")', "true"), ('(Boolean/parseBoolean "x")', "false"),
                  ("(Boolean/parseBoolean nil)", "false")))
def boolean_parse_boolean(s):
    if s is None:
        return False
    if type(s) is not str:
        raise EvalError(messages.type_error("Boolean/parseBoolean", "a string", s), code="type")
    return s.lower() == "true"
