"""Where ptclisp.upstream plugs in: Session(upstreams=PATH_OR_DICT) loads without the core importing it."""
from __future__ import annotations

import importlib
import threading

from .. import messages

UPSTREAM_LAYER = "ptclisp.upstream"  # imported by name when a Session is given a path or a dict

_loaders: list = []  # the loader ptclisp.upstream registers when imported
_loaders_lock = threading.Lock()


def register_upstream_loader(loader) -> None:
    """Let Session(upstreams=PATH_OR_DICT) load with `loader` (done by ptclisp.upstream)."""
    with _loaders_lock:
        if loader not in _loaders:
            _loaders.append(loader)


def _upstream_loader():
    """The loader of ptclisp.upstream, importing the layer on first use (TypeError without its SDK)."""
    if not _loaders:
        # a Session's construction, not a run: a first import here cannot be stopped midway
        try:
            importlib.import_module(UPSTREAM_LAYER)
        except ImportError as exc:
            raise TypeError(messages.API_UPSTREAMS_NEED_PACKAGE) from exc
    return _loaders[0]


def bind_upstreams(upstreams, limits=None):
    """A Session's binding of its upstreams (an object with bind(), or a path or dict), or None;
    the binding may refuse limits its configuration cannot work under."""
    if upstreams is None:
        return None
    if not hasattr(upstreams, "bind"):
        upstreams = _upstream_loader()(upstreams)
    return upstreams.bind(limits)
