"""Discovery over the registry, and the namespace plumbing."""
from __future__ import annotations

import pytest

import ptclisp
from ptclisp import messages
from ptclisp.core import REGISTRY
from ptclisp.core.discovery import arglists, doc_text, find_builtin, namespaces, ref_of
from ptclisp.core.registry import namespace_of, resolve
from ptclisp.lang.values import Symbol


def test_ref_taking_forms_are_marked_for_the_analyzer():
    for name in ("doc", "dir", "meta", "ns-publics", "ns-name", "source"):
        assert "quoted-args" in resolve(None, name).flags, name
    for name in ("apropos", "all-ns"):
        assert "quoted-args" not in resolve(None, name).flags, name


def test_every_builtin_has_a_doc_text_and_arglists():
    for b in {id(b): b for b in REGISTRY.values()}.values():
        assert doc_text(b).count("\n") >= 3, b.qualified
        assert arglists(b), b.qualified


@pytest.mark.parametrize("written, qualified", [
    ("map", "clojure.core/map"),
    ("str/join", "clojure.string/join"),
    ("clojure.string/join", "clojure.string/join"),
    ("string/upcase", "clojure.string/upper-case"),
    ("join", "clojure.string/join"),
    (".indexOf", "interop/.indexOf"),
    ("java.util.Date.", "interop/java.util.Date."),
    ("LocalDate/parse", "java.time.LocalDate/parse"),
    ("java.time.Instant/parse", "java.time.Instant/parse"),
    ("Duration/between", "java.time.Duration/between"),
    ("System/currentTimeMillis", "System/currentTimeMillis"),
    ("regex/re-find", "clojure.core/re-find"),
    ("set/union", "clojure.set/union"),
    ("json/parse-string", "json/parse-string"),
])
def test_written_names_find_their_builtin(written, qualified):
    assert find_builtin(written) is REGISTRY[qualified]


def test_java_prefixes_are_namespaces():
    assert namespace_of("LocalDate") == "java.time.LocalDate"
    assert namespace_of("Instant") == "java.time.Instant"
    assert namespace_of("Duration") == "java.time.Duration"
    assert "java.time.LocalDate" not in namespaces() and "interop" not in namespaces()


def test_refs_are_what_programs_write():
    assert ref_of(REGISTRY["clojure.string/join"]) == "str/join"
    assert ref_of(REGISTRY["interop/.indexOf"]) == ".indexOf"
    assert ref_of(REGISTRY["interop/java.util.Date."]) == "java.util.Date."


def test_doc_prints_through_the_print_budget():
    r = ptclisp.run("(doc str/join)", limits=ptclisp.Limits(max_print_chars=10))
    assert r.error.kind == "LimitExceeded" and r.error.limit == "max_print_chars"


def test_doc_accepts_symbols_and_strings():
    from ptclisp.core.discovery import doc
    from ptclisp.run import budget
    b = budget.Budget(ptclisp.Limits())
    prev = budget.install(b)
    try:
        assert doc(Symbol("join", "str")) is None and doc("str/join") is None
    finally:
        budget.install(prev)
    assert b.prints[0] == b.prints[1] and b.prints[0].splitlines()[1] == "clojure.string/join"


def test_discovery_messages_are_pinned():
    assert messages.doc_unknown("x") == "no documentation for x: it is not a builtin"
    assert messages.dir_unknown("x", ["a", "b"]) == "unknown namespace x; known namespaces: a, b"
    r = ptclisp.run("(doc 42)")
    assert r.error.message == 'doc expects a name such as clojure.string/join or "str/join", got integer'
