"""Dates and durations: the minimal java.time / java.util.Date interop of spec 8.14.

Three immutable values, equal and ordered by value:
- LocalDate: a calendar day (`LocalDate/parse "2024-01-31"`), printed "2024-01-31".
- DateTime: an instant in UTC, microsecond precision (`Instant/parse`, `java.util.Date.`),
  printed like Java's Instant: "2024-01-31T14:30:00Z".
- Duration: the span between two instants (`Duration/between`), printed #duration[5000ms].
The clock is the run's (budget.now()), so a Session can fix "now".
"""
from __future__ import annotations

import datetime as _dt
import math
import re

from ..run import budget
from .. import messages
from ..errors import EvalError
from ..lang.values import MISSING, type_name
from .discovery import add_prefixes
from .interop import method
from .registry import builtin

_EPOCH = _dt.datetime(1970, 1, 1, tzinfo=_dt.timezone.utc)
_EPOCH_ORDINAL = _dt.date(1970, 1, 1).toordinal()
_MICROS_PER_DAY = 86_400_000_000
_UTC = _dt.timezone.utc
# the instants and days a value may hold: years 1 to 9999 in UTC, which print and export
MIN_MICROS = (_dt.datetime.min.replace(tzinfo=_UTC) - _EPOCH) // _dt.timedelta(microseconds=1)
MAX_MICROS = (_dt.datetime.max.replace(tzinfo=_UTC) - _EPOCH) // _dt.timedelta(microseconds=1)
MIN_DAYS = _dt.date.min.toordinal() - _EPOCH_ORDINAL
MAX_DAYS = _dt.date.max.toordinal() - _EPOCH_ORDINAL


class LocalDate:
    """A calendar day, held as days since 1970-01-01."""

    __slots__ = ("days",)
    ptc_type_name = "LocalDate"

    def __init__(self, days: int):
        self.days = days

    def date(self) -> _dt.date:
        return _dt.date.fromordinal(self.days + _EPOCH_ORDINAL)

    def ptc_str(self) -> str:
        return self.date().isoformat()

    def ptc_format(self) -> str:
        return '"' + self.ptc_str() + '"'

    def ptc_sort_key(self):
        return (self.days,)

    def __eq__(self, other):
        return type(other) is LocalDate and other.days == self.days

    def __lt__(self, other):
        return self.days < other.days

    def __hash__(self):
        return hash(("LocalDate", self.days))

    def __repr__(self):
        return f"LocalDate({self.ptc_str()})"


class DateTime:
    """An instant, held as microseconds since the epoch (UTC)."""

    __slots__ = ("micros",)
    ptc_type_name = "DateTime"

    def __init__(self, micros: int):
        self.micros = micros

    def datetime(self) -> _dt.datetime:
        return _EPOCH + _dt.timedelta(microseconds=self.micros)

    def ptc_str(self) -> str:
        d = self.datetime()
        text = f"{d.year:04d}-{d.month:02d}-{d.day:02d}T{d.hour:02d}:{d.minute:02d}:{d.second:02d}"
        if d.microsecond:
            frac = f"{d.microsecond:06d}"
            text += "." + (frac[:3] if frac.endswith("000") else frac)
        return text + "Z"

    def ptc_format(self) -> str:
        return '"' + self.ptc_str() + '"'

    def ptc_sort_key(self):
        return (self.micros,)

    def __eq__(self, other):
        return type(other) is DateTime and other.micros == self.micros

    def __lt__(self, other):
        return self.micros < other.micros

    def __hash__(self):
        return hash(("DateTime", self.micros))

    def __repr__(self):
        return f"DateTime({self.ptc_str()})"


class Duration:
    """The signed time between two instants, in microseconds."""

    __slots__ = ("micros",)
    ptc_type_name = "Duration"

    def __init__(self, micros: int):
        self.micros = micros

    @property
    def millis(self) -> int:
        return self.micros // 1000

    def ptc_str(self) -> str:
        return f"#duration[{self.millis}ms]"

    ptc_format = ptc_str

    def ptc_sort_key(self):
        return (self.micros,)

    def __eq__(self, other):
        return type(other) is Duration and other.micros == self.micros

    def __lt__(self, other):
        return self.micros < other.micros

    def __hash__(self):
        return hash(("Duration", self.micros))

    def __repr__(self):
        return self.ptc_str()


_TYPE_NAMES = {LocalDate: "LocalDate", DateTime: "DateTime", Duration: "Duration"}


def _checked(who: str, make):
    """make(), with Python's range errors turned into a date range error."""
    try:
        value = make()
        if type(value) is LocalDate:
            value.date()
        elif type(value) is DateTime:
            value.datetime()
        return value
    except (OverflowError, ValueError):
        raise EvalError(messages.date_out_of_range(who), code="value") from None


# ---------------------------------------------------------------- parsing

_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})")
_INSTANT = re.compile(r"(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?"
                      r"(Z|z|[+-]\d{2}(?::?\d{2})?)?")
_RFC2822 = re.compile(r"(?:[A-Z][a-z]{2},\s+)?(\d{1,2})\s+([A-Z][a-z]{2})\s+(\d{4})\s+"
                      r"(\d{2}):(\d{2})(?::(\d{2}))?(?:\s+([+-]\d{4}|UT|UTC|GMT|Z))?")
_JAVA_TOSTRING = re.compile(r"[A-Z][a-z]{2} ([A-Z][a-z]{2}) (\d{1,2}) (\d{2}):(\d{2}):(\d{2}) "
                            r"(?:UTC|GMT) (\d{4})")
_MONTHS = {m: i for i, m in enumerate(
    "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(), start=1)}


def _local_date(text: str):
    m = _DATE.fullmatch(text)
    if not m:
        return None
    try:
        return LocalDate(_dt.date(*map(int, m.groups())).toordinal() - _EPOCH_ORDINAL)
    except ValueError:
        return None


def _offset_seconds(zone: str | None) -> int:
    if zone is None or zone in ("Z", "z", "UT", "UTC", "GMT"):
        return 0
    digits = zone[1:].replace(":", "")
    hours, minutes = int(digits[:2]), int(digits[2:4] or 0)
    return (1 if zone[0] == "+" else -1) * (hours * 3600 + minutes * 60)


def _instant(y, mo, d, h, mi, s, frac, zone) -> DateTime | None:
    try:
        moment = _dt.datetime(int(y), int(mo), int(d), int(h), int(mi), int(s or 0),
                              tzinfo=_dt.timezone.utc)
    except ValueError:
        return None
    micros = int((frac or "0").ljust(6, "0")[:6])
    delta = moment - _EPOCH
    total = (delta.days * 86_400 + delta.seconds - _offset_seconds(zone)) * 1_000_000 + micros
    return DateTime(total)


def _iso_instant(text: str):
    m = _INSTANT.fullmatch(text)
    return _instant(*m.groups()) if m else None


def _rfc2822(text: str):
    m = _RFC2822.fullmatch(text)
    if not m or m.group(2) not in _MONTHS:
        return None
    day, month, year, h, mi, s, zone = m.groups()
    return _instant(year, _MONTHS[month], day, h, mi, s, None, zone)


def _java_tostring(text: str):
    m = _JAVA_TOSTRING.fullmatch(text)
    if not m or m.group(1) not in _MONTHS:
        return None
    month, day, h, mi, s, year = m.groups()
    return _instant(year, _MONTHS[month], day, h, mi, s, None, None)


def parse_temporal(who: str, text):
    """A LocalDate for YYYY-MM-DD, a DateTime for an ISO date-time (offsetless is UTC)."""
    if type(text) is not str:
        raise EvalError(messages.date_from(who, text), code="type", hint=messages.HINT_DATE)
    text = text.strip()
    found = _checked(who, lambda: _local_date(text) or _iso_instant(text))  # years 1-9999 in UTC
    if found is None:
        raise EvalError(messages.date_parse(who, text), code="value", hint=messages.HINT_DATE)
    return found


def now() -> DateTime:
    """The run's current instant."""
    return DateTime(int(round(budget.now() * 1_000_000)))


# ---------------------------------------------------------------- constructors and statics

_PARSE_DOC = ("Parses an ISO-8601 string: YYYY-MM-DD gives a LocalDate, a date-time (offset "
              "optional, UTC when absent) gives an instant.")
_PARSE_EXAMPLES = (('(.toEpochDay (parse "1970-01-11"))', "10"),
                   ('(.getTime (parse "1970-01-01T00:00:01Z"))', "1000"))


@builtin("parse", arity=1, signature="(parse iso-string)", doc=_PARSE_DOC, example=_PARSE_EXAMPLES)
def parse(text):
    return parse_temporal("parse", text)


def _parser(who: str):
    def parse_in_class(text):
        return parse_temporal(who, text)
    return parse_in_class


for _ns, _prefix in (("java.time.LocalDate", "LocalDate"), ("java.time.Instant", "Instant")):
    add_prefixes(_ns, _prefix)
    builtin("parse", ns=_ns, arity=1, signature=f"({_prefix}/parse iso-string)", doc=_PARSE_DOC,
            example=((f'(.isBefore ({_prefix}/parse "2024-01-31") ({_prefix}/parse "2024-02-01"))',
                      "true"),))(
        _parser(f"{_prefix}/parse"))


def _from_value(x) -> DateTime:
    who = "java.util.Date."
    if type(x) is DateTime:
        return x
    if type(x) is LocalDate:
        return DateTime(x.days * _MICROS_PER_DAY)
    if type(x) is int or (type(x) is float and math.isfinite(x)):
        return _checked(who, lambda: DateTime(int(x) * 1000))
    if type(x) is str:
        text = x.strip()
        found = (_iso_instant(text) or _date_midnight(text) or _rfc2822(text)
                 or _java_tostring(text))
        if found is not None:
            return _checked(who, lambda: found)
        raise EvalError(messages.date_parse(who, x), code="value", hint=messages.HINT_DATE)
    raise EvalError(messages.date_from(who, x), code="type", hint=messages.HINT_DATE)


def _date_midnight(text: str):
    day = _local_date(text)
    return DateTime(day.days * _MICROS_PER_DAY) if day else None


@builtin("java.util.Date.", ns="interop", arity=(0, 1),
         signature="(java.util.Date.), (java.util.Date. millis-or-string-or-date)",
         doc="An instant: now, or from epoch milliseconds, an ISO-8601/RFC-2822 string, or a date.",
         example=(("(.getTime (java.util.Date. 1000))", "1000"),
                  ('(.getTime (java.util.Date. "1970-01-01T00:00:02Z"))', "2000")))
def java_util_date(x=MISSING):
    if x is MISSING:
        return now()
    return _from_value(x)


java_util_date.ptc_name = "java.util.Date."


def _current_time_millis():
    return int(budget.now() * 1000)


def _current_time_millis_bare():
    return int(budget.now() * 1000)


builtin("currentTimeMillis", ns="System", arity=0, signature="(System/currentTimeMillis)",
        doc="The run's current time in milliseconds since 1970-01-01 UTC.",
        example=(("(pos? (System/currentTimeMillis))", "true"),))(_current_time_millis)
builtin("currentTimeMillis", arity=0, signature="(currentTimeMillis)",
        doc="The run's current time in milliseconds since 1970-01-01 UTC (System/currentTimeMillis).",
        example=(("(pos? (currentTimeMillis))", "true"),))(_current_time_millis_bare)


def _between(start, end):
    for arg, which in ((start, "DateTime start argument"), (end, "DateTime end argument")):
        if type(arg) is not DateTime:
            raise EvalError(messages.method_type("Duration/between", which, arg), code="type")
    return Duration(end.micros - start.micros)


add_prefixes("java.time.Duration", "Duration")
builtin("between", ns="java.time.Duration", arity=2, signature="(Duration/between start end)",
        doc="The Duration from instant start to instant end.",
        example=(('(.toMillis (Duration/between (parse "2024-01-01T00:00:00Z") '
                  '(parse "2024-01-01T00:00:05Z")))', "5000"),))(_between)


# ---------------------------------------------------------------- methods


def _want(method_name: str, cls, x):
    if type(x) is cls:
        return x
    raise EvalError(messages.method_type(method_name, _TYPE_NAMES[cls], x), code="type")


def _days_arg(method_name: str, n) -> int:
    if type(n) is int:
        return n
    if type(n) is float:
        return 0 if math.isnan(n) else int(max(min(n, 2**63 - 1), -2**63))
    raise EvalError(messages.method_type(method_name, "integer days", n), code="type")


@method(".getTime", arity=1, signature="(.getTime instant)",
        doc="Milliseconds since 1970-01-01 UTC of an instant (not of a LocalDate).",
        example=(('(.getTime (parse "1970-01-01T00:00:01.5Z"))', "1500"),))
def get_time(x):
    return _want(".getTime", DateTime, x).micros // 1000


@method(".toEpochMilli", arity=1, signature="(.toEpochMilli instant)",
        doc="Milliseconds since 1970-01-01 UTC of an instant (same as .getTime).",
        example=(('(.toEpochMilli (parse "1970-01-01T00:00:01Z"))', "1000"),))
def to_epoch_milli(x):
    return _want(".toEpochMilli", DateTime, x).micros // 1000


@method(".toEpochDay", arity=1, signature="(.toEpochDay local-date)",
        doc="Days since 1970-01-01 of a LocalDate.",
        example=(('(.toEpochDay (LocalDate/parse "1970-01-11"))', "10"),))
def to_epoch_day(x):
    return _want(".toEpochDay", LocalDate, x).days


@method(".plusDays", arity=2, signature="(.plusDays local-date n)", doc="The LocalDate n days later.",
        example=(('(= (.plusDays (LocalDate/parse "2024-02-28") 2) (LocalDate/parse "2024-03-01"))',
                  "true"),))
def plus_days(x, n):
    d = _want(".plusDays", LocalDate, x)
    return _checked(".plusDays", lambda: LocalDate(d.days + _days_arg(".plusDays", n)))


@method(".minusDays", arity=2, signature="(.minusDays local-date n)", doc="The LocalDate n days earlier.",
        example=(('(= (.minusDays (LocalDate/parse "2024-03-01") 1) (LocalDate/parse "2024-02-29"))',
                  "true"),))
def minus_days(x, n):
    d = _want(".minusDays", LocalDate, x)
    return _checked(".minusDays", lambda: LocalDate(d.days - _days_arg(".minusDays", n)))


@method(".toMillis", arity=1, signature="(.toMillis duration)", doc="The length of a Duration in milliseconds.",
        example=(('(.toMillis (Duration/between (parse "2024-01-01T00:00:00Z") '
                  '(parse "2024-01-01T00:01:00Z")))', "60000"),))
def to_millis(x):
    return _want(".toMillis", Duration, x).millis


@method(".toDays", arity=1, signature="(.toDays duration)",
        doc="The length of a Duration in whole days (partial days truncated toward zero).",
        example=(('(.toDays (Duration/between (parse "2024-01-01T00:00:00Z") '
                  '(parse "2024-01-03T12:00:00Z")))', "2"),))
def to_days(x):
    seconds = _want(".toDays", Duration, x).micros // 1_000_000
    days = abs(seconds) // 86_400
    return -days if seconds < 0 else days


def _comparable(method_name: str, a, b):
    if type(a) not in (LocalDate, DateTime):
        raise EvalError(messages.method_type(method_name, "LocalDate or DateTime", a), code="type")
    if type(a) is not type(b):
        raise EvalError(messages.date_compare_mixed(method_name, type_name(a), type_name(b)),
                        code="type")
    return a, b


@method(".isBefore", arity=2, signature="(.isBefore a b)",
        doc="True if date a comes strictly before date b (both LocalDate or both instants).",
        example=(('(.isBefore (LocalDate/parse "2023-01-01") (LocalDate/parse "2023-12-31"))', "true"),))
def is_before(a, b):
    a, b = _comparable(".isBefore", a, b)
    return a < b


@method(".isAfter", arity=2, signature="(.isAfter a b)",
        doc="True if date a comes strictly after date b (both LocalDate or both instants).",
        example=(('(.isAfter (java.util.Date. "2024-01-01T00:00:00Z") (java.util.Date. "2023-01-01T00:00:00Z"))',
                  "true"),))
def is_after(a, b):
    a, b = _comparable(".isAfter", a, b)
    return b < a
