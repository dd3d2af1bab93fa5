"""Saved sessions: Session.save() -> EDN text, Session.load(text, ...) -> the same state."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from ptclisp import ReadError, Session, format_value, kw
from ptclisp import messages
from ptclisp.core.dates import DateTime, Duration, LocalDate
from ptclisp.host.saving import SaveError
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
