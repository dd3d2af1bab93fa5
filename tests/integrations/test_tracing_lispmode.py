"""LispMode's runs show in pydantic-ai's own OpenTelemetry instrumentation: a `ptclisp.run`
span under the span pydantic-ai opens for the lisp_eval call, a `tool/NAME` span per folded
tool the program calls, read from the SDK's in-memory exporter."""
from __future__ import annotations

import pytest

pytest.importorskip("pydantic_ai")

from pydantic_ai import Agent  # noqa: E402
from pydantic_ai.models.function import FunctionModel  # noqa: E402
from pydantic_ai.capabilities import Instrumentation  # noqa: E402
from pydantic_ai.models.instrumented import InstrumentationSettings  # noqa: E402

from ptclisp.integrations.pydantic_ai import LispMode  # noqa: E402

from tracing_spans import by_name, spans  # noqa: E402,F401  (a fixture)
from .test_pydantic_ai import Admins, Script  # noqa: E402


def test_a_program_is_a_span_inside_pydantic_ais_tool_span(spans):
    provider, exporter = spans
    program = ('(let [admins (tool/get-users {:role "admin"})]'
               ' (return {:count (count admins) :names (mapv :name admins)}))')
    agent = Agent(FunctionModel(Script([program])), output_type=Admins,
                  capabilities=[LispMode(), Instrumentation(
                      InstrumentationSettings(tracer_provider=provider))])

    @agent.tool_plain
    def get_users(role: str) -> list[dict]:
        """Users with a role."""
        return [{"name": "Ada", "role": role}, {"name": "Cy", "role": role}]

    assert agent.run_sync("Which admins?").output == Admins(count=2, names=["Ada", "Cy"])
    (run,) = by_name(exporter, "ptclisp.run")
    assert run.attributes["ptclisp.status"] == "returned"
    (call,) = by_name(exporter, "tool/get-users")
    assert call.parent.span_id == run.context.span_id
    parents = {s.context.span_id: s for s in exporter.get_finished_spans()}
    outer = parents[run.parent.span_id]  # pydantic-ai's span of the lisp_eval call
    assert "lisp_eval" in outer.name
    assert outer.context.trace_id == run.context.trace_id
