"""hypothesis: random programs built from the special forms always end in a Result."""
from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ptclisp
from ptclisp.errors import InternalError

EXAMPLES = int(os.environ.get("PTCLISP_FUZZ_EXAMPLES", "150"))

atoms = st.sampled_from([
    "nil", "true", "false", "0", "1", "-7", "2.5", "##NaN", '"s"', '""', ":k", ":a", "x", "y",
    "[]", "{}", "#{}", "[1 2 3]", '{:a 1 "b" 2}', "#{1 :a}", "data/items", "inc", "+", "count",
    ":a", "first", "str", "(fn [v] v)", "#(vector %)", "*1",
])


def _compound(children):
    c = children
    two = st.tuples(c, c)
    three = st.tuples(c, c, c)
    return st.one_of(
        three.map(lambda t: f"(if {t[0]} {t[1]} {t[2]})"),
        two.map(lambda t: f"(let [x {t[0]}] {t[1]})"),
        two.map(lambda t: f"(let [[x & y] {t[0]}] {t[1]})"),
        two.map(lambda t: f"(let [{{:keys [x y] :or {{y 1}}}} {t[0]}] {t[1]})"),
        two.map(lambda t: f"(when {t[0]} {t[1]})"),
        two.map(lambda t: f"(and {t[0]} {t[1]})"),
        two.map(lambda t: f"(or {t[0]} {t[1]})"),
        two.map(lambda t: f"(do {t[0]} {t[1]})"),
        three.map(lambda t: f"(cond {t[0]} {t[1]} :else {t[2]})"),
        two.map(lambda t: f"(case {t[0]} 1 {t[1]} :k 2 nil)"),
        two.map(lambda t: f"(for [x {t[0]} :when {t[1]}] x)"),
        two.map(lambda t: f"(doseq [x {t[0]}] {t[1]})"),
        two.map(lambda t: f"((fn [x] {t[1]}) {t[0]})"),
        two.map(lambda t: f"(-> {t[0]} {t[1]})"),
        two.map(lambda t: f"(->> {t[0]} {t[1]})"),
        two.map(lambda t: f"(some-> {t[0]} {t[1]})"),
        two.map(lambda t: f"(if-let [x {t[0]}] {t[1]} nil)"),
        two.map(lambda t: f"({t[0]} {t[1]})"),
        three.map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
        two.map(lambda t: f"(loop [i 0 acc {t[0]}] (if (< i 3) (recur (inc i) {t[1]}) acc))"),
        two.map(lambda t: f"(def x {t[0]}) {t[1]}"),
        two.map(lambda t: f"[{t[0]} {t[1]}]"),
        two.map(lambda t: f"{{:a {t[0]} :b {t[1]}}}"),
        c.map(lambda t: f"(return {t})"),
        c.map(lambda t: f"(fail {t})"),
    )


programs = st.recursive(atoms, _compound, max_leaves=12)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs)
def test_random_programs_end_in_a_result(src):
    limits = ptclisp.Limits(timeout=0.5)
    result = ptclisp.run(src, data={"items": [1, 2, {"a": 1}]}, limits=limits)
    assert isinstance(result, ptclisp.Result)
    assert result.status in ("ok", "returned", "failed", "error")
    if result.status == "error":
        assert not isinstance(result.error, InternalError), (src, result.error.render())
        assert result.error.message
    ptclisp.format_value(result.value)  # every value prints
