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
Optional line before the first program of a case:
    ;; data=> {:orders [...]}   the Session's data (a PTC literal; keys become strings)
"""
from __future__ import annotations

import math
import re
from pathlib import Path

import attrs

from ptclisp import values as V
from ptclisp.formatter import read_value

EXPECT = re.compile(r"^;;\s*(=>|failed=>|!!|prints=>|hint=>|data=>)\s?(.*)$")


@attrs.define
class Step:
    program: str
    kind: str  # "=>", "failed=>", "!!"
    expected: str
    line: int
    prints: str | None = None
    hint: str | None = None


@attrs.define
class Case:
    path: Path
    line: int
    steps: list
    data: str | None = None

    @property
    def id(self) -> str:
        return f"{self.path.parent.name}/{self.path.name}:{self.line}"


def parse(path: Path) -> list[Case]:
    """All cases of one file."""
    cases, text = [], path.read_text(encoding="utf-8")
    for block_line, block in _blocks(text.splitlines()):
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


def _blocks(lines):
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
            w = b.get(k, V.MISSING)
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
        from ptclisp.tools import to_python
        data = to_python(read_value(case.data))
    session = session_factory(data)
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
            from ptclisp.formatter import format_value
            assert strict_equal(result.value, expected), f"{where}\nexpected {step.expected}\n     got {format_value(result.value)}"
        if step.prints is not None:
            assert strict_equal(result.prints, read_value(step.prints)), f"{where}\nexpected prints {step.prints}, got {result.prints}"
