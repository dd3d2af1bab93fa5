"""Errors are data in Lisp terms: position, call stack, hint; never Python internals."""
from __future__ import annotations

import re
import sys

import pytest

import ptclisp

PYTHON_WORDS = re.compile(r"Traceback|NoneType|TypeError|ValueError|KeyError|AttributeError|"
                          r"IndexError|<class|__\w+__|\bdict\b|\btuple\b|object at 0x|"
                          r"lark|Token\(|frozenset|PVector|immutables")

FAILING = [
    "(+ 1 \"a\")", "(- nil)", "(/ 1 0)", "(inc :a)", "(count 5)", "(first 5)",
    "(map 5 [1])", "(filter [1 2] odd?)", "(reduce + 5)", "(assoc [1] 5 2)",
    "(str/join 5 5)", "(re-find 5 5)", "(:a 1 2 3)", "({:a 1})",
    "(let [[a] 5] a)", "(let [{:keys [a]} 5] a)", "((fn [x] x))", "(apply + 5)",
    "(sort-by :a 5)", "(into 5 [1])", "(conj 5 1)", "(merge 5 {:a 1})", "(keyword 5 6 7)",
    "(Math/sqrt \"x\")", "(json/generate-string)", "(zipmap 5 5)", "(range 1 2 0)",
    "(.toUpperCase 5)", "(sum-by :a [{:a \"x\"}])", "(max)", "(compare 1)",
    "(loop [x 1] (recur))", "(foo)", "(if)", "(let [x] x)", "(fn)", "(defn)", "(case)",
    "{:a 1 :a 2}", "(", ")", "\"abc", "#{1 1}", "[1 2", "(tool/nope)", "(. x y)", "@x",
]


@pytest.mark.parametrize("src", FAILING)
def test_failing_programs_get_lisp_errors(src):
    result = ptclisp.run(src)
    assert result.status == "error", (src, result.value)
    err = result.error
    assert err.kind in ("ReadError", "AnalysisError", "EvalError", "ToolError", "LimitExceeded")
    text = err.render(src) + " " + (err.hint or "")
    assert not PYTHON_WORDS.search(text), text


def test_error_has_position_call_stack_and_form():
    src = '(defn inner [x]\n  (+ x "a"))\n(defn outer [y]\n  (inner y))\n(outer 1)'
    err = ptclisp.run(src).error
    assert (err.kind, err.line, err.column) == ("EvalError", 2, 3)
    assert err.form == '(+ x "a")'
    assert [name for name, _ in err.stack] == ["inner", "outer"]
    assert (err.stack[1][1].line, err.stack[1][1].column) == (4, 3)  # where outer called inner
    assert "in: inner (line 2, column 3), outer (line 4, column 3)" in err.render()
    assert err.to_dict()["stack"][0]["name"] == "inner"


def test_recursion_limit_is_restored_after_a_run():
    before = sys.getrecursionlimit()
    ptclisp.run("(defn d [n] (if (= n 0) 0 (inc (d (dec n))))) (d 3000)")
    ptclisp.run("(defn d [n] (inc (d n))) (d 1)")
    assert sys.getrecursionlimit() == before


def test_depth_limit_is_configurable_and_named():
    limits = ptclisp.Limits(max_depth=100)
    err = ptclisp.run("(defn d [n] (if (= n 0) 0 (inc (d (dec n))))) (d 150)", limits=limits).error
    assert err.kind == "LimitExceeded" and err.limit == "max_depth" and err.value == 100
    ok = ptclisp.run("(defn d [n] (if (= n 0) 0 (inc (d (dec n))))) (d 90)", limits=limits)
    assert ok.value == 90


def test_step_limit_is_named():
    err = ptclisp.run("(loop [i 0] (recur (inc i)))", limits=ptclisp.Limits(max_steps=10_000)).error
    assert err.kind == "LimitExceeded" and err.limit == "max_steps" and err.hint


def test_an_internal_bug_is_reported_without_python(monkeypatch):
    from ptclisp.core import registry
    b = registry.CORE["inc"]

    def broken(x):
        raise RuntimeError("boom in python")
    monkeypatch.setattr(b, "fn", broken)
    err = ptclisp.run("(inc 1)").error
    assert err.kind == "InternalError" and "boom" not in err.message


def test_macro_steps_are_bounded():
    err = ptclisp.run("(-> 0 " + "inc " * 1001 + ")").error
    assert err.kind == "AnalysisError" and err.message == "-> has 1001 steps, over the limit of 1000"
    assert ptclisp.run("(-> 0 " + "inc " * 1000 + ")").value == 1000


@pytest.mark.parametrize("steps", [100, 5000])  # before and after the loop is compiled (200)
def test_a_limit_hit_in_a_top_level_loop_points_at_the_loop(steps):
    src = "(def n 1)\n  (loop [i 0] (recur (inc i)))"
    r = ptclisp.run(src, limits=ptclisp.Limits(max_steps=steps))
    assert r.error.limit == "max_steps"
    assert (r.error.span.line, r.error.span.column) == (2, 3)
    assert "(loop [i 0] (recur (inc i)))" in r.error.render()


def test_host_api_misuse_is_a_type_error_naming_what_was_expected():
    from ptclisp import messages
    with pytest.raises(TypeError) as e:
        ptclisp.run(b"(+ 1 2)")
    assert str(e.value) == messages.api_not_source(b"") == (
        "a program is a str of PTC-Lisp source, got bytes")
    with pytest.raises(TypeError) as e:
        ptclisp.Session(limits={"timeout": 1})
    assert str(e.value) == "limits must be a ptclisp.Limits, got dict"
