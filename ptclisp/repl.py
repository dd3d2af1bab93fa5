"""The interactive `ptclisp repl`: multi-line input, line editing, Ctrl-C, *e.

Not part of the language core: only the command line imports it.
"""
from __future__ import annotations

import sys

from . import __version__, messages
from .errors import ReadError
from .formatter import format_value
from .reader import read
from .session import Session

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


def repl(data=None, out=sys.stdout, err=sys.stderr, ask=input, upstreams=None) -> int:
    """Run the loop until end of input; results on out, errors on err."""
    session = Session(data=data, upstreams=upstreams)
    last_error = None
    print(messages.repl_banner(__version__), file=out)
    while True:
        try:
            text = read_input(ask)
        except KeyboardInterrupt:  # Ctrl-C cancels the input being typed
            print(messages.REPL_CANCELLED, file=out)
            continue
        if text is None:
            print(file=out)
            return 0
        if text.strip() == "*e":
            print(last_error.render() if last_error is not None else "nil", file=out)
            continue
        try:
            result = session.run(text)
        except KeyboardInterrupt:
            print(messages.REPL_INTERRUPTED, file=err)
            continue
        for line in result.prints:
            print(line, file=out)
        if result.error is not None:
            last_error = result.error
            print(result.error.render(text), file=err)
        else:
            prefix = {"returned": "returned ", "failed": "failed: "}.get(result.status, "")
            print(prefix + format_value(result.value), file=out)
