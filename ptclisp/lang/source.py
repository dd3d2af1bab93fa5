"""Source positions and the caret excerpt shown under an error."""
from __future__ import annotations

import attrs


@attrs.frozen(slots=True)
class Span:
    """A 1-based line and column, optionally with an end position."""

    line: int
    column: int
    end_line: int | None = None
    end_column: int | None = None

    def __str__(self) -> str:
        return f"line {self.line}, column {self.column}"


def excerpt(source: str, span: Span | None, *, width: int = 100) -> str:
    """The source line of span with a caret under its column ('' when unknown)."""
    if span is None or not source:
        return ""
    lines = source.splitlines()
    if not 1 <= span.line <= len(lines):
        return ""
    line = lines[span.line - 1].replace("\t", " ")
    col = max(span.column - 1, 0)
    start = 0
    if len(line) > width:  # window the line around the column
        start = max(0, min(col - width // 2, len(line) - width))
        line = line[start:start + width]
    return f"  {line}\n  {' ' * (col - start)}^"
