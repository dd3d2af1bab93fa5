"""Upstream tools: programs call the tools of MCP servers (stdio, Streamable HTTP) and the GET
operations of OpenAPI documents through `(tool/call {...})` (docs/upstreams.md).

    ups = ptclisp.upstream.load("upstreams.json")       # or the same dict
    session = ptclisp.Session(upstreams=ups)            # share `ups` between sessions

Importing this package imports the MCP SDK (the `mcp` extra).
"""
from __future__ import annotations

import json
import os
import threading
from pathlib import Path

from ..host import upstream_hook
from .calls import Binding
from .config import Limits, UpstreamConfigError, load_config
from .runtime import Unavailable, Upstreams

__all__ = ["load", "shared", "Upstreams", "Binding", "Limits", "UpstreamConfigError", "load_config",
           "Unavailable"]


def load(source, environ=None) -> Upstreams:
    """Upstreams of a JSON file path or a dict (UpstreamConfigError when it is wrong)."""
    return Upstreams.load(source, environ)


_shared: dict = {}  # what Session(upstreams=PATH_OR_DICT) loaded, by its key: one host each
_shared_lock = threading.Lock()


def shared(source) -> Upstreams:
    """The one Upstreams of a path or dict in this process (loaded on first use)."""
    if isinstance(source, (str, os.PathLike)):
        key = ("path", str(Path(source).resolve()))
    else:
        key = ("dict", json.dumps(source, sort_keys=True, default=str))
    with _shared_lock:
        host = _shared.get(key)
        if host is None or host.closed:
            host = _shared[key] = load(source)
        return host


upstream_hook.register_upstream_loader(shared)
