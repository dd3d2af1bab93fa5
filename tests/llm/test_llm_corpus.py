"""Runs the reply corpus (tests/llm/corpus/*.txt, format in its README) through `parse`."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from ptclisp.llm import ExtractionError, MultipleCodeBlocks, NoCodeFound, diagnose, parse

CORPUS = Path(__file__).parent / "corpus"
_PLACEHOLDER = re.compile(r"\{U\+([0-9A-Fa-f]{4,6})\}|\{CR\}")


def _decode(text: str) -> str:
    return _PLACEHOLDER.sub(lambda m: chr(int(m.group(1), 16)) if m.group(1) else "\r", text)


def _load():
    cases = []
    for path in sorted(CORPUS.glob("*.txt")):
        for chunk in re.split(r"^======== ", path.read_text(encoding="utf-8"), flags=re.M)[1:]:
            name, _, body = chunk.partition("\n")
            sections = {}
            for part in re.split(r"^---- ", body, flags=re.M)[1:]:
                header, _, text = part.partition("\n")
                sections[header.strip()] = _decode(text[:-1] if text.endswith("\n") else text)
            cases.append(pytest.param(sections, id=f"{path.stem}/{name.strip()}"))
    return cases


CASES = _load()


def test_corpus_is_large_enough():
    assert len(CASES) >= 60


def _strip_blank_tail(text: str) -> str:
    return text.rstrip("\n")


@pytest.mark.parametrize("case", CASES)
def test_reply(case):
    reply = case["reply"]
    error = next((h for h in case if h.startswith("error ")), None)
    if error is not None:
        _, kind, detail = error.split()
        with pytest.raises(ExtractionError) as info:
            parse(reply)
        err = info.value
        assert type(err).__name__ == kind
        if isinstance(err, MultipleCodeBlocks):
            assert err.count == int(detail)
        else:
            assert isinstance(err, NoCodeFound) and err.reason == detail
        return
    code = parse(reply)
    assert code == _strip_blank_tail(case["code"])
    report = diagnose(code)
    if "diagnosis" not in case:
        assert report is None, report
        return
    assert report is not None
    text = report.message + "\n" + report.hint
    for line in case["diagnosis"].splitlines():
        if line.strip():
            assert line in text
