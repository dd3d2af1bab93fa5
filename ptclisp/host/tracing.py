"""OpenTelemetry spans: one for a run, one for each tool call inside it.

With `opentelemetry-api` installed (the `otel` extra) a run shows in the host's own tracing
(pydantic-ai's instrumentation, Logfire, any OTLP backend) as a `ptclisp.run` span, child of
whatever span is current when the run starts, with a `tool/NAME` span per host tool call. Without
an SDK configured the API is a no-op; without the package nothing here does any work.
"""
from __future__ import annotations

import contextlib

try:  # a module-level import: nothing is imported on a run's path
    from opentelemetry import trace as _trace
except ImportError:  # the `otel` extra is not installed
    _trace = None

__all__ = ["ENABLED", "start_run", "end_run", "tool_span", "failed", "run_context"]

ENABLED = _trace is not None
RUN_SPAN = "ptclisp.run"
_TRACER = _trace.get_tracer("ptclisp") if ENABLED else None

# the limits a run span carries (the ones an operator tunes), by their attribute name
_LIMITS = ("timeout", "max_wall", "max_steps", "max_memory_mb", "max_tool_calls", "max_depth")


def start_run(limits, source_chars: int):
    """The span of a run about to start (None without OpenTelemetry); ended by end_run."""
    if _TRACER is None:
        return None
    span = _TRACER.start_span(RUN_SPAN)
    if span.is_recording():
        span.set_attribute("ptclisp.program.chars", source_chars)
        for name in _LIMITS:
            value = getattr(limits, name, None)
            if value is not None:
                span.set_attribute(f"ptclisp.limits.{name}", value)
    return span


def end_run(span, status: str, error, tool_calls: int, steps: int | None) -> None:
    """End a run's span with what the run came to: status, steps, calls, the error if any."""
    if span is None:
        return
    if span.is_recording():
        span.set_attribute("ptclisp.status", status)
        span.set_attribute("ptclisp.tool_calls", tool_calls)
        if steps is not None:
            span.set_attribute("ptclisp.steps", steps)
        if error is not None:
            span.set_attribute("ptclisp.error.kind", type(error).__name__)
            limit = getattr(error, "limit", None)
            if limit:
                span.set_attribute("ptclisp.error.limit", limit)
            span.set_status(_trace.Status(_trace.StatusCode.ERROR, error.message[:500]))
    span.end()


@contextlib.contextmanager
def tool_span(name: str, run_span):
    """A `tool/NAME` span around one host tool call, child of the run's span."""
    if run_span is None:
        yield None
        return
    parent = _trace.set_span_in_context(run_span)  # also in a pmap branch's own thread
    with _TRACER.start_as_current_span(f"tool/{name}", context=parent,
                                       record_exception=False,
                                       set_status_on_exception=False) as span:
        span.set_attribute("ptclisp.tool.name", name)
        yield span


def failed(span, error: BaseException) -> None:
    """Mark a tool's span as failed, naming the exception's type only (its text may hold secrets)."""
    if span is not None and span.is_recording():
        span.set_attribute("ptclisp.tool.error", type(error).__name__)
        span.set_status(_trace.Status(_trace.StatusCode.ERROR))


def run_context(span):
    """A context manager making span current while the run goes on (no-op for None)."""
    if span is None:
        return contextlib.nullcontext()
    return _trace.use_span(span, end_on_exit=False)
