"""The compiled tier (codegen.py) against the closure tier: every case file, compiled at once."""
from __future__ import annotations

from collections import OrderedDict

import pytest

import ptclisp
from ptclisp.jit import codegen, cache as codegen_cache, fns as codegen_fns
from casefile import check
from test_cases import CASES, FIXED_CLOCK

# the cases whose programs define functions or loops, or run map/filter/remove/keep/reduce
# chains (fused pipelines, pipeline.py): the ones codegen can change
HOT = [c for c in CASES if any(w in s.program for s in c.steps for w in (
    "fn", "loop", "#(", "(map", "(filter", "(remove", "(keep", "(reduce"))]


@pytest.fixture
def compile_everything(monkeypatch):
    monkeypatch.setattr(codegen, "THRESHOLD", 1)


@pytest.mark.parametrize("case", HOT, ids=[c.id for c in HOT])
def test_case_compiled(case, compile_everything):
    check(case, lambda data: ptclisp.Session(data=data, clock=FIXED_CLOCK))


def test_generated_code_holds_no_program_text(compile_everything):
    """Names, strings and keywords reach compiled code through bound names, never as source."""
    from ptclisp.compile.analyzer import analyze
    from ptclisp.run.evaluator import Compiler, Context
    from ptclisp.lang.reader import read
    program = analyze(read('(fn [x] (str "evil\\")\\nimport os" x :k (:k x) data/q))'))
    emitter = codegen.Emitter(Compiler(Context()))
    emitter.expr(program.body.body, 1)
    source = "\n".join(emitter.lines)
    assert "evil" not in source and "import" not in source and ":k" not in source


def test_big_integer_cap_holds_when_compiled(compile_everything):
    result = ptclisp.run("(loop [x 3 i 0] (if (< i 30) (recur (* x x) (inc i)) x))")
    assert result.status == "error" and result.error.kind == "EvalError"


# ---------------------------------------------------------------- whole functions (compile_fn_fast)

def _both_tiers(monkeypatch, source, limits=None):
    """(status, value, rendered error) of source run with no compilation and fully compiled."""
    out = []
    for threshold in (10**9, 1):
        monkeypatch.setattr(codegen, "THRESHOLD", threshold)
        r = ptclisp.run(source, limits=limits)
        out.append((r.status, r.value, r.error.render() if r.error else None))
    return out


FAST_PROGRAMS = [
    "(defn f [x] (+ x 1)) (f 1 2)",
    "(defn f [x y] (+ x y)) (f 1)",
    "(defn f [] 7) [(f) (f 1)]",
    "(defn g [x] (+ x \"a\")) (defn h [x] (g x)) (h 1)",
    "(defn down [n] (if (= n 0) 0 (+ 1 (down (- n 1))))) (down 400)",
    "(defn count-up [n acc] (if (= n 0) acc (recur (- n 1) (+ acc 1)))) (count-up 1000 0)",
    "(let [k 10 add (fn [x] (+ x k))] (map add [1 2 3]))",
    "(defn f [_ y] (let [z (* y 2)] (if (> z 4) z (- z)))) [(f 1 1) (f nil 3)]",
    "(def f (fn fact [n] (if (< n 2) 1 (* n (fact (- n 1)))))) (f 10)",
    "(loop [i 0] (if (< i 3000) (recur (inc i)) i))",
    # higher-order builtins running a function's compiled loop (compile_fn_loop)
    "(defn p [x] (> x \"a\")) (filter p (range 10))",
    "(map (fn [x] (if (= x 5) (/ 1 0) x)) (range 10))",
    "(keep (fn [x] (when (odd? x) x)) (range 10))",
    "(remove (fn [x] (< x 3)) [1 2 3 4])",
    "(mapcat (fn [x] [x x]) [1 2])",
    "(map (fn [n] (loop [i n acc 0] (if (= i 0) acc (recur (dec i) (+ acc i))))) (range 5))",
    "(map (fn [n] (if (> n 10) n (recur (* n 2)))) [1 3 20])",
    "(defn d [n] (if (= n 0) 0 (inc (d (dec n))))) (map d [1 2 400])",
    "(let [k 10] (filter (fn [x] (> x k)) (range 20)))",
    "(map (fn [_] 1) \"abc\")",
    "(reduce (fn [acc x] (+ acc (* x x))) 0 (range 300))",
    "(reduce (fn [acc x] (if (= x 7) nil acc)) 0 (range 10))",
    "(reduce (fn [acc x] (if (= x 7) (/ acc 0) (+ acc x))) 0 (range 10))",
    "(reduce (fn [_ x] x) :start [])",
    # reduced ends a fold in the function's compiled loop as in the closure tier (#37)
    "(reduce (fn [acc x] (if (> acc 1000) (reduced acc) (+ acc x))) 0 (range 300))",
    "(reduce (fn [acc x] (if (= x 250) (reduced [:at x]) (conj acc x))) [] (range 300))",
    "(reduce (fn [acc x] (if (= x 5) (reduced (/ acc 0)) (+ acc x))) 0 (range 300))",
    "(defn stop [a x] (if (> a 50) (reduced a) (+ a x))) [(reduce stop 0 (range 300)) (reduce stop (range 300))]",
    "(->> (range 400) (map inc) (filter odd?) (reduce (fn [a x] (if (> a 900) (reduced a) (+ a x))) 0))",
    "(reductions (fn [a x] (if (> a 20) (reduced a) (+ a x))) 0 (range 300))",
    # infinite sequences read through user functions, both tiers (#37)
    "(take 300 (map (fn [x] (* x x)) (iterate (fn [x] (+ x 3)) 0)))",
    "(->> (iterate (fn [x] (inc x)) 0) (filter (fn [x] (odd? x))) (take-while (fn [x] (< x 600))))",
    "(reduce (fn [a x] (if (> x 400) (reduced a) (+ a x))) 0 (iterate inc 0))",
    "(defn sq [x] (* x x)) (zipmap (range 300) (map sq (iterate inc 0)))",
    "(defn f [n] (for [x (iterate inc 0) :while (< x n)] (* 2 x))) (count (mapcat f (range 40)))",
    "(defn f [n] (if (pos? n) #(f (dec n)) :done)) [(trampoline f 3000) (trampoline f 0)]",
    "(def fib (memoize (fn [n] (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2))))))) (map fib (range 90))",
    "(defn show [x] (with-out-str (print x) (printf \"/%d\" 1))) (map show (range 300))",
    "(letfn [(sq [x] (* x x)) (f [xs] (map sq xs))] (f (range 300)))",
    # pipelines over an infinite source run unfused; over a bounded part of one they fuse
    "(->> (range) (map inc) (filter odd?) (take 300))",
    "(->> (take 500 (iterate inc 0)) (map inc) (filter odd?) (reduce + 0))",
    "(->> (take 500 (cycle [1 2 3])) (map (fn [x] (* x x))) (remove even?) (reduce + 0))",
    "(defn f [xs] (->> xs (map inc) (filter even?) (reduce + 0))) [(f (take 400 (range))) (f (repeat 300 1))]",
    "(reduce (fn [acc [k v]] (+ acc v)) 0 {:a 1 :b 2})",
    "(defn d [n] (if (= n 0) 0 (inc (d (dec n))))) (reduce (fn [a x] (+ a (d x))) 0 [1 400])",
    # self-calls entering the function directly (g_exact): redefinition, errors, depth, arity
    "(defn f [n] (if (= n 0) (do (def f (fn [x] 100)) 0) (+ 1 (f (dec n))))) [(f 250) (f 3)]",
    "(defn f [n] (if (= n 0) (/ 1 n) (+ 1 (f (dec n))))) (f 250)",
    "(defn f [n] (if (= n 0) :x (+ 1 (f (dec n))))) (f 250)",
    "(defn f [n] (if (< n 1) 0 (+ 1 (f (- n 1))))) (f 299)",
    "(defn f [n] (if (< n 1) 0 (+ 1 (f (- n 1))))) (f 300)",
    "(defn f [n] (if (< n 1) 0 (+ (f (- n 1) 1) 1))) (f 250)",
    "(defn f [n] (if (< n 1) 0 (+ 1 (f (- n 1))))) [(f 250) (pmap f [5 250]) (f 200)]",
    "(defn f [a b] (if (< a 1) b (f (- a 1) (+ b a)))) (f 260 0.5)",
    "(let [g (fn walk [n] (if (<= n 0) [] (conj (walk (dec n)) n)))] (count (g 280)))",
    "(defn f [n] (if (not= n 0) (+ 2 (f (dec n))) 0)) [(f 220) (f true)]",
    # a body that cannot change memory enters itself without looking its name up (g_pure),
    # once the outermost call found the name bound to it; an older value still sees the new one
    "(defn f [n] (if (< n 1) 0 (+ 1 (f (- n 1))))) (def g f) (defn f [n] 7) [(g 250) (f 250)]",
    "(defn f [n] (if (< n 1) 0 (+ 1 (f (- n 1))))) [(f 250) (def g f) (def f inc) (g 260)]",
    "(defn f [n] (if (< n 1) (:x n) (+ 1 (f (- n 1))))) (f 250)",
    "(defn f [n] (if (< n 1) 0 (+ 1 (f (- n 1))))) (f 400)",
    # int results assumed for int arguments (no type test on them) only where the body proves it
    "(defn f [n] (if (< n 2) n (+ (f (- n 1)) (f (- n 2))))) [(f 15) (f 12.5)]",
    "(defn f [n] (if (< n 1) 0.5 (+ (f (- n 1)) 1))) (f 250)",
    "(defn f [n] (if (< n 2) (str n) (+ (f (- n 1)) 1))) (f 250)",
    "(defn f [n] (if (< n 2) nil (+ (f (dec n)) 1))) (f 250)",
    "(defn f [n m] (if (< n 1) m (+ 1 (f (dec n) m)))) [(f 250 1) (f 250 :a) (f 250 2.5)]",
    # the function's loop shares its namespace with the function's code: names kept apart
    "(defn f [n] (if (< n 1) 0 (+ 1 (f (- n 1))))) [(f 250) (count (map f (range 300))) (f :a)]",
]


@pytest.mark.parametrize("source", FAST_PROGRAMS)
def test_fast_functions_match_the_closure_tier(monkeypatch, source):
    closure, compiled = _both_tiers(monkeypatch, source, ptclisp.Limits(max_depth=300))
    assert closure == compiled


def test_fast_function_errors_name_the_function(monkeypatch):
    (_, _, closure), (_, _, compiled) = _both_tiers(
        monkeypatch, "(defn f [x] (+ x 1)) (f 1)\n(f 1 2)")
    assert "Wrong number of args (2) passed to: f" in compiled and compiled == closure


def test_deep_recursion_stops_at_the_depth_limit_when_compiled(monkeypatch):
    monkeypatch.setattr(codegen, "THRESHOLD", 1)
    r = ptclisp.run("(defn down [n] (if (= n 0) 0 (+ 1 (down (- n 1))))) (down 100000)",
                    limits=ptclisp.Limits(max_depth=2000))
    assert r.status == "error" and r.error.limit == "max_depth"


def test_runaway_fast_function_stops_at_the_step_limit(monkeypatch):
    monkeypatch.setattr(codegen, "THRESHOLD", 1)
    r = ptclisp.run("(defn spin [n] (if (< n 0) n (recur (+ n 1)))) (spin 0)",
                    limits=ptclisp.Limits(max_steps=5000))
    assert r.status == "error" and r.error.limit == "max_steps"


def test_function_made_before_it_was_hot_switches_to_the_fast_code():
    """A value created before compilation keeps its identity and name, and runs compiled."""
    s = ptclisp.Session()
    r = s.run("(def f (fn [x] (* x 2))) (def g f)\n"
              "[(count (map #(f %) (range 500))) (= f g) (f 21)]")
    assert r.value == [500, True, 42]
    assert "compiled" in s.memory["f"].__code__.co_filename and s.memory["f"].ptc_name == "f"


def test_runaway_function_in_a_compiled_loop_stops_at_the_step_limit(monkeypatch):
    monkeypatch.setattr(codegen, "THRESHOLD", 1)
    r = ptclisp.run("(map (fn [n] (loop [i n] (recur (inc i)))) [1 2])",
                    limits=ptclisp.Limits(max_steps=5000))
    assert r.status == "error" and r.error.limit == "max_steps"


@pytest.fixture
def loops(monkeypatch):
    """The function loops compiled during a test (None where one could not be)."""
    made = []
    compile_fn_loop = codegen_fns.compile_fn_loop

    def recording(compiler, node, ns, fold):
        made.append(compile_fn_loop(compiler, node, ns, fold))
        return made[-1]
    monkeypatch.setattr(codegen_fns, "compile_fn_loop", recording)
    return made


def test_big_collections_run_a_function_in_its_compiled_loop(loops):
    """A map over THRESHOLD items or more compiles the function's loop at once and runs it."""
    r = ptclisp.run("(defn sq [x] (* x x)) (reduce + 0 (map sq (range 1000)))")
    assert r.value == sum(x * x for x in range(1000))
    assert len(loops) == 1 and loops[0] is not None
    assert ptclisp.run("(map (fn [x] (* x x)) (range 10))").value == [x * x for x in range(10)]
    assert len(loops) == 1  # below THRESHOLD items: plain calls
    r = ptclisp.run("(reduce (fn [acc x] (if (odd? x) (+ acc x) acc)) 0 (range 1000))")
    assert r.value == sum(range(1, 1000, 2)) and len(loops) == 2 and loops[1] is not None


def test_reduced_ends_the_compiled_fold(loops):
    """A fold run in the function's compiled loop stops at the first (reduced v), with v,
    having called the function no further (its prints show where it stopped)."""
    r = ptclisp.run("(reduce (fn [acc x] (if (>= x 600) (reduced [:stop acc]) (+ acc x))) 0 (range 5000))")
    assert r.value == [ptclisp.read_value(":stop"), sum(range(600))]
    assert len(loops) == 1 and loops[0] is not None
    r = ptclisp.run("(reduce (fn [acc x] (when (= x 700) (println x)) (if (= x 700) (reduced x) acc)) 0 (range 5000))")
    assert r.value == 700 and r.prints == ["700"]


def test_private_map_fold_stops_at_the_step_limit(monkeypatch):
    """The fold that grows one private map still ticks the budget for every item."""
    monkeypatch.setattr(codegen, "THRESHOLD", 1)
    r = ptclisp.run("(reduce (fn [m i] (assoc m i i)) {} (range 100000))",
                    limits=ptclisp.Limits(max_steps=5000))
    assert r.status == "error" and r.error.limit == "max_steps"


def test_private_map_fold_errors_name_the_function(monkeypatch):
    monkeypatch.setattr(codegen, "THRESHOLD", 1)
    r = ptclisp.run("(defn put [m x] (assoc m x (/ 1 x))) (reduce put {} [2 1 0])")
    assert r.status == "error" and "Divide by zero" in r.error.message
    assert [name for name, _ in r.error.stack] == ["put"]


# ---------------------------------------------------------------- fused pipelines (pipeline.py)

PIPELINES = [
    "(->> (range 300) (map inc) (filter even?) (reduce + 0))",
    "(->> [1 2 \"a\" 4] (filter #(> % 1)) (map inc) (reduce + 0))",
    "(->> [1 2 :a] (map identity) (filter some?) (reduce + 0))",
    "(->> [1 2 nil] (map inc) (filter odd?))",
    "(->> [{:a 1} {:a \"x\"}] (map :a) (map #(* % 2)))",
    "(->> (range 10) (map #(/ 10 %)) (reduce + 0))",
    "(->> [[1] [2 3]] (map count) (reduce (fn [a x] (+ a (first x))) 0))",
    "(->> [1 2 3] (map inc) (filter (fn [x y] x)))",
    "(defn d [n] (if (= n 0) (->> [1 2] (map inc) (reduce + 0)) (d (dec n)))) (d 290)",
    "(defn d [n] (if (= n 0) (->> [1 2] (map #(+ % 1)) (reduce + 0)) (d (dec n)))) (d 299)",
    # a pipeline inside a stage's function: a nested loop
    "(->> [{:xs [{:q 1} {:q 2}]} {:xs nil} {} {:xs [{:q 5}]}] (map (fn [o] (reduce + 0 (map :q (:xs o))))) (reduce + 0))",
    "(->> [{:xs [{:q 1} {:q \"a\"}]}] (map (fn [o] (reduce + 0 (map #(* 2 (:q %)) (:xs o))))) (filter some?))",
    "(let [k 2] (->> (range 6) (map (fn [n] (reduce + 0 (map #(* % k n) (range n))))) (reduce + 0)))",
    "(->> (range 20) (map (fn [x] (+ (* x x) (reduce + 0 (map (fn [y] (* y y x)) (range x)))))) (filter odd?))",
    "(->> [[1 2 3] [4] 5] (map (fn [xs] (filter odd? xs))) (filter seq))",
    "(->> [[1 2] [3]] (map (fn [xs] (+ (reduce + 0 (map inc xs)) (reduce + 0 (map dec xs))))) vec)",
    "(defn d [n] (if (= n 0) (->> [[1 2]] (map (fn [xs] (reduce + 0 (map #(+ % 1) xs)))) (reduce + 0)) (d (dec n)))) (d 297)",
    "(defn d [n] (if (= n 0) (->> [[1 2]] (map (fn [xs] (reduce + 0 (map #(+ % 1) xs)))) (reduce + 0)) (d (dec n)))) (d 298)",
]


@pytest.mark.parametrize("source", PIPELINES)
def test_fused_pipelines_match_the_unfused_run(monkeypatch, source):
    """Values, and errors with their spans and stacks, are the unfused builtins' own."""
    unfused, fused = _both_tiers(monkeypatch, source, ptclisp.Limits(max_depth=300))
    assert unfused == fused


def test_fused_pipeline_stops_at_the_step_limit(monkeypatch):
    """The budget is charged per chunk of items: a long chain still ends at max_steps."""
    monkeypatch.setattr(codegen, "THRESHOLD", 1)
    r = ptclisp.run("(->> (range 200000) (map #(* % 2)) (filter #(> % 5)) (reduce + 0))",
                    limits=ptclisp.Limits(max_steps=5000))
    assert r.status == "error" and r.error.limit == "max_steps"


def test_fused_pipeline_source_passes_the_policy(monkeypatch):
    """The fused loop's generated source is checked by RestrictedPython like any other."""
    checked = []
    original = codegen.check_policy

    def spy(source):
        checked.append(source)
        original(source)
    monkeypatch.setattr(codegen, "check_policy", spy)
    monkeypatch.setattr(codegen, "_CODE_CACHE", {})
    monkeypatch.setattr(codegen_cache, "_CACHE", OrderedDict())  # and emitted anew
    r = ptclisp.run("(let [k 3] (->> (range 500) (keep #(when (odd? %) (* % k)))"
                    " (remove #(< % 10)) (map str) (map count) (reduce + 0)))")
    assert r.error is None
    assert any(src.startswith("def pipe(") for src in checked)


SAME_SHAPES = [  # (first text, second text): one shape at other places, failing in the second
    ("(->> (range 300) (map inc) (filter even?) (reduce + 0))",
     ";; moved\n(let [xs (conj (vec (range 300)) :a)]\n  (->> xs (map inc) (filter even?) (reduce + 0)))"),
    ("(defn f [x] (+ x 1)) (count (map f (range 300)))",
     "(def pad 1)\n(defn f [x] (+ x 1)) (count (map f (conj (vec (range 300)) :a)))"),
    ("(defn f [n] (if (< n 1) 0 (+ 1 (f (- n 1))))) (f 250)",
     ";; again\n\n(defn f [n] (if (< n 1) 0 (+ 1 (f (- n 1))))) (f 250) (f :a)"),
]


@pytest.mark.parametrize("first, second", SAME_SHAPES)
def test_code_reused_by_shape_reports_the_new_texts_positions(monkeypatch, first, second):
    """A new text with an already compiled shape reuses its code; errors point into the new text."""
    assert ptclisp.run(first).error is None
    closure, compiled = _both_tiers(monkeypatch, second, ptclisp.Limits(max_depth=300))
    assert closure == compiled and compiled[0] == "error"


def test_a_function_whose_shape_is_kept_compiles_after_fewer_calls():
    """Code kept for a function's shape is reused after codegen.EARLY calls; a new shape waits
    for THRESHOLD calls (emitting it would not pay back sooner)."""
    defn = "(defn f [n] (if (< n 1) 0 (+ 1 (f (- n 1)))))"
    assert ptclisp.run(f"{defn} (f 250)").value == 250  # hot: compiled, its code kept
    early = max(codegen.EARLY + 10, 1)
    assert early < codegen.THRESHOLD
    s = ptclisp.Session()
    assert s.run(f";; a new text\n{defn} (f {early})").value == early
    assert "compiled" in s.memory["f"].__code__.co_filename
    s = ptclisp.Session()
    assert s.run(f"(defn g [n] (if (< n 1) 0 (+ 17 (g (- n 1))))) (g {early})").value == 17 * early
    assert "compiled" not in s.memory["g"].__code__.co_filename
