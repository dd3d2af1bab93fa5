"""Saved sessions: Session.save() -> EDN text, Session.load(text, ...) -> the same state."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from ptclisp import LimitExceeded, ReadError, Session, format_value, kw
from ptclisp import messages
from ptclisp.core.dates import DateTime, Duration, LocalDate
from ptclisp.host.saving import SaveError, SaveTooBig, save_bounded
from ptclisp.lang.values import Symbol, Var, equal


def test_a_conversation_continues_after_save_and_load():
    calls = []
    tools = {"get_users": lambda role: calls.append(role) or [{"name": "Ada"}]}
    s = Session(tools=tools, journal={}, signature="{admins :int}")
    assert s.run('(def users (task "fetch-admins" (tool/get-users {:role "admin"})))'
                 ' (step-done "fetch" "fetched") {:admins 1}').error is None
    text = s.save()
    back = Session.load(text, tools=tools)
    assert back.memory.keys() == {"users"} and back.journal == {"fetch-admins": [{kw("name"): "Ada"}]}
    assert back.signature.text == "{admins :int}" and back.summaries == {"fetch": "fetched"}
    r = back.run('(def again (task "fetch-admins" (tool/get-users {:role "admin"})))'
                 ' {:admins (+ (:admins *1) (count users))}')
    assert r.to_python() == {"admins": 2} and calls == ["admin"]  # the journal was reused
    assert back.run("{:admins 0}").status == "ok"
    assert back.run('"wrong"').status == "error"  # the signature came back too


def test_the_text_is_readable_edn():
    s = Session()
    s.run('(def total 42) (def users [{:name "Ada"}]) (def note "a \\"quoted\\" line")')
    text = s.save()
    assert text.splitlines()[:3] == [";; ptclisp session", '{:format "ptclisp-session"',
                                      " :version 1"]
    assert ' :memory {"note" "a \\"quoted\\" line"' in text
    assert '"total" 42' in text and '"users" [{:name "Ada"}]' in text
    assert " :history [#'note]" in text and " :journal nil" in text


def test_dates_and_regexes_come_back_as_themselves():
    s = Session()
    s.run('(def when (java.util.Date. 1000)) (def day (java.time.LocalDate/parse "2026-01-15"))'
          ' (def re #"o+")')
    back = Session.load(s.save())
    assert back.memory["when"] == DateTime(1_000_000) and back.memory["day"] == s.memory["day"]
    assert back.run('(re-find re "foo")').value == "oo"


def test_functions_cannot_be_saved_and_are_named():
    s = Session(journal={})
    s.run("(defn score [x] x) (def ok 1) (def fs [inc])")
    with pytest.raises(SaveError) as info:
        s.save()
    assert sorted(info.value.names) == [
        "memory fs holds #fn[inc]", "memory score holds #fn[score]"]
    assert str(info.value) == messages.save_not_data(info.value.names)
    assert str(info.value).startswith("cannot save the session: only data can be saved, but memory")


def test_skip_unsaveable_leaves_functions_out_and_keeps_the_data():
    s = Session(journal={})
    s.run("(defn score [x] x) (def ok 1) (def fs [inc])")
    s.run("score")  # *1 is the function, *2 the var of the def of fs
    back = Session.load(s.save(skip_unsaveable=True))
    assert back.memory == {"ok": 1}
    assert back.history[0] is None and len(back.history) == len(s.history)
    assert back.run("ok").value == 1


def test_bad_text_is_a_clear_error():
    with pytest.raises(ValueError, match="not a saved ptclisp session"):
        Session.load("{:a 1}")
    with pytest.raises(ValueError, match="version 9 is not supported"):
        Session.load('{:format "ptclisp-session" :version 9}')
    with pytest.raises(ReadError):
        Session.load("{:format")
    with pytest.raises(TypeError, match="Session.load expects the text"):
        Session.load(42)


scalars = (st.none() | st.booleans() | st.integers() | st.text(max_size=8)
           | st.floats(allow_nan=False) | st.sampled_from([kw("a"), kw("b-c"), Symbol("s")])
           | st.integers(-10**15, 10**15).map(DateTime) | st.integers(-10**5, 10**5).map(LocalDate)
           | st.integers(0, 10**9).map(Duration) | st.sampled_from([Var("x")]))
keys = st.none() | st.booleans() | st.integers() | st.text(max_size=5) | st.sampled_from(
    [kw("k"), kw("user-id")])
values = st.recursive(
    scalars,
    lambda inner: (st.lists(inner, max_size=4)
                   | st.dictionaries(keys, inner, max_size=4)
                   | st.frozensets(st.integers() | st.text(max_size=4) | keys, max_size=4)),
    max_leaves=15)
names = st.text("abcdefghij-", min_size=1, max_size=6)


@settings(max_examples=150, derandomize=True, deadline=None)
@given(st.dictionaries(names, values, max_size=5), st.lists(values, max_size=3),
       st.none() | st.dictionaries(names, values, max_size=3),
       st.sampled_from([None, "{count :int}", "[:string]"]))
def test_save_then_load_round_trips(memory, history, journal, signature):
    s = Session(memory=memory, journal=journal, signature=signature)
    s.history = history
    back = Session.load(s.save())
    for a, b in ((s.memory, back.memory), (s.history, back.history), (s.journal, back.journal)):
        assert format_value(a) == format_value(b)
        assert equal(a, b) if a is not None else b is None
    assert (back.signature and back.signature.text) == (s.signature and s.signature.text)
    assert back.save() == s.save()


# ---------------------------------------------------------------- bounded by the saved size (#36)

LONG_KEYWORD = '(def k (keyword (str/join (map (fn [_] "k") (range 100000)))))'


def test_a_long_keyword_shared_many_times_is_too_long_to_print_whole():
    s = Session()
    assert s.run(LONG_KEYWORD + " (def v (vec (map (fn [_] k) (range 2000)))) 1").error is None
    with pytest.raises(LimitExceeded):  # 200 MB of text; the cap is 16 MB
        format_value(s.memory["v"])
    with pytest.raises(LimitExceeded):
        s.save()


def test_save_with_max_chars_refuses_before_building_the_text_and_says_how_long():
    s = Session()
    assert s.run(LONG_KEYWORD + " (def v (vec (map (fn [_] k) (range 2000)))) 1").error is None
    with pytest.raises(SaveTooBig) as e:
        s.save(max_chars=1_000_000)
    assert e.value.chars > 200_000_000 and e.value.cap == 1_000_000
    assert str(e.value) == messages.save_too_big(e.value.chars, 1_000_000)
    assert str(e.value).startswith("the session would save as about 20")
    s.run("(def v nil) (def k nil)")
    text = s.save(max_chars=1_000)
    assert len(text) <= 1_000 and Session.load(text).memory == {"v": None, "k": None}


def test_a_shared_big_integer_is_counted_at_its_printed_length():
    s = Session()
    assert s.run("(def n (reduce * (map (fn [_] 1024) (range 9900)))) "
                 "(def v (vec (map (fn [_] n) (range 3000)))) 1").error is None
    with pytest.raises(SaveTooBig) as e:  # 3,000 x 29,803 digits, measured, not printed
        s.save(max_chars=10_000_000)
    assert e.value.chars > 89_000_000


def test_save_bounded_names_a_result_too_big_and_keeps_it_as_nil():
    s = Session()
    program = '(def small 1) (def big (str/join (map (fn [_] "x") (range 1000)))) '
    assert s.run(program + "(vec (map (fn [_] big) (range 200)))").error is None
    assert s.run("small").error is None  # *1 = 1, *2 = the 200,000-character vector
    saved = save_bounded(s, 50_000)
    assert saved.too_big == ["*2"] and saved.not_data == []
    back = Session.load(saved.text)
    assert back.history == [1, None] and back.memory["big"] == "x" * 1000
    with pytest.raises(SaveTooBig):  # memory alone past the cap: refused
        save_bounded(s, 500)


@pytest.mark.parametrize("literal", ["1" * 40_000, "-" + "9" * 30_200])
def test_load_refuses_an_integer_longer_than_any_a_program_holds(literal):
    text = ('{:format "ptclisp-session" :version 1 :memory {"x" ' + literal
            + '} :history [] :journal nil :summaries {}}')
    with pytest.raises(ReadError) as e:
        Session.load(text)
    assert "exceeds the limit of 30104 digits" in str(e.value)


def test_load_with_max_chars_refuses_a_long_text_before_reading_it():
    text = Session().save()
    with pytest.raises(ValueError) as e:
        Session.load(text + " " * 100, max_chars=len(text))
    assert str(e.value) == messages.saved_too_big(len(text) + 100, len(text))
    assert Session.load(text, max_chars=len(text)).memory == {}


def test_the_size_texts():
    assert messages.save_too_big(1234, 1000) == (
        "the session would save as about 1,234 characters, over the cap of 1,000 characters a "
        "saved session may have")
    assert messages.saved_too_big(2000, 1000) == (
        "the saved session is 2,000 characters, over the cap of 1,000 this loader reads")
