"""An in-memory OpenTelemetry exporter for the tests of spans (the SDK's own)."""
from __future__ import annotations

import pytest

from ptclisp.host import tracing

sdk = pytest.importorskip("opentelemetry.sdk.trace")
from opentelemetry.sdk.trace.export import SimpleSpanProcessor  # noqa: E402
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter  # noqa: E402


@pytest.fixture
def spans(monkeypatch):
    """(provider, exporter): ptclisp's spans go to the exporter for this test only."""
    exporter = InMemorySpanExporter()
    provider = sdk.TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    monkeypatch.setattr(tracing, "_TRACER", provider.get_tracer("ptclisp"))
    return provider, exporter


def by_name(exporter, name: str) -> list:
    return [s for s in exporter.get_finished_spans() if s.name == name]
