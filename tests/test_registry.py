"""The builtin registry against PtcRunner v0.13.0's function reference, and its own examples.

- Every name of tests/data/reference_functions.txt (the reference's 324 functions and special
  forms) is a builtin, a special form or a macro, unless tests/data/reference_exclusions.txt
  lists it with a reason.
- Every builtin's registry examples run through ptclisp.run and give the expected printed value
  (read with read_value; numbers type-strict), or the error kind of an expectation "!! Kind".
  The examples of the sequence modules (ptclisp/core/seqs*.py) run in
  tests/core/test_seqs.py::test_registry_examples_run; this file runs all the others.
- Every builtin has a one-line doc and a signature naming it.
"""
from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

import ptclisp
from casefile import strict_equal
from ptclisp.core import CORE, REGISTRY, resolve
from ptclisp.lang.printer import format_value
from ptclisp.lang.data_reader import read_value
from ptclisp.compile.macros import MACROS
from ptclisp.compile.special_forms import SPECIALS

DATA = Path(__file__).parent / "data"


def _names(path: Path) -> list[str]:
    return [line.strip() for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]


REFERENCE = _names(DATA / "reference_functions.txt")
EXCLUSIONS = {name.strip(): reason.strip() for name, _, reason in
              (line.partition("  #") for line in _names(DATA / "reference_exclusions.txt"))}
BUILTINS = list({id(b): b for b in REGISTRY.values()}.values())  # aliases registered once


def provided(name: str) -> bool:
    """True if a program can use the reference's `name` here.

    The reference lists names without their namespace (`join`, `difference`, `parse`, `NaN`,
    `.indexOf`), so a name also counts when a registered qualified name ends in `/name`.
    """
    if name in SPECIALS or name in MACROS or name in CORE:
        return True
    if "/" in name[1:]:
        ns, _, short = name.partition("/")
        if resolve(ns, short) is not None:
            return True
    return any(q.rsplit("/", 1)[-1] == name for q in REGISTRY if not q.endswith("//"))


def test_reference_list_is_complete():
    assert len(REFERENCE) == 324 and len(set(REFERENCE)) == 324


def test_every_reference_name_is_provided_or_excluded():
    missing = [n for n in REFERENCE if not provided(n) and n not in EXCLUSIONS]
    assert not missing, f"reference names neither provided nor excluded: {missing}"


def test_exclusions_are_reference_names_with_reasons_and_still_missing():
    assert all(EXCLUSIONS.values()), "every exclusion needs a reason after '  #'"
    unknown = [n for n in EXCLUSIONS if n not in REFERENCE]
    assert not unknown, f"excluded names that are not in the reference: {unknown}"
    stale = [n for n in EXCLUSIONS if provided(n)]
    assert not stale, f"excluded names that now exist (remove them from the exclusions): {stale}"


def _covered_by_test_seqs(b) -> bool:
    return inspect.getmodule(b.fn).__name__.rsplit(".", 1)[-1].startswith("seqs")


def _examples():
    for b in BUILTINS:
        if not _covered_by_test_seqs(b):
            for source, expected in b.examples:
                yield pytest.param(source, expected, id=f"{b.qualified}: {source}")


@pytest.mark.parametrize("source,expected", list(_examples()))
def test_registry_example(source, expected):
    result = ptclisp.run(source)
    if expected.startswith("!!"):
        kind, _, text = expected[2:].partition(":")
        assert result.status == "error", f"{source}: expected {expected}, got {result.status}"
        assert result.error.kind == kind.strip() and text.strip() in result.error.message, \
            result.error.render()
        return
    assert result.error is None, result.error and result.error.render()
    assert strict_equal(result.value, read_value(expected)), \
        f"{source}: expected {expected}, got {format_value(result.value)}"


def test_sequence_examples_need_no_error_expectations():
    """test_seqs.py compares values only, so the examples it runs must all expect values."""
    bangs = [(b.qualified, s) for b in BUILTINS if _covered_by_test_seqs(b)
             for s, e in b.examples if e.startswith("!!")]
    assert not bangs, f"error expectations that test_seqs.py would not check: {bangs}"


@pytest.mark.parametrize("b", BUILTINS, ids=[b.qualified for b in BUILTINS])
def test_builtin_has_doc_signature_and_example(b):
    doc = b.doc.strip()
    assert doc and "\n" not in doc, f"{b.qualified}: doc must be one non-empty line"
    assert b.signature and b.signature != f"({b.name} ...)", f"{b.qualified}: no signature given"
    assert re.search(rf"(^|[(\s/]){re.escape(b.name)}([\s)]|$)", b.signature), \
        f"{b.qualified}: signature {b.signature!r} does not name the builtin"
    assert b.examples, f"{b.qualified}: no example"
