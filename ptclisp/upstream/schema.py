"""Upstream input schemas checked with bounded work: a schema comes from outside, and so do
its regular expressions.

jsonschema's own checks run `re.search` on every `pattern`, `patternProperties` key and (through
`additionalProperties`) on every argument name, with no time bound: `"^(a+)+$"` against 30
characters holds the interpreter for a minute; its `uniqueItems` compares items pairwise (4,000
maps: 22 s). The validator made here replaces those keywords:

- every pattern runs in the `regex` package with a timeout (REGEX_SECONDS) and without the GIL
  (`concurrent=True`), so a catastrophic pattern ends as a rejection naming it, and the host's
  other threads keep running meanwhile;
- `uniqueItems` sorts a canonical form of the items (bool apart from 1, 1 equal to 1.0, maps
  by content): O(n log n), not O(n^2);
- every keyword checks a deadline (CHECK_SECONDS for one whole check) and a nesting bound, so a
  schema that refers to itself (`{"$ref": "#"}`) or an argument nested without end is a clear
  rejection, never a RecursionError with a traceback.

`unevaluatedProperties` next to `patternProperties` (where jsonschema matches patterns in its
own helpers) makes a schema unusable here: its arguments are then not checked, as for an invalid
schema, and the upstream checks them itself.
"""
from __future__ import annotations

import functools
import threading
import time

import jsonschema
import regex

from . import messages as M

__all__ = ["REGEX_SECONDS", "CHECK_SECONDS", "MAX_NESTING", "bounded_validator", "first_error"]

REGEX_SECONDS = 0.25  # one pattern against one string
CHECK_SECONDS = 1.0  # one whole check of a call's arguments
MAX_NESTING = 200  # keywords inside keywords (schema and argument depth together)
_PATTERN_CACHE = 256


class _Stop(Exception):
    """Internal: the check ran past its deadline or nesting bound; args[0] is the problem text."""


class _Clock(threading.local):
    """Per thread: the deadline and nesting of the check running on it."""

    deadline = float("inf")
    depth = 0


_clock = _Clock()


@functools.lru_cache(maxsize=_PATTERN_CACHE)  # thread-safe; bounded
def _compiled(pattern: str):
    try:
        return regex.compile(pattern)
    except (regex.error, TypeError, ValueError, OverflowError, RecursionError):
        return None


def _search(pattern: str, text: str) -> bool:
    """regex.search under the time left (at most REGEX_SECONDS), the GIL released."""
    rx = _compiled(pattern)
    if rx is None:
        raise _Stop(M.schema_bad_pattern(pattern[:80]))
    left = min(REGEX_SECONDS, _clock.deadline - time.monotonic())
    if left <= 0:
        raise _Stop(M.schema_too_slow(CHECK_SECONDS))
    try:
        return rx.search(text, timeout=left, concurrent=True) is not None
    except TimeoutError:
        raise _Stop(M.schema_pattern_too_slow(pattern[:80], REGEX_SECONDS)) from None


def _pattern(validator, patrn, instance, schema):
    if validator.is_type(instance, "string") and not _search(patrn, instance):
        yield jsonschema.ValidationError(M.schema_no_match(instance[:60], patrn[:80]))


def _pattern_properties(validator, patterns, instance, schema):
    if not validator.is_type(instance, "object"):
        return
    for patrn, subschema in patterns.items():
        for k, v in instance.items():
            if _search(patrn, k):
                yield from validator.descend(v, subschema, path=k, schema_path=patrn)


def _additional_properties(validator, aP, instance, schema):
    if not validator.is_type(instance, "object"):
        return
    props = schema.get("properties", {})
    patterns = list(schema.get("patternProperties", {}))
    extras = [k for k in instance if k not in props and not any(_search(p, k) for p in patterns)]
    if validator.is_type(aP, "object"):
        for extra in extras:
            yield from validator.descend(instance[extra], aP, path=extra)
    elif not aP and extras:  # instance: the extras alone, which catalog.schema_problem names
        yield jsonschema.ValidationError(M.schema_unexpected(sorted(map(str, extras))),
                                         instance={k: instance[k] for k in extras})


def _canonical(x):
    """A sortable form in which two JSON values are equal as JSON Schema counts equality."""
    if x is True or x is False:
        return (0, x)
    if isinstance(x, (int, float)):
        return (1, x) if x == x else (6, id(x))  # NaN equals nothing
    if isinstance(x, str):
        return (2, x)
    if isinstance(x, dict):
        return (3, tuple(sorted((str(k), _canonical(v)) for k, v in x.items())))
    if isinstance(x, (list, tuple)):
        return (4, tuple(_canonical(v) for v in x))
    return (5, id(x))  # None (one object, so equal to itself only) and anything else


def _unique_items(validator, uI, instance, schema):
    if not (uI and validator.is_type(instance, "array")):
        return
    keys = sorted(_canonical(v) for v in instance)
    if any(a == b for a, b in zip(keys, keys[1:])):
        yield jsonschema.ValidationError(M.SCHEMA_NOT_UNIQUE)


_REPLACED = {"pattern": _pattern, "patternProperties": _pattern_properties,
             "additionalProperties": _additional_properties, "uniqueItems": _unique_items}


def _bounded(keyword_fn):
    """keyword_fn under the deadline and nesting bound of the check running on this thread."""
    def check(validator, value, instance, schema):
        if time.monotonic() > _clock.deadline:
            raise _Stop(M.schema_too_slow(CHECK_SECONDS))
        if _clock.depth >= MAX_NESTING:
            raise _Stop(M.schema_too_deep(MAX_NESTING))
        _clock.depth += 1
        try:
            yield from keyword_fn(validator, value, instance, schema)
        finally:
            _clock.depth -= 1
    return check


@functools.lru_cache(maxsize=16)
def _bounded_class(cls):
    keywords = {k: _bounded(_REPLACED.get(k, fn)) for k, fn in cls.VALIDATORS.items()}
    return jsonschema.validators.extend(cls, keywords)


def _mixes_unevaluated_and_patterns(schema) -> bool:
    text = repr(schema)
    return "unevaluatedProperties" in text and "patternProperties" in text


def bounded_validator(schema):
    """A jsonschema validator of the schema with bounded keywords, or None when unusable."""
    if not isinstance(schema, dict) or _mixes_unevaluated_and_patterns(schema):
        return None
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)  # SchemaError for the caller
    return _bounded_class(cls)(schema)


def first_error(validator, instance):
    """The most relevant ValidationError, or a str saying why the check was stopped, or None."""
    _clock.deadline, _clock.depth = time.monotonic() + CHECK_SECONDS, 0
    try:
        return jsonschema.exceptions.best_match(validator.iter_errors(instance))
    except _Stop as stop:
        return stop.args[0]
    except RecursionError:
        return M.schema_too_deep(MAX_NESTING)
    finally:
        _clock.deadline, _clock.depth = float("inf"), 0
