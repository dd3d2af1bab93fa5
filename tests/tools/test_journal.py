"""Journaled tasks, step summaries and budget/remaining, seen from the host (spec 5.18-5.20, 9.5)."""
from __future__ import annotations

import logging

import ptclisp
from ptclisp import format_value, read_value
from ptclisp.lang.values import kw


def counting_tools():
    calls = []

    def fetch(id: int):
        calls.append(id)
        return {"id": id, "n": len(calls)}

    def boom():
        calls.append("boom")
        raise RuntimeError("flaky")

    return calls, {"fetch": fetch, "boom": boom}


def test_a_journal_carries_task_results_between_sessions():
    calls, tools = counting_tools()
    journal = {}
    program = '(task "fetch-1" (tool/fetch {:id 1}))'
    first = ptclisp.run(program, tools=tools, journal=journal)
    second = ptclisp.run(program, tools=tools, journal=journal)  # e.g. the next turn, or a retry
    assert first.value == second.value == {kw("id"): 1, kw("n"): 1}
    assert calls == [1] and journal == {"fetch-1": {kw("id"): 1, kw("n"): 1}}
    assert second.tool_calls == [] and second.journal is journal


def test_a_retry_after_a_failure_does_not_repeat_finished_tasks():
    calls, tools = counting_tools()
    journal = {}
    program = '(do (task "a" (tool/fetch {:id 1})) (task "b" (tool/boom)))'
    assert ptclisp.run(program, tools=tools, journal=journal).error.kind == "ToolError"
    assert ptclisp.run(program, tools=tools, journal=journal).error.kind == "ToolError"
    assert calls == [1, "boom", "boom"]  # "a" ran once; the failed "b" was never cached
    assert list(journal) == ["a"]


def test_without_a_journal_tasks_just_run(caplog):
    calls, tools = counting_tools()
    caplog.set_level(logging.DEBUG, "ptclisp")
    s = ptclisp.Session(tools=tools)
    assert s.run('[(task "x" (tool/fetch {:id 1})) (task "x" (tool/fetch {:id 2}))]').ok
    assert calls == [1, 2]
    assert "without a journal" in caplog.text


def test_task_reset_from_the_program():
    calls, tools = counting_tools()
    journal = {"old": 1, "keep": 2}
    r = ptclisp.run('(do (task-reset "old") (task "old" (tool/fetch {:id 9})))', tools=tools, journal=journal)
    assert r.value == {kw("id"): 9, kw("n"): 1} and journal["keep"] == 2 and calls == [9]


def test_journal_values_round_trip_through_text():
    """A host persisting its journal can store values as PTC text."""
    journal = {}
    ptclisp.run('(task "k" {:a [1 "x" :kw] :b nil})', journal=journal)
    stored = {k: format_value(v) for k, v in journal.items()}
    restored = {k: read_value(t) for k, t in stored.items()}
    r = ptclisp.run('(task "k" (fail "not run"))', journal=restored)
    assert r.value == {kw("a"): [1, "x", kw("kw")], kw("b"): None}


def test_step_summaries_are_committed_only_when_the_run_does_not_error():
    s = ptclisp.Session()
    r = s.run('(do (step-done "1" "fetched") (step-done :two 2) (step-done "1" "fetched 42"))')
    assert r.value == "fetched 42"
    assert r.summaries == {"1": "fetched 42", ":two": "2"} == s.summaries
    bad = s.run('(do (step-done "3" "half") (/ 1 0))')
    assert bad.status == "error" and bad.summaries == {} and "3" not in s.summaries
    failed = s.run('(do (step-done "4" "gave up") (fail "no"))')
    assert failed.status == "failed" and s.summaries["4"] == "gave up"


def test_budget_remaining_returns_the_host_map():
    budget = {"turns": 15, "work_turns": 10, "tokens": {"input": 5000, "cache_read": 2000}}
    s = ptclisp.Session(budget=budget)
    assert s.run("(:work-turns (budget/remaining))").value == 10  # spec 9.5: hyphenated access
    assert s.run("(:cache-read (:tokens (budget/remaining)))").value == 2000
    assert s.run("(budget/remaining)").to_python() == budget
    assert set(s.run("(keys (budget/remaining))").value) == {kw("turns"), kw("work_turns"), kw("tokens")}


def test_budget_remaining_may_be_live():
    left = {"turns": 3}
    s = ptclisp.Session(budget=lambda: dict(left))
    assert s.run("(:turns (budget/remaining))").value == 3
    left["turns"] = 2
    assert s.run("(:turns (budget/remaining))").value == 2


def test_budget_remaining_is_empty_without_a_budget_and_rejects_arguments():
    assert ptclisp.run("(budget/remaining)").value == {}
    r = ptclisp.run("(budget/remaining 1)")
    assert r.error.kind == "AnalysisError" and "Wrong number of args (1)" in r.error.message
    r = ptclisp.run("(budget/left)")
    assert r.error.kind == "AnalysisError" and "remaining" in r.error.render()
