"""Previews of a cached tool's full result, for a native call in combined mode.

A tool declared `Tool(fn, expose="both", cache=True, preview=...)` answers a native call with a
preview instead of its whole result, and keeps the full result in the session's tool cache: a
program that calls the tool with canonically equal arguments reads it from there. Previews:
- "metadata" (default): `result_count` (lists), a compact `schema` and `sample_keys`;
- "rows": the first `preview_limit` items of a list result, with their schema;
- a callable: gets the full result (JSON-shaped Python) and returns a dict of data, made JSON as
  the door makes host data (keyword keys as their names, dates as ISO 8601 text); if it raises
  or returns anything else, the metadata preview is used (status "fallback") and a warning
  naming the tool is logged.
Every preview carries `"status": "ok"`, `"full_result_cached": true` and a `cache_hint` whose
`(tool/name ARGS)` is written in PTC-Lisp by the formatter.

Schema inference (the table in docs/llm.md): types are "integer", "number", "string",
"boolean", "null", "array", "object"; a property or item whose values differ in type lists the
types joined by "|" (integers and floats together are "number"). Every item of a list is
looked at. At most 20 properties are shown, sorted; then the schema says `"truncated": true`.
"""
from __future__ import annotations

import json
import logging
import re

from ..lang.printer import format_value
from ..host.cache import canonical_args
from ..errors import PtcError
from ..host.door import NotData, from_python, to_python
from ..lang.values import Keyword
from . import messages as M

__all__ = ["build_preview", "cache_hint", "infer_schema", "MAX_PROPERTIES"]

log = logging.getLogger("ptclisp.llm")
MAX_PROPERTIES = 20
_KEYWORD = re.compile(r"[a-zA-Z0-9+\-*<>=?!_]+")  # what reads back as a keyword (the grammar)


def cache_hint(tool_name: str, args) -> str:
    """"Call lisp_eval and then call (tool/NAME ARGS) to process the full cached result."."""
    canonical = canonical_args(args if args is not None else {})
    shown = format_value(_as_lisp(canonical))
    call = f"(tool/{tool_name} {shown})" if shown != "{}" else f"(tool/{tool_name})"
    return M.cache_hint(call)


def _as_lisp(v):
    """Canonical args as PTC data: keys that read as keywords become keywords."""
    if type(v) is dict:
        return {_lisp_key(k): _as_lisp(x) for k, x in v.items()}
    if type(v) is list:
        return [_as_lisp(x) for x in v]
    return v


def _lisp_key(k):
    return Keyword(k) if type(k) is str and _KEYWORD.fullmatch(k) else k


def build_preview(tool, full_result, args) -> tuple[str, dict]:
    """("ok" | "fallback", preview) for a tool's full result and the arguments of the call."""
    data = to_python(full_result)
    status, preview = "ok", None
    if callable(tool.preview):
        preview, problem = _custom(tool, data)
        if problem is not None:
            log.warning(M.preview_fallback(tool.name, problem))
            status = "fallback"
    elif tool.preview == "rows" and isinstance(data, list):
        preview = _rows(data, tool.preview_limit)
    if preview is None:
        preview = metadata(data)
    preview.update({"status": "ok", "full_result_cached": True,
                    "cache_hint": cache_hint(tool.name, args)})
    return status, preview


def _json_data(value):
    """JSON-shaped Python for PTC values or host data, as the door makes it: keyword keys and
    values as their names, every date (naive or aware) as ISO 8601 text. A part that is not
    data is left as it is; its neighbours are still converted."""
    try:
        return to_python(from_python(value))
    except (NotData, ValueError):  # ValueError: a huge Decimal, an extreme date (host/numbers.py)
        return _part_by_part(value)
    except (PtcError, RecursionError):
        return to_python(value)


def _part_by_part(value):
    """A map or list holding something that is not data, its other parts converted."""
    if isinstance(value, dict):
        return {_json_key(k): _json_data(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json_data(x) for x in value]
    return value


def _json_key(k) -> str:
    """A map key as JSON text: a keyword by its name."""
    return k.name if type(k) is Keyword else k if type(k) is str else format_value(k)


def _custom(tool, data) -> tuple[dict | None, str | None]:
    try:
        out = tool.preview(data)
    except Exception:  # the host's builder failed: the model still gets a preview
        log.debug("preview builder of tool %s raised", tool.name, exc_info=True)
        return None, "raised"
    if not isinstance(out, dict):
        return None, "non_map"
    out = _json_data(out)  # keyword keys at any depth, dates, sets: as in every other preview
    try:
        json.dumps(out, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        return None, "non_encodable"
    return out, None


def metadata(data) -> dict:
    """The metadata preview: count, schema and sample keys."""
    out: dict = {}
    if isinstance(data, list):
        out["result_count"] = len(data)
    out["schema"] = infer_schema(data)
    keys = _sample_keys(data)
    if keys is not None:
        out["sample_keys"] = keys
    return out


def _rows(data: list, limit: int) -> dict:
    rows = _json_data(data[:limit])
    out = {"result_count": len(data), "rows": rows, "schema": infer_schema(rows)}
    keys = _sample_keys(rows)
    if keys is not None:
        out["sample_keys"] = keys
    return out


def _sample_keys(data):
    if isinstance(data, dict):
        return sorted(map(str, data))[:MAX_PROPERTIES]
    if isinstance(data, list) and data and _same_keys(data):
        return sorted(map(str, data[0]))[:MAX_PROPERTIES]
    return None


def _same_keys(items: list) -> bool:
    """True when every item is a map with the same keys."""
    if not all(isinstance(x, dict) for x in items):
        return False
    first = set(map(str, items[0]))
    return all(set(map(str, x)) == first for x in items[1:])


_TYPES = {bool: "boolean", int: "integer", float: "number", str: "string", type(None): "null",
          list: "array", dict: "object"}


def json_type(v) -> str:
    """The JSON type name of a value (anything else counts as a string)."""
    return _TYPES.get(type(v), "string")


def _union(values) -> str:
    names = {json_type(v) for v in values}
    if names == {"integer", "number"}:
        return "number"
    if "integer" in names and "number" in names:
        names.discard("integer")
    return "|".join(sorted(names))


def infer_schema(data) -> dict:
    """The compact schema of a JSON-shaped value (see the module docstring)."""
    if isinstance(data, dict):
        if not data:
            return {"type": "object"}
        return {"type": "object", **_properties([data])}
    if isinstance(data, list):
        if not data:
            return {"type": "array", "items": {}}
        if _same_keys(data) and data[0]:
            return {"type": "array", "items": {"type": "object", **_properties(data)}}
        if all(isinstance(x, dict) for x in data):
            return {"type": "array", "items": {"type": "object"}}
        return {"type": "array", "items": {"type": _union(data)}}
    return {"type": json_type(data)}


def _properties(items: list) -> dict:
    keys = sorted({str(k) for k in items[0]})
    shown = keys[:MAX_PROPERTIES]
    by_text = [{str(k): v for k, v in x.items()} for x in items]
    out: dict = {"properties": {k: _union(x[k] for x in by_text) for k in shown}}
    if len(keys) > MAX_PROPERTIES:
        out["truncated"] = True
    return out
