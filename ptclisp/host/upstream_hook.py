"""Where ptclisp.upstream plugs in: Session(upstreams=PATH_OR_DICT) loads without the core importing it."""
from __future__ import annotations

import threading

from .. import messages

_loaders: list = []  # the loader ptclisp.upstream registers when imported
_loaders_lock = threading.Lock()


def register_upstream_loader(loader) -> None:
    """Let Session(upstreams=PATH_OR_DICT) load with `loader` (done by ptclisp.upstream)."""
    with _loaders_lock:
        if loader not in _loaders:
            _loaders.append(loader)


def bind_upstreams(upstreams):
    """A Session's binding of its upstreams (an object with bind(), or a path or dict), or None."""
    if upstreams is None:
        return None
    if not hasattr(upstreams, "bind"):
        if not _loaders:
            raise TypeError(messages.API_UPSTREAMS_NEED_PACKAGE)
        upstreams = _loaders[0](upstreams)
    return upstreams.bind()
