"""The PTC-Lisp programs of docs/upstreams.md, by the heading they stand under (the docs' tests
run them as shown)."""
from __future__ import annotations

import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "upstreams.md"
BLOCK = re.compile(r"^```clojure\n(.*?)^```", re.S | re.M)
HEADING = re.compile(r"^#{1,3} (.*)$", re.M)


def programs() -> list:
    """(heading, program) of every clojure block, in order."""
    text = DOC.read_text(encoding="utf-8")
    heads = [(m.start(), m.group(1)) for m in HEADING.finditer(text)]
    out = []
    for m in BLOCK.finditer(text):
        head = [h for pos, h in heads if pos < m.start()][-1]
        out.append((head, m.group(1)))
    return out


def under(heading_start: str) -> list:
    """The programs under the heading that starts with heading_start."""
    return [p for h, p in programs() if h.startswith(heading_start)]


def servers(program: str) -> set:
    return set(re.findall(r':server "([^"]+)"', program))
