"""Fuzz: random programs built from grammar pieces and random data always end in a Result.

Every run ends with a status (ok/returned/failed/error), never an InternalError, and never
later than its timeout plus a margin. CI runs a short profile; PTCLISP_FUZZ=long runs more.
"""
from __future__ import annotations

import os
import time

from hypothesis import HealthCheck, given, settings, strategies as st

import ptclisp

LONG = os.environ.get("PTCLISP_FUZZ") == "long"
EXAMPLES = 2000 if LONG else 60
TIMEOUT = 0.1
MARGIN = 1.5
LIMITS = ptclisp.Limits(timeout=TIMEOUT, max_memory_mb=256)

ATOMS = ["0", "1", "-7", "3.5", "nil", "true", "false", '"s"', '""', ":k", ":a", "x", "xs",
         "data/v", "##Inf", "##NaN", "100000000000", "[]", "{}", "#{}", '#"a+"', "'sym"]
FNS = ["+", "-", "*", "/", "inc", "dec", "str", "count", "first", "rest", "conj", "assoc",
       "get", "map", "filter", "reduce", "range", "vec", "into", "concat", "sort", "reverse",
       "keys", "vals", "=", "<", "not", "nth", "take", "drop", "apply", "max", "min", "mod",
       "quot", "re-find", "re-seq", "subs", "println", "pr-str", "hash-map", "set", "merge",
       "frequencies", "group-by", "partition", "interleave", "repeat", "iterate", "zipmap"]


def forms():
    """Programs as text, grown from atoms by the language's compound forms."""
    def compound(inner):
        call = st.tuples(st.sampled_from(FNS), st.lists(inner, max_size=4)).map(
            lambda t: "(" + " ".join([t[0], *t[1]]) + ")")
        vec = st.lists(inner, max_size=4).map(lambda xs: "[" + " ".join(xs) + "]")
        mp = st.lists(st.tuples(st.sampled_from([":a", ":b", ":c"]), inner), max_size=3,
                      unique_by=lambda t: t[0]).map(
            lambda kvs: "{" + " ".join(f"{k} {v}" for k, v in kvs) + "}")
        let = st.tuples(inner, inner).map(lambda t: f"(let [x {t[0]} xs [x x]] {t[1]})")
        fn = st.tuples(st.sampled_from(["map", "filter", "reduce", "sort-by"]), inner, inner).map(
            lambda t: f"({t[0]} (fn [x] {t[1]}) {t[2]})")
        iff = st.tuples(inner, inner, inner).map(lambda t: f"(if {t[0]} {t[1]} {t[2]})")
        loop = st.tuples(inner, inner).map(
            lambda t: f"(loop [x {t[0]} i 0] (if (< i 50) (recur {t[1]} (inc i)) x))")
        return st.one_of(call, vec, mp, let, fn, iff, loop)
    return st.recursive(st.sampled_from(ATOMS), compound, max_leaves=25)


json_data = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True),
              st.text(max_size=20)),
    lambda inner: st.one_of(st.lists(inner, max_size=5),
                            st.dictionaries(st.text(max_size=5), inner, max_size=5)),
    max_leaves=20)
programs = st.lists(forms(), min_size=1, max_size=3).map(" ".join)


@settings(max_examples=EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(program=programs, v=json_data)
def test_random_programs_end_in_a_result(program, v):
    start = time.monotonic()
    r = ptclisp.run(f"(def x 1) (def xs [1 2 3]) {program}", data={"v": v}, limits=LIMITS)
    elapsed = time.monotonic() - start
    assert r.status in ("ok", "returned", "failed", "error")
    assert elapsed <= TIMEOUT + MARGIN, f"{elapsed:.2f} s: {program}"
    if r.error is not None:
        assert r.error.kind != "InternalError", f"{program}\n{r.error.render()}"
        assert "Traceback" not in r.error.message
    else:
        ptclisp.format_value(r.value, max_chars=1000)  # the value is printable, and quickly
