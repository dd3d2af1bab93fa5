"""Read-only OpenAPI upstreams: the included GET operations of a JSON document, as tools.

Compiled when the configuration loads (the document read from `schema_file`, or fetched from
`schema_url` with the upstream's headers, at most `schema_max_bytes` read): anything but a GET
with path/query parameters and a JSON (or empty 204) success response is refused then, never
at call time. `operation_overrides` may rename an operation's tool, replace its description
and give default arguments (no longer required; a call's own arguments win).
"""
from __future__ import annotations

import json
import socket
import urllib.error
import urllib.parse
import urllib.request

import attrs
import jsonschema

from . import messages as M
from .catalog import schema_problem
from .config import Secrets, UpstreamConfigError, UpstreamSpec
from .schema import bounded_validator, first_error

FETCH_TIMEOUT = 30.0  # seconds to fetch a schema_url at load


@attrs.define(frozen=True)
class Operation:
    """One compiled GET operation."""

    name: str  # the tool name: its operationId, or the override's name
    path: str
    description: str
    path_params: tuple
    query_params: tuple
    input_schema: dict
    defaults: dict = attrs.Factory(dict)  # default_args of its override


class HttpFault(Exception):
    """A world fault of one HTTP call: reason (a fault keyword name) and detail."""

    def __init__(self, reason: str, detail: str):
        super().__init__(detail)
        self.reason, self.detail = reason, detail


def compile_operations(spec: UpstreamSpec, secrets: Secrets) -> dict:
    """tool name -> Operation for the spec's include_operations."""
    doc = _document(spec, secrets)
    source = spec.schema_path or spec.schema_url
    where = M.field(spec.name, "schema_file" if spec.schema_path else "schema_url")
    paths = doc.get("paths") if isinstance(doc, dict) else None
    if not isinstance(paths, dict):
        raise UpstreamConfigError(M.config_error(where, M.bad_schema_file(source, M.NO_PATHS)))
    by_id = {}
    for path, item in paths.items():
        for method, op in (item or {}).items():
            if isinstance(op, dict) and "operationId" in op:
                by_id[op["operationId"]] = (path, method.lower(), op, item)
    out, overrides = {}, dict(spec.overrides)
    for op_id in spec.include_operations:
        if op_id not in by_id:
            raise UpstreamConfigError(M.config_error(M.field(spec.name, "include_operations"),
                                                     M.unknown_operation(op_id, by_id)))
        op = _override(spec, op_id, _compile(spec, op_id, *by_id[op_id]), overrides.get(op_id))
        if op.name in out:
            raise UpstreamConfigError(M.config_error(M.field(spec.name, "operation_overrides"),
                                                     M.name_collision(op.name)))
        out[op.name] = op
    return out


def _document(spec: UpstreamSpec, secrets: Secrets) -> dict:
    """The OpenAPI document of schema_path, or fetched from schema_url (capped before decoding)."""
    if spec.schema_path:
        try:
            with open(spec.schema_path, encoding="utf-8") as f:
                return json.load(f)
        except (OSError, ValueError) as e:
            raise UpstreamConfigError(M.config_error(M.field(spec.name, "schema_file"),
                                                     M.bad_schema_file(spec.schema_path, str(e)))) from None
    where, url, cap = M.field(spec.name, "schema_url"), spec.schema_url, spec.schema_max_bytes
    request = urllib.request.Request(url, headers={**secrets.headers(spec), "Accept": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=FETCH_TIMEOUT) as response:  # noqa: S310 - http(s) only
            body = response.read(cap + 1)
    except urllib.error.HTTPError as e:
        raise UpstreamConfigError(M.config_error(where, M.schema_fetch_failed(url, M.http_status(e.code, e.reason or "")))) from None
    except (urllib.error.URLError, OSError) as e:
        reason = getattr(e, "reason", e)
        raise UpstreamConfigError(M.config_error(where, M.schema_fetch_failed(url, getattr(reason, "strerror", None) or str(reason)))) from None
    if len(body) > cap:
        raise UpstreamConfigError(M.config_error(where, M.schema_too_large(url, cap)))
    try:
        return json.loads(body)
    except ValueError as e:
        raise UpstreamConfigError(M.config_error(where, M.bad_schema_file(url, str(e)))) from None


def _override(spec: UpstreamSpec, op_id: str, op: Operation, override) -> Operation:
    """The operation with its override applied: name, description, default arguments."""
    if not override:
        return op
    defaults = dict(override.get("default_args", {}))
    schema = op.input_schema
    try:
        checker = bounded_validator(dict(schema, required=[]))  # the schema came from outside
    except (jsonschema.exceptions.SchemaError, RecursionError):
        checker = None
    error = first_error(checker, defaults) if checker is not None else None
    if isinstance(error, str):
        raise UpstreamConfigError(M.config_error(M.field(spec.name, f"operation_overrides.{op_id}.default_args"),
                                                 M.bad_default_args(op_id, error)))
    if error is not None:
        raise UpstreamConfigError(M.config_error(M.field(spec.name, f"operation_overrides.{op_id}.default_args"),
                                                 M.bad_default_args(op_id, schema_problem(error))))
    if defaults and "required" in schema:
        required = [r for r in schema["required"] if r not in defaults]
        schema = {k: v for k, v in schema.items() if k != "required"}
        if required:
            schema["required"] = required
    return attrs.evolve(op, name=override.get("name", op.name),
                        description=" ".join(override.get("description", op.description).split()),
                        input_schema=schema, defaults=defaults)


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
    """(the decoded JSON answer of one GET (None for an empty 204), its bytes); HttpFault on a
    world fault."""
    args = {**op.defaults, **args}
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
        raise HttpFault("upstream_error", M.http_status(e.code, e.reason or "") + _error_body(e)) from None
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
        return None, 0
    try:
        return json.loads(body), len(body)
    except ValueError:
        raise HttpFault("upstream_error", "the answer is not JSON") from None
    except RecursionError:
        raise HttpFault("upstream_error", M.ANSWER_TOO_DEEP) from None


ERROR_BODY_BYTES = 4096  # of an error answer's body, read for its message
ERROR_BODY_CHARS = 300  # of it shown


def _error_body(e) -> str:
    """": detail" of an error answer: a JSON body's `detail`, `error` or `message` (FastAPI,
    most APIs), else its text; "" when it has none."""
    try:
        body = e.read(ERROR_BODY_BYTES)
    except (OSError, ValueError):
        return ""
    text = body.decode("utf-8", "replace").strip()
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        data = None
    if isinstance(data, dict):
        found = next((data[k] for k in ("detail", "error", "message") if k in data), data)
        text = found if isinstance(found, str) else json.dumps(found)
    text = " ".join(text.split())
    if not text:
        return ""
    return ": " + (text if len(text) <= ERROR_BODY_CHARS else text[:ERROR_BODY_CHARS - 3] + "...")


def _text(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return value if isinstance(value, str) else json.dumps(value)
