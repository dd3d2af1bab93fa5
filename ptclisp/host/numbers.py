"""Host numbers, dates and lazy sequences at the door, converted with bounded work.

A value the host hands over (a tool result, `Session(data=)`) may be small to hold and huge to
convert: `Decimal('1e999999')` is a few bytes whose integer has a million digits (tens of
seconds to build and print), `range(10**12)` is a few bytes whose list does not fit in memory,
an aware datetime may lie outside the years a date value can print. Each is converted only
when the result is one a program could hold itself; otherwise `OutOfRange` says
what is wrong, in words for the message naming where it is:

- a whole `Decimal` becomes an integer when it is under the integer cap a program has
  (2**MAX_INT_BITS, about 30,000 digits), and past it is refused (no program can hold it);
  a fractional one becomes the nearest float (so past 1e308, a signed infinity, as JSON gives);
  `Decimal('NaN')`/`Decimal('Infinity')` become the float NaN/infinity; `Decimal('sNaN')` is
  refused (it is a signal, not a number);
- a datetime or date becomes an instant or a day when it lies in years 1 to 9999 (UTC);
- a sequence or set that is not a list (a `range`, a generator-backed view) crosses when it has
  at most LAZY_ITEMS items; a list the host already holds is not counted here.
"""
from __future__ import annotations

import datetime as _dt
import decimal as _decimal

from .. import messages
from ..core.dates import MAX_DAYS, MAX_MICROS, MIN_DAYS, MIN_MICROS, DateTime, LocalDate
from ..core.numbers import MAX_INT_BITS

__all__ = ["OutOfRange", "LAZY_ITEMS", "host_scalar", "bounded_list"]

LAZY_ITEMS = 1_000_000  # items of a non-list sequence the door writes out (max_collection_size)
# |x| < 10**_INT_DIGITS is needed for |x| < 2**MAX_INT_BITS: checked on the exponent, no digits made
_INT_DIGITS = MAX_INT_BITS * 30103 // 100000 + 1
_INT_LIMIT = 1 << MAX_INT_BITS
_EPOCH = _dt.datetime(1970, 1, 1, tzinfo=_dt.timezone.utc)
_EPOCH_ORDINAL = _dt.date(1970, 1, 1).toordinal()
_MICRO = _dt.timedelta(microseconds=1)


class OutOfRange(ValueError):
    """A host number, date or sequence too big to convert; args: (value, problem text)."""

    @property
    def problem(self) -> str:
        """What is wrong with the value, in words (no place: the caller names it)."""
        return self.args[1]


def host_scalar(x):
    """The PTC value of a host Decimal, datetime or date; OutOfRange past what a value can hold."""
    if isinstance(x, _decimal.Decimal):
        return _decimal_value(x)
    if isinstance(x, _dt.datetime):
        return _instant(x)
    return _day(x)


def _decimal_value(x: _decimal.Decimal):
    if x.is_snan():
        raise OutOfRange(x, messages.HOST_SIGNALING_NAN)
    if not x.is_finite():
        return float(x)
    if x.as_tuple().exponent < 0 and x != x.to_integral_value():  # its digits: the host's own
        return float(x)
    if x.adjusted() >= _INT_DIGITS:  # whole, and past the integer cap: no digits are made
        raise OutOfRange(x, messages.host_number_too_big(MAX_INT_BITS))
    n, _ = x.as_integer_ratio()  # int(x) goes through text, refused past 4,300 digits
    if -_INT_LIMIT < n < _INT_LIMIT:
        return n
    raise OutOfRange(x, messages.host_number_too_big(MAX_INT_BITS))


def _instant(x: _dt.datetime) -> DateTime:
    try:
        aware = x if x.tzinfo is not None else x.replace(tzinfo=_dt.timezone.utc)
        micros = (aware - _EPOCH) // _MICRO
    except (OverflowError, ValueError, TypeError):  # a tzinfo whose offset is out of range
        micros = None
    if micros is None or not MIN_MICROS <= micros <= MAX_MICROS:
        raise OutOfRange(x, messages.HOST_DATE_OUT_OF_RANGE)
    return DateTime(micros)


def _day(x: _dt.date) -> LocalDate:
    days = x.toordinal() - _EPOCH_ORDINAL
    if not MIN_DAYS <= days <= MAX_DAYS:  # a date subclass may say anything
        raise OutOfRange(x, messages.HOST_DATE_OUT_OF_RANGE)
    return LocalDate(days)


def bounded_list(x) -> list:
    """list(x) of a host sequence or set that is not a list; OutOfRange past LAZY_ITEMS items."""
    try:
        n = len(x)
    except (OverflowError, TypeError):  # len past sys.maxsize, or no len at all
        n = None
    if n is None or n > LAZY_ITEMS:
        raise OutOfRange(x, messages.host_too_many_items(n, LAZY_ITEMS))
    return list(x)
