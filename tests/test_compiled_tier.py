"""The compiled tier (codegen.py) against the closure tier: every case file, compiled at once."""
from __future__ import annotations

import pytest

import ptclisp
from ptclisp import codegen
from casefile import check
from test_cases import CASES, FIXED_CLOCK

# the cases whose programs define functions or loops: the ones codegen can change
HOT = [c for c in CASES if any(w in s.program for s in c.steps for w in ("fn", "loop", "#("))]


@pytest.fixture
def compile_everything(monkeypatch):
    monkeypatch.setattr(codegen, "THRESHOLD", 1)


@pytest.mark.parametrize("case", HOT, ids=[c.id for c in HOT])
def test_case_compiled(case, compile_everything):
    check(case, lambda data: ptclisp.Session(data=data, clock=FIXED_CLOCK))


def test_generated_code_holds_no_program_text(compile_everything):
    """Names, strings and keywords reach compiled code through bound names, never as source."""
    from ptclisp.analyzer import analyze
    from ptclisp.evaluator import Compiler, Context
    from ptclisp.reader import read
    program = analyze(read('(fn [x] (str "evil\\")\\nimport os" x :k (:k x) data/q))'))
    emitter = codegen._Emitter(Compiler(Context()))
    emitter.expr(program.body.body, 1)
    source = "\n".join(emitter.lines)
    assert "evil" not in source and "import" not in source and ":k" not in source


def test_big_integer_cap_holds_when_compiled(compile_everything):
    result = ptclisp.run("(loop [x 3 i 0] (if (< i 30) (recur (* x x) (inc i)) x))")
    assert result.status == "error" and result.error.kind == "EvalError"
