"""The compiled tier's generated source passes RestrictedPython's policy before it is compiled."""
import logging

from collections import OrderedDict

import pytest

import ptclisp
from ptclisp.jit import codegen, cache as codegen_cache

PROGRAMS = [
    "(defn fib [n] (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2))))) (fib 15)",
    "(count (filter #(> (:total %) 20) (map (fn [i] {:total (mod i 50)}) (range 500))))",
    "(reduce (fn [acc x] (+ acc x)) 0 (range 500))",
    "(loop [i 0 acc 0] (if (< i 5000) (recur (inc i) (+ acc i)) acc))",
    "(count (map (fn [_] 5) (range 300)))",
    "(defn k [] 1) (reduce + (map (fn [_] (k)) (range 300)))",
    # shapes of the data paths: self-calls (g_exact), a loop over Python locals, a fused
    # pipeline, private map and vector folds, inline str/mod/inc
    "(def f (fn walk [n] (if (<= n 0) 0 (+ 1 (walk (dec n)))))) (f 250)",
    "(let [n 3000] (loop [i 0 acc 0] (if (< i n) (recur (inc i) (+ acc (mod i 7))) acc)))",
    "(let [k 2] (->> (range 500) (map #(* % k)) (filter even?) (remove #(< % 9)) (reduce + 0)))",
    "(count (reduce (fn [v i] (assoc v i (str i \"-\" (* i i)))) (vec (range 300)) (range 300)))",
    "(count (reduce (fn [m i] (assoc m i i)) {} (range 300)))",
]


@pytest.mark.parametrize("bad", [
    "def f(fr):\n    return _ctx\n",
    "def f(fr):\n    return exec('1')\n",
    "def f(fr):\n    fr.x += 1\n",
    "def f(fr):\n    return fr.__class__\n",
])
def test_policy_refuses_what_generated_code_must_never_contain(bad):
    with pytest.raises(codegen.PolicyViolation):
        codegen.check_policy(bad)


def test_every_generated_source_passes_the_policy(monkeypatch):
    checked, refused = [], []
    original = codegen.check_policy

    def spy(source):
        checked.append(source)
        try:
            original(source)
        except codegen.PolicyViolation as exc:
            refused.append((str(exc), source))
            raise
    monkeypatch.setattr(codegen, "check_policy", spy)
    monkeypatch.setattr(codegen, "_CODE_CACHE", {})  # every source compiled (and checked) anew
    monkeypatch.setattr(codegen_cache, "_CACHE", OrderedDict())  # and emitted anew
    for program in PROGRAMS:
        assert ptclisp.run(program).error is None, program
    assert checked, "the programs reached no compiled code"
    assert refused == []


def test_a_refused_source_stays_on_the_closure_tier_and_is_logged(caplog):
    def generator(compiler, node):
        codegen.check_policy("def f(fr):\n    return _secret\n")
    with caplog.at_level(logging.ERROR, logger="ptclisp"):
        assert codegen.compile_or_keep(generator, None, None, "closure") == "closure"
    assert "RestrictedPython" in caplog.text
