"""OpenTelemetry spans of a run and of its tool calls (host/tracing.py), read from the SDK's
in-memory exporter."""
from __future__ import annotations

import pytest

import ptclisp
from ptclisp.host import tracing

from tracing_spans import by_name, spans  # noqa: F401  (a fixture)

from opentelemetry.trace import StatusCode  # noqa: E402


def get_user(id: int) -> dict:
    return {"id": id, "name": f"user {id}"}


def closed_account(id: int) -> dict:
    raise ValueError("account 7 of sk-live-secret is closed")


def test_a_run_is_one_span_with_its_limits_status_and_steps(spans):
    _, exporter = spans
    limits = ptclisp.Limits(timeout=2.0, max_steps=10_000, max_tool_calls=5)
    program = ("(map :name [(tool/get-user {:id 1}) (tool/get-user {:id 2})])"
               "(loop [i 0] (if (< i 100) (recur (inc i)) i))")
    r = ptclisp.Session(tools=[get_user], limits=limits).run(program)
    assert r.value == 100
    (run,) = by_name(exporter, "ptclisp.run")
    a = run.attributes
    assert a["ptclisp.status"] == "ok" and a["ptclisp.tool_calls"] == 2
    assert a["ptclisp.limits.timeout"] == 2.0 and a["ptclisp.limits.max_steps"] == 10_000
    assert a["ptclisp.limits.max_tool_calls"] == 5
    assert 100 <= a["ptclisp.steps"] < 10_000  # one step or more per loop iteration
    assert a["ptclisp.program.chars"] == len(program)
    assert run.status.status_code == StatusCode.UNSET and run.end_time >= run.start_time


def test_each_tool_call_is_a_child_span(spans):
    _, exporter = spans
    ptclisp.Session(tools=[get_user]).run("(tool/get-user {:id 1}) (tool/get-user {:id 2})")
    (run,) = by_name(exporter, "ptclisp.run")
    calls = by_name(exporter, "tool/get-user")
    assert len(calls) == 2
    assert all(c.parent.span_id == run.context.span_id for c in calls)
    assert all(c.attributes["ptclisp.tool.name"] == "get-user" for c in calls)
    assert all(run.start_time <= c.start_time <= c.end_time <= run.end_time for c in calls)


def test_tool_calls_in_pmap_branches_are_children_of_the_run(spans):
    _, exporter = spans
    r = ptclisp.Session(tools=[get_user]).run("(pmap #(:id (tool/get-user {:id %})) [1 2 3 4])")
    assert r.value == [1, 2, 3, 4]
    (run,) = by_name(exporter, "ptclisp.run")
    calls = by_name(exporter, "tool/get-user")
    assert len(calls) == 4 and {c.parent.span_id for c in calls} == {run.context.span_id}


def test_a_failing_tool_marks_its_span_without_its_message(spans):
    _, exporter = spans
    r = ptclisp.Session(tools=[closed_account]).run("(tool/closed-account {:id 7})")
    assert r.status == "error"
    (call,) = by_name(exporter, "tool/closed-account")
    assert call.status.status_code == StatusCode.ERROR
    assert call.attributes["ptclisp.tool.error"] == "ValueError"
    assert "secret" not in str(dict(call.attributes)) + str(call.status.description) + str(call.events)
    (run,) = by_name(exporter, "ptclisp.run")
    assert run.attributes["ptclisp.error.kind"] == "ToolError"
    assert run.status.status_code == StatusCode.ERROR


@pytest.mark.parametrize("program, limits, limit", [
    ("(loop [i 0] (recur (inc i)))", ptclisp.Limits(timeout=0.05), "timeout"),
    ("(loop [i 0] (recur (inc i)))", ptclisp.Limits(max_steps=1000), "max_steps"),
    ("(range 100)", ptclisp.Limits(max_collection_size=10), "max_collection_size"),
])
def test_a_run_stopped_by_a_limit_names_the_limit(spans, program, limits, limit):
    _, exporter = spans
    r = ptclisp.Session(limits=limits).run(program)
    assert r.error.limit == limit
    (run,) = by_name(exporter, "ptclisp.run")
    assert run.attributes["ptclisp.status"] == "error"
    assert run.attributes["ptclisp.error.kind"] == "LimitExceeded"
    assert run.attributes["ptclisp.error.limit"] == limit
    assert run.status.status_code == StatusCode.ERROR


def test_a_run_nests_under_the_hosts_current_span(spans):
    provider, exporter = spans
    with provider.get_tracer("host").start_as_current_span("handle request") as host:
        ptclisp.run("(+ 1 2)")
    (run,) = by_name(exporter, "ptclisp.run")
    assert run.parent.span_id == host.get_span_context().span_id


def test_without_a_tracer_a_run_makes_no_span(monkeypatch, spans):
    _, exporter = spans
    monkeypatch.setattr(tracing, "_TRACER", None)  # as without opentelemetry-api installed
    r = ptclisp.Session(tools=[get_user]).run("(:id (tool/get-user {:id 3}))")
    assert r.value == 3 and exporter.get_finished_spans() == ()
