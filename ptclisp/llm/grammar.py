"""The Lark grammar of a grammar-constrained `lisp_eval` tool, generated from grammar/ptclisp.lark.

Providers that constrain a custom tool's input with a Lark grammar (OpenAI custom tools:
`format: {"type": "grammar", "syntax": "lark", ...}`) run it with llguidance, whose regexes have
no look-around. So the generated grammar is our grammar with three changes: the `TOKEN_END`
look-ahead is dropped (a word then simply ends where the next token starts), `SYMBOL` is
spelled without look-arounds, and a program has at least one form (whitespace and comments
before it are matched explicitly: llguidance skips ignored text only after a first token).
Rules and every other terminal are copied as written. It accepts every program the reader accepts (and a few that
the reader refuses, such as `1abc`); an unbalanced program is never accepted.
"""
from __future__ import annotations

import re
import threading
from importlib import resources

from . import messages as M

__all__ = ["lisp_eval_grammar", "grammar_source"]

_SYM_START = r"a-zA-Z*<>=?!_%.&"
_SYM_REST = r"a-zA-Z0-9+\-*<>=?!_%.&'"
_HEAD = (rf"(?:[{_SYM_START}][{_SYM_REST}]*"
         rf"|[-+](?:[a-zA-Z+\-*<>=?!_%.&'][{_SYM_REST}]*)?)")
_NAME = rf"(?:[a-zA-Z+\-*<>=?!_%.&][{_SYM_REST}]*|\/)"
# terminals whose definition uses look-arounds, spelled without them (None: left out)
_REPLACED = {
    "TOKEN_END": None,
    "SYMBOL_BODY": None,
    "SYMBOL": rf"/(?:{_HEAD}(?:\/{_NAME})?|\/)/",
}
_LEADING = r"/(?:[ \t\r\n\f,]|;[^\n]*)+/"  # whitespace and comments before the first form
_DEFINITION = re.compile(r"^(\??)([A-Za-z_][A-Za-z0-9_]*)\s*:\s*(.*)$", re.DOTALL)
_LOOKAROUND = re.compile(r"\(\?<?[=!]")

_lock = threading.Lock()
_cache: list = []


def grammar_source() -> str:
    """The text of grammar/ptclisp.lark, as shipped in the package."""
    return (resources.files("ptclisp.grammar") / "ptclisp.lark").read_text(encoding="utf-8")


def lisp_eval_grammar() -> str:
    """The Lark grammar (llguidance dialect) of one `lisp_eval` program."""
    with _lock:
        if not _cache:
            _cache.append(_convert(grammar_source()))
        return _cache[0]


def _definitions(text: str) -> list[str]:
    """Definitions and directives, each joined onto one line, comments left out."""
    out: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("//"):
            continue
        if line[0].isspace() and out:
            out[-1] += " " + stripped
        else:
            out.append(stripped)
    return out


def _convert(text: str) -> str:
    lines = ["// lisp_eval: one PTC-Lisp program (generated from ptclisp's grammar/ptclisp.lark)"]
    for item in _definitions(text):
        if item.startswith("%"):
            lines.append(item)
            continue
        m = _DEFINITION.match(item)
        if m is None:
            raise ValueError(M.grammar_unexpected(item[:60]))
        name, body = m.group(2), m.group(3)
        if name == "start":  # llguidance skips %ignore text only after a first token
            body = "LEADING? form+"
            lines.append(f"LEADING: {_LEADING}")
        if name in _REPLACED:
            if _REPLACED[name] is not None:
                lines.append(f"{name}: {_REPLACED[name]}")
            continue
        body = re.sub(r"\s+TOKEN_END\b", "", body)
        if name.isupper() and _LOOKAROUND.search(body):
            raise ValueError(M.grammar_lookaround(name))
        lines.append(f"{name}: {body}")
    return "\n".join(lines) + "\n"
