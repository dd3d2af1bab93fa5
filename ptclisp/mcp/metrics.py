"""Prometheus metrics of `ptclisp mcp --transport http`, on the prometheus-client package.

Each server has its own registry (nothing global): runs by status, the run duration histogram,
lisp_eval calls, per-client limit hits, sessions active and the session store's latency. Without
the `service` extra (prometheus-client missing) every method does nothing and `/metrics` says
what to install.
"""
from __future__ import annotations

try:  # the `service` extra
    from prometheus_client import (CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Gauge,
                                   Histogram, generate_latest)
except ModuleNotFoundError:  # pragma: no cover - depends on the install
    CollectorRegistry = None

__all__ = ["Metrics", "called_tools"]

RUN_BUCKETS = (0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30)
STORE_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 2.5)


def called_tools(result, gateway: bool) -> list[str]:
    """The tools a run called, as metric labels: a host tool's name, an upstream's server/tool.
    Every label comes from the host's configuration (an upstream that could not be reached is
    server/?: its tools were never listed), so a program cannot grow the label set."""
    names = [e["name"] for e in result.tool_calls if not (gateway and e["name"] == "call")]
    for u in result.upstream_calls:
        listed = u["status"] == "ok" or u.get("reason") != "upstream_unavailable"
        names.append(f"{u['server']}/{u['tool'] if listed else '?'}")
    return names


class Metrics:
    """The server's counters, histograms and gauges (no-ops without prometheus-client)."""

    def __init__(self) -> None:
        self.enabled = CollectorRegistry is not None
        if not self.enabled:
            return
        r = self.registry = CollectorRegistry()
        self.runs = Counter("ptclisp_runs", "lisp_eval calls answered, by status", ["status"],
                            registry=r)
        self.duration = Histogram("ptclisp_run_duration_seconds",
                                  "Time to answer one lisp_eval call (run and session store)",
                                  buckets=RUN_BUCKETS, registry=r)
        self.calls = Counter("ptclisp_tool_calls",
                             "Tool calls programs made: host tools by name, upstream ones as "
                             "server/tool", ["tool"], registry=r)
        self.limits = Counter("ptclisp_limit_hits", "Calls refused by a per-client limit, and "
                              "runs stopped by a sandbox limit", ["limit"], registry=r)
        self.sessions = Gauge("ptclisp_sessions_active",
                              "Sessions used within their time to live", registry=r)
        self.store = Histogram("ptclisp_store_latency_seconds",
                               "Session store operations, by operation", ["op"],
                               buckets=STORE_BUCKETS, registry=r)

    def program(self, result, gateway: bool = False) -> None:
        """One program's tool calls, and the sandbox limit that stopped it if one did
        (gateway: the session has upstreams, whose calls go through tool/call)."""
        if not self.enabled:
            return
        for name in called_tools(result, gateway):
            self.calls.labels(tool=name).inc()
        limit = getattr(result.error, "limit", None)
        if limit:
            self.limits.labels(limit=limit).inc()

    def run(self, status: str, seconds: float) -> None:
        """One call answered with status after seconds."""
        if self.enabled:
            self.runs.labels(status=status).inc()
            self.duration.observe(seconds)

    def limit(self, which: str) -> None:
        """One call refused by a per-client limit."""
        if self.enabled:
            self.limits.labels(limit=which).inc()

    def store_op(self, op: str, seconds: float) -> None:
        """One session store operation took seconds."""
        if self.enabled:
            self.store.labels(op=op).observe(seconds)

    def active(self, n: int) -> None:
        """Sessions active now."""
        if self.enabled:
            self.sessions.set(n)

    def exposition(self) -> tuple[bytes, str]:
        """The text format a Prometheus server scrapes, and its content type."""
        return generate_latest(self.registry), CONTENT_TYPE_LATEST
