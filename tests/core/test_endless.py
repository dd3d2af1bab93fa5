"""Infinite sequences stay inside the limits (what a case file cannot set: small limits)."""
from __future__ import annotations

import pytest

import ptclisp

SMALL = ptclisp.Limits(max_collection_size=5000, timeout=30)


@pytest.mark.parametrize("program, who, what", [
    ("(take-while pos? (repeat 1))", "take-while", "(repeat ...)"),
    ("(for [x (range) :while (>= x 0)] x)", "for", "(range)"),
    ("(doseq [x (iterate inc 0) :while (>= x 0)] x)", "doseq", "(iterate ...)"),
])
def test_a_test_that_never_turns_false_ends_at_the_size_limit_saying_so(program, who, what):
    r = ptclisp.run(program, limits=SMALL)
    assert r.error.kind == "LimitExceeded" and r.error.limit == "max_collection_size"
    assert r.error.hint.startswith(f"{who} kept reading the infinite sequence {what}: its test never turned false")


@pytest.mark.parametrize("program", [
    "(nth (iterate inc 0) 6000)",  # the items kept to reach it
    "(take 6000 (range))",  # charged before anything is made
    "(last (take 6000 (map inc (iterate inc 0))))",
])
def test_the_items_kept_count_against_the_collection_size(program):
    r = ptclisp.run(program, limits=SMALL)
    assert r.error.kind == "LimitExceeded" and r.error.limit == "max_collection_size"


def test_repeat_and_cycle_keep_nothing():
    r = ptclisp.run("[(nth (repeat :x) 100000000) (nth (cycle [1 2 3]) 100000001)]", limits=SMALL)
    assert r.value == [ptclisp.read_value(":x"), 3]


def test_each_item_made_is_a_step():
    r = ptclisp.run("(some neg? (iterate inc 0))", limits=ptclisp.Limits(max_steps=10_000, timeout=30))
    assert r.error.kind == "LimitExceeded" and r.error.limit == "max_steps"
    r = ptclisp.run("(some neg? (repeat 1))", limits=ptclisp.Limits(max_steps=10_000, timeout=30))
    assert r.error.kind == "LimitExceeded" and r.error.limit == "max_steps"
