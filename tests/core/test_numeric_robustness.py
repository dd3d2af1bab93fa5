"""Every builtin of the numbers/compare/predicates/math/bits/parsing/text modules, called with
arbitrary values, returns a value or raises a language error: never a stray Python exception."""
from __future__ import annotations

import math
import os

import immutables
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pyrsistent import pvector

from ptclisp.core import REGISTRY
from ptclisp.errors import PtcError
from ptclisp.lang.data_reader import RegexLiteral
from ptclisp.lang.values import Symbol, kw

EXAMPLES = int(os.environ.get("PTCLISP_FUZZ_EXAMPLES", "150"))
MODULES = {"numbers", "compare", "predicates", "mathx", "bits", "parsing", "text"}
BUILTINS = sorted((q, b) for q, b in REGISTRY.items()
                  if b.fn.__module__.rsplit(".", 1)[-1] in MODULES
                  and q.split("/")[-1] not in ("println", "print", "prn"))

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(min_value=2**60, max_value=2**70),
    st.floats(), st.sampled_from([math.inf, -math.inf, math.nan, -0.0, 1 << 5000]),
    st.text(max_size=5), st.sampled_from(["1", "-2", "3.5", "0x1p3", "true", "ff", "a/b", "é"]),
    st.sampled_from([kw("a"), Symbol("s"), Symbol("b", "a"), RegexLiteral("a+"), abs]),
)
values = st.recursive(scalars, lambda c: st.one_of(
    st.lists(c, max_size=3), st.lists(c, max_size=3).map(pvector), st.lists(c, max_size=3).map(tuple),
    st.dictionaries(st.sampled_from([kw("a"), "b", 1]), c, max_size=2),
    st.dictionaries(st.sampled_from([kw("a"), "b"]), c, max_size=2).map(immutables.Map),
    st.frozensets(st.integers(0, 3), max_size=3)), max_leaves=5)


@given(st.sampled_from(BUILTINS), st.lists(values, min_size=0, max_size=3))
@settings(max_examples=EXAMPLES * 4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_builtins_raise_only_language_errors(named, args):
    _, b = named
    if not b.accepts(len(args)):
        return
    try:
        b.fn(*args)
    except PtcError:
        pass
