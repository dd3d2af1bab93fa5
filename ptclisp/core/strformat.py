"""`format`: Java Formatter strings, as Clojure's format uses them.

`%[index$][flags][width][.precision]conversion` with conversions s S d o x X e E f g G b B c C
h H n % and the date conversions %tY %tm %td %tH %tM %tS %tF %tT ... (conformance gaps S65,
S89, S96). Flags: - (left) 0 (zero pad) + (sign) space , (grouping) ( (negative in parens)
# (0x / 0 prefix) < (previous argument). Floats round half-up on their shortest decimal
spelling, like Java. nil prints as "" for %s (PtcRunner DIV-21), "false" for %b and "null"
for the other conversions (Java). Extra arguments are ignored.
"""
from __future__ import annotations

import calendar
import decimal
import functools
import math
import re

from ..run import budget
from .. import messages
from ..errors import EvalError
from ..lang.values import is_number
from .dates import DateTime, LocalDate
from .registry import builtin
from ..lang.printer import int_text
from .text import to_str

_SPEC = re.compile(r"%(?:(\d+)\$)?([-#+ 0,(<]*)(\d+)?(?:\.(\d+))?([tT][A-Za-z]|[a-zA-Z%])")


_NEXT, _PREVIOUS = -1, -2  # argument index of a spec without an explicit one


class _Spec:
    """One parsed conversion."""

    __slots__ = ("text", "flags", "width", "precision", "conv", "upper", "index", "plain")

    def __init__(self, m):
        self.text = m.group(0)
        self.flags = m.group(2)
        self.width = int(m.group(3)) if m.group(3) else None
        self.precision = int(m.group(4)) if m.group(4) is not None else None
        conv = m.group(5)
        self.upper = conv[0].isupper() and conv[0] not in "%"
        self.conv = conv[0].lower() + conv[1:]
        if m.group(1):
            self.index = int(m.group(1)) - 1
        else:
            self.index = _PREVIOUS if "<" in self.flags else _NEXT
        self.plain = not (self.flags.strip("<") or self.width or self.precision is not None
                          or self.upper)

    def error(self, detail: str) -> EvalError:
        return EvalError(messages.format_bad_flags(self.text, detail), code="value",
                         hint=messages.HINT_FORMAT)

    def arg_error(self, expected: str, got) -> EvalError:
        return EvalError(messages.format_arg(self.text, expected, got), code="type",
                         hint=messages.HINT_FORMAT)


@functools.lru_cache(maxsize=512)
def _compile(fmt: str) -> tuple:
    """The literal texts and conversions of a format string, parsed once."""
    parts, pos = [], 0
    for m in _SPEC.finditer(fmt):
        parts.append(_literal(fmt[pos:m.start()]))
        pos = m.end()
        parts.append(_Spec(m))
    parts.append(_literal(fmt[pos:]))
    return tuple(p for p in parts if p != "")


@builtin("format", arity=(1, None), signature="(format fmt & args)",
         doc="A string built from the Java-style format string fmt and args (%s %d %.2f %x %5s %-5s %05d ...).",
         example=(('(format "%s has %d items" "cart" 3)', '"cart has 3 items"'),
                  ('(format "%.2f" 3.14159)', '"3.14"'), ('(format "%05d|%-4s|" 42 "ab")', '"00042|ab  |"'),
                  ('(format "%,d" 1234567)', '"1,234,567"'), ('(format "100%%")', '"100%"')))
def format_(fmt, *args):
    if type(fmt) is not str:
        raise EvalError(messages.type_error("format", "a format string", fmt), code="type")
    out, next_arg, last = [], 0, None
    for part in _compile(fmt):
        if type(part) is str:
            out.append(part)
            continue
        if part.width is not None or part.precision is not None:
            budget.charge_size(max(part.width or 0, part.precision or 0), "string")
        if part.conv in ("n", "%"):
            out.append(_justify(part, "\n" if part.conv == "n" else "%"))
            continue
        index = part.index
        if index == _NEXT:
            index, next_arg = next_arg, next_arg + 1
        elif index == _PREVIOUS:
            index = last
        if index is None or not 0 <= index < len(args):
            raise EvalError(messages.format_missing_arg(part.text), code="arity",
                            hint=messages.HINT_FORMAT)
        last = index
        x = args[index]
        if part.plain and (type(x) is str and part.conv == "s" or type(x) is int and part.conv == "d"):
            out.append(x if type(x) is str else int_text(x))
        else:
            out.append(_convert(part, x))
    budget.charge_size(sum(map(len, out)), "string")  # before the join builds it
    return "".join(out)


def _literal(text: str) -> str:
    i = text.find("%")
    if i >= 0:
        raise EvalError(messages.format_unknown(text[i:i + 2] or "%"), code="value",
                        hint=messages.HINT_FORMAT)
    return text


def _convert(spec: _Spec, x) -> str:
    conv = _CONVERSIONS.get(spec.conv[0])
    if conv is None:
        raise EvalError(messages.format_unknown(spec.text), code="value", hint=messages.HINT_FORMAT)
    text = conv(spec, x)
    if spec.upper:
        text = text.upper()
    return _justify(spec, text)


def _justify(spec: _Spec, text: str) -> str:
    if spec.width is None or len(text) >= spec.width:
        if "-" in spec.flags and spec.width is None:
            raise spec.error("the - flag needs a width")
        return text
    return text.ljust(spec.width) if "-" in spec.flags else text.rjust(spec.width)


def _truncate(spec: _Spec, text: str) -> str:
    return text if spec.precision is None else text[:spec.precision]


# ---------------------------------------------------------------- general conversions


def _string(spec, x):
    return _truncate(spec, "" if x is None else to_str(x))


def _boolean(spec, x):
    return _truncate(spec, "false" if x is None or x is False else "true")


def _char(spec, x):
    if x is None:
        return "null"
    if type(x) is str and len(x) == 1:
        return x
    if type(x) is int and 0 <= x <= 0x10FFFF:
        return chr(x)
    raise spec.arg_error("a character", x)


def _java_hash(spec, x) -> int:
    if type(x) is str:
        h = 0
        for unit in x.encode("utf-16-be").hex(" ", 2).split():
            h = (31 * h + int(unit, 16)) & 0xFFFFFFFF
        return h
    if type(x) is bool:
        return 1231 if x else 1237
    if type(x) is int:
        v = x & 0xFFFFFFFFFFFFFFFF
        return (v ^ (v >> 32)) & 0xFFFFFFFF
    raise spec.arg_error("a string, boolean or integer", x)


def _hash(spec, x):
    return "null" if x is None else _truncate(spec, format(_java_hash(spec, x), "x"))


# ---------------------------------------------------------------- numbers


def _signed(spec: _Spec, magnitude: str, negative: bool) -> str:
    """Sign, parentheses and zero padding around the digits of a number."""
    flags = spec.flags
    if negative:
        prefix, suffix = ("(", ")") if "(" in flags else ("-", "")
    else:
        prefix, suffix = ("+" if "+" in flags else " " if " " in flags else ""), ""
    if "0" in flags:
        if spec.width is None:
            raise spec.error("the 0 flag needs a width")
        magnitude = magnitude.rjust(spec.width - len(prefix) - len(suffix), "0")
    return prefix + magnitude + suffix


def _integer(spec, x):
    if type(x) is int:
        return x
    if type(x) is float and math.isfinite(x) and x == int(x):
        return int(x)
    raise spec.arg_error("an integer", x)


def _decimal_int(spec, x):
    if x is None:
        return "null"
    v = _integer(spec, x)
    digits = int_text(abs(v))
    if "," in spec.flags:
        head = len(digits) % 3 or 3
        digits = ",".join([digits[:head]] + [digits[i:i + 3] for i in range(head, len(digits), 3)])
    return _signed(spec, digits, v < 0)


def _radix(base: str, prefix: str):
    def convert(spec, x):
        if x is None:
            return "null"
        v = _integer(spec, x)
        if -2**63 <= v < 0:  # a Java long prints its two's complement
            v += 2**64
        digits = format(abs(v), base)
        lead = prefix if "#" in spec.flags else ""
        if "0" in spec.flags and spec.width:
            digits = digits.rjust(spec.width - len(lead) - (v < 0), "0")
        return ("-" if v < 0 else "") + lead + digits
    return convert


def _special(spec, x: float):
    """NaN and the infinities as Java prints them (never zero padded)."""
    if x != x:
        return "NaN"
    text = "Infinity"
    if x < 0:
        return "(Infinity)" if "(" in spec.flags else "-Infinity"
    return ("+" if "+" in spec.flags else " " if " " in spec.flags else "") + text


def _number(spec, x):
    if x is None or not is_number(x):
        raise spec.arg_error("a number", x)
    if type(x) is float:
        if not math.isfinite(x):
            return None
        return decimal.Decimal(repr(x))
    return decimal.Decimal(x)


def _with_half_up(fn):
    def wrapped(spec, x):
        if x is None:
            return "null"
        d = _number(spec, x)
        if d is None:
            return _special(spec, x)
        with decimal.localcontext() as ctx:
            ctx.rounding = decimal.ROUND_HALF_UP
            ctx.prec = max(ctx.prec, len(d.as_tuple().digits) + (spec.precision or 6) + 2)
            text = fn(spec, abs(d), ctx)
        return _signed(spec, text, d.is_signed() and d != 0 or (d == 0 and str(x).startswith("-")))
    return wrapped


def _fixed_text(spec, d, precision: int) -> str:
    return format(d, ("," if "," in spec.flags else "") + f".{precision}f")


def _scientific_text(d, precision: int) -> str:
    if d == 0:
        return ("0." + "0" * precision if precision else "0") + "e+00"
    text = format(d, f".{precision}e")
    mantissa, _, exponent = text.partition("e")
    sign = "-" if exponent.startswith("-") else "+"
    return f"{mantissa}e{sign}{exponent.lstrip('+-').rjust(2, '0')}"


@_with_half_up
def _fixed(spec, d, ctx):
    return _fixed_text(spec, d, 6 if spec.precision is None else spec.precision)


@_with_half_up
def _scientific(spec, d, ctx):
    return _scientific_text(d, 6 if spec.precision is None else spec.precision)


@_with_half_up
def _general(spec, d, ctx):
    precision = 6 if spec.precision is None else max(spec.precision, 1)
    if d == 0:
        return _fixed_text(spec, d, precision - 1)
    ctx.prec = precision
    rounded = +d
    exponent = rounded.adjusted()
    if -4 <= exponent < precision:
        return _fixed_text(spec, rounded, precision - 1 - exponent)
    return _scientific_text(rounded, precision - 1)


# ---------------------------------------------------------------- dates


def _moment(spec, x):
    """A (datetime, has_time) pair for a date conversion argument."""
    if type(x) is DateTime:
        return x.datetime(), True
    if type(x) is LocalDate:
        return x.date(), False
    if type(x) is int:
        return DateTime(x * 1000).datetime(), True
    raise spec.arg_error("a date or epoch milliseconds", x)


_DATE_FIELDS = {
    "Y": lambda d: f"{d.year:04d}", "y": lambda d: f"{d.year % 100:02d}",
    "C": lambda d: f"{d.year // 100:02d}", "m": lambda d: f"{d.month:02d}",
    "d": lambda d: f"{d.day:02d}", "e": lambda d: str(d.day),
    "B": lambda d: calendar.month_name[d.month], "b": lambda d: calendar.month_abbr[d.month],
    "h": lambda d: calendar.month_abbr[d.month], "A": lambda d: calendar.day_name[d.weekday()],
    "a": lambda d: calendar.day_abbr[d.weekday()], "j": lambda d: f"{d.timetuple().tm_yday:03d}",
    "F": lambda d: f"{d.year:04d}-{d.month:02d}-{d.day:02d}",
    "D": lambda d: f"{d.month:02d}/{d.day:02d}/{d.year % 100:02d}",
}
_TIME_FIELDS = {
    "H": lambda t: f"{t.hour:02d}", "k": lambda t: str(t.hour), "M": lambda t: f"{t.minute:02d}",
    "S": lambda t: f"{t.second:02d}", "L": lambda t: f"{t.microsecond // 1000:03d}",
    "N": lambda t: f"{t.microsecond * 1000:09d}", "I": lambda t: f"{(t.hour - 1) % 12 + 1:02d}",
    "l": lambda t: str((t.hour - 1) % 12 + 1), "p": lambda t: "am" if t.hour < 12 else "pm",
    "Z": lambda t: "UTC", "z": lambda t: "+0000",
    "s": lambda t: str(int(t.timestamp())), "Q": lambda t: str(int(t.timestamp() * 1000)),
    "T": lambda t: f"{t.hour:02d}:{t.minute:02d}:{t.second:02d}",
    "R": lambda t: f"{t.hour:02d}:{t.minute:02d}",
    "r": lambda t: f"{(t.hour - 1) % 12 + 1:02d}:{t.minute:02d}:{t.second:02d} "
                   f"{'AM' if t.hour < 12 else 'PM'}",
    "c": lambda t: (f"{calendar.day_abbr[t.weekday()]} {calendar.month_abbr[t.month]} "
                    f"{t.day:02d} {t.hour:02d}:{t.minute:02d}:{t.second:02d} UTC {t.year:04d}"),
}


def _date(spec, x):
    if x is None:
        return "null"
    field = spec.conv[1:]
    moment, has_time = _moment(spec, x)
    if field in _DATE_FIELDS:
        return _DATE_FIELDS[field](moment)
    if field in _TIME_FIELDS:
        if not has_time:
            raise spec.arg_error("a date with a time of day", x)
        return _TIME_FIELDS[field](moment)
    raise EvalError(messages.format_unknown(spec.text), code="value", hint=messages.HINT_FORMAT)


_CONVERSIONS = {
    "s": _string, "b": _boolean, "c": _char, "h": _hash, "d": _decimal_int,
    "o": _radix("o", "0"), "x": _radix("x", "0x"), "f": _fixed, "e": _scientific, "g": _general,
    "t": _date,
}


@builtin("printf", listed=False, arity=(1, None), signature="(printf fmt & args)",
         doc="Prints (format fmt args...) as output (a trailing newline ends the line); returns nil.",
         example=(('(printf "%s: %d\\n" "total" 3)', "nil"),))
def printf(fmt, *args):
    text = format_(fmt, *args)
    budget.check_print(len(text))
    if text.endswith("\n"):
        budget.emit_print(text[:-1], "\n")
    else:
        budget.emit_print(text, "")
