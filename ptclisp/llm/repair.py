"""Naming unbalanced delimiters in a program and offering the repaired text as a hint.

Missing closers are the commonest reason a model's program does not read (a reply cut off,
one `)` too few). `diagnose` says what is missing and where its opener was, and builds the
program with the closers added where indentation puts them, as the reader's hint does (else at
the end), or the extra ones at the end removed. The repair is only ever *offered*: nothing here
runs a guess.
"""
from __future__ import annotations

import bisect
import re

import attrs

from ..lang.read_errors import indentation_repair
from . import messages as M

__all__ = ["DelimiterReport", "diagnose"]

_TOKENS = re.compile(
    r'(?P<str>#?"(?:[^"\\]|\\[\s\S])*)(?P<q>")?'
    r"|(?P<comment>;[^\n]*)"
    r"|(?P<char>\\[\s\S])"
    r"|(?P<open>#[{(]|[(\[{])"
    r"|(?P<close>[)\]}])"
)
_CLOSER_OF = {"(": ")", "[": "]", "{": "}", "#{": "}", "#(": ")"}
_SHOWN_WHOLE = 300  # a repaired program up to this many characters is shown whole


@attrs.frozen
class DelimiterReport:
    """What is unbalanced, where, and (when it can be placed) the repaired program."""

    message: str
    hint: str
    line: int
    column: int
    repaired: str | None = None


class _Positions:
    """Offsets -> 1-based (line, column)."""

    def __init__(self, text: str):
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def __call__(self, offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(self.starts, offset)
        return line, offset - self.starts[line - 1] + 1


def diagnose(code: str) -> DelimiterReport | None:
    """A report on the first delimiter problem in code, or None when they balance."""
    return _scan(code, place=True)


def _scan(code: str, place: bool) -> DelimiterReport | None:
    """The first delimiter problem; with place, a missing closer goes where indentation says."""
    pos = _Positions(code)
    stack: list[tuple[str, int]] = []
    last_comment_end = last_end = -1
    for m in _TOKENS.finditer(code):
        kind = m.lastgroup if m.lastgroup != "q" else "str"
        if kind == "str" and m.group("q") is None:
            return _unclosed(code, pos, stack, string_at=m.start(), comment_end=-1,
                             dangling=m.end() < len(code.rstrip()))
        last_end = m.end()
        if kind == "comment":
            last_comment_end = m.end()
        elif kind == "open":
            stack.append((m.group(), m.start()))
        elif kind == "close":
            closer = m.group()
            if not stack:
                return _stray(code, pos, m.start(), closer)
            opener, at = stack[-1]
            if _CLOSER_OF[opener] != closer:
                line, col = pos(m.start())
                oline, ocol = pos(at)
                report = DelimiterReport(M.mismatched(closer, line, col, opener, oline, ocol),
                                         M.close_first(opener, _CLOSER_OF[opener]), line, col)
                return _placed(code, report) if place else report
            stack.pop()
    if stack:
        report = _unclosed(code, pos, stack, string_at=None, comment_end=last_comment_end,
                           dangling=last_end < len(code.rstrip()))
        return _placed(code, report) if place else report
    return None


def _placed(code: str, report: DelimiterReport) -> DelimiterReport:
    """The report with the reader's indentation-aware repair when it places a closer other than
    at the end (and the result balances), else as it was."""
    found = indentation_repair(code)
    if found is None or _scan(found[1], place=False) is not None:
        return report
    hint, repaired = found
    return attrs.evolve(report, hint=hint + "; " + _show(repaired), repaired=repaired)


def _unclosed(code, pos, stack, *, string_at, comment_end, dangling) -> DelimiterReport:
    """Openers (and maybe a string) still open at the end of the program."""
    missing = "".join(_CLOSER_OF[o] for o, _ in reversed(stack))
    body = code.rstrip()
    if dangling and body.endswith("\\"):  # a cut-off escape or character: it would eat a closer
        body = body[:-1]
    elif body.endswith("\\") and len(body) < len(code):  # `\` + whitespace is a character literal
        body = code[: len(body) + 1]
    if string_at is not None:
        line, col = pos(string_at)
        message = M.unclosed_string(line, col)
        missing = '"' + missing
        if stack:
            message += M.unclosed_more(len(stack) + 1)
    else:
        opener, at = stack[-1]
        line, col = pos(at)
        message = M.unclosed(opener, line, col)
        if len(stack) > 1:
            message += M.unclosed_more(len(stack))
        if comment_end >= len(body):  # the last line ends in a comment: close on a new line
            body += "\n"
    repaired = body + missing
    hint = M.add_at_end(_runs(missing)) + "; " + _show(repaired)
    return DelimiterReport(message, hint, line, col, repaired)


def _stray(code, pos, at, closer) -> DelimiterReport:
    """A closer with nothing open; repairable when only closers follow it."""
    line, col = pos(at)
    message = M.stray_closer(closer, line, col)
    rest = code[at:].rstrip()
    extra = re.sub(r"[\s,]", "", rest)
    if extra and set(extra) <= set(")]}"):
        repaired = code[:at].rstrip()
        hint = M.remove_at_end(_runs(extra)) + "; " + _show(repaired)
        return DelimiterReport(message, hint, line, col, repaired)
    return DelimiterReport(message, M.STRAY_HINT, line, col)


def _runs(chars: str) -> str:
    """`2 ')'`, `']' then 2 ')'`: runs of equal delimiters, in order."""
    parts = []
    for m in re.finditer(r"(.)\1*", chars, re.DOTALL):
        run = m.group()
        shown = f"'{run[0]}'"
        parts.append(shown if len(run) == 1 else f"{len(run)} {shown}")
    return " then ".join(parts)


def _show(repaired: str) -> str:
    """The repaired program, whole when short, else its last line."""
    if len(repaired) <= _SHOWN_WHOLE:
        return M.REPAIRED_INTRO + "\n" + repaired
    tail = repaired.rsplit("\n", 1)[-1].strip()
    if len(tail) > 120:
        tail = "..." + tail[-117:]
    return M.repaired_tail(tail)
