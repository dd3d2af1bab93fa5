"""Saved sessions: memory, *1..*3, the journal, step summaries and the return signature as
readable EDN text (our formatter), so a server can keep a conversation between requests.

    ;; ptclisp session
    {:format "ptclisp-session"
     :version 1
     :signature "{count :int}"
     :memory {"total" 42
              "users" [{:name "Ada"}]}
     :history [42 #'users nil]
     :journal {"fetch-users" [{:name "Ada"}]}
     :summaries {}}

Dates, durations and regexes, which print as plain strings or need their own type back, are
saved as one-entry tagged maps (`{:ptclisp-datetime 1768467600000000}`: microseconds since the
epoch). Functions and other non-data values cannot be saved: `SaveError` names each of them.

Saved text can be much longer than the session's memory: values share parts, and a 100,000-
character keyword referenced 2,000 times is one object in memory but 200 MB of text. A bound on
the saved text (`max_chars`) is checked before any text is built, on the printed length measured
over the shared parts (`export.measure`, each distinct object walked once), and again on the text.
Loading refuses a text past its bound before reading it, and integers longer than any a program
can hold (a tampered text) before converting them.
"""
from __future__ import annotations

from ..core.dates import MAX_DAYS, MAX_MICROS, MIN_DAYS, MIN_MICROS, DateTime, Duration, LocalDate
from ..core.regexp import make_regex
from ..core.numbers import MAX_INT_BITS
from ..lang import export
from ..lang.printer import format_string, format_value
from ..lang.data_reader import read_value
from .. import messages
from .signatures import parse as parse_signature
from ..lang.values import MAP_TYPES, SET_TYPES, VECTOR_TYPES, Keyword, PSet, Symbol, Var, freeze, make_map

__all__ = ["SaveError", "SaveTooBig", "Saved", "save_session", "save_bounded", "saved_chars",
           "saved_size", "load_state", "FORMAT", "VERSION", "INT_DIGITS"]

FORMAT, VERSION = "ptclisp-session", 1
INT_DIGITS = MAX_INT_BITS * 30103 // 100000 + 1  # digits of the largest int a program can hold
_FRAME = 200  # characters of a saved text around its parts (keys, format, version)
_INF = float("inf")
_SCALARS = (type(None), bool, int, float, str, Keyword, Symbol, Var)
def _bounded(make, low: int, high: int):
    """saved scalar -> value, refusing anything but an int in [low, high] (years 1-9999)."""
    def back(x):
        if type(x) is not int or not low <= x <= high:
            raise ValueError(messages.saved_bad_tag(make.ptc_type_name, format_value(x, max_chars=40)))
        return make(x)
    return back


_TAGS = {  # type -> (tag keyword, value -> saved scalar, saved scalar -> value)
    DateTime: (Keyword("ptclisp-datetime"), lambda v: v.micros, _bounded(DateTime, MIN_MICROS, MAX_MICROS)),
    LocalDate: (Keyword("ptclisp-date"), lambda v: v.days, _bounded(LocalDate, MIN_DAYS, MAX_DAYS)),
    Duration: (Keyword("ptclisp-duration"), lambda v: v.micros,
               _bounded(Duration, MIN_MICROS - MAX_MICROS, MAX_MICROS - MIN_MICROS)),
}
_REGEX_TAG = Keyword("ptclisp-regex")
_UNTAG = {tag: back for tag, _, back in _TAGS.values()}
_UNTAG[_REGEX_TAG] = make_regex


class SaveError(ValueError):
    """Values of a session that cannot be saved; `names` lists where each one is."""

    def __init__(self, names):
        self.names = list(names)
        super().__init__(messages.save_not_data(self.names))


class SaveTooBig(ValueError):
    """A session whose saved text would pass the cap; `chars` is about how long it would be."""

    def __init__(self, chars: int, cap: int):
        self.chars, self.cap = chars, cap
        super().__init__(messages.save_too_big(chars, cap))


class Saved:
    """A bounded save: the text, the places left out as not data, the *N left out as too big."""

    __slots__ = ("text", "not_data", "too_big")

    def __init__(self, text: str, not_data: list, too_big: list):
        self.text, self.not_data, self.too_big = text, not_data, too_big


def saved_chars(value, cap: float = _INF) -> int:
    """About how many characters value saves as, shared parts counted each time they appear
    (each distinct object walked once); stops soon after passing cap."""
    return export.measure(value, _INF, cap, _INF)[1]


def _encode_bounded(v, where: str, bad: list):
    """_encode, a value too deep for it named in bad as one that cannot be saved."""
    try:
        return _encode(v, where, bad)
    except RecursionError:
        bad.append(messages.save_place(where, messages.SAVE_TOO_DEEP))
        return None


def _encode(v, where: str, bad: list):
    """v with dates and regexes tagged; places of non-data values are added to bad."""
    t = type(v)
    if t in _SCALARS:
        return v
    if t in _TAGS:
        tag, out, _ = _TAGS[t]
        return {tag: out(v)}
    if getattr(v, "ptc_regex_source", None) is not None:
        return {_REGEX_TAG: v.ptc_regex_source}
    if isinstance(v, MAP_TYPES):  # make_map keeps true and 1 apart as keys
        return make_map([(_encode(k, where, bad), _encode(x, where, bad)) for k, x in v.items()])
    if isinstance(v, VECTOR_TYPES):
        return [_encode(x, where, bad) for x in v]
    if isinstance(v, SET_TYPES):
        return PSet.of([freeze(_encode(x, where, bad)) for x in v])
    bad.append(messages.save_place(where, format_value(v, max_chars=40)))
    return None


def _decode(v):
    if isinstance(v, MAP_TYPES):
        if len(v) == 1:
            (k, x), = v.items()
            back = _UNTAG.get(k) if type(k) is Keyword else None
            if back is not None:
                return back(x)
        return make_map([(_decode(k), _decode(x)) for k, x in v.items()])
    if isinstance(v, VECTOR_TYPES):
        return [_decode(x) for x in v]
    if isinstance(v, SET_TYPES):
        return PSet.of([freeze(_decode(x)) for x in v])
    return v


def _map_lines(m: dict, indent: int) -> str:
    """A map with one entry per line (sorted as the formatter sorts)."""
    if not m:
        return "{}"
    body = format_value(m)[1:-1]
    entries = [f"{format_value(k)} {format_value(m[k])}" for k in _sorted_keys(m)]
    if sum(len(e) for e in entries) < 60:
        return "{" + body + "}"
    return "{" + ("\n" + " " * (indent + 1)).join(entries) + "}"


def _sorted_keys(m: dict) -> list:
    return sorted(m, key=lambda k: format_value(k))


def save_session(session, skip: bool = False, max_chars: int | None = None) -> str:
    """The session's state as EDN text; SaveError naming every value that cannot be saved,
    or, with skip, those values left out (a memory or journal name dropped, *N as nil);
    SaveTooBig when the text would be longer than max_chars."""
    if max_chars is None:
        return _save(session, skip, session.history)
    used = _fixed_chars(session, max_chars) + sum(saved_chars(v, max_chars) + 1
                                                  for v in session.history)
    if used > max_chars:
        raise SaveTooBig(used, max_chars)
    return _checked(_save(session, skip, session.history), max_chars)


def save_bounded(session, max_chars: int, skip: bool = True) -> Saved:
    """The session's text within max_chars: a *N whose value would pass the cap is saved as
    nil and named in `too_big`; SaveTooBig when memory, journal and summaries alone pass it.
    With skip, values that are not data are left out and named in `not_data`."""
    _, too_big = saved_size(session, max_chars)
    history = [None if f"*{i + 1}" in too_big else v for i, v in enumerate(session.history)]
    bad: list = []
    text = _save(session, skip, history, bad)
    if len(text) > max_chars and any(v is not None for v in history):  # escapes made it longer
        too_big = [f"*{i + 1}" for i in range(len(history))]
        text = _save(session, skip, [None] * len(history))
    return Saved(_checked(text, max_chars), bad, too_big)


def saved_size(session, max_chars: int) -> tuple[int, list[str]]:
    """(about how many characters the session saves as, the *N too big to fit in max_chars),
    measured without building the text; SaveTooBig when memory, journal and summaries alone
    pass max_chars. Each *N that fits counts, the newest first."""
    used, too_big = _fixed_chars(session, max_chars), []
    for i, v in enumerate(session.history):
        chars = saved_chars(v, max_chars - used) + 1
        if used + chars > max_chars:
            too_big.append(f"*{i + 1}")
        else:
            used += chars
    return used, too_big


def _fixed_chars(session, max_chars: int) -> int:
    """About how long the saved text is without its history; SaveTooBig past max_chars."""
    used = _FRAME + len(session.signature.text if session.signature is not None else "")
    parts = [session.memory, session.journal or {}]
    for part in parts:
        for name, v in part.items():
            used += len(str(name)) + 4 + saved_chars(v, max_chars - used)
            if used > max_chars:
                raise SaveTooBig(used, max_chars)
    used += saved_chars(dict(session.summaries), max_chars - used)
    if used > max_chars:
        raise SaveTooBig(used, max_chars)
    return used


def _checked(text: str, max_chars: int) -> str:
    if len(text) > max_chars:
        raise SaveTooBig(len(text), max_chars)
    return text


def _save(session, skip: bool, history_values, bad: list | None = None) -> str:
    bad = [] if bad is None else bad
    memory = _saved_entries(session.memory, "memory", bad, skip)
    history = [_encode_or_nil(v, f"*{i + 1}", bad, skip) for i, v in enumerate(history_values)]
    journal = None if session.journal is None else _saved_entries(session.journal, "journal",
                                                                  bad, skip)
    if bad and not skip:
        raise SaveError(bad)
    sig = session.signature.text if session.signature is not None else None
    lines = [";; ptclisp session",
             f'{{:format {format_string(FORMAT)}',
             f" :version {VERSION}",
             f" :signature {format_value(sig)}",
             f" :memory {_map_lines(memory, 9)}",
             f" :history {format_value(history)}",
             f" :journal {format_value(journal) if journal is None else _map_lines(journal, 10)}",
             f" :summaries {format_value(dict(session.summaries))}}}"]
    return "\n".join(lines) + "\n"


def _saved_entries(m: dict, what: str, bad: list, skip: bool) -> dict:
    out = {}
    for k, v in m.items():
        before = len(bad)
        encoded = _encode_bounded(v, f"{what} {k}", bad)
        if not (skip and len(bad) > before):
            out[str(k)] = encoded
    return out


def _encode_or_nil(v, where: str, bad: list, skip: bool):
    before = len(bad)
    encoded = _encode_bounded(v, where, bad)
    return None if skip and len(bad) > before else encoded


def load_state(text: str, max_chars: int | None = None) -> dict:
    """The saved parts of a session text: memory, history, journal, summaries, signature.

    A text that is not a well-formed saved session (a part of the wrong shape, a date out of
    range, a signature nested without end, an integer longer than a program can hold) is a
    ValueError saying so, never another error; so is a text longer than max_chars, refused
    before it is read."""
    if not isinstance(text, str):
        raise TypeError(messages.api_not_saved_text(text))
    if max_chars is not None and len(text) > max_chars:
        raise ValueError(messages.saved_too_big(len(text), max_chars))
    try:
        return _load_state(text)
    except (AttributeError, TypeError, KeyError, IndexError, OverflowError, RecursionError,
            MemoryError):
        raise ValueError(messages.SAVED_MALFORMED) from None


def _load_state(text: str) -> dict:
    state = read_value(text, max_int_digits=INT_DIGITS)
    if not isinstance(state, dict) or state.get(Keyword("format")) != FORMAT:
        raise ValueError(messages.SAVED_NOT_SESSION)
    if state.get(Keyword("version")) != VERSION:
        raise ValueError(messages.saved_version(state.get(Keyword("version")), VERSION))
    get = lambda name, default: state.get(Keyword(name), default)  # noqa: E731
    sig = get("signature", None)
    journal = get("journal", None)
    return {"memory": {str(k): _decode(v) for k, v in (get("memory", {}) or {}).items()},
            "history": [_decode(v) for v in get("history", []) or []][:3],
            "journal": None if journal is None else {str(k): _decode(v) for k, v in journal.items()},
            "summaries": dict(get("summaries", {}) or {}),
            "signature": parse_signature(sig) if sig is not None else None}
