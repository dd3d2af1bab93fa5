"""Replace secret values with [REDACTED] in texts and in JSON-shaped data (keys included).

A secret goes on the wire in more forms than the one configured, and a server may echo any of
them (docs/upstreams.md, "Secrets"). Each secret is matched as:

- itself, in any letter case (`Hunter2PW`, `HUNTER2PW`), and percent-encoded;
- base64 (standard and URL-safe alphabets) of any text that contains it: a basic-auth header
  `Basic base64(user:pass)` echoed back shows the pair, so the part of the base64 that only
  the secret's bytes decide is matched, at each of the three alignments;
- a short secret (under SHORT characters, like `abc`) only as a whole word, never inside a
  longer run of letters and digits, so it does not redact every `abc` in `abcdef`.

Basic-auth bindings add their `user:pass` pair and the password alone (config.Secrets.values).
"""
from __future__ import annotations

import base64
import re
import urllib.parse

MASK = "[REDACTED]"
SHORT = 8  # characters: a shorter secret is matched only as a whole word
MIN_B64 = 8  # base64 characters: a shorter fixed part is not matched (too many false hits)
_WORD = "A-Za-z0-9"


def wire_forms(secret: str) -> tuple[set, set]:
    """(forms matched in any case, base64 forms matched exactly) of one secret."""
    plain = {secret, urllib.parse.quote(secret, safe=""), urllib.parse.quote_plus(secret, safe="")}
    raw = secret.encode("utf-8")
    coded = set()
    for k in range(3):  # the secret's bytes at each offset in a base64 block
        text = base64.b64encode(b"\0" * k + raw + b"\0\0").decode("ascii")
        core = text[-(-8 * k // 6):(8 * (k + len(raw))) // 6]  # chars only the secret decides
        if len(core) >= MIN_B64:
            coded.update({core, core.replace("+", "-").replace("/", "_")})
    return plain, coded


def _alternative(form: str, short: bool) -> str:
    body = re.escape(form)
    if short:
        return f"(?<![{_WORD}]){body}(?![{_WORD}])"
    return body


class Redactor:
    """Knows a fixed set of secrets; scrubs strings and nested data of them."""

    def __init__(self, secrets=()):
        folded, exact = [], []
        for s in sorted({s for s in secrets if s}, key=len, reverse=True):  # longest first
            plain, coded = wire_forms(s)
            short = len(s) < SHORT
            folded += [_alternative(f, short) for f in sorted(plain, key=len, reverse=True)]
            exact += [re.escape(c) for c in sorted(coded, key=len, reverse=True)]
        parts = []
        if exact:
            parts.append("|".join(exact))
        if folded:
            parts.append("(?i:" + "|".join(folded) + ")")
        self._pattern = re.compile("|".join(parts)) if parts else None

    def text(self, s: str) -> str:
        """s with every secret replaced."""
        return s if self._pattern is None else self._pattern.sub(MASK, s)

    def data(self, x):
        """A copy of JSON-shaped x with every string (and key) scrubbed."""
        if self._pattern is None:
            return x
        t = type(x)
        if t is str:
            return self.text(x)
        if t is dict:
            return {self.data(k): self.data(v) for k, v in x.items()}
        if t is list or t is tuple:
            return [self.data(v) for v in x]
        return x
