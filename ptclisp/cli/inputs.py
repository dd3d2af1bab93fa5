"""What the commands read from files and flags: data, host tools, upstreams; and JSON out."""
from __future__ import annotations

import json
from pathlib import Path

from .. import messages
from .hostmodule import HostModuleError, load_tools


class InputError(Exception):
    """A file the command was given cannot be used; main prints the message and exits 2."""


def read_text(path) -> str:
    """The UTF-8 text of path, or an InputError saying why not."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise InputError(messages.cli_not_utf8(path)) from None
    except OSError as e:
        raise InputError(messages.cli_cannot_read(path, e.strerror or str(e))) from None


def load_data(path):
    """The --data JSON file as a dict, or None when no file was given."""
    if not path:
        return None
    try:
        data = json.loads(read_text(path))
    except json.JSONDecodeError as e:
        raise InputError(messages.cli_bad_json(path, e.lineno, e.colno, e.msg)) from None
    if not isinstance(data, dict):
        raise InputError(messages.cli_data_not_map(path, _JSON_KINDS.get(type(data), "value")))
    return data


_JSON_KINDS = {list: "array", str: "string", int: "number", float: "number", bool: "boolean",
               type(None): "null"}


def json_safe(v):
    """v with ##NaN as null and infinities as the strings "Infinity"/"-Infinity" (valid JSON)."""
    if isinstance(v, float) and (v != v or v in (_INF, -_INF)):
        return None if v != v else ("Infinity" if v > 0 else "-Infinity")
    if isinstance(v, dict):
        return {k: json_safe(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [json_safe(x) for x in v]
    return v


_INF = float("inf")


def host_tools(args):
    """The tools of --tools MODULE, or None when the flag is absent."""
    if not getattr(args, "tools", None):
        return None
    try:
        return load_tools(args.tools)
    except HostModuleError as e:
        raise InputError(str(e)) from None


def load_upstreams(args, start: bool = False):
    """The Upstreams of --upstreams FILE, or None; start: start and list them all now."""
    path = getattr(args, "upstreams", None)
    if not path:
        return None
    try:
        from .. import upstream
    except ModuleNotFoundError as e:
        raise InputError(messages.cli_upstreams_missing((e.name or "").split(".")[0])) from None
    try:
        ups = upstream.load(path)
        return ups.start() if start else ups
    except (upstream.UpstreamConfigError, upstream.Unavailable) as e:
        raise InputError(str(e)) from None
