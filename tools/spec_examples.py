"""Find the `code ; => expected` examples of the PTC-Lisp specification and check them.

The spec (PtcRunner v0.13.0, docs/ptc-lisp-specification.md in its repository) shows examples inside
```clojure fences in two shapes:

    (+ 1 2)                 ; => 3          the expectation on the code's (last) line
    (filter odd? [1 2 3])
    ;; => [1 3]                             the expectation on the line after the code

A multi-line form ends on the line with the marker; its start is found by walking back until
the brackets balance. This script drafts case files from them; the case files under
tests/cases/spec/ were then reviewed by hand (expectations come from the spec text), so the
drafts are written elsewhere and never over those files.

    python tools/spec_examples.py SPEC --report           one line per example: status, section, code
    python tools/spec_examples.py SPEC --draft DIR        one draft case file per spec section
    python tools/spec_examples.py SPEC --coverage DIR     spec examples without a case in DIR

Status in the report: pass; noted (a value followed by prose such as "(Clojure extension)",
compared on the value); fail (our result differs); error (our run raised); unreadable (no value
in the expectation, e.g. `...` or "result of log call").
"""
from __future__ import annotations

import argparse
import re
import sys
import textwrap
from pathlib import Path

import attrs

SECTION = re.compile(r"^##\s+(?:Appendix\s+)?([0-9A-Z]+)[.:]\s+(.*)$")
MARKER = re.compile(r"^;+\s*=>\s?(.*)$")
SUBSECTION = re.compile(r"^###\s+(\d+\.\d+[a-z]?)\s+(.*)$")
OPEN, CLOSE = "([{", ")]}"
SPLIT_SECTIONS = {"8"}  # sections big enough to get one case file per subsection


@attrs.define
class Example:
    section: str  # "5"
    title: str  # "Special Forms"
    line: int  # line of the marker, 1-based
    code: str
    expected: str
    sub: str = ""  # "8.3"
    sub_title: str = ""  # "String Functions"


def comment_start(line: str) -> int:
    """Index of the `;` that starts a comment, outside strings and character literals; -1 if none."""
    i, in_str = 0, False
    while i < len(line):
        c = line[i]
        if in_str:
            if c == "\\":
                i += 1
            elif c == '"':
                in_str = False
        elif c == '"':
            in_str = True
        elif c == "\\":
            i += 1  # character literal such as \; or \(
        elif c == ";":
            return i
        i += 1
    return -1


def depth(code: str) -> int:
    """Opened minus closed brackets, outside strings, characters and comments."""
    n, i, in_str = 0, 0, False
    while i < len(code):
        c = code[i]
        if in_str:
            if c == "\\":
                i += 1
            elif c == '"':
                in_str = False
        elif c == '"':
            in_str = True
        elif c == "\\":
            i += 1
        elif c == ";":
            while i < len(code) and code[i] != "\n":
                i += 1
        elif c in OPEN:
            n += 1
        elif c in CLOSE:
            n -= 1
        i += 1
    return n


def extract(text: str) -> list[Example]:
    """Every example of the spec, in order."""
    out, section, title, fence, pending = [], "0", "", None, []
    sub = sub_title = ""
    for no, line in enumerate(text.splitlines(), 1):
        m = SECTION.match(line)
        if m and fence is None:
            section, title = m.group(1), m.group(2).strip()
            sub = sub_title = ""
            continue
        m = SUBSECTION.match(line)
        if m and fence is None:
            sub, sub_title = m.group(1), m.group(2).strip()
            continue
        if line.startswith("```"):
            fence = line[3:].strip() if fence is None else None
            pending = []
            continue
        if fence is None or fence not in ("clojure", "lisp", ""):
            continue
        if not line.strip():
            pending = []
            continue
        cut = comment_start(line)
        code, comment = (line, "") if cut < 0 else (line[:cut].rstrip(), line[cut:])
        marker = MARKER.match(comment)
        if marker is None:
            pending.append(code)
            continue
        lines = pending + ([code] if code.strip() else [])
        form = _balanced_tail(lines)
        if form is not None and marker.group(1).strip():
            out.append(Example(section, title, no, form, marker.group(1).strip(), sub, sub_title))
        pending = []
    return out


def _balanced_tail(lines: list[str]) -> str | None:
    """The shortest tail of `lines` whose brackets balance (the example's code)."""
    for start in range(len(lines) - 1, -1, -1):
        chunk = [x for x in lines[start:] if x.strip() and not x.strip().startswith(";")]
        if chunk and depth("\n".join(chunk)) == 0:
            return textwrap.dedent("\n".join(chunk)).strip()
    return None


def split_expected(text: str) -> tuple[str, str] | None:
    """(value text, trailing note) when `text` is a value followed by prose; None if no prefix reads.

    `[3 2 1] (Clojure extension)` -> ("[3 2 1]", "(Clojure extension)").
    """
    from ptclisp import PtcError
    from ptclisp.lang.printer import read_value
    cuts = [m.start() for m in re.finditer(r"\s", text)]
    for cut in [len(text), *reversed(cuts)]:
        head = text[:cut].strip()
        try:
            read_value(head)
        except PtcError:
            continue
        return head, text[cut:].strip()
    return None


def run(example: Example):
    """(status, printed result) of one example in a fresh session.

    Status: pass, fail, error (our run raised), noted (the expectation is a value followed by
    prose, compared on the value), unreadable (no value in the expectation).
    """
    import ptclisp
    from ptclisp.lang.printer import format_value, read_value
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
    from casefile import strict_equal
    split = split_expected(example.expected)
    result = ptclisp.Session().run(example.code)
    got = result.error.render().splitlines()[0] if result.error else format_value(result.value)
    if split is None:
        return "unreadable", got
    if result.error:
        return "error", got
    ok = strict_equal(result.value, read_value(split[0]))
    return ("fail" if not ok else "noted" if split[1] else "pass"), got


def slug(example: Example) -> str:
    """File name of the example's section: s05_special_forms.clj."""
    number = f"{int(example.section):02d}" if example.section.isdigit() else example.section.lower()
    title = example.title
    if example.section in SPLIT_SECTIONS and example.sub:
        number += "_" + re.sub(r"\D", "", example.sub.split(".", 1)[1]).zfill(2)
        number += example.sub[-1] if example.sub[-1].isalpha() else ""
        title = example.sub_title
    words = re.sub(r"[^a-z0-9]+", "_", title.lower()).strip("_")[:40].strip("_")
    return f"s{number}_{words}.clj"


def draft(examples: list[Example], out: Path) -> None:
    """Write one draft case file per section (expectations copied from the spec)."""
    out.mkdir(parents=True, exist_ok=True)
    files: dict[str, list[str]] = {}
    for ex in examples:
        status, got = run(ex)
        split = split_expected(ex.expected)
        value, note = split if split else (ex.expected, "")
        note = f"\n;; {note}" if note else ""
        flag = "" if status == "pass" else f"\n;; DRAFT {status}: ours {got}"
        files.setdefault(slug(ex), []).append(
            f";; spec {ex.sub or ex.section}, line {ex.line}{note}{flag}\n{ex.code}\n;; => {value}\n")
    for name, cases in files.items():
        (out / name).write_text("\n".join(cases), encoding="utf-8")


def coverage(examples: list[Example], cases_dir: Path) -> list[Example]:
    """Examples whose spec line is not cited by any case file (`spec 8.3, line N`)."""
    cited = set()
    for path in cases_dir.glob("*.clj"):
        cited.update(int(n) for n in re.findall(r"spec [\w.]+, line (\d+)", path.read_text(encoding="utf-8")))
    return [ex for ex in examples if ex.line not in cited]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("spec", type=Path)
    ap.add_argument("--report", action="store_true")
    ap.add_argument("--draft", type=Path)
    ap.add_argument("--coverage", type=Path)
    args = ap.parse_args(argv)
    examples = extract(args.spec.read_text(encoding="utf-8"))
    if args.report:
        counts: dict[str, int] = {}
        for ex in examples:
            status, got = run(ex)
            counts[status] = counts.get(status, 0) + 1
            print(f"{status:10} {ex.section:>2} L{ex.line:<5} {ex.code!r:.90} => {ex.expected[:40]} | ours {got[:60]}")
        print(f"{len(examples)} examples: {counts}")
    if args.draft:
        reviewed = Path(__file__).resolve().parents[1] / "tests" / "cases" / "spec"
        if args.draft.resolve() == reviewed:
            ap.error(f"{reviewed} holds the reviewed cases; draft elsewhere and compare")
        draft(examples, args.draft)
    if args.coverage:
        missing = coverage(examples, args.coverage)
        for ex in missing:
            print(f"L{ex.line}: {ex.code!r:.90} => {ex.expected}")
        print(f"{len(examples) - len(missing)} of {len(examples)} examples cited by a case")
    return 0


if __name__ == "__main__":
    sys.exit(main())
