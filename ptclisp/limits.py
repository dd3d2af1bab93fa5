"""`Limits`: the walls of one run (docs/sandbox.md lists each with its error and hint)."""
from __future__ import annotations

import attrs


@attrs.define(frozen=True)
class Limits:
    """Hard limits of one run, each ending it with LimitExceeded naming it; None means unlimited."""

    # The defaults run every realistic workload (sort-by over 10,000 maps, group-by over 20,000
    # items, map/filter over 50,000 maps) and stop runaway programs within about the timeout.

    # seconds of the program's own work; time waiting on tools is not counted
    timeout: float | None = 1.0
    # seconds one tool call may take; the error names the tool
    tool_timeout: float | None = 30.0
    # seconds of wall clock for the whole run, tool waits included
    max_wall: float | None = 60.0
    # user-function calls and loop iterations
    max_steps: int | None = 50_000_000
    # nested user-function calls, and levels of data walked (never None)
    max_depth: int = 5_000
    # items in one vector, map or set a program builds
    max_collection_size: int | None = 1_000_000
    # characters in one string a program builds (None: max_collection_size)
    max_string_chars: int | None = None
    # characters println/print may write in one run
    max_print_chars: int | None = 64_000
    # tool calls in one run
    max_tool_calls: int | None = None
    # worker threads of one pmap/pcalls
    max_parallel: int = 8
    # seconds for one regex operation
    regex_timeout: float | None = 0.25
    # characters of program text
    max_source_chars: int = 1_000_000
    # in-process: how much the process may grow during the run, watched every 20 ms;
    # isolation="process": the worker's address-space limit above its start-up size
    max_memory_mb: int | None = 1024
    # what the session's defs may hold together, estimated (footprint.py) and checked when a
    # run commits
    max_session_memory_mb: int | None = 512
    # "none" (run in this process) or "process" (a worker process; docs/sandbox.md)
    isolation: str = attrs.field(default="none", validator=attrs.validators.in_(("none", "process")))
