"""An MCP result's content blocks as program data: every block kept, in a documented shape.

`:value` is the structured content when there is some (unless `:raw true`), else the text of
the text blocks (parsed when it is one JSON document and `:raw` is not asked); `:content` lists
every block whenever there is more than what `:value` carries (several blocks, or any that is
not text). Images and audio carry their MIME type and decoded size, and their base64 data only
when the call asked for it (`:base64 true`). docs/upstreams.md, "Success".
"""
from __future__ import annotations

import base64
import binascii
import json

from ..lang.values import Keyword

B64_SIZE_EXACT = 4 * 1024 * 1024  # base64 characters decoded to count bytes exactly (else estimated)
OK, VALUE, KIND, REASON, MESSAGE = (Keyword(k) for k in ("ok", "value", "value_kind", "reason", "message"))
CONTENT = Keyword("content")
TOO_LARGE = Keyword("response_too_large")


def ok(value, kind: str) -> dict:
    """A success value: {:ok true :value v :value_kind kind}."""
    return {OK: True, VALUE: value, KIND: Keyword(kind)}


def fault(reason: str, message: str) -> dict:
    """A world fault value: {:ok false :reason kw :message text}."""
    return {OK: False, REASON: Keyword(reason), MESSAGE: message}


def block(c, with_data: bool) -> dict:
    """One content block (text, image, audio, resource_link, resource) as a string-keyed map."""
    kind = getattr(c, "type", None)
    if kind == "text":
        return {"type": "text", "text": c.text}
    if kind in ("image", "audio"):
        out = {"type": kind, "mime_type": c.mime_type, "bytes": _decoded_size(c.data)}
        if with_data:
            out["base64"] = c.data
        return out
    if kind == "resource_link":
        return _compact({"type": kind, "uri": str(c.uri), "name": c.name, "title": c.title,
                         "mime_type": c.mime_type, "description": c.description, "size": c.size})
    if kind == "resource":
        return {"type": kind, **resource_contents(c.resource, with_data)}
    return {"type": str(kind)}


def resource_contents(r, with_data: bool) -> dict:
    """One item of a resource's contents: uri, mime_type and text (or bytes, and base64 when asked)."""
    out = {"uri": str(r.uri), "mime_type": r.mime_type}
    text = getattr(r, "text", None)
    if text is not None:
        out["text"] = text
        return _compact(out)
    blob = getattr(r, "blob", "") or ""
    out["bytes"] = _decoded_size(blob)
    if with_data:
        out["base64"] = blob
    return _compact(out)


def resource_row(r) -> dict:
    """One listed resource: uri, name, title, mime_type, description, size (those it has)."""
    return _compact({"uri": str(r.uri), "name": r.name, "title": r.title, "mime_type": r.mime_type,
                     "description": r.description, "size": r.size})


def size_of(blocks: list, structured) -> int:
    """Bytes of what reaches the program: texts, base64 data and the structured content."""
    n = 0
    for b in blocks:
        for key in ("text", "base64"):
            if isinstance(b.get(key), str):
                n += len(b[key].encode("utf-8"))
    if structured is not None:
        n += len(json.dumps(structured).encode("utf-8"))
    return n


def value_of(blocks: list, structured, raw: bool):
    """(value, value_kind name) of a result's blocks and structured content."""
    texts = [b["text"] for b in blocks if b["type"] == "text"]
    if structured is not None and not (raw and texts):
        return structured, "json"
    if not texts:
        return None, "none"
    text = "\n".join(texts)
    if raw:
        return text, "text"
    try:
        return json.loads(text), "json_text"
    except (ValueError, RecursionError):
        return text, "text"


def needs_listing(blocks: list) -> bool:
    """Whether :value alone would lose something: several blocks, or one that is not text."""
    return len(blocks) > 1 or any(b["type"] != "text" for b in blocks)


def _decoded_size(data) -> int:
    if not isinstance(data, str):
        return 0
    if len(data) <= B64_SIZE_EXACT:
        try:
            return len(base64.b64decode(data, validate=False))
        except (binascii.Error, ValueError):
            pass
    return len(data) * 3 // 4


def _compact(d: dict) -> dict:
    return {k: v for k, v in d.items() if v is not None}
