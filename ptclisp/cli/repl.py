"""The interactive `ptclisp repl`: multi-line input, line editing, Ctrl-C, *e.

`*e` is a def in the REPL's session holding the last error as a map (:kind :code :message
:line :column :form :hint :stack), so programs read it: `(:hint *e)`. It is nil until an error.
Not part of the language core: only the command line imports it.
"""
from __future__ import annotations

import sys

from .. import __version__, messages
from ..errors import ReadError
from ..lang.printer import format_value
from ..lang.reader import read
from ..session import Session
from ..lang.values import Keyword

try:  # line editing and history where the platform has it (not on Windows' plain Python)
    import readline  # noqa: F401  importing it is what turns input() into an editor
except ImportError:  # pragma: no cover
    readline = None

PROMPT, MORE = "ptc> ", "...> "
_OPEN = frozenset(("unclosed", "unterminated"))  # read errors that more lines can complete


def complete(text: str) -> bool:
    """False while text only needs more lines (an unclosed bracket or string)."""
    try:
        read(text)
    except ReadError as e:
        return e.code not in _OPEN
    return True


def read_input(ask=input) -> str | None:
    """One program: lines until its brackets balance; None at end of input."""
    lines: list[str] = []
    while True:
        try:
            line = ask(MORE if lines else PROMPT)
        except EOFError:
            return "\n".join(lines) if lines else None
        lines.append(line)
        text = "\n".join(lines)
        if not text.strip():
            lines = []
            continue
        if complete(text):
            return text


LAST_ERROR = "*e"


def error_map(error) -> dict:
    """An error as the Lisp map `*e` holds: its to_dict() fields under keyword keys."""
    d = error.to_dict()
    d["stack"] = [{Keyword(k): v for k, v in frame.items()} for frame in d["stack"]]
    return {Keyword(k): v for k, v in d.items()}


def repl(data=None, out=sys.stdout, err=sys.stderr, ask=input, tools=None, limits=None,
         upstreams=None) -> int:
    """Run the loop until end of input; results on out, errors on err."""
    session = Session(data=data, tools=tools, limits=limits, upstreams=upstreams)
    session.memory[LAST_ERROR] = None
    print(messages.repl_banner(__version__), file=out)
    while True:
        try:
            text = read_input(ask)
        except KeyboardInterrupt:  # Ctrl-C cancels the input being typed
            print(messages.REPL_CANCELLED, file=out, flush=True)
            continue
        if text is None:
            print(file=out)
            return 0
        try:
            result = session.run(text)
        except KeyboardInterrupt:
            print(messages.REPL_INTERRUPTED, file=err)
            continue
        for line in result.prints:
            print(line, file=out)
        if result.error is not None:
            session.memory[LAST_ERROR] = error_map(result.error)
            print(result.error.render(text), file=err)
        else:
            prefix = {"returned": "returned ", "failed": "failed: "}.get(result.status, "")
            print(prefix + format_value(result.value), file=out)
