"""Secrets in every form they take on the wire (#26 item 6) and short secrets (#27 item 7).

The expected texts are worked out by hand: base64("alice:hunter2pw") is YWxpY2U6aHVudGVyMnB3
(python -c "import base64; print(base64.b64encode(b'alice:hunter2pw'))")."""
from __future__ import annotations

import base64
import json

import pytest

import ptclisp.upstream as U
from ptclisp.upstream.redact import MASK, Redactor

from conftest import run

PAIR, PASSWORD = "alice:hunter2pw", "hunter2pw"
B64 = "YWxpY2U6aHVudGVyMnB3"

CASES = [
    # (secrets, text, expected)
    ([PAIR, PASSWORD], f"Authorization: Basic {B64}", f"Authorization: Basic {MASK}"),
    ([PAIR, PASSWORD], "pw=HUNTER2PW user=ALICE:HUNTER2PW", f"pw={MASK} user={MASK}"),
    ([PAIR, PASSWORD], "alice%3Ahunter2pw", MASK),  # percent-encoded
    # the secret's base64 inside the base64 of a longer text, at another alignment
    ([PASSWORD], base64.b64encode(b"xx" + PASSWORD.encode() + b"yy").decode(), f"eHh{MASK}d5eQ=="),
    # chars 3..13 of the 16 depend on the secret only (bits 16..88); "c=" on the padding too
    ([PASSWORD], base64.b64encode(b"?>" + PASSWORD.encode()).decode(), f"Pz5{MASK}c="),
    # the URL-safe alphabet: "~~~~~~~~~" is "fn5+fn5+fn5+" in standard base64
    (["~~~~~~~~~"], base64.urlsafe_b64encode(b"~~~~~~~~~").decode(), MASK),
    # a short secret only as a whole word, in any case
    (["abc"], "abcdef abc ABC x-abc-y zabc", f"abcdef {MASK} {MASK} x-{MASK}-y zabc"),
    (["abc"], "the cabbage is abcd", "the cabbage is abcd"),
    # a long secret is matched anywhere
    (["s3cr3t-t0k3n"], "prefixs3cr3t-t0k3nsuffix", f"prefix{MASK}suffix"),
    # #35 item 7: more whole forms, each masked in place
    ([PASSWORD], "drowssap:wp2retnuh", f"drowssap:{MASK}"),  # reversed
    ([PASSWORD], "hex=68756e746572327077;", f"hex={MASK};"),  # h=68 u=75 n=6e t=74 ...
    ([PASSWORD], "68756E746572327077", MASK),
    ([PAIR, PASSWORD], "alice%253Ahunter2pw", MASK),  # percent-encoded twice
    ([PASSWORD], "&#104;&#117;&#110;&#116;&#101;&#114;&#50;&#112;&#119;", MASK),
    ([PASSWORD], "&#x68;&#x75;&#x6e;&#x74;&#x65;&#x72;&#x32;&#x70;&#x77;", MASK),
    ([PASSWORD], "\\u0068\\u0075\\u006e\\u0074\\u0065\\u0072\\u0032\\u0070\\u0077", MASK),
    # base32: b32encode(b"hunter2pw") is NB2W45DFOIZHA5Y=, its first 14 characters the
    # secret's alone; b32encode(b"::hunter2pw") is HI5GQ5LOORSXEMTQO4====== (characters 4..16)
    ([PASSWORD], "NB2W45DFOIZHA5Y=", f"{MASK}Y="),
    ([PASSWORD], "nb2w45dfoizha5y=", f"{MASK}y="),
    ([PASSWORD], "HI5GQ5LOORSXEMTQO4======", f"HI5G{MASK}4======"),
]


@pytest.mark.parametrize("secrets,text,expected", CASES)
def test_every_wire_form_is_redacted(secrets, text, expected):
    assert Redactor(secrets).text(text) == expected


def test_a_basic_credential_adds_its_pair_and_password(api_url):
    from conftest import HERE
    cfg = {"credentials": {"b": {"source": "literal", "value": json.dumps({"user": "alice", "pass": PASSWORD})}},
           "upstreams": {"api": {"transport": "openapi", "base_url": api_url,
                                 "schema_file": str(HERE / "catalog.openapi.json"),
                                 "allow_insecure_http": True, "allow_insecure_auth": True,
                                 "auth": [{"scheme": "basic", "binding": "b"}],
                                 "include_operations": ["echo"]}}}
    with U.load(cfg) as ups:
        r = run(ups, '(tool/call {:server "api" :tool "echo"})')
    assert r.ok, r.error
    out = r.to_python()
    assert out["ok"] is True
    v = out["value"]
    # the echoing server saw the credential: it came back in five forms, each redacted
    assert v["headers"]["Authorization"] == f"Basic {MASK}"
    assert (v["pair"], v["shouted"], v["password"], v["quoted"]) == (MASK, MASK, MASK, MASK)
    text = json.dumps(out)
    for form in (PASSWORD, PAIR, B64, PASSWORD.upper()):
        assert form not in text


LEAKS = [
    # (secrets, parts of one answer (already scrubbed in place), whether a program can rebuild one)
    ([PASSWORD], ["hunt", "er2pw"], True),  # two text blocks: (apply str ...)
    ([PASSWORD], ["hunt", "", "er2", "pw"], True),
    ([PASSWORD], ["hunt er2pw"], True),  # white space taken out
    ([PASSWORD], ["hun%74er2pw"], True),  # partly percent-encoded
    ([PASSWORD], ["hun%2574er2pw"], True),  # partly, twice
    ([PASSWORD], ["hu&#110;ter2pw"], True),  # partly HTML references
    ([PASSWORD], ["\\u0068unter2pw"], True),  # partly JSON escapes (read with :raw true)
    ([PASSWORD], ["aHVudGVy\r\nMnB3"], True),  # MIME-wrapped base64 of hunter2pw
    ([PASSWORD], ["aHVudGVy", "MnB3"], True),  # base64 split across blocks
    ([PASSWORD], [{"a": "hunter", "b": "2pw"}], True),  # structured values: (apply str (vals m))
    ([PASSWORD], [{"hunt": 1, "er2pw": 2}], True),  # keys
    ([PASSWORD], ["hunter", "2 p w"], True),
    ([PASSWORD], ["hello", "world", {"a": "hunter"}], False),
    ([PASSWORD], [MASK, MASK], False),
    (["abc"], ["a", "bc"], True),  # a short secret: a whole word once joined
    (["abc"], ["xa", "bcx"], False),  # not a whole word
    ([], ["hunter2pw"], False),
]


@pytest.mark.parametrize("secrets,parts,rebuilt", LEAKS)
def test_what_a_program_could_join_or_decode_is_found(secrets, parts, rebuilt):
    assert Redactor(secrets).leaks(*parts) is rebuilt


def test_a_message_that_still_holds_a_secret_is_masked_whole():
    r = Redactor([PASSWORD])
    assert r.message("upstream 'x' answered t with an error: token=hunter2pw") == \
        f"upstream 'x' answered t with an error: token={MASK}"
    assert r.message("upstream 'x' answered t with an error: token=hun%74er2pw") == MASK


def test_data_without_a_secret_is_given_back_as_it_is():
    rows = [{"id": i, "name": f"n{i}"} for i in range(100)]
    assert Redactor([PASSWORD]).data(rows) is rows
    assert Redactor([PASSWORD]).data([{"k": "x hunter2pw"}]) == [{"k": f"x {MASK}"}]
