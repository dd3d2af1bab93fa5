"""The reader: unit examples, pinned error texts, and properties that tie the fast reader to
the reference (Lark LALR over the same grammar)."""
from __future__ import annotations

import hashlib
import json
import math
import re
import subprocess
import sys
from importlib import resources

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ptclisp import messages as M
from ptclisp.errors import ReadError
from ptclisp.lang.forms import Comment, FnLit, List, Lit, Map, Quote, Regex, Set, Sym, VarQuote, Vector
from ptclisp.lang.reader import read
from ptclisp.lang.reader_lark import lark_parser, read_with_lark, terminal_regexps
from ptclisp.lang.values import Keyword

ENGINES = [read, read_with_lark]
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def one(text, engine=read):
    forms = engine(text)
    assert len(forms) == 1, forms
    return forms[0]


def shape(form):
    """A strict structural view: types, values (typed), source spelling and spans."""
    span = (form.span.line, form.span.column) if form.span else None
    t = type(form)
    if t is Lit:
        v = form.value
        v = "NaN" if isinstance(v, float) and math.isnan(v) else v
        return ("Lit", type(form.value).__name__, v, form.text, span)
    if t is Sym:
        return ("Sym", form.ns, form.name, span)
    if t is Regex:
        return ("Regex", form.pattern, span)
    if t is VarQuote:
        return ("VarQuote", shape(form.sym), span)
    if t is Quote:
        return ("Quote", shape(form.form), span)
    if t is Comment:
        return ("Comment", form.text, span)
    return (t.__name__, tuple(shape(x) for x in form.items), span)


def outcome(engine, text):
    try:
        return ("ok", tuple(shape(f) for f in engine(text)))
    except ReadError as e:
        return ("error", e.message, (e.line, e.column))


# ---------------------------------------------------------------- atoms


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("text, value", [
    ("nil", None), ("true", True), ("false", False),
    ("0", 0), ("42", 42), ("-17", -17), ("+5", 5), ("1000000", 1000000),
    ("123456789012345678901234567890", 123456789012345678901234567890),
    ("3.14", 3.14), ("-0.5", -0.5), ("1.0", 1.0), ("1.", 1.0), ("2.5e10", 2.5e10),
    ("1.23e-4", 1.23e-4), ("1E3", 1000.0), ("##Inf", math.inf), ("##-Inf", -math.inf),
    ('"hello"', "hello"), ('""', ""), (r'"line1\nline2"', "line1\nline2"), (r'"tab\there"', "tab\there"),
    (r'"quote: \""', 'quote: "'), (r'"backslash: \\"', "backslash: \\"), (r'"\r\b\f"', "\r\b\f"),
    (r'"\u00e9\u03BB"', "éλ"), ('"multi\nline"', "multi\nline"), (r'"\ud83d\ude00"', "\U0001F600"),
    ("\\a", "a"), ("\\Z", "Z"), ("\\5", "5"), ("\\λ", "λ"), ("\\newline", "\n"), ("\\space", " "),
    ("\\tab", "\t"), ("\\return", "\r"), ("\\backspace", "\b"), ("\\formfeed", "\f"),
    ("\\u0041", "A"), ("\\r", "r"), ("\\n", "n"), ("\\(", "("), ("\\;", ";"), ("\\\"", '"'),
    ("\\,", ","), ("\\\\", "\\"),
])
def test_literal_values(engine, text, value):
    form = one(text, engine)
    assert type(form) is Lit and form.value == value and type(form.value) is type(value)
    assert form.text == text  # the source spelling is kept


@pytest.mark.parametrize("engine", ENGINES)
def test_nan(engine):
    form = one("##NaN", engine)
    assert math.isnan(form.value) and form.text == "##NaN"


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("text", [":name", ":user-id", ":else", ":a?", ":b!", ":x_y", ":+", ":<=>", ":1"])
def test_keywords(engine, text):
    form = one(text, engine)
    assert form.value is Keyword(text[1:]) and form.text == text


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("text, ns, name", [
    ("filter", None, "filter"), ("sort-by", None, "sort-by"), ("empty?", None, "empty?"),
    ("+", None, "+"), ("-", None, "-"), ("->>", None, "->>"), ("/", None, "/"), ("*1", None, "*1"),
    (".indexOf", None, ".indexOf"), ("java.util.Date.", None, "java.util.Date."),
    ("inc'", None, "inc'"), ("%", None, "%"), ("%1", None, "%1"), ("%&", None, "%&"),
    ("&", None, "&"), ("_", None, "_"), ("nil?", None, "nil?"), ("true-ish", None, "true-ish"),
    ("-x", None, "-x"), ("+a", None, "+a"),
    ("data/bar", "data", "bar"), ("tool/search", "tool", "search"),
    ("clojure.string/join", "clojure.string", "join"), ("clojure.core//", "clojure.core", "/"),
])
def test_symbols(engine, text, ns, name):
    form = one(text, engine)
    assert form == Sym(name, ns) and form.full == text


@pytest.mark.parametrize("engine", ENGINES)
def test_collections_and_prefixes(engine):
    forms = engine("(f 1) [1 2] {:a 1, :b 2} #{1 2} #(+ % 1) 'foo ':k '1 #'x #\"\\d+\"")
    a, k = Keyword("a"), Keyword("b")
    assert forms == (
        List((Sym("f"), Lit(1))), Vector((Lit(1), Lit(2))),
        Map((Lit(a), Lit(1), Lit(k), Lit(2))), Set((Lit(1), Lit(2))),
        FnLit((Sym("+"), Sym("%"), Lit(1))), Quote(Sym("foo")), Quote(Lit(Keyword("k"))),
        Quote(Lit(1)), VarQuote(Sym("x")), Regex("\\d+"),
    )


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("text, pattern", [
    (r'#"\d+"', r"\d+"), (r'#"a\"b"', 'a"b'), (r'#"\\"', r"\\"), (r'#"\\\""', '\\\\"'),
    ('#"x\ny"', "x\ny"), (r'#"[a-z]+\s\."', r"[a-z]+\s\."), ('#""', ""),
])
def test_regex_pattern_keeps_backslashes(engine, text, pattern):
    assert one(text, engine) == Regex(pattern)


@pytest.mark.parametrize("engine", ENGINES)
def test_empty_collections_and_fn_literal(engine):
    assert engine("[] {} #{} #()") == (Vector(()), Map(()), Set(()), FnLit(()))


def test_spans_are_one_based_lines_and_columns():
    forms = read('(let [x 1]\n  ;; note\n  (+ x "a\nb" :k))')
    let = forms[0]
    assert (let.span.line, let.span.column) == (1, 1)
    vec = let.items[1]
    assert (vec.span.line, vec.span.column) == (1, 6)
    call = let.items[2]
    assert (call.span.line, call.span.column) == (3, 3)
    kw = call.items[3]
    assert (kw.span.line, kw.span.column) == (4, 4)  # after the string's literal newline
    var = read("  #'foo")[0]
    assert (var.span.column, var.sym.span.column) == (3, 5)


def test_whitespace_commas_and_comments():
    assert read(",,(+ 1,2) ; comment\n\t; another\r\n[3]") == (List((Sym("+"), Lit(1), Lit(2))), Vector((Lit(3),)))
    assert read("") == () and read("  ; only a comment") == ()


def test_comments_mode_keeps_comments_and_collection_ends():
    forms = read("; head\n(foo ; trailing\n  1\n )", comments=True)
    assert forms[0] == Comment("; head")
    lst = forms[1]
    assert lst.items == (Sym("foo"), Comment("; trailing"), Lit(1))
    assert (lst.span.end_line, lst.span.end_column) == (4, 2)
    # comment items do not upset map pairing or duplicate checks
    assert read("{:a 1 ; one\n :b 2}", comments=True)[0].items[2] == Comment("; one")


def test_grammar_ships_inside_the_package():
    text = (resources.files("ptclisp.grammar") / "ptclisp.lark").read_text(encoding="utf-8")
    assert "start:" in text and "SYMBOL" in text


def test_shipped_terminals_are_the_ones_lark_compiles_from_the_grammar():
    """grammar/terminals.json (the fast reader's scanners) is what tools/grammar_terminals.py
    writes from today's grammar: a grammar change without a rerun fails here."""
    files = resources.files("ptclisp.grammar")
    source = (files / "ptclisp.lark").read_text(encoding="utf-8")
    shipped = json.loads((files / "terminals.json").read_text(encoding="utf-8"))
    assert shipped["grammar_sha256"] == hashlib.sha256(source.encode("utf-8")).hexdigest()
    assert shipped["terminals"] == terminal_regexps(source)
    assert {t.name for t in lark_parser().terminals} == set(shipped["terminals"])


def test_import_of_ptclisp_does_not_load_lark():
    probe = "import sys, ptclisp; ptclisp.run('(+ 1 2)'); print(any(m.split('.')[0] == 'lark' for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert out.stdout.split() == ["False"], out.stderr


def test_cache_gives_equal_results_and_limits_apply_per_call():
    text = "(+ 1 2)"
    assert read(text) == read(text)
    big = "1" * 30
    assert read(big)[0].value == int(big)
    with pytest.raises(ReadError, match="limit of 10 digits"):
        read(big, max_int_digits=10)
    with pytest.raises(ReadError, match="limit of 3 characters"):
        read('"abcd"', max_literal_chars=3)
    with pytest.raises(ReadError, match="limit of 3 characters"):
        read('#"abcd"', max_literal_chars=3)
    assert read('"abc"', max_literal_chars=3)[0].value == "abc"


# ---------------------------------------------------------------- errors


ERRORS = [
    # text, message (exact), line, column
    ("(foo", "unclosed '(' opened at line 1, column 1", 1, 1),
    ("(let [x 1]\n  (+ x 1)", "unclosed '(' opened at line 1, column 1", 1, 1),
    ("(a\n  (b [c", "unclosed '[' opened at line 2, column 6 (and 2 more unclosed before it)", 2, 6),
    ("(str \"(\" \\( ; (\n", "unclosed '(' opened at line 1, column 1", 1, 1),
    (")", "Unmatched delimiter: )", 1, 1),
    ("(a b))", "Unmatched delimiter: )", 1, 6),
    ("(]", "mismatched ']': expected ')' to close '(' opened at line 1, column 1", 1, 2),
    ("[(])", "mismatched ']': expected ')' to close '(' opened at line 1, column 2", 1, 3),
    ("#{1 2)", "mismatched ')': expected '}' to close '#{' opened at line 1, column 1", 1, 6),
    ("{:a 1 :a 2}", "Duplicate key: :a", 1, 7),
    ("#{1 2 1}", "Duplicate key: 1", 1, 7),
    ('{"a" 1 \\a 2}', 'Duplicate key: \\a', 1, 8),
    ("{[1 2] 1 [1 2] 2}", "Duplicate key: [1 2]", 1, 10),
    ("{x 1 x 2}", "Duplicate key: x", 1, 6),
    ("{:a}", M.READ_ODD_MAP, 1, 1),
    ("{:a 1 :b}", M.READ_ODD_MAP, 1, 1),
    ("()", M.READ_EMPTY_LIST, 1, 1),
    ("'(1 2)", M.READ_QUOTED_COLLECTION, 1, 2),
    ("'[1]", M.READ_QUOTED_COLLECTION, 1, 2),
    ("'{:a 1}", M.READ_QUOTED_COLLECTION, 1, 2),
    ("''a", M.READ_BAD_QUOTE, 1, 2),
    ("(f ')", M.READ_BAD_QUOTE, 1, 5),
    ("'", M.READ_BAD_QUOTE, 1, 2),
    ("#_ (foo)", "the reader discard #_ is not supported", 1, 1),
    ("@x", "deref @ is not supported", 1, 1),
    ("(swap! @a)", "deref @ is not supported", 1, 8),
    ("`(a ~b)", "syntax-quote ` is not supported", 1, 1),
    ("(a ~b)", "unquote ~ is not supported", 1, 4),
    ("^:private x", "metadata ^ is not supported", 1, 1),
    ("#?(:clj 1 :cljs 2)", "reader conditionals #?(...) are not supported", 1, 1),
    ('#inst "2024-01-01"', "tagged literals like #inst are not supported", 1, 1),
    ("#:a{:b 1}", "namespaced maps #:ns{...} are not supported", 1, 1),
    ("#=(+ 1 2)", "read-eval #= is not supported", 1, 1),
    ("(/ 1/3 2)", "ratio literals like 1/3 are not supported", 1, 4),
    ("1.0M", "BigDecimal literals like 1.0M are not supported", 1, 1),
    ("1N", "BigInt literals like 1N are not supported", 1, 1),
    ("0x1F", "hexadecimal literals like 0x1F are not supported", 1, 1),
    ("017", "octal literals like 017 are not supported", 1, 1),
    ("2r101", "radix literals like 2r101 are not supported", 1, 1),
    ("::a", "auto-resolved keywords like ::a are not supported", 1, 1),
    (":foo/bar", "namespaced keywords like :a/b are not supported", 1, 1),
    (":", "Invalid keyword: :", 1, 1),
    (":a.b", "Invalid keyword: :a.b", 1, 1),
    ('(str "abc)', "unterminated string starting at line 1, column 6", 1, 6),
    ('"a\\db"', "Unsupported escape character: \\d", 1, 3),
    ('"ok"\n"\\u12"', "Unsupported escape character: \\u12", 2, 2),
    ('#"abc', "unterminated regex starting at line 1, column 1", 1, 1),
    ("\\", M.READ_BACKSLASH, 1, 1),
    ("(f \\ )", M.READ_BACKSLASH, 1, 4),
    ("\\abc", "Unsupported character: \\abc", 1, 1),
    ("\\newlines", "Unsupported character: \\newlines", 1, 1),
    ("1abc", "Invalid number: 1abc", 1, 1),
    ("1.5.2", "Invalid number: 1.5.2", 1, 1),
    ("a#b", "Invalid token: a#b", 1, 1),
    ("café", "Invalid token: café", 1, 1),
    ("a/b/c", "Invalid token: a/b/c", 1, 1),
    ("foo/", "Invalid token: foo/", 1, 1),
    ("##Foo", "Unknown symbolic value: ##Foo", 1, 1),
    ("#'1", "#' of anything but a symbol is not supported", 1, 1),
    ("(a\u00a0b)", "unexpected invisible character U+00A0 (no-break space)", 1, 3),
    ("x\u200b", "unexpected invisible character U+200B (zero width space)", 1, 2),
    ("1" * 101, "number literal exceeds the limit of 100 digits", 1, 1),
    ("(" * 501 + ")" * 501, "nesting depth exceeds the limit of 500", 1, 501),
]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("text, message, line, column", ERRORS)
def test_errors(engine, text, message, line, column):
    with pytest.raises(ReadError) as info:
        engine(text)
    err = info.value
    assert err.message == message
    assert (err.line, err.column) == (line, column)
    assert err.hint and err.kind == "ReadError"
    assert "Token" not in err.message and "Lark" not in err.message  # no parser internals
    rendered = err.render()
    assert rendered.startswith(f"ReadError at line {line}, column {column}: ") and "^" in rendered


def test_hints_say_what_to_do():
    def hint(text):
        with pytest.raises(ReadError) as info:
            read(text)
        return info.value.hint
    assert hint("#_ x") == "use ; to comment out a line"
    assert hint("(a") == M.HINT_UNCLOSED
    assert hint("{:a 1 :a 2}") == M.HINT_DUPLICATE
    assert hint('"\\d"') == M.HINT_ESCAPE


def test_deep_input_is_bounded_not_recursive():
    deep = "(" * 2000 + "x" + ")" * 2000
    for engine in ENGINES:
        with pytest.raises(ReadError, match="nesting depth"):
            engine(deep)
    form = read(deep, max_depth=2500)[0]
    depth = 0
    while type(form) is List:
        form, depth = form.items[0], depth + 1
    assert depth == 2000 and form == Sym("x")
    with pytest.raises(ReadError, match="unclosed"):
        read("[" * 100_000, max_depth=200_000)


def test_large_input():
    text = "\n".join(f'(def v{i} {{:id {i} :tags ["a" "b"] :ok true}}) ; row {i}' for i in range(10_000))
    forms = read(text)
    assert len(forms) == 10_000
    last = forms[-1]
    assert last.items[1] == Sym("v9999") and (last.span.line, last.span.column) == (10_000, 1)
    head = "\n".join(text.split("\n")[:1500])
    assert read_with_lark(head) == forms[:1500]


# ---------------------------------------------------------------- properties

_SEP = st.sampled_from([" ", "  ", "\n", ", ", "\t", " ; note\n", "\r\n", ",", "\n\n"])
_SYMBOLS = st.sampled_from([
    "x", "map", "filter", "+", "-", "*", "/", "->>", "odd?", "save!", "a-b", "*1", "%", "%1",
    "%&", "&", "_", ".indexOf", "java.util.Date.", "inc'", "data/orders", "tool/search",
    "clojure.string/join", "clojure.core//", "nil?", "true-ish", "falsey", "-x", "+y",
])
_ATOMS = st.one_of(
    _SYMBOLS,
    st.sampled_from(["nil", "true", "false", "##Inf", "##-Inf", "##NaN", "1.", "2.5e10", "1E-4",
                     "-0.5", "+7", "0", "-0"]),
    st.integers(-10**30, 10**30).map(str),
    st.floats(allow_nan=False, allow_infinity=False).map(repr),
    st.from_regex(r":[a-zA-Z0-9+\-*<>=?!_]{1,6}", fullmatch=True),
    st.lists(st.one_of(st.characters(blacklist_characters='"\\', blacklist_categories=["Cs"]),
                       st.sampled_from(["\\n", "\\t", "\\\\", '\\"', "\\r", "\\u00e9", "\n"])),
             max_size=6).map(lambda cs: '"' + "".join(cs) + '"'),
    st.sampled_from(["\\a", "\\λ", "\\newline", "\\space", "\\tab", "\\u0041", "\\(", "\\;",
                     "\\\"", "\\,", "\\5"]),
    st.sampled_from(['#"\\d+"', '#"a\\"b"', '#"[x y]"', '#""']),
    _SYMBOLS.map(lambda s: "#'" + s if s not in ("/", "clojure.core//") else "#'x"),
    st.one_of(_SYMBOLS, st.sampled_from([":k", "1", '"s"', "nil"])).map(lambda s: "'" + s),
)


def _collection(children):
    def build(args):
        kind, items, seps = args
        body = "".join(sep + item for sep, item in zip(seps, items))
        if kind == "(" and not items:
            body = " f"
        if kind == "{" and len(items) % 2:
            body += " nil"
        closer = {"(": ")", "[": "]", "{": "}", "#{": "}", "#(": ")"}[kind]
        return kind + body + closer
    return st.tuples(st.sampled_from(["(", "[", "{", "#{", "#("]), st.lists(children, max_size=5),
                     st.lists(_SEP, min_size=5, max_size=5)).map(build)


PROGRAMS = st.tuples(st.lists(st.recursive(_ATOMS, _collection, max_leaves=25), max_size=4),
                     _SEP).map(lambda a: a[1].join(a[0]))


@FAST
@given(PROGRAMS)
def test_fast_reader_equals_lark_reader(text):
    fast = outcome(read, text)
    assert fast == outcome(read_with_lark, text)
    if fast[0] == "error":  # generated programs only go wrong on repeated keys
        assert fast[1].startswith("Duplicate key")


@FAST
@given(PROGRAMS, st.lists(st.tuples(st.integers(0, 10**6), st.sampled_from(
    list("()[]{}#'\"\\;:@^`~, \n1a/.%&-") + ["", "#{", "#(", "#_", "##", "\u00a0"])), max_size=3))
def test_both_readers_reject_the_same_mutated_programs(text, edits):
    for at, piece in edits:
        at = at % (len(text) + 1)
        text = text[:at] + piece + text[at + 1:]
    fast, lark = outcome(read, text), outcome(read_with_lark, text)
    assert fast[0] == lark[0], (text, fast, lark)
    if fast[0] == "ok":
        assert fast == lark


@FAST
@given(st.one_of(st.text(max_size=60),
                 st.text(alphabet="()[]{}#'\"\\;:@^`~, \n1a/.%&-_eE+xNM\u00a0λ", max_size=60)))
def test_arbitrary_text_raises_only_read_errors(text):
    for engine in ENGINES:
        try:
            engine(text)
        except ReadError as e:
            assert e.message and e.span is not None and e.hint is not None


@FAST
@given(st.one_of(PROGRAMS, st.text(alphabet="()[]{}#'\"\\;:@,. \n1a/%&-_e+xλ", max_size=40)))
def test_grammar_terminals_never_overlap(text):
    """The fast reader's premise: at any offset at most one terminal matches."""
    terminals = [re.compile(t.pattern.to_regexp()) for t in lark_parser().terminals]
    for pos in range(len(text)):
        matching = [t.pattern for t in terminals if t.match(text, pos)]
        assert len(matching) <= 1, (text[pos:], matching)


@FAST
@given(PROGRAMS)
def test_spans_point_at_the_forms(text):
    try:
        forms = read(text)
    except ReadError:
        return
    lines = text.split("\n")
    stack = list(forms)
    while stack:
        form = stack.pop()
        at = lines[form.span.line - 1][form.span.column - 1:]
        if type(form) is Sym:
            assert at.startswith(form.full)
        elif type(form) is Lit:
            assert at.startswith(form.text.split("\n")[0])
        elif hasattr(form, "items"):
            assert at[0] in "([{#"
            stack.extend(form.items)
