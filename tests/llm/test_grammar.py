"""The grammar-constrained lisp_eval tool: its Lark grammar, checked with llguidance (the engine
OpenAI documents for custom-tool grammars) over every program of the case files."""
from __future__ import annotations

import re
from pathlib import Path

import llguidance
import pytest

import ptclisp
from ptclisp.errors import ReadError
from ptclisp.llm import lisp_eval_grammar, tool_schema
from ptclisp.llm.grammar import grammar_source

from casefile import parse

ROOT = Path(__file__).parent.parent / "cases"
PROGRAMS = [s.program for path in sorted(ROOT.rglob("*.clj")) for c in parse(path)
            for s in c.steps]


class _Bytes:
    """A byte-level vocabulary (one token per byte), so any text can be fed to the matcher."""

    eos_token_id = 256
    bos_token_id = None
    tokens = [bytes([i]) for i in range(256)] + [b"<eos>"]
    special_token_ids = [256]

    def __call__(self, text):
        return list(text.encode("utf-8") if isinstance(text, str) else text)


TOKENIZER = llguidance.LLTokenizer(llguidance.TokenizerWrapper(_Bytes()))


_MATCHER = llguidance.LLMatcher(TOKENIZER, lisp_eval_grammar(), log_level=0)


def accepts(text: str) -> bool:
    matcher = _MATCHER.deep_copy()
    ok = matcher.consume_tokens(list(text.encode("utf-8")))
    return bool(ok) and not matcher.is_error() and matcher.is_accepting()


def _reads(program: str) -> bool:
    try:
        ptclisp.read(program)
        return True
    except ReadError:
        return False


VALID = [p for p in PROGRAMS if _reads(p) and p.strip()]


def test_the_grammar_compiles_without_warnings():
    is_error, notes = llguidance.LLMatcher.validate_grammar_with_warnings(
        lisp_eval_grammar(), TOKENIZER)
    assert (is_error, notes) == (False, [])


def test_every_program_of_the_case_files_is_accepted():
    assert len(VALID) > 1000
    refused = [p for p in VALID if not accepts(p)]
    assert refused == []


@pytest.mark.parametrize("program", [
    "(+ 1 2", "(let [x 1] (inc x)", "[1 2", "{:a 1", "#{1 2", "#(+ % 1", '(str "a)', ")",
    "(+ 1 2))", "(]", "", "   ", ";; only a comment",
])
def test_unbalanced_or_empty_programs_are_refused(program):
    assert not accepts(program)


def test_programs_missing_their_last_closer_are_refused():
    cut = [p.rstrip()[:-1] for p in VALID if p.rstrip().endswith((")", "]", "}"))]
    unbalanced = [p for p in cut if not _reads(p)]
    assert len(unbalanced) > 500
    assert [p for p in unbalanced if accepts(p)] == []


def test_leading_comments_and_whitespace_are_fine():
    assert accepts(";; count the errors\n  (count [1 2])\n;; done")


def test_generated_from_the_one_grammar():
    source = grammar_source()
    generated = lisp_eval_grammar()
    rules = re.findall(r"^\??([a-z_]+):", source, re.MULTILINE)
    assert all(re.search(rf"^{r}:", generated, re.MULTILINE) for r in rules)
    for terminal in re.findall(r"^([A-Z_]+):", source, re.MULTILINE):
        if terminal not in ("TOKEN_END", "SYMBOL_BODY"):
            assert re.search(rf"^{terminal}:", generated, re.MULTILINE), terminal
    assert "(?!" not in generated and "TOKEN_END" not in generated


def test_custom_tool_schema_carries_the_grammar():
    schema = tool_schema("openai_custom")
    assert schema["type"] == "custom" and schema["name"] == "lisp_eval"
    assert schema["format"] == {"type": "grammar", "syntax": "lark",
                                "definition": lisp_eval_grammar()}
