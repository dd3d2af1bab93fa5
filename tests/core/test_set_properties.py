"""hypothesis: sets, frequencies and friends count `=` classes (true is never 1, 1 is 1.0).

The classes are computed by a reference `=` written here from the language's rules (booleans
equal only booleans, numbers compare numerically, collections structurally), independent of
how the runtime hashes keys. The values reach the program as literal source text.
"""
from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ptclisp
from ptclisp.lang.values import MAP_TYPES, SET_TYPES, VECTOR_TYPES, Keyword, PSet, make_map

EXAMPLES = int(os.environ.get("PTCLISP_FUZZ_EXAMPLES", "150"))

scalars = st.one_of(
    st.booleans(), st.none(),
    st.integers(min_value=-2, max_value=3),
    st.sampled_from([0.0, 1.0, -0.0, 2.5, 3.0]),
    st.sampled_from(["", "a", "1", "true"]),
    st.sampled_from([Keyword("a"), Keyword("b"), Keyword("true")]),
)
values = st.recursive(
    scalars,
    lambda kids: st.one_of(
        st.lists(kids, max_size=3),
        st.lists(st.tuples(kids, kids), max_size=3).map(make_map),
        st.lists(kids, max_size=3).map(PSet.of),
    ),
    max_leaves=8,
)


def ref_equal(a, b) -> bool:
    """The language's `=`, written out without hashing."""
    if type(a) is bool or type(b) is bool:
        return type(a) is type(b) and a == b
    if type(a) in (int, float) or type(b) in (int, float):
        return type(a) in (int, float) and type(b) in (int, float) and a == b
    if isinstance(a, VECTOR_TYPES) or isinstance(b, VECTOR_TYPES):
        return (isinstance(a, VECTOR_TYPES) and isinstance(b, VECTOR_TYPES) and len(a) == len(b)
                and all(ref_equal(x, y) for x, y in zip(a, b)))
    if isinstance(a, MAP_TYPES) or isinstance(b, MAP_TYPES):
        return (isinstance(a, MAP_TYPES) and isinstance(b, MAP_TYPES) and len(a) == len(b)
                and all(any(ref_equal(k, j) and ref_equal(v, w) for j, w in b.items())
                        for k, v in a.items()))
    if isinstance(a, SET_TYPES) or isinstance(b, SET_TYPES):
        return (isinstance(a, SET_TYPES) and isinstance(b, SET_TYPES) and len(a) == len(b)
                and all(any(ref_equal(x, y) for y in b) for x in a))
    return type(a) is type(b) and a == b


def classes(xs) -> int:
    """The number of classes of `=` among xs."""
    reps: list = []
    for x in xs:
        if not any(ref_equal(x, r) for r in reps):
            reps.append(x)
    return len(reps)


PROGRAM = """(let [xs {xs}]
  [(count xs) (count (set xs)) (apply + 0 (vals (frequencies xs))) (count (frequencies xs))
   (count (distinct xs)) (count (group-by identity xs)) (count (into {{}} (map vector xs xs)))
   (count (reduce conj #{{}} xs)) (count (loop [s #{{}} ys xs] (if (empty? ys) s (recur (conj s (first ys)) (rest ys)))))
   (every? #(contains? (set xs) %) xs)
   (count (reduce disj (set xs) xs))])"""


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(values, max_size=12))
def test_sets_and_frequencies_count_equality_classes(xs):
    src = PROGRAM.format(xs=ptclisp.format_value(xs))
    r = ptclisp.run(src, limits=ptclisp.Limits(timeout=10.0))
    assert r.error is None, (src, r.error.render())
    n, k = len(xs), classes(xs)
    assert list(r.value) == [n, k, n, k, k, k, k, k, k, True, 0], src


def test_reference_equality_keeps_booleans_apart():
    assert classes([True, 1, 1.0, False, 0, [True], [1], [1.0]]) == 6
