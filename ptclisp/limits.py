"""`Limits`: the walls of one run (docs/sandbox.md lists each with its error and hint)."""
from __future__ import annotations

import attrs


@attrs.define(frozen=True)
class Limits:
    """Hard limits of one run. None means unlimited.

    Each limit ends the run with LimitExceeded naming it (`error.limit`), its value, where the
    program was and a hint. The defaults run every realistic workload (sort-by over 10,000
    maps, group-by over 20,000 items, map/filter over 50,000 maps) and stop runaway programs
    within about the timeout. See docs/sandbox.md.

    timeout: seconds of the program's own work; time waiting on tools is not counted (1.0).
    tool_timeout: seconds one tool call may take; the error names the tool (30.0).
    max_wall: seconds of wall clock for the whole run, tool waits included (60.0).
    max_steps: user-function calls and loop iterations (50,000,000).
    max_depth: nested user-function calls, and levels of data walked (5,000; never None).
    max_collection_size: items in one vector, map or set a program builds (1,000,000).
    max_string_chars: characters in one string a program builds (None: max_collection_size).
    max_print_chars: characters println/print may write in one run (64,000).
    max_tool_calls: tool calls in one run (None: unlimited).
    max_parallel: worker threads of one pmap/pcalls (8).
    regex_timeout: seconds for one regex operation (0.25).
    max_source_chars: characters of program text (1,000,000).
    max_memory_mb: how much the process may grow during the run, watched every 20 ms; with
        isolation="process", the worker's address-space limit above its start-up size (256: the
        largest growth measured of realistic programs and of the biggest collections the other
        limits allow, with headroom; tests/benchmarks/bench_memory_wall.py, docs/sandbox.md).
    max_session_memory_mb: what the session's defs may hold together, estimated (footprint.py)
        and checked when a run commits (512).
    isolation: "none" (run in this process) or "process" (a worker process; docs/sandbox.md).
    """

    timeout: float | None = 1.0
    tool_timeout: float | None = 30.0
    max_wall: float | None = 60.0
    max_steps: int | None = 50_000_000
    max_depth: int = 5_000
    max_collection_size: int | None = 1_000_000
    max_string_chars: int | None = None
    max_print_chars: int | None = 64_000
    max_tool_calls: int | None = None
    max_parallel: int = 8
    regex_timeout: float | None = 0.25
    max_source_chars: int = 1_000_000
    max_memory_mb: int | None = 256
    max_session_memory_mb: int | None = 512
    isolation: str = attrs.field(default="none", validator=attrs.validators.in_(("none", "process")))
