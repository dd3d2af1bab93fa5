"""Texts of the sandbox's limits: steps, time, depth, size, memory, export, isolation."""
from __future__ import annotations


# ---------------------------------------------------------------- limits


def limit_steps(n) -> str:
    return f"step limit exceeded: the program ran more than {n} evaluation steps"


def limit_timeout(seconds) -> str:
    return f"timeout: the program ran longer than {seconds:g} s"


def limit_max_wall(seconds, tool_seconds: float, tool: str | None = None) -> str:
    during = f" while tool/{tool} ran" if tool else ""
    return (f"max_wall: the run took longer than {seconds:g} s{during} "
            f"({tool_seconds:.2f} s of it waiting on tools)")


def limit_tool_timeout(name: str, seconds, took: float | None = None) -> str:
    if took is None:
        return f"tool_timeout: tool/{name} did not answer within {seconds:g} s"
    return f"tool_timeout: tool/{name} took {took:.2f} s, longer than {seconds:g} s"


HINT_MAX_WALL = ("the host's tools used the run's wall-clock time: the host can raise "
                 "Limits(max_wall=...) or make the tools faster; the program may call fewer tools")
HINT_TOOL_TIMEOUT = ("the host's tool is slow or stuck (not the program): the host can raise "
                     "Limits(tool_timeout=...) or give the tool's client its own timeout")


def limit_depth(n) -> str:
    return f"recursion depth limit exceeded: more than {n} nested calls"


def limit_size(what, n, limit) -> str:
    unit = "characters" if what == "string" else "items"
    return f"size limit exceeded: a {what} of {_count(n)} {unit} is over the limit of {limit}"


def _count(n) -> str:
    """A count as digits, or `about 10^k` past 15 digits (a size asked for with 1e300)."""
    n = int(n)
    if n < 10 ** 15:
        return str(n)
    return f"about 10^{int(n.bit_length() * 0.30103)}"


def limit_print(n) -> str:
    return f"print limit exceeded: the program printed more than {n} characters"


HINT_PRINT = "print less: summarize with count or take before println"
HINT_STEPS = "look for a loop that never ends, or process fewer items (use take)"
HINT_TIMEOUT = "look for a loop that never ends, or process fewer items (use take)"
HINT_SIZE = "build smaller collections: use take, or filter before you map"
HINT_EXPORT = ("return a smaller or flatter value: summarize with count, take or select-keys; "
               "a part shared many times counts every time it appears")


def export_too_deep(depth) -> str:
    return f"the value is nested more than {depth} levels deep: too deep to leave the sandbox as data"


def export_too_big(items) -> str:
    return (f"the value has more than {items} items when written out (shared parts count each "
            f"time): too big to leave the sandbox as data")


def format_too_big(chars) -> str:
    return (f"the value prints as more than {chars} characters (shared parts count each time): "
            f"too big to print whole; pass max_chars to get a cut text")


# ---------------------------------------------------------------- sandbox (limits, isolation)


def limit_memory(mb) -> str:
    if mb is None:
        return "memory limit exceeded: the program ran out of memory"
    return f"memory limit exceeded: the program used more than {mb} MB"


HINT_MEMORY = "build smaller collections: use take, or filter before you map"

RUN_CANCELLED = "the run was cancelled by the host before it ended; nothing it did was kept"
HINT_RUN_CANCELLED = "run the program again if its result is still wanted"


def limit_session_memory(mb, needed_mb) -> str:
    return (f"session memory limit exceeded: keeping this run's defs would make the session "
            f"hold about {needed_mb} MB, over the limit of {mb} MB; nothing was kept")


HINT_SESSION_MEMORY = ("keep less with def: store counts, ids or the few fields you need rather "
                       "than whole results, or (def name nil) to drop what you no longer need")
HINT_RECURSION = "use loop/recur for deep iteration instead of recursion, and keep data shallow"
ISOLATION_WORKER_DIED = "the isolated worker process stopped unexpectedly"


def isolation_lost_function(name: str) -> str:
    return (f"{name} was defined in a run whose worker process has since been stopped; "
            f"define it again")


ISOLATION_UNSUPPORTED = "process isolation needs a POSIX system (fork server and resource limits)"
HINT_SOURCE = "send a shorter program: leave big data in data/ or tool results instead of literals"
