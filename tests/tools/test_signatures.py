"""Signatures (docs/signature-syntax.md): parsing, rendering, checking, JSON schema, Session."""
from __future__ import annotations

import pytest

import ptclisp
from ptclisp.host import signatures as S
from ptclisp.lang.values import kw

INT, STR, FLOAT = ("prim", "int"), ("prim", "string"), ("prim", "float")


@pytest.mark.parametrize("text, output", [
    (":int", INT),
    ("[:string]", ("list", STR)),
    ("{id :int, name :string}", ("map", (("id", INT), ("name", STR)))),
    ("{id :int, email :string?}", ("map", (("id", INT), ("email", ("opt", STR))))),
    ("[{id :int}]", ("list", ("map", (("id", INT),)))),
    ("{}", ("map", ())),
    ("[{}]", ("list", ("map", ()))),
    (":any", ("prim", "any")),
    (":map", ("prim", "map")),
    ("{summary :string, _raw_data [:map]}", ("map", (("summary", STR), ("_raw_data", ("list", ("prim", "map")))))),
    ("{user {profile {name :string}}}",
     ("map", (("user", ("map", (("profile", ("map", (("name", STR),))),))),))),
])
def test_output_types_parse(text, output):
    sig = S.parse(text)
    assert sig.params is None and sig.output == output
    assert S.parse(S.render(output)).output == output  # render reads back


def test_full_signature_has_params():
    sig = S.parse("(query :string, limit :int) -> {count :int, items [{id :int}]}")
    assert sig.params == (("query", STR), ("limit", INT))
    assert S.render(sig.output) == "{count :int, items [{id :int}]}"
    assert S.parse("() -> :any").params == ()


def test_multiline_signature_from_the_doc():
    sig = S.parse("(query :string, options {limit :int?, sort :string?}) ->\n"
                  "{results [{id :int, score :float, metadata :map}], total :int}")
    assert [n for n, _ in sig.params] == ["query", "options"]


@pytest.mark.parametrize("text, words", [
    ("", "cannot be empty"),
    ("[]", "needs an item type"),
    (":list", "use [:type]"),
    ("(items :array) -> :bool", "use [:type]"),
    (":object", "{field :type} or :map"),
    (":strng", "use :string"),
    ("{id :int", "expected }"),
    ("{id}", "expected type"),
    (":int :int", "expected end"),
    ("{id :int} -> :int", "expected end"),
    ("{a $}", "unexpected text"),
])
def test_bad_signatures_say_what_is_wrong(text, words):
    with pytest.raises(S.SignatureError) as e:
        S.parse(text)
    assert words in str(e.value)


def _problems(value, text):
    return S.check(value, S.parse(text).output)


def test_check_accepts_matching_values():
    assert _problems({kw("count"): 2, kw("items"): [{kw("id"): 1}]}, "{count :int, items [{id :int}]}") == []
    assert _problems({"count": 2, "items": []}, "{count :int, items [{id :int}]}") == []
    assert _problems(3, ":float") == []  # an integer is a float (as PtcRunner)
    assert _problems({kw("extra"): 1, kw("id"): 1}, "{id :int}") == []  # extra fields allowed
    assert _problems({}, "{email :string?}") == []
    assert _problems({kw("email"): None}, "{email :string?}") == []
    assert _problems(kw("pending"), ":keyword") == []
    assert _problems("2026-05-03T09:14:00Z", ":datetime") == []
    assert _problems([1, "a", None], "[:any]") == []


def test_fields_match_keys_flexibly():
    """Signature fields use underscores; programs write :order-count (signature-syntax.md)."""
    sig = "{order_count :int, is_active :bool}"
    for keys in ((kw("order-count"), kw("is-active")), ("order_count", "is_active"),
                 ("order-count", "is-active"), (kw("order_count"), kw("is_active"))):
        assert _problems({keys[0]: 5, keys[1]: True}, sig) == []


def test_mismatches_name_the_path_and_expected_type():
    value = {kw("results"): [{kw("customer"): {kw("id"): 1}}, {kw("customer"): {kw("id"): "abc"}}],
             kw("total"): None}
    problems = _problems(value, "{results [{customer {id :int}}], total :int}")
    assert problems == [("results[1].customer.id", 'expected :int, got string "abc"'),
                        ("total", "expected :int, got nil")]


def test_more_mismatches():
    assert _problems(True, ":int") == [("", "expected :int, got boolean true")]
    assert _problems(1.5, ":int") == [("", "expected :int, got float 1.5")]
    assert _problems({}, "{id :int}") == [("id", "missing (expected :int)")]
    assert _problems([1, "x"], "[:int]") == [("[1]", 'expected :int, got string "x"')]
    assert _problems("a b", ":keyword") != []
    assert _problems("2026-05-03T09:14:00", ":datetime") != []  # no offset: ambiguous
    assert _problems([1], ":map") == [("", "expected :map, got vector [1]")]
    assert len(_problems(list(range(50)), "[:string]")) == S.MAX_PROBLEMS


def test_json_schema_both_ways():
    t = S.parse("{query :string, limit :int?, tags [:string], opts :map}").output
    schema = S.to_schema(t)
    assert schema == {"type": "object", "required": ["query", "tags", "opts"], "properties": {
        "query": {"type": "string"},
        "limit": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
        "tags": {"type": "array", "items": {"type": "string"}},
        "opts": {"type": "object"}}}
    assert S.from_schema(schema) == t
    assert S.from_schema({"type": ["number", "null"]}) == ("opt", FLOAT)
    # a schema's enum keeps its values: a string that takes only these (shown to the model)
    assert S.from_schema({"type": "string", "enum": ["a", "b"]}) == ("prim", "string", ("a", "b"))
    assert S.to_schema(S.enum(["a", "b"])) == {"type": "string", "enum": ["a", "b"]}
    assert S.check("c", S.enum(["a", "b"])) == [] and S.check(1, S.enum(["a"])) != []
    assert S.from_schema({"oneOf": [{"type": "integer"}, {"type": "string"}]}) == S.ANY


# ---------------------------------------------------------------- return signatures on a Session

def test_return_value_matching_the_signature_is_ok():
    r = ptclisp.run("{:count 2 :items [{:id 1} {:id 2}]}", signature="{count :int, items [{id :int}]}")
    assert r.status == "ok"
    r = ptclisp.run("(return {:count 0 :items []})", signature="() -> {count :int, items [{id :int}]}")
    assert r.status == "returned"


def test_mismatch_is_an_error_with_path_and_expected_type():
    s = ptclisp.Session(signature="{count :int, items [{id :int}]}")
    r = s.run('(def seen 1) {:count "2" :items [{:id 1} {:id "x"}]}')
    assert r.status == "error" and r.error.kind == "EvalError" and r.error.code == "signature"
    assert r.error.message == (
        "the program's value does not match the return signature {count :int, items [{id :int}]}: "
        'count: expected :int, got string "2"; items[1].id: expected :int, got string "x"')
    assert "every field not marked ? is required" in r.error.hint
    assert "seen" not in s.memory  # an error commits nothing


def test_returned_value_is_checked_too_and_failures_are_not():
    sig = "{answer :int}"
    assert ptclisp.run('(return {:answer "42"})', signature=sig).status == "error"
    failed = ptclisp.run('(fail "cannot")', signature=sig)
    assert failed.status == "failed" and failed.value == "cannot"


def test_bad_signature_is_a_host_error_at_once():
    with pytest.raises(S.SignatureError):
        ptclisp.Session(signature="[]")
