"""The upstreams configuration: a JSON file (or the same dict) checked and resolved at load.

Secrets (credential values and `${VAR}` values of stdio `env`) are resolved here once and kept
apart from the specs, in `Secrets`; every error names the upstream (or credential) and field.
"""
from __future__ import annotations

import base64
import json
import os
import re
import sys
from collections.abc import Mapping
from pathlib import Path
from urllib.parse import urlparse

import attrs

from . import messages as M

NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]*\Z")
TOOL_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}\Z")
TOKEN = re.compile(r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+\Z")  # RFC 7230 header names
VAR = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")
PROTOCOL_HEADERS = {"mcp-protocol-version", "mcp-session-id", "user-agent"}
SECRET_HEADERS = {"authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key"}
DEFAULT_CALL_TIMEOUT = 30.0  # seconds; the configuration may lower it or raise it up to 60
MAX_CALL_TIMEOUT = 60.0
LIST_TIMEOUT = 30.0  # seconds to start an upstream and list its tools (apart from call time)
DEFAULT_RESPONSE_BYTES = 2 * 1024 * 1024
DEFAULT_CALLS_PER_PROGRAM = 50
DEFAULT_SCHEMA_BYTES = 2 * 1024 * 1024  # an OpenAPI document fetched from schema_url
DEFAULT_LIST_PAGES = 100  # pages of one tools/list or resources/list
DEFAULT_LIST_BYTES = 8 * 1024 * 1024  # bytes read from the server during one listing
DEFAULT_CONTENT_BLOCKS = 1000  # content blocks of one answer
DEFAULT_CATALOG_CHARS = 32_000  # characters of the catalog the model reads
COUNTS = ("max_list_pages", "max_list_bytes", "max_content_blocks", "max_catalog_chars")
OVERRIDE_KEYS = {"default_args", "name", "description"}


class UpstreamConfigError(ValueError):
    """A configuration that cannot be used; the message names the upstream and the field."""


@attrs.define(frozen=True)
class Auth:
    """One auth emitter: scheme, the credential it reads and (custom_header) the header."""

    scheme: str
    binding: str
    header: str | None = None


@attrs.define(frozen=True)
class UpstreamSpec:
    """One upstream as configured (no secret in it: env values and auth are resolved apart)."""

    name: str
    transport: str
    description: str = ""
    command: str | None = None
    args: tuple = ()
    env_keys: tuple = ()  # names of env variables passed; values live in Secrets.env
    cwd: str | None = None
    url: str | None = None
    auth: tuple = ()
    static_headers: tuple = ()  # (name, value) pairs
    schema_path: str | None = None
    include_operations: tuple = ()
    schema_url: str | None = None  # the document fetched at load instead of schema_path
    schema_max_bytes: int = DEFAULT_SCHEMA_BYTES
    overrides: tuple = ()  # (operationId, {"default_args": .., "name": .., "description": ..})
    optional: bool = False  # `ptclisp mcp` starts without it when it cannot be started
    default_args: tuple = ()  # MCP: (argument, value) pairs used by every tool taking them


@attrs.define
class Limits:
    """What each upstream call may take."""

    call_timeout: float = DEFAULT_CALL_TIMEOUT  # seconds of one call
    max_response_bytes: int = DEFAULT_RESPONSE_BYTES  # bytes of one answer, checked before decoding
    max_calls_per_program: int = DEFAULT_CALLS_PER_PROGRAM
    max_list_pages: int = DEFAULT_LIST_PAGES  # pages of one listing (tools/list, resources/list)
    max_list_bytes: int = DEFAULT_LIST_BYTES  # bytes read during one listing, all pages
    max_content_blocks: int = DEFAULT_CONTENT_BLOCKS  # content blocks of one answer
    max_catalog_chars: int = DEFAULT_CATALOG_CHARS  # the whole catalog the model reads
    call_timeout_set: bool = False  # the configuration set call_timeout_ms (it is then honoured or refused)


@attrs.define(repr=False)
class Secrets:
    """Resolved secret values: credentials by name and stdio env values by upstream."""

    credentials: dict = attrs.Factory(dict)
    env: dict = attrs.Factory(dict)  # upstream -> its stdio env, ${VAR}s resolved
    variables: set = attrs.Factory(set)  # the values ${VAR}s were resolved to
    basic: set = attrs.Factory(set)  # credentials some upstream sends as basic auth

    def __repr__(self) -> str:
        return "Secrets([REDACTED])"

    def values(self) -> list:
        """Every secret string (what the redactor replaces); a basic-auth binding adds its
        `user:pass` pair and the password alone (the user name is not a secret)."""
        out = [*self.credentials.values(), *self.variables]
        for name in self.basic:
            pair = _basic(self.credentials[name])
            out += [pair, pair.partition(":")[2]]
        return [v for v in out if v]

    def headers(self, spec: UpstreamSpec) -> dict:
        """The HTTP headers of an upstream: its static headers, then its auth emitters."""
        headers = dict(spec.static_headers)
        for a in spec.auth:
            value = self.credentials[a.binding]
            if a.scheme == "bearer":
                headers["Authorization"] = f"Bearer {value}"
            elif a.scheme == "basic":
                headers["Authorization"] = "Basic " + base64.b64encode(_basic(value).encode()).decode()
            else:
                headers[a.header] = value
        return headers


def _basic(value: str) -> str:
    """user:pass from a binding written `user:pass` or `{"user": .., "pass": ..}`."""
    try:
        data = json.loads(value)
    except ValueError:
        return value
    if isinstance(data, dict) and "user" in data and "pass" in data:
        return f"{data['user']}:{data['pass']}"
    return value


@attrs.define
class Config:
    """A checked configuration: upstream specs by name, limits and resolved secrets."""

    upstreams: dict
    limits: Limits
    secrets: Secrets


def load_config(source, environ: Mapping | None = None) -> Config:
    """The Config of a JSON file path or a dict; UpstreamConfigError when anything is wrong."""
    environ = os.environ if environ is None else environ
    base = Path.cwd()
    if isinstance(source, (str, os.PathLike)):
        path = Path(source)
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            raise UpstreamConfigError(M.not_a_config_file(str(path), _reason(e))) from None
        base = path.resolve().parent
    elif isinstance(source, Mapping):
        raw = source
    else:
        raise UpstreamConfigError(M.config_error("the configuration", M.NOT_OBJECT))
    return _parse(raw, base, environ)


def _reason(e: Exception) -> str:
    return e.strerror if isinstance(e, OSError) and e.strerror else str(e)


def _fail(where: str, problem: str):
    raise UpstreamConfigError(M.config_error(where, problem))


def _parse(raw, base: Path, environ) -> Config:
    if not isinstance(raw, Mapping):
        _fail("the configuration", M.NOT_OBJECT)
    extra = set(raw) - {"upstreams", "credentials", "limits"}
    if extra:
        _fail("the configuration", M.unknown_fields(extra))
    secrets = Secrets()
    creds = raw.get("credentials", {})
    if not isinstance(creds, Mapping):
        _fail("'credentials'", M.NOT_OBJECT)
    for name, spec in creds.items():
        secrets.credentials[name] = _credential(name, spec, base, environ)
    ups = raw.get("upstreams")
    if not isinstance(ups, Mapping) or not ups:
        _fail("'upstreams'", M.NO_UPSTREAMS)
    specs = {}
    for name, spec in ups.items():
        if not isinstance(name, str) or not NAME.match(name):
            _fail(f"upstream {M.shown(name)}", M.BAD_NAME)
        specs[name] = _upstream(name, spec, base, environ, secrets)
    return Config(specs, _limits(raw.get("limits", {})), secrets)


def _limits(raw) -> Limits:
    if not isinstance(raw, Mapping):
        _fail("'limits'", M.NOT_OBJECT)
    keys = {"call_timeout_ms", "max_response_bytes", "max_calls_per_program", *COUNTS}
    if set(raw) - keys:
        _fail("'limits'", M.unknown_fields(set(raw) - keys))
    out = Limits()
    for key, value in raw.items():
        if type(value) not in (int, float) or value <= 0:
            _fail(f"limits, field '{key}'", M.NOT_POSITIVE)
    if "call_timeout_ms" in raw:
        if raw["call_timeout_ms"] > MAX_CALL_TIMEOUT * 1000:
            _fail("limits, field 'call_timeout_ms'", M.CALL_TIMEOUT_MAX)
        out.call_timeout = raw["call_timeout_ms"] / 1000
        out.call_timeout_set = True
    if "max_response_bytes" in raw:
        out.max_response_bytes = int(raw["max_response_bytes"])
    for key in ("max_calls_per_program", *COUNTS):
        if key in raw:
            setattr(out, key, int(raw[key]))
    return out


def _credential(name, spec, base: Path, environ) -> str:
    where = lambda f: M.credential_field(name, f)  # noqa: E731
    if not isinstance(spec, Mapping):
        _fail(f"credential '{name}'", M.NOT_OBJECT)
    source = spec.get("source")
    allowed = {"env": {"var"}, "file": {"path"}, "literal": {"value"}}.get(source)
    if allowed is None:
        _fail(where("source"), M.unknown_source(source))
    extra = set(spec) - allowed - {"source", "scheme_hint"}
    if extra:
        _fail(f"credential '{name}'", M.unknown_fields(extra))
    key = next(iter(allowed))
    value = spec.get(key)
    if not isinstance(value, str) or not value:
        _fail(where(key), M.MISSING if value is None else M.NOT_STRING)
    if source == "env":
        if value not in environ:
            _fail(where("var"), M.unset_variable(value))
        return environ[value]
    if source == "file":
        path = base / value
        try:
            return path.read_text(encoding="utf-8").rstrip()
        except OSError as e:
            _fail(where("path"), M.unreadable_file(str(path), _reason(e)))
    return value


FIELDS = {
    "mcp_stdio": {"command", "args", "env", "cwd", "default_args"},
    "mcp_http": {"url", "auth", "static_headers", "allow_insecure_http", "allow_insecure_auth",
                 "default_args"},
    "openapi": {"base_url", "schema_file", "schema_url", "schema_max_bytes", "include_operations",
                "operation_overrides", "auth", "static_headers", "allow_insecure_http",
                "allow_insecure_auth"},
}


def _upstream(name: str, raw, base: Path, environ, secrets: Secrets) -> UpstreamSpec:
    if not isinstance(raw, Mapping):
        _fail(f"upstream '{name}'", M.NOT_OBJECT)
    transport = raw.get("transport")
    if transport not in FIELDS:
        _fail(M.field(name, "transport"), M.unknown_transport(transport))
    extra = set(raw) - FIELDS[transport] - {"transport", "description", "optional"}
    if extra:
        _fail(f"upstream '{name}'", M.unknown_fields(extra))
    spec = _transport(name, raw, transport, base, environ, secrets)
    defaults = raw.get("default_args", {})
    if not isinstance(defaults, Mapping):
        _fail(M.field(name, "default_args"), M.NOT_OBJECT)
    return attrs.evolve(spec, optional=_bool(name, raw, "optional"),
                        default_args=tuple(defaults.items()))


def _transport(name: str, raw, transport: str, base: Path, environ, secrets: Secrets) -> UpstreamSpec:
    description = _opt_string(name, raw, "description") or ""
    if transport == "mcp_stdio":
        return _stdio(name, raw, description, base, environ, secrets)
    url_key = "url" if transport == "mcp_http" else "base_url"
    url = _string(name, raw, url_key)
    auth = _auth(name, raw.get("auth", []), secrets)
    _check_url(name, raw, url_key, url, bool(auth))
    headers = _static_headers(name, raw.get("static_headers", {}))
    common = dict(name=name, transport=transport, description=description, url=url.rstrip("/")
                  if transport == "openapi" else url, auth=auth, static_headers=headers)
    if transport == "mcp_http":
        return UpstreamSpec(**common)
    if ("schema_file" in raw) == ("schema_url" in raw):
        _fail(f"upstream '{name}'", M.ONE_SCHEMA_SOURCE)
    schema_path = schema_url = None
    if "schema_file" in raw:
        schema_path = str(base / _string(name, raw, "schema_file"))
    else:
        schema_url = _string(name, raw, "schema_url")
        _check_url(name, raw, "schema_url", schema_url, bool(auth))
    max_bytes = raw.get("schema_max_bytes", DEFAULT_SCHEMA_BYTES)
    if type(max_bytes) is not int or max_bytes <= 0:
        _fail(M.field(name, "schema_max_bytes"), M.NOT_POSITIVE)
    ops = raw.get("include_operations")
    if not isinstance(ops, list) or not ops or not all(isinstance(o, str) and o for o in ops):
        _fail(M.field(name, "include_operations"), M.MISSING if ops is None else M.NOT_STRINGS)
    return UpstreamSpec(**common, schema_path=schema_path, schema_url=schema_url,
                        schema_max_bytes=max_bytes, include_operations=tuple(ops),
                        overrides=_overrides(name, raw.get("operation_overrides", {}), ops))


def _overrides(name: str, raw, ops) -> tuple:
    """(operationId, override) pairs, checked: included operations, known keys and types."""
    where = "operation_overrides"
    if not isinstance(raw, Mapping):
        _fail(M.field(name, where), M.NOT_OBJECT)
    out = []
    for op, override in raw.items():
        here = f"{where}.{op}"
        if op not in ops:
            _fail(M.field(name, here), M.NOT_INCLUDED)
        if not isinstance(override, Mapping):
            _fail(M.field(name, here), M.NOT_OBJECT)
        if set(override) - OVERRIDE_KEYS:
            _fail(M.field(name, here), M.unknown_fields(set(override) - OVERRIDE_KEYS))
        if not isinstance(override.get("default_args", {}), Mapping):
            _fail(M.field(name, f"{here}.default_args"), M.NOT_OBJECT)
        if "name" in override and not (isinstance(override["name"], str)
                                       and TOOL_NAME.match(override["name"])):
            _fail(M.field(name, f"{here}.name"), M.BAD_TOOL_NAME)
        text = override.get("description", "x")
        if not isinstance(text, str) or not text.strip():
            _fail(M.field(name, f"{here}.description"), M.NOT_STRING)
        out.append((op, dict(override)))
    return tuple(out)


def _string(name: str, raw, key: str) -> str:
    value = raw.get(key)
    if not isinstance(value, str) or not value.strip():
        _fail(M.field(name, key), M.MISSING if value is None else M.NOT_STRING)
    return value


def _opt_string(name: str, raw, key: str):
    return _string(name, raw, key) if key in raw else None


def _bool(name: str, raw, key: str) -> bool:
    value = raw.get(key, False)
    if type(value) is not bool:
        _fail(M.field(name, key), M.NOT_BOOL)
    return value


# "python" in a config means the Python that runs ptclisp (its venv, where pip put the server),
# not whatever a desktop client's small PATH finds first, which is often none
_THIS_PYTHON = ("python", "python3")


def _command(command: str) -> str:
    """The executable to start: "python"/"python3" is the interpreter running ptclisp."""
    return sys.executable if command in _THIS_PYTHON and sys.executable else command


def _stdio(name, raw, description, base, environ, secrets) -> UpstreamSpec:
    command = _string(name, raw, "command")
    args = raw.get("args", [])
    if not isinstance(args, list) or not all(isinstance(a, str) for a in args):
        _fail(M.field(name, "args"), M.NOT_STRINGS)
    env = raw.get("env", {})
    if not isinstance(env, Mapping) or not all(isinstance(v, str) for v in env.values()):
        _fail(M.field(name, "env"), M.NOT_STRING_MAP)
    resolved = {}
    for key, value in env.items():
        names = VAR.findall(value)
        missing = [v for v in names if v not in environ]
        if missing:
            _fail(M.field(name, f"env.{key}"), M.unset_variable(missing[0]))
        secrets.variables.update(environ[v] for v in names)
        resolved[key] = VAR.sub(lambda m: environ[m.group(1)], value)
    secrets.env[name] = resolved
    cwd = _opt_string(name, raw, "cwd")
    return UpstreamSpec(name=name, transport="mcp_stdio", description=description,
                        command=_command(command), args=tuple(args), env_keys=tuple(env),
                        cwd=str(base / cwd) if cwd else None)


def _check_url(name, raw, key, url, has_auth) -> None:
    scheme = urlparse(url).scheme
    if scheme not in ("http", "https"):
        _fail(M.field(name, key), M.NOT_URL)
    if scheme == "http":
        if not _bool(name, raw, "allow_insecure_http"):
            _fail(M.field(name, key), M.HTTPS_REQUIRED)
        if has_auth and not _bool(name, raw, "allow_insecure_auth"):
            _fail(M.field(name, "auth"), M.INSECURE_AUTH)


def _auth(name: str, raw, secrets: Secrets) -> tuple:
    if not isinstance(raw, list):
        _fail(M.field(name, "auth"), M.NOT_AUTH_LIST)
    out = []
    for i, item in enumerate(raw):
        where = f"auth[{i}]"
        if not isinstance(item, Mapping):
            _fail(M.field(name, where), M.NOT_OBJECT)
        scheme = item.get("scheme")
        if scheme not in ("bearer", "basic", "custom_header"):
            _fail(M.field(name, f"{where}.scheme"), M.unknown_scheme(scheme))
        binding = item.get("binding")
        if binding not in secrets.credentials:
            _fail(M.field(name, f"{where}.binding"),
                  M.unknown_credential(str(binding), secrets.credentials))
        if scheme == "basic":
            secrets.basic.add(binding)
        header = item.get("header") if scheme == "custom_header" else None
        if scheme == "custom_header":
            _check_header(name, f"{where}.header", header)
        out.append(Auth(scheme, binding, header))
    return tuple(out)


def _check_header(name: str, where: str, header) -> None:
    if not isinstance(header, str) or not TOKEN.match(header):
        _fail(M.field(name, where), M.bad_header_name(str(header)))
    if header.lower() in SECRET_HEADERS | PROTOCOL_HEADERS:
        _fail(M.field(name, where), M.secret_header(header))


def _static_headers(name: str, raw) -> tuple:
    if not isinstance(raw, Mapping) or not all(isinstance(v, str) for v in raw.values()):
        _fail(M.field(name, "static_headers"), M.NOT_STRING_MAP)
    for header in raw:
        _check_header(name, f"static_headers.{header}", header)
    return tuple(raw.items())
