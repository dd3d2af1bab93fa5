"""The README: an agent with a real provider in under 40 lines; every public name mentioned."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import ptclisp
import ptclisp.agent
import ptclisp.llm

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


def section(title: str) -> str:
    start = README.index(f"## {title}\n")
    end = README.find("\n## ", start + 1)
    return README[start:end if end >= 0 else None]


def test_the_agent_section_is_under_40_lines_and_uses_a_real_provider():
    text = section("Agents")
    assert len(text.splitlines()) < 40
    assert "openai.OpenAI()" in text and "ptclisp.Agent(" in text and "agent.run(" in text


@pytest.mark.parametrize("module", [ptclisp, ptclisp.llm, ptclisp.agent],
                         ids=lambda m: m.__name__)
def test_every_public_name_is_listed(module):
    listed = section("Public names")
    missing = [n for n in module.__all__ if not re.search(rf"`{re.escape(n)}`", listed)]
    assert not missing


def test_the_readme_example_runs_with_a_scripted_client():
    # the README's code with the OpenAI client swapped for a stand-in that answers like one
    code = re.search(r"## Agents\n\n```python\n(.*?)```", README, re.DOTALL).group(1)
    replies = iter([
        {"choices": [{"message": {"role": "assistant", "content": None, "tool_calls": [
            {"id": "c1", "type": "function", "function": {
                "name": "lisp_eval", "arguments": '{"program": "(return {:total (reduce + '
                '(map :total (tool/get-orders {:customer_id 3})))})"}'}}]}}]}])

    class Completions:
        def create(self, **request):
            return next(replies)

    class FakeOpenAI:
        def __init__(self):
            self.chat = type("Chat", (), {"completions": Completions()})()

    code = re.sub(r"^import openai .*$", "", code, flags=re.MULTILINE)
    code = code.replace("openai.OpenAI()", "FakeOpenAI()")
    code = code.replace('result.trace.write("run.jsonl")', "")
    namespace = {"FakeOpenAI": FakeOpenAI}
    exec(compile(code, "README", "exec"), namespace)
    assert (namespace["result"].status, namespace["result"].answer) == ("ok", {"total": 14.75})
