"""Type and numeric predicates called directly, over one table of sample values."""
from __future__ import annotations

import math

import immutables
from pyrsistent import pvector

from ptclisp.core import resolve
from ptclisp.lang.data_reader import RegexLiteral
from ptclisp.lang.values import Symbol, kw


def f(name):
    return resolve(None, name).fn


def inc(x):
    return x + 1


SAMPLES = {
    "nil": None, "true": True, "false": False, "int": 7, "zero": 0, "neg": -3, "float": 2.5,
    "whole": 4.0, "inf": math.inf, "nan": math.nan, "str": "ab", "char": "a", "kw": kw("a"),
    "sym": Symbol("s"), "vec": [1], "tuple": (1,), "pvec": pvector([1]), "map": {kw("a"): 1},
    "hamt": immutables.Map({kw("a"): 1}), "set": frozenset({1}), "fn": inc,
    "regex": RegexLiteral("a+"),
}

# predicate -> the sample names it is true for (false for every other sample)
TRUE_FOR = {
    "nil?": {"nil"},
    "some?": set(SAMPLES) - {"nil"},
    "true?": {"true"},
    "false?": {"false"},
    "boolean?": {"true", "false"},
    "number?": {"int", "zero", "neg", "float", "whole", "inf", "nan"},
    "int?": {"int", "zero", "neg"},
    "integer?": {"int", "zero", "neg"},
    "float?": {"float", "whole", "inf", "nan"},
    "double?": {"float", "whole", "inf", "nan"},
    "rational?": {"int", "zero", "neg"},
    "ratio?": set(),
    "decimal?": set(),
    "nat-int?": {"int", "zero"},
    "pos-int?": {"int"},
    "neg-int?": {"neg"},
    "string?": {"str", "char"},
    "char?": {"char"},
    "keyword?": {"kw"},
    "symbol?": {"sym"},
    "regex?": {"regex"},
    "fn?": {"fn"},
    "ifn?": {"fn", "kw", "vec", "tuple", "pvec", "map", "hamt", "set"},
    "vector?": {"vec", "tuple", "pvec"},
    "map?": {"map", "hamt"},
    "set?": {"set"},
    "coll?": {"vec", "tuple", "pvec", "map", "hamt", "set"},
    "sequential?": {"vec", "tuple", "pvec"},
    "seq?": {"vec", "tuple", "pvec"},
    "seqable?": {"nil", "str", "char", "vec", "tuple", "pvec", "map", "hamt", "set"},
    "associative?": {"vec", "tuple", "pvec", "map", "hamt"},
    "counted?": {"vec", "tuple", "pvec", "map", "hamt", "set"},
    "indexed?": {"vec", "tuple", "pvec"},
    "reversible?": {"vec", "tuple", "pvec"},
    "sorted?": set(),
    "map-entry?": set(),
    "zero?": {"zero"},
    "pos?": {"int", "float", "whole", "inf"},
    "neg?": {"neg"},
    "even?": {"zero", "whole"},
    "odd?": {"int", "neg"},
    "infinite?": {"inf"},
    "NaN?": {"nan"},
}


def test_every_predicate_over_every_sample():
    for pred, expected in TRUE_FOR.items():
        b = resolve(None, pred)
        assert (b.min_args, b.max_args) == (1, 1), pred
        got = {name for name, v in SAMPLES.items() if b.fn(v) is True}
        assert got == expected, pred
        assert all(type(b.fn(v)) is bool for v in SAMPLES.values()), pred


def test_numeric_predicate_edges():
    assert f("zero?")(-0.0) and f("neg?")(-math.inf)
    assert f("even?")(-2) and f("odd?")(-3) and f("odd?")(3.0) and not f("even?")(4.5)
    assert f("even?")(2**200) and f("odd?")(2**200 + 1)
    assert not f("even?")(math.inf) and not f("odd?")(math.nan)
    assert f("int?")(922337203685477580812345)
    assert not f("pos?")("1") and not f("zero?")("0")
