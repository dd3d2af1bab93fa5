"""Write grammar/terminals.json: the regular expressions Lark compiles for the grammar's terminals.

The fast reader (ptclisp/lang/reader.py) builds its scanners from this file instead of loading the
grammar with Lark at every `import ptclisp`; the file carries the SHA-256 of grammar/ptclisp.lark
and the reader refuses a stale one. Run this after any change to the grammar:

    python tools/grammar_terminals.py           write the file
    python tools/grammar_terminals.py --check   exit 1 when the file is stale

Lark is the only import beyond the standard library, so it runs while the file is stale.
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from lark import Lark

GRAMMAR = Path(__file__).resolve().parent.parent / "grammar"


def terminals_json(source: str) -> str:
    """The file's text for a grammar's text."""
    # an Earley front end builds no parse tables: the cheap way to the compiled terminals
    regexps = {t.name: t.pattern.to_regexp()
               for t in Lark(source, parser="earley", lexer="dynamic").terminals}
    doc = {"grammar_sha256": hashlib.sha256(source.encode("utf-8")).hexdigest(),
           "terminals": dict(sorted(regexps.items()))}
    return json.dumps(doc, indent=1, ensure_ascii=True) + "\n"


def main(argv: list) -> int:
    source = (GRAMMAR / "ptclisp.lark").read_text(encoding="utf-8")
    text = terminals_json(source)
    target = GRAMMAR / "terminals.json"
    if "--check" in argv:
        fresh = target.exists() and target.read_text(encoding="utf-8") == text
        print("terminals.json is up to date" if fresh else "terminals.json is stale")
        return 0 if fresh else 1
    target.write_text(text, encoding="utf-8")
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
