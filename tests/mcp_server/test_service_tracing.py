"""The service's runs show as OpenTelemetry spans (read from the SDK's in-memory exporter): the
service's lisp_eval handler, in process, over the memory store, with a stored session."""
from __future__ import annotations

from types import SimpleNamespace

import anyio
import pytest

pytest.importorskip("mcp")

from ptclisp import Limits  # noqa: E402
from ptclisp.mcp.handler import ServiceLispEval  # noqa: E402
from ptclisp.mcp.metrics import Metrics  # noqa: E402
from ptclisp.mcp.server import SESSION_HEADER  # noqa: E402
from ptclisp.mcp.service import CLIENT_HEADER, Service, ServiceOptions  # noqa: E402

from tracing_spans import by_name, spans  # noqa: E402,F401  (a fixture)


def price(sku: str) -> float:
    """The price of one product."""
    return {"a": 2.5, "b": 4.0}[sku]


def test_a_stored_session_call_is_a_run_span_with_its_tool_spans(spans):
    _, exporter = spans
    service = Service(ServiceOptions(secret=b"s" * 32), Limits(max_steps=10_000), [price],
                      metrics=Metrics())
    handler = ServiceLispEval([price], Limits(max_steps=10_000), keep_session=True,
                              service=service)
    ctx = SimpleNamespace(headers={CLIENT_HEADER: "team-a", SESSION_HEADER: "s" * 32})

    async def calls():
        first = await handler('(def total (+ (tool/price {:sku "a"}) (tool/price {:sku "b"})))',
                              None, ctx)
        second = await handler("(loop [i 0] (recur (inc i)))", None, ctx)
        return first, second
    first, second = anyio.run(calls)
    assert not first.is_error and second.is_error
    runs = by_name(exporter, "ptclisp.run")
    assert [r.attributes["ptclisp.status"] for r in runs] == ["ok", "error"]
    assert runs[1].attributes["ptclisp.error.limit"] == "max_steps"
    assert runs[0].attributes["ptclisp.limits.max_steps"] == 10_000
    calls = by_name(exporter, "tool/price")
    assert len(calls) == 2 and {c.parent.span_id for c in calls} == {runs[0].context.span_id}
