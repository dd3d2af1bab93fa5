"""Read-only OpenAPI upstreams: the included GET operations of a JSON document, as tools.

Compiled when the configuration loads: anything but a GET with path/query parameters and a
JSON (or empty 204) success response is refused then, never at call time.
"""
from __future__ import annotations

import json
import socket
import urllib.error
import urllib.parse
import urllib.request

import attrs

from . import messages as M
from .config import Secrets, UpstreamConfigError, UpstreamSpec


@attrs.define(frozen=True)
class Operation:
    """One compiled GET operation."""

    name: str  # its operationId, the tool name
    path: str
    description: str
    path_params: tuple
    query_params: tuple
    input_schema: dict


class HttpFault(Exception):
    """A world fault of one HTTP call: reason (a fault keyword name) and detail."""

    def __init__(self, reason: str, detail: str):
        super().__init__(detail)
        self.reason, self.detail = reason, detail


def compile_operations(spec: UpstreamSpec) -> dict:
    """operationId -> Operation for the spec's include_operations."""
    where = M.field(spec.name, "schema_file")
    try:
        with open(spec.schema_path, encoding="utf-8") as f:
            doc = json.load(f)
        paths = doc["paths"]
        if not isinstance(paths, dict):
            raise ValueError("'paths' is not an object")
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise UpstreamConfigError(M.config_error(where, M.bad_schema_file(spec.schema_path, str(e)))) from None
    by_id = {}
    for path, item in paths.items():
        for method, op in (item or {}).items():
            if isinstance(op, dict) and "operationId" in op:
                by_id[op["operationId"]] = (path, method.lower(), op, item)
    out = {}
    for op_id in spec.include_operations:
        if op_id not in by_id:
            raise UpstreamConfigError(M.config_error(M.field(spec.name, "include_operations"),
                                                     M.unknown_operation(op_id, by_id)))
        out[op_id] = _compile(spec, op_id, *by_id[op_id])
    return out


def _compile(spec, op_id, path, method, op, item) -> Operation:
    def refuse(why):
        raise UpstreamConfigError(M.config_error(M.field(spec.name, "include_operations"),
                                                 M.refused_operation(op_id, why)))
    if method != "get":
        refuse(M.OP_NOT_GET)
    if "requestBody" in op:
        refuse(M.OP_BODY)
    params = [*item.get("parameters", []), *op.get("parameters", [])]
    if any(p.get("in") not in ("path", "query") for p in params):
        refuse(M.OP_PARAM_IN)
    if not _json_success(op.get("responses", {})):
        refuse(M.OP_NOT_JSON)
    props, required = {}, []
    for p in params:
        schema = dict(p.get("schema", {}))
        if p.get("description"):
            schema["description"] = p["description"]
        props[p["name"]] = schema
        if p.get("required") or p.get("in") == "path":
            required.append(p["name"])
    schema = {"type": "object", "properties": props, "additionalProperties": False}
    if required:
        schema["required"] = required
    description = op.get("summary") or op.get("description") or ""
    return Operation(op_id, path, " ".join(description.split()),
                     tuple(p["name"] for p in params if p["in"] == "path"),
                     tuple(p["name"] for p in params if p["in"] == "query"), schema)


def _json_success(responses: dict) -> bool:
    codes = [c for c in responses if str(c).startswith("2")]
    if not codes:
        return False
    for code in codes:
        content = (responses[code] or {}).get("content")
        if str(code) == "204" and not content:
            continue
        if not content or not any(t.split(";")[0].strip() == "application/json" or t.endswith("+json")
                                   for t in content):
            return False
    return True


def call(spec: UpstreamSpec, secrets: Secrets, op: Operation, args: dict, timeout: float,
         cap: int):
    """The decoded JSON answer of one GET (None for an empty 204); HttpFault on a world fault."""
    path = op.path
    for name in op.path_params:
        path = path.replace("{" + name + "}", urllib.parse.quote(_text(args[name]), safe=""))
    query = [(k, _text(args[k])) for k in op.query_params if args.get(k) is not None]
    url = spec.url + path + (("?" + urllib.parse.urlencode(query)) if query else "")
    request = urllib.request.Request(url, headers={**secrets.headers(spec),
                                                   "Accept": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:  # noqa: S310 - http(s) only
            body = response.read(cap + 1)
            status = response.status
    except urllib.error.HTTPError as e:
        raise HttpFault("upstream_error", M.http_status(e.code, e.reason or "")) from None
    except (socket.timeout, TimeoutError):
        raise HttpFault("timeout", "") from None
    except (urllib.error.URLError, OSError) as e:
        reason = getattr(e, "reason", e)
        if isinstance(reason, (socket.timeout, TimeoutError)):
            raise HttpFault("timeout", "") from None
        raise HttpFault("upstream_unavailable", getattr(reason, "strerror", None) or str(reason)) from None
    if len(body) > cap:
        raise HttpFault("response_too_large", "")
    if status == 204 or not body:
        return None
    try:
        return json.loads(body)
    except ValueError:
        raise HttpFault("upstream_error", "the answer is not JSON") from None


def _text(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return value if isinstance(value, str) else json.dumps(value)
