"""The compiler's facts about builtins, declared as flags on `@builtin`, give the same name sets
the analyzer and the compiled tier used when they kept them as lists of their own."""
from __future__ import annotations

import pytest

import ptclisp  # noqa: F401 - every builtin registered
from ptclisp.compile import analyzer
from ptclisp.core import REGISTRY, builtin, registry
from ptclisp.jit import codegen, fusion

# The sets as jit/fusion.py, compile/analyzer.py and jit/codegen.py wrote them before the flags
# (the spec of that change): a builtin that declares one of these flags is added here too, so
# what the compiler assumes changes on purpose only. Two names in them matched nothing, as the
# sets are looked up by a builtin's own name and these are aliases: `integer?` (of `int?`) and
# `==` (of `=`).
PURE = frozenset("""
+ - * / inc dec mod rem quot abs max min < > <= >= = not= compare zero? pos? neg? even? odd?
nil? some? true? false? empty? not string? number? int? integer? float? keyword? map? vector?
coll? boolean? get get-in contains? count first second last nth keys vals identity str subs
name keyword assoc dissoc conj select-keys merge vector hash-map
str/lower-case str/upper-case str/starts-with? str/ends-with? str/includes? str/trim
str/blank? str/join str/split
""".split())
FOLDABLE = frozenset({"+", "-", "*", "<", ">", "<=", ">=", "=", "not=", "==", "inc", "dec",
                      "max", "min", "abs", "mod", "rem", "quot"})
BOOLEAN = frozenset({"<", ">", "<=", ">=", "=", "not=", "even?", "odd?", "zero?", "pos?", "neg?"})
NAMES_OF_NO_BUILTIN = {"integer?", "=="}
QUOTED_ARGS = {"doc", "dir", "meta", "ns-publics", "ns-name", "source"}
CONSTANTS = {"POSITIVE_INFINITY", "NEGATIVE_INFINITY", "NaN", "Double/POSITIVE_INFINITY",
             "Double/NEGATIVE_INFINITY", "Double/NaN"}


def test_the_dropped_names_name_no_builtin():
    names = {b.fn.ptc_name for b in REGISTRY.values()}
    assert NAMES_OF_NO_BUILTIN.isdisjoint(names)
    assert (PURE | FOLDABLE | BOOLEAN) - names == NAMES_OF_NO_BUILTIN


@pytest.mark.parametrize("used, flag, pinned", [
    (fusion.PURE, "pure", PURE),
    (analyzer._FOLDABLE, "foldable", FOLDABLE),
    (codegen.BOOL_RESULT, "boolean", BOOLEAN),
    (analyzer._QUOTED_ARGS, "quoted-args", QUOTED_ARGS),
])
def test_the_flag_sets_are_the_pinned_sets(used, flag, pinned):
    assert used == pinned - NAMES_OF_NO_BUILTIN
    assert registry.flagged(flag) == used  # read once, when every builtin was registered


def test_the_constants_are_flagged():
    assert {b.fn.ptc_name for b in REGISTRY.values() if "constant" in b.flags} == CONSTANTS


def test_every_flag_is_known_and_described():
    assert set(registry.FLAGS) == {"pure", "foldable", "boolean", "constant", "quoted-args"}
    assert all(registry.FLAGS.values())
    assert all(b.flags <= registry.FLAGS.keys() for b in REGISTRY.values())


def test_flags_show_in_the_record():
    assert "flags=frozenset({" in repr(REGISTRY["clojure.core/inc"])
    assert REGISTRY["clojure.core/inc"].flags == {"pure", "foldable"}
    assert REGISTRY["clojure.core/map"].flags == frozenset()


def test_a_declaration_with_an_unknown_flag_or_a_constant_with_arguments_fails():
    with pytest.raises(RuntimeError, match="unknown flags"):
        builtin("never-registered", arity=1, doc="x", example=("1", "1"), flags="pure fast")
    with pytest.raises(RuntimeError, match="no arguments"):
        builtin("never-registered", arity=1, doc="x", example=("1", "1"), flags="constant")
    with pytest.raises(KeyError):
        registry.flagged("fast")
    assert "clojure.core/never-registered" not in REGISTRY
