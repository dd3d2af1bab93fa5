"""clojure.string, format and the Java string methods: limits, bare names, messages."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ptclisp
from ptclisp import messages
from ptclisp.core import CORE, REGISTRY
from ptclisp.core.strings import join, split, split_lines, subs
from ptclisp.core.support import JAVA_WHITESPACE


def run(src, **limits):
    return ptclisp.run(src, limits=ptclisp.Limits(**limits) if limits else None)


def test_ptcrunner_bare_names_reach_the_clojure_string_functions():
    for name in ("join", "split", "split-lines", "trim", "upcase", "downcase", "includes?",
                 "index-of", "last-index-of", "blank?", "starts-with?", "ends-with?"):
        assert CORE[name].ns == "clojure.string", name
    for name in ("union", "intersection", "difference"):
        assert CORE[name].ns == "clojure.set", name
    assert CORE["reverse"].ns == "clojure.core"  # the sequence reverse keeps its bare name
    assert CORE["replace"].fn is REGISTRY["clojure.core/replace"].fn


def test_java_whitespace_excludes_no_break_spaces():
    assert "\u00a0" not in JAVA_WHITESPACE and "\u2007" not in JAVA_WHITESPACE
    assert "\u2003" in JAVA_WHITESPACE and "\u001f" in JAVA_WHITESPACE


@settings(max_examples=150, deadline=None)
@given(st.lists(st.text(alphabet="abc", max_size=3), max_size=6))
def test_join_then_split_round_trips_without_empty_pieces(parts):
    parts = [p for p in parts if p]
    joined = join(",", parts)
    assert split(joined, ",") == (parts if parts else [""])


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="ab\r\n", max_size=10))
def test_split_lines_matches_clojure_definition(s):
    # Clojure: (split s #"\r?\n") with Java's limit-0 rules
    from ptclisp.core.regexp import java_split, make_regex
    assert split_lines(s) == java_split(make_regex("\r?\n"), s)


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=8), st.integers(-3, 10), st.integers(-3, 10))
def test_subs_never_fails_and_is_a_slice(s, a, b):
    out = subs(s, a, b)
    assert out == (s[a:b] if 0 <= a <= len(s) and b >= a else "")


def test_join_charges_the_size_limit_before_building():
    r = run('(str/join "," ["aaaaaaaaaa" "bbbbbbbbbb" "cccccccccc"])', max_collection_size=20)
    assert r.status == "error" and r.error.kind == "LimitExceeded"


def test_replace_growth_is_refused_before_building():
    r = run('(str/replace "aaaaaaaaaa" "a" "bbbbbbbbbb")', max_collection_size=50)
    assert r.error.limit == "max_collection_size"
    r = run('(str/replace "aaaaaaaaaa" #"a" "bbbbbbbbbb")', max_collection_size=50)
    assert r.error.limit == "max_collection_size"
    assert run('(str/replace "aaaaa" #"a" "bb")', max_collection_size=50).value == "b" * 10


def test_format_padding_is_charged():
    r = run('(format "%100000000d" 1)', max_collection_size=1000)
    assert r.error.kind == "LimitExceeded"


def test_split_message_and_hint():
    r = run('(str/split "a--b" "--")')
    assert r.error.message == messages.split_multichar("--")
    assert r.error.message == 'str/split needs a regex to split on several characters, got the string "--"'
    assert r.error.hint == 'write the delimiter as a regex literal: #"--"'


def test_method_messages_talk_lisp():
    assert run('(.indexOf 123 "x")').error.message == ".indexOf: expected string, got integer"
    assert run('(.substring "abc" 5)').error.message == \
        ".substring: begin 5, end 3, length 3 is out of range"
    assert run('(format "%d" "x")').error.message == 'format %d expected an integer, got string: "x"'


@pytest.mark.parametrize("src, expected", [
    ('(format "%.3e" 123456.0)', "1.235e+05"),
    ('(format "%10.3f|" -3.14159)', "    -3.142|"),
    ('(format "%-10.3f|" 3.14159)', "3.142     |"),
    ('(format "%+.1f" 2.25)', "+2.3"),
    ('(format "%08.3f" -1.5)', "-001.500"),
    ('(format "%o" -8)', "1777777777777777777770"),
    ('(format "%x" 18446744073709551616)', "10000000000000000"),
    ('(format "%#o" 8)', "010"),
    ('(format "%5%|")', "    %|"),
    ('(format "%.1g" 0.0)', "0"),
    ('(format "%g" 100000.0)', "100000"),
    ('(format "%g" 1000000.0)', "1.00000e+06"),
    ('(format "%tj" (LocalDate/parse "2024-02-01"))', "032"),
    ('(format "%tA %<ta" (LocalDate/parse "2024-02-01"))', "Thursday Thu"),
])
def test_format_matches_java(src, expected):
    assert run(src).value == expected
