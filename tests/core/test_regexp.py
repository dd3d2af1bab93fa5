"""The regex value, the Java-syntax translation, the compile bound and the match timeout."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ptclisp
from ptclisp import messages
from ptclisp.core import regexp
from ptclisp.core.regexp import Regex, expansion, java_split, make_regex, translate
from ptclisp.errors import EvalError
from ptclisp.lang.printer import format_value
from ptclisp.lang.data_reader import RegexLiteral


@pytest.mark.parametrize("java, ours", [
    (r"\Qa.b\E", r"a\.b"),
    (r"x\Q(\E+", r"x\(+"),
    (r"a\z", r"a\Z"),
    (r"a\Z", r"a(?=\n?\Z)"),
    (r"\e", r"\x1b"),
    (r"\x{1F600}", r"\U0001f600"),
    (r"\0101", "A"),
    (r"\p{javaLowerCase}", r"[\p{Ll}]"),
    (r"[\p{javaLowerCase}x]", r"[\p{Ll}x]"),
    (r"\P{javaDigit}", r"[^\p{Nd}]"),
    (r"[]a]", r"[\]a]"),
    (r"[^]a]", r"[^\]a]"),
    (r"(?i)a\d+", r"(?i)a\d+"),
])
def test_translate(java, ours):
    assert translate(java) == ours


@pytest.mark.parametrize("pattern, why", [
    ("[a-z&&[^aeiou]]", "is not supported"),
    ("[a-c[x-z]]", "nested character classes"),
    ("[a&&b]", "intersection"),
])
def test_java_class_operations_are_refused(pattern, why):
    with pytest.raises(EvalError) as info:
        make_regex(pattern)
    assert why in info.value.message


def test_control_escape_is_the_control_character():
    assert make_regex(r"\cA").pattern.fullmatch("\x01")


def test_expansion_multiplies_nested_counted_repeats():
    assert expansion("abc") == 3
    assert expansion("a{10}") == 10
    assert expansion("(ab){10}") == 20
    assert expansion("(a{10}){10}") == 100
    assert expansion("[abc]{5}") == 5
    assert expansion(r"\d{4}-\d{2}") == 7
    assert expansion("a{0,1000}") == 1  # only the minimum is expanded
    assert expansion("x{") == 2  # not a quantifier


def test_huge_expansion_is_refused_before_compiling():
    with pytest.raises(EvalError) as info:
        make_regex("((a{1000}){1000}){1000}")
    assert info.value.message == messages.regex_too_complex("((a{1000}){1000}){1000}",
                                                            regexp.MAX_EXPANSION)


def test_invalid_pattern_message_names_the_problem():
    with pytest.raises(EvalError) as info:
        make_regex("(ab")
    assert info.value.message.startswith('invalid regex #"(ab": missing )')


def test_regex_values_equal_by_source_and_print_as_literals():
    a, b = make_regex(r"a\d+"), make_regex(r"a\d+")
    assert a == b and hash(a) == hash(b) and a != make_regex("a")
    assert a == RegexLiteral(r"a\d+")  # what read_value builds
    assert format_value(a) == r'#"a\d+"'
    assert a.ptc_str() == r"a\d+"
    assert isinstance(a, Regex) and a.ptc_regex_source == r"a\d+"


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="ab,", max_size=12), st.sampled_from([",", "a"]),
       st.integers(min_value=-1, max_value=4))
def test_regex_split_agrees_with_the_literal_fast_path(s, delim, limit):
    from ptclisp.core.strings import _split_on_char
    assert java_split(make_regex(delim), s, limit) == _split_on_char(s, delim, limit)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="ab,", max_size=12))
def test_split_keeping_everything_joins_back(s):
    assert ",".join(java_split(make_regex(","), s, -1)) == s


def test_catastrophic_backtracking_ends_in_a_regex_timeout():
    limits = ptclisp.Limits(regex_timeout=0.05, timeout=5.0)
    r = ptclisp.run('(re-find #"(a|aa)+$" "%s!")' % ("a" * 60), limits=limits)
    assert r.status == "error" and r.error.kind == "LimitExceeded"
    assert r.error.limit == "regex_timeout"
    assert r.error.message == messages.regex_timeout(0.05)
    assert r.error.hint == messages.HINT_REGEX_TIMEOUT


def test_a_regex_cut_short_by_the_run_deadline_is_the_run_timeout():
    limits = ptclisp.Limits(regex_timeout=5.0, timeout=0.1)
    r = ptclisp.run('(re-find #"(a|aa)+$" "%s!")' % ("a" * 60), limits=limits)
    assert r.status == "error" and r.error.limit == "timeout"
    assert r.error.message == messages.limit_timeout(0.1)


def test_messages_are_pinned():
    assert messages.regex_timeout(0.25) == "regex timeout: one regex operation ran longer than 0.25 s"
    assert messages.regex_invalid("(a", "missing )") == 'invalid regex #"(a": missing )'
    assert messages.regex_no_group(2, 1) == "no group 2: the regex has 1 group"
