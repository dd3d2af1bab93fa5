"""Texts of the host API: saved sessions, Session arguments, data= at the door."""
from __future__ import annotations


# ---------------------------------------------------------------- saved sessions (saving.py)


def save_place(where: str, value: str) -> str:
    """One value that cannot be saved, and where it is."""
    return f"{where} holds {value}"


SAVE_TOO_DEEP = "a value nested too deeply to save"


def save_not_data(places) -> str:
    """A session with values that are not data (functions...)."""
    return ("cannot save the session: only data can be saved, but " + "; ".join(places)
            + ". Redefine these as data, or drop them, before saving.")


SAVED_NOT_SESSION = "not a saved ptclisp session (no {:format \"ptclisp-session\"} map)"


def saved_version(got, want: int) -> str:
    """A saved session of another format version."""
    return f"saved session version {got!r} is not supported (this ptclisp reads version {want})"


def saved_bad_tag(type_name: str, value: str) -> str:
    """A saved date, instant or duration that is not an int in range."""
    return f"saved session holds a {type_name} of {value}, which is not a number in range (years 1 to 9999)"


SAVED_MALFORMED = ("not a well-formed saved ptclisp session: :memory, :journal and :summaries must "
                   "be maps, :history a vector and :signature a signature text, none nested "
                   "without end")


def save_too_big(chars: int, cap: int) -> str:
    """A session whose saved text would pass the cap on saved text."""
    return (f"the session would save as about {chars:,} characters, over the cap of {cap:,} "
            "characters a saved session may have")


def saved_too_big(chars: int, cap: int) -> str:
    """A saved text longer than a loader reads."""
    return f"the saved session is {chars:,} characters, over the cap of {cap:,} this loader reads"


def api_not_saved_text(value) -> str:
    """Session.load given something other than text."""
    return f"Session.load expects the text Session.save returned, got {type(value).__name__}"


# ---------------------------------------------------------------- host API misuse (session.py)


def api_not_limits(value) -> str:
    return f"limits must be a ptclisp.Limits, got {type(value).__name__}"


SESSION_BUSY = ("Session is already running a program: a Session runs one program at a time "
                "(use one Session per conversation, or wait for its run to end)")


def api_not_source(value) -> str:
    return f"a program is a str of PTC-Lisp source, got {type(value).__name__}"


# ---------------------------------------------------------------- data= at the door (#16, #19)


def api_data_not_data(name: str | None, keys, type_name: str) -> str:
    """Session(data=...) holding something that is not data: data/NAME, then the keys down to
    it (as Lisp text), and its Python type."""
    where = f"data/{name}" if name is not None else "data"
    if keys:
        where = f"(get-in {where} [{' '.join(keys)}])"
    return (f"{where} holds a Python {type_name}, which is not data: data= holds maps, lists, "
            f"strings, numbers, booleans, None, dates and Decimals; convert it first")


API_DATA_TOO_DEEP = "data= is nested too deeply to be read as data"
# a one-shot run's data read in place (host/inplace.py) met it: the program cannot mend it
HINT_DATA_READ_IN_PLACE = ("the host gave this value and a program cannot change it: read only "
                           "the fields you need, or end with (fail ...) saying what is wrong")
# host data another thread of the host changed while the run copied or read it
DATA_CHANGED = "the host's data changed while the program was reading it"
HINT_DATA_CHANGED = "run the program again; the host must not change data a run is reading"


ISOLATION_BAD_DISCOVERY = "the isolated worker sent a malformed upstream discovery request"


# ---------------------------------------------------------------- numbers and dates at the door (#26)

HOST_SIGNALING_NAN = "a signaling NaN (Decimal('sNaN')), which is not a number"
HOST_DATE_OUT_OF_RANGE = "a date or datetime outside the years 1 to 9999 (UTC), which no date value holds"


def host_number_too_big(bits: int) -> str:
    """A host number past the integer cap (a Decimal with a huge exponent)."""
    return f"a number past the integer limit (2^{bits}, about {bits * 30103 // 100000:,} digits)"


def host_too_many_items(n: int | None, cap: int) -> str:
    """A host range or other non-list sequence too long to write out."""
    size = "more items than can be counted" if n is None else f"{n:,} items"
    return f"a sequence of {size}, over the {cap:,} a sequence that is not a list may have"


def api_data_out_of_range(name: str | None, keys, problem: str) -> str:
    """Session(data=...) holding a number, date or sequence too big to convert, and where."""
    where = f"data/{name}" if name is not None else "data"
    if keys:
        where = f"(get-in {where} [{' '.join(keys)}])"
    return f"{where} holds {problem}; convert it first"
