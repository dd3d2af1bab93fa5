"""The source formatter: layout examples, and properties: the output reads back to the same
forms and comments, and formatting twice changes nothing."""
from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ptclisp import format_source
from ptclisp.errors import ReadError
from ptclisp.lang.forms import COLLECTIONS, Comment, Lit, Quote, Regex, Sym, VarQuote
from ptclisp.lang.reader import read

FAST = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def shape(form):
    """Forms without spans, strictly typed (1 and 1.0 differ, the spelling counts)."""
    t = type(form)
    if t is Lit:
        v = form.value
        return ("Lit", type(v).__name__, "NaN" if isinstance(v, float) and math.isnan(v) else v,
                form.text)
    if t is Sym:
        return ("Sym", form.ns, form.name)
    if t is Regex:
        return ("Regex", form.pattern)
    if t is VarQuote:
        return ("VarQuote", shape(form.sym))
    if t is Quote:
        return ("Quote", shape(form.form))
    return (t.__name__, tuple(shape(x) for x in form.items))


def comments(text):
    """Comment texts in document order."""
    out, stack = [], list(read(text, comments=True))[::-1]
    while stack:
        form = stack.pop()
        if type(form) is Comment:
            out.append(form.text)
        elif hasattr(form, "items"):
            stack.extend(form.items[::-1])
    return out


def check(text, width=80):
    out = format_source(text, width)
    assert tuple(map(shape, read(out))) == tuple(map(shape, read(text))), out
    assert comments(out) == comments(text), out
    assert format_source(out, width) == out
    return out


# ---------------------------------------------------------------- examples


@pytest.mark.parametrize("text, expected", [
    # fits on a line: one line, whitespace normalised, spellings kept
    ("(+  1\n (* 2 3)   1.50 \\newline \"a\\tb\")", '(+ 1 (* 2 3) 1.50 \\newline "a\\tb")\n'),
    ("(let [x 1] x)  (def y 2)", "(let [x 1] x)\n(def y 2)\n"),
    ("{:a 1, :b 2}", "{:a 1 :b 2}\n"),
    ('#"\\d+\\"x" #\'foo \'bar #(+ % 1) #{1}', '#"\\d+\\"x"\n#\'foo\n\'bar\n#(+ % 1)\n#{1}\n'),
    ("", ""),
    ("; only a comment", "; only a comment\n"),
])
def test_short_programs(text, expected):
    assert check(text) == expected


def test_special_forms_indent_their_body_by_two():
    text = ("(defn total-price [orders] (let [paid (filter :paid orders) amounts (map :amount paid)] "
            "(when (seq amounts) (reduce + 0 amounts))))")
    assert check(text, 50) == (
        "(defn total-price [orders]\n"
        "  (let [paid (filter :paid orders)\n"
        "        amounts (map :amount paid)]\n"
        "    (when (seq amounts) (reduce + 0 amounts))))\n")


def test_calls_align_arguments_under_the_first():
    text = "(->> data/orders (filter #(> (:total %) 20)) (map :total) (reduce + 0))"
    assert check(text, 40) == (
        "(->> data/orders\n"
        "     (filter #(> (:total %) 20))\n"
        "     (map :total)\n"
        "     (reduce + 0))\n")


def test_long_operators_put_arguments_on_the_next_lines():
    text = '(clojure.string/join ", " (map clojure.string/upper-case ["alpha" "beta" "gamma"]))'
    assert check(text, 40) == (
        "(clojure.string/join\n"
        ' ", "\n'
        " (map clojure.string/upper-case\n"
        '      ["alpha" "beta" "gamma"]))\n')


def test_maps_hold_one_pair_per_line_and_cond_one_clause():
    text = ('(def user {:name "Alice" :email "alice@example.com" :roles [:admin :user]}) '
            '(cond (< n 0) :negative (= n 0) :zero :else :positive)')
    assert check(text, 40) == (
        "(def user\n"
        '  {:name "Alice"\n'
        '   :email "alice@example.com"\n'
        "   :roles [:admin :user]})\n"
        "(cond\n"
        "  (< n 0) :negative\n"
        "  (= n 0) :zero\n"
        "  :else :positive)\n")


def test_vectors_of_atoms_fill_their_lines():
    text = "[" + " ".join(str(i) for i in range(30)) + "]"
    assert check(text, 30) == (
        "[0 1 2 3 4 5 6 7 8 9 10 11 12\n"
        " 13 14 15 16 17 18 19 20 21 22\n"
        " 23 24 25 26 27 28 29]\n")


def test_comments_and_blank_lines_stay():
    text = (";; totals\n"
            "(defn f [x] ; the entry point\n"
            "  ;; double it\n"
            "  (* 2 x))\n"
            "\n\n\n"
            "(f 1) ; => 2\n")
    assert check(text) == (
        ";; totals\n"
        "(defn f [x] ; the entry point\n"
        "  ;; double it\n"
        "  (* 2 x))\n"
        "\n"
        "(f 1) ; => 2\n")


def test_a_comment_before_a_closer_moves_the_closer_to_a_new_line():
    assert check("(f a ; note\n)") == "(f a ; note\n   )\n"
    assert check("{:a 1 ; one\n :b 2}") == "{:a 1 ; one\n :b 2}\n"


def test_multiline_strings_are_kept_verbatim():
    text = '(str "first\nsecond" x)'
    assert check(text) == '(str "first\nsecond"\n     x)\n'


def test_unreadable_input_is_a_read_error():
    with pytest.raises(ReadError, match="unclosed"):
        format_source("(let [x 1]")


def test_deep_and_large_programs():
    deep = "(" * 250 + "[" * 250 + "x y" + "]" * 250 + ")" * 250
    out = format_source(deep, 80)  # each level's only item stays on its first line
    assert out == deep.replace("x y", "x\n" + " " * 500 + "y") + "\n"
    assert format_source(out, 80) == out
    big = "\n".join(f"(def v{i} {{:id {i} :name \"item {i}\" :tags [:a :b :c]}}) ; row {i}"
                    for i in range(2000))
    assert check(big).count("\n") == 2000


# ---------------------------------------------------------------- properties

_SEP = st.sampled_from([" ", " ", " ", "\n", "\n\n", ", ", " ; note\n", "\n;; own line\n"])
_ATOM = st.one_of(
    st.sampled_from(["x", "items", "data/orders", "clojure.string/join", "+", "->>", "%", "nil",
                     "true", ":total", ":user-id", "1", "-17", "2.50", "1e3", "##NaN", "\\a",
                     "\\newline", '"text"', '"two\nlines"', '"esc \\" \\\\ \\n"', '#"\\d+"',
                     "#'v", "'sym", "' ; between\n sym", "123456789012345678901234567890"]),
    st.from_regex(r"[a-z][a-z\-]{0,14}", fullmatch=True),
)
_HEADS = st.sampled_from(["let", "fn", "defn", "def", "when", "if", "cond", "case", "condp",
                          "loop", "for", "doseq", "->>", "->", "do", "map", "filter", "reduce",
                          "str", "clojure.string/join", ":name", "some-quite-long-function-name"])


def _collection(children):
    def build(args):
        kind, head, items, seps = args
        if kind in ("(", "#("):
            items = [head] + items
        if kind == "{" and len(items) % 2:
            items = items + ["nil"]
        body = "".join((seps[i % len(seps)] if i else "") + item for i, item in enumerate(items))
        closer = {"(": ")", "[": "]", "{": "}", "#{": "}", "#(": ")"}[kind]
        return kind + body + seps[-1].replace(" ; note\n", "").replace("\n;; own line\n", "") + closer
    return st.tuples(st.sampled_from(["(", "(", "(", "[", "{", "#{", "#("]), _HEADS,
                     st.lists(children, max_size=6), st.lists(_SEP, min_size=1, max_size=4)).map(build)


PROGRAMS = st.tuples(st.lists(st.recursive(_ATOM, _collection, max_leaves=30), max_size=4),
                     st.lists(_SEP, min_size=1, max_size=3)).map(
    lambda a: "".join(a[1][i % len(a[1])] + form for i, form in enumerate(a[0])))


@FAST
@given(PROGRAMS, st.sampled_from([20, 40, 80]))
def test_formatting_keeps_forms_and_comments_and_is_idempotent(text, width):
    try:
        read(text)
    except ReadError:  # generated maps and sets may repeat a key
        return
    check(text, width)


@FAST
@given(PROGRAMS, st.sampled_from([30, 60, 100]))
def test_a_form_that_fits_stays_on_one_line(text, width):
    try:
        forms = read(text)
    except ReadError:
        return
    if ";" in text or '"' in text or len(forms) != 1 or type(forms[0]) not in COLLECTIONS:
        return
    flat = format_source(text, 10_000)
    assert flat.count("\n") == 1
    out = format_source(text, width)
    if len(flat) - 1 <= width:
        assert out == flat
    else:
        assert out.count("\n") > 1
