"""Upstream discovery under process isolation: `(dir "server")`, `(doc "server/tool")` and
`(apropos ...)` in a worker consult the host's upstream catalog over the tool channel.

The worker sends a discovery request as a call of CATALOG_TOOL, a name no program can write;
the host checks it (a known method, string and integer arguments only: the worker is not
trusted) and answers from its Session's upstreams, like any tool call.
"""
from __future__ import annotations

from ..run import budget as _budget
from .. import errors, messages

CATALOG_TOOL = "\0upstream-catalog"
METHODS = frozenset({"dir_lines", "doc_text", "apropos_entries"})


def host_call(session, args):
    """The host's answer to one discovery request of a worker."""
    catalog = getattr(session.upstreams, "catalog", None)
    if catalog is None or not isinstance(args, (list, tuple)) or not args or args[0] not in METHODS \
            or not all(type(a) in (str, int) for a in args[1:]):
        raise errors.ToolError(messages.ISOLATION_BAD_DISCOVERY, tool="discovery")
    return getattr(catalog, args[0])(*args[1:])


class RemoteCatalog:
    """The worker's view of the host's upstream catalog (core/discovery.py's protocol)."""

    def __init__(self, channel, servers):
        self.channel = channel
        self.servers = frozenset(servers)

    def has_server(self, name: str) -> bool:
        return name in self.servers

    def dir_lines(self, server: str, limit: int, offset: int):
        return self._ask("dir_lines", server, limit, offset)

    def doc_text(self, ref: str):
        return self._ask("doc_text", ref)

    def apropos_entries(self) -> list:
        return self._ask("apropos_entries")

    def _ask(self, *args):
        b = _budget.current()
        if b is not None:  # waiting on the host (which may start an upstream) is tool time
            b.check_time()
            b.in_host = True
            b.pause()
        try:
            return self.channel.call(CATALOG_TOOL, args)
        finally:
            if b is not None:
                b.resume()
                b.in_host = False


class RemoteUpstreams:
    """What a worker's Session holds for upstreams: the catalog (calls are host tools already,
    and the per-program call count is kept by the host)."""

    def __init__(self, channel, servers):
        self.catalog = RemoteCatalog(channel, servers)

    def begin_run(self) -> None:
        """The host's binding counts this program's calls."""

    def upstream_calls(self) -> list:
        """The host's binding records them."""
        return []
