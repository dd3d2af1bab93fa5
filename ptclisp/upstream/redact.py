"""Replace secret values with [REDACTED] in texts and in JSON-shaped data (keys included), and
find secrets a program could still rebuild from what is left.

A secret goes on the wire in more forms than the one configured, and a server may echo any of
them (docs/upstreams.md, "Secrets"). Two layers:

1. In place (`text`, `data`): each secret is replaced wherever one of its forms appears:
   - itself, in any letter case (`Hunter2PW`, `HUNTER2PW`), reversed, percent-encoded (once or
     twice), as HTML character references (`&#104;...`, `&#x68;...`), as JSON `\\u` escapes and
     as hex;
   - base64 (standard and URL-safe) and base32 of any text that contains it: a basic-auth
     header `Basic base64(user:pass)` echoed back shows the pair, so the part of the encoding
     that only the secret's bytes decide is matched, at each alignment;
   - a short secret (under SHORT characters, like `abc`) only as a whole word, never inside a
     longer run of letters and digits, so it does not redact every `abc` in `abcdef`.
2. Whole answers (`leaks`): what is left is joined in order (as `(apply str ...)` would),
   also with its white space taken out (MIME-wrapped base64, a secret cut by line breaks) and
   with JSON escapes, percent-encoding and HTML references undone, mixed or repeated (a
   program's `json/parse-string` or `url-decode`); every form of layer 1 is looked for in
   each of these. An answer in which one shows is withheld whole by the caller, since the
   secret cannot be masked in place.

Neither layer can promise more: a server that knows a secret can always send it in a form no
list foresees (docs/upstreams.md says so). Basic-auth bindings add their `user:pass` pair and
the password alone (config.Secrets.values).
"""
from __future__ import annotations

import base64
import html
import re
import urllib.parse

MASK = "[REDACTED]"
SHORT = 8  # characters: a shorter secret is matched only as a whole word
MIN_CODED = 8  # characters of base64/base32: a shorter fixed part is not matched (false hits)
_WORD = "A-Za-z0-9"
_JSON_ESCAPE = re.compile(r"\\u([0-9A-Fa-f]{4})|\\([\"\\/bfnrt])")
_JSON_SIMPLE = {"b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


def wire_forms(secret: str) -> tuple[set, set]:
    """(forms matched in any case, encoded forms matched exactly) of one secret."""
    raw = secret.encode("utf-8")
    once = urllib.parse.quote(secret, safe="")
    plain = {secret, secret[::-1], once, urllib.parse.quote_plus(secret, safe=""),
             urllib.parse.quote(once, safe=""), raw.hex(),
             "".join(f"&#{ord(c)};" for c in secret), "".join(f"&#x{ord(c):x};" for c in secret),
             "".join(f"\\u{ord(c):04x}" for c in secret)}
    coded = set()
    for k in range(3):  # the secret's bytes at each offset in a base64 block
        text = base64.b64encode(b"\0" * k + raw + b"\0\0").decode("ascii")
        core = text[-(-8 * k // 6):(8 * (k + len(raw))) // 6]  # chars only the secret decides
        if len(core) >= MIN_CODED:
            coded.update({core, core.replace("+", "-").replace("/", "_")})
    for k in range(5):  # and in a base32 block (5 bytes, 8 characters)
        text = base32(b"\0" * k + raw + b"\0" * 4)
        core = text[-(-8 * k // 5):(8 * (k + len(raw))) // 5]
        if len(core) >= MIN_CODED:
            plain.add(core)  # base32 is written in either case
    return plain, coded


def base32(data: bytes) -> str:
    """The base32 text of data."""
    return base64.b32encode(data).decode("ascii")


def _alternative(form: str, short: bool) -> str:
    body = re.escape(form)
    if short:
        return f"(?<![{_WORD}]){body}(?![{_WORD}])"
    return body


class Redactor:
    """Knows a fixed set of secrets; scrubs strings and nested data of them."""

    def __init__(self, secrets=()):
        folded, exact = [], []
        self._lowered, self._exact = set(), set()  # the forms, for a quick test before the regex
        for s in sorted({s for s in secrets if s}, key=len, reverse=True):  # longest first
            plain, coded = wire_forms(s)
            short = len(s) < SHORT
            folded += [_alternative(f, short) for f in sorted(plain, key=len, reverse=True)]
            exact += [re.escape(c) for c in sorted(coded, key=len, reverse=True)]
            self._lowered |= {f.lower() for f in plain}
            self._exact |= coded
        parts = []
        if exact:
            parts.append("|".join(exact))
        if folded:
            parts.append("(?i:" + "|".join(folded) + ")")
        self._pattern = re.compile("|".join(parts)) if parts else None

    def _maybe(self, s: str) -> bool:
        """False when no form of a secret is in s (substring tests: far quicker than the
        case-insensitive regex, which then runs only where it may match)."""
        if any(c in s for c in self._exact):
            return True
        low = s.lower()
        return any(f in low for f in self._lowered)

    def text(self, s: str) -> str:
        """s with every secret replaced."""
        if self._pattern is None or not self._maybe(s):
            return s
        return self._pattern.sub(MASK, s)

    def data(self, x):
        """JSON-shaped x with every string (and key) scrubbed: x itself when none holds a
        secret, else a copy."""
        if self._pattern is None:
            return x
        strings: list = []
        _strings(x, strings)
        if not self._maybe("\0".join(strings)):
            return x
        return self._scrub(x)

    def _scrub(self, x):
        t = type(x)
        if t is str:
            return self.text(x)
        if t is dict:
            return {self._scrub(k): self._scrub(v) for k, v in x.items()}
        if t is list or t is tuple:
            return [self._scrub(v) for v in x]
        return x

    def message(self, s: str) -> str:
        """s scrubbed in place, or MASK alone when a secret can still be rebuilt from it."""
        s = self.text(s)
        return MASK if self.leaks(s) else s

    def leaks(self, *parts) -> bool:
        """Whether a secret shows, in any form `text` knows, in the strings of parts
        (JSON-shaped, already scrubbed) once joined in order, with white space taken out, and
        with JSON escapes, percent-encoding and HTML references undone (see the docstring)."""
        if self._pattern is None:
            return False
        every, values, keys = [], [], []  # a program may join them all, or the values, or the keys
        for p in parts:
            _strings(p, every, values, keys)
        views = set()
        for strings in (every, values, keys):
            joined = "".join(strings)
            views |= {joined, "".join(joined.split())}
            unescaped = _unescape(joined)
            if unescaped != joined:
                views |= {unescaped, "".join(unescaped.split())}
        return any(self._maybe(v) and self._pattern.search(v) for v in views if v)


def _strings(x, out: list, values: list | None = None, keys: list | None = None) -> None:
    """Every string of JSON-shaped x (keys too) in order into out; into values those that are
    not keys, into keys the keys (when given)."""
    t = type(x)
    if t is str:
        out.append(x)
        if values is not None:
            values.append(x)
    elif t is dict:
        for k, v in x.items():
            if type(k) is str:
                out.append(k)
                if keys is not None:
                    keys.append(k)
            _strings(v, out, values, keys)
    elif t is list or t is tuple:
        for v in x:
            _strings(v, out, values, keys)


def _unescape(text: str) -> str:
    """text with JSON escapes, percent-encoding and HTML references undone (each up to three
    times, so double encodings and their mixes come out)."""
    for _ in range(3):
        before = text
        if "\\" in text:
            text = _JSON_ESCAPE.sub(_json_char, text)
        if "%" in text:
            text = urllib.parse.unquote(text)
        if "&" in text:
            text = html.unescape(text)
        if text == before:
            break
    return text


def _json_char(m: re.Match) -> str:
    if m.group(1):
        return chr(int(m.group(1), 16))
    c = m.group(2)
    return _JSON_SIMPLE.get(c, c)
