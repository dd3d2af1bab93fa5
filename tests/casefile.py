"""Parser and checker for case files: programs with their expectations beside them.

A case file holds cases separated by blank lines. A case is one or more steps; each step is a
program followed by one expectation line, and all steps of a case share one Session:

    ;; description (comment lines before a program)
    (def x 1)
    ;; => #'x
    (+ x 1)
    ;; => 2

Expectations:
    ;; => VALUE            status ok or returned, value equal to VALUE (numbers type-strict)
    ;; failed=> VALUE      status failed (fail), value equal to VALUE
    ;; !! Kind: text       status error of kind Kind whose message contains text
    ;; !! Kind             status error of kind Kind
Optional lines right after an expectation:
    ;; prints=> ["a" "b"]  the printed lines
    ;; hint=> text         the error hint contains text
Optional lines before the first program of a case:
    ;; data=> {:orders [...]}   the Session's data (a PTC literal; keys become strings)
    ;; tools=> search get-user  host tools from TEST_TOOLS below (fresh per case); such a case's
                                Session also gets an empty journal, so (task ...) caches
Optional line right after an expectation:
    ;; calls=> ["search" "get-user"]   the tools the step called, in order ([] for none)
"""
from __future__ import annotations

import math
import re
from pathlib import Path

import attrs

import ptclisp
from ptclisp.lang import values as V
from ptclisp.lang.data_reader import read_value

EXPECT = re.compile(r"^;;\s*(=>|failed=>|!!|prints=>|hint=>|data=>|tools=>|calls=>)\s?(.*)$")


@attrs.define
class Step:
    program: str
    kind: str  # "=>", "failed=>", "!!"
    expected: str
    line: int
    prints: str | None = None
    hint: str | None = None
    calls: str | None = None


@attrs.define
class Case:
    path: Path
    line: int
    steps: list
    data: str | None = None
    tools: str | None = None

    @property
    def id(self) -> str:
        return f"{self.path.parent.name}/{self.path.name}:{self.line}"


def parse(path: Path) -> list[Case]:
    """All cases of one file."""
    cases, text = [], path.read_text(encoding="utf-8")
    for block_line, block in blocks(text.splitlines()):
        case = Case(path, block_line, [])
        program: list[str] = []
        start = None
        for offset, line in enumerate(block):
            m = EXPECT.match(line.strip())
            if m is None:
                if not program and line.strip().startswith(";"):
                    continue  # description
                if start is None:
                    start = block_line + offset
                program.append(line)
                continue
            kind, rest = m.group(1), m.group(2).strip()
            if kind == "data=>":
                case.data = rest
            elif kind == "tools=>":
                case.tools = rest
            elif kind == "calls=>":
                case.steps[-1].calls = rest
            elif kind == "prints=>":
                case.steps[-1].prints = rest
            elif kind == "hint=>":
                case.steps[-1].hint = rest
            else:
                case.steps.append(Step("\n".join(program), kind, rest, start))
                program, start = [], None
        if program and any(not x.strip().startswith(";") for x in program):
            raise ValueError(f"{path}:{block_line}: program without an expectation")
        if case.steps:
            cases.append(case)
    return cases


def blocks(lines):
    """(first line number, lines) of each run of non-blank lines."""
    block, start = [], 1
    for i, line in enumerate(lines, 1):
        if line.strip():
            if not block:
                start = i
            block.append(line)
        elif block:
            yield start, block
            block = []
    if block:
        yield start, block


def strict_equal(a, b) -> bool:
    """values.equal, but numbers must agree in type (1 is not 1.0) and NaN equals NaN."""
    if type(a) is float and type(b) is float and math.isnan(a) and math.isnan(b):
        return True
    if V.is_number(a) or V.is_number(b):
        return type(a) is type(b) and a == b
    if isinstance(a, V.VECTOR_TYPES):
        return (isinstance(b, V.VECTOR_TYPES) and len(a) == len(b)
                and all(strict_equal(x, y) for x, y in zip(a, b)))
    if isinstance(a, V.MAP_TYPES):
        if not isinstance(b, V.MAP_TYPES) or len(a) != len(b):
            return False
        for k, v in a.items():
            w = V.map_get(b, k, V.MISSING)
            if w is V.MISSING:
                w = b.get(V.freeze(k), V.MISSING)
            if w is V.MISSING or not strict_equal(v, w):
                return False
        return True
    return V.equal(a, b)


def check(case: Case, session_factory):
    """Run every step of a case; raise AssertionError describing the first mismatch."""
    data = None
    if case.data:
        from ptclisp.host.door import to_python
        data = to_python(read_value(case.data))
    session = _with_tools(session_factory, data, case.tools) if case.tools else session_factory(data)
    for step in case.steps:
        result = session.run(step.program)
        where = f"{case.path.name}:{step.line}: {step.program.strip()[:200]}"
        if step.kind == "!!":
            kind, _, text = step.expected.partition(":")
            assert result.status == "error", f"{where}\nexpected {step.expected}, got {result.status} {result.value!r}"
            assert result.error.kind == kind.strip(), f"{where}\nexpected {kind}, got {result.error.render()}"
            assert text.strip() in result.error.message, f"{where}\nexpected message containing {text.strip()!r}, got {result.error.message!r}"
            if step.hint:
                assert step.hint in (result.error.hint or ""), f"{where}\nexpected hint {step.hint!r}, got {result.error.hint!r}"
        else:
            want_status = ("failed",) if step.kind == "failed=>" else ("ok", "returned")
            detail = result.error.render() if result.error else repr(result.value)
            assert result.status in want_status, f"{where}\nexpected {step.kind} {step.expected}, got {result.status}: {detail}"
            expected = read_value(step.expected)
            from ptclisp.lang.printer import format_value
            assert strict_equal(result.value, expected), f"{where}\nexpected {step.expected}\n     got {format_value(result.value)}"
        if step.prints is not None:
            assert strict_equal(result.prints, read_value(step.prints)), f"{where}\nexpected prints {step.prints}, got {result.prints}"
        if step.calls is not None:
            names = [c["name"] for c in result.tool_calls]
            assert strict_equal(names, read_value(step.calls)), f"{where}\nexpected calls {step.calls}, got {names}"


# ---------------------------------------------------------------- tools for `;; tools=>` cases

def _with_tools(session_factory, data, names: str):
    """A session with the named test tools and an empty journal.

    A factory taking `tools=` builds it; for a factory taking data only, its session's data,
    clock and limits are carried over to a new Session."""
    import inspect

    import ptclisp
    tools = case_tools(names.split())
    try:
        inspect.signature(session_factory).bind(data, tools=tools)
    except TypeError:
        base = session_factory(data)
        return ptclisp.Session(data=base.data, clock=base.clock, limits=base.limits, tools=tools,
                               journal={})
    return session_factory(data, tools=tools)


def case_tools(names) -> dict:
    """Fresh tool callables by name (state such as the counter starts anew for each case)."""
    import asyncio

    count = {"n": 0}

    def search(query: str, limit: int = 2) -> list:
        """Items whose title mentions query: [{:id :title}] (ids 1..limit, at most 5)."""
        return [{"id": i, "title": f"{query} {i}"} for i in range(1, min(limit, 5) + 1)]

    def get_user(id: int) -> dict:
        """The user with this id: {:id :name :active}; ids over 99 do not exist."""
        if id > 99:
            raise LookupError(f"no user with id {id}")
        return {"id": id, "name": f"user{id}", "active": id % 2 == 1}

    def echo(args: dict) -> dict:
        """Returns the arguments map it received (one dict, keys as strings)."""
        return args

    def add(a: int, b: int = 0) -> int:
        return a + b

    def counter() -> int:
        """1, 2, 3... one more on each call."""
        count["n"] += 1
        return count["n"]

    def broken() -> None:
        raise RuntimeError("database is down")

    def opaque():
        """Returns something that is not data."""
        return object()

    async def double(x: float) -> float:
        await asyncio.sleep(0)
        return x * 2

    shown = ptclisp.Tool(get_user, name="get-user", show_errors=True)  # its errors' text is shown
    table = {"search": search, "get-user": shown, "echo": echo, "add": add, "counter": counter,
             "broken": broken, "opaque": opaque, "double": double}
    return {n: table[n] for n in names}
