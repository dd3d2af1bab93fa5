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
