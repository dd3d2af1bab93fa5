"""Every test of test_langchain.py again, through LangChain 1.x's `langchain.agents.create_agent`
(the successor of LangGraph's deprecated `create_react_agent`, which test_langchain.py drives)."""
from __future__ import annotations

import pytest

pytest.importorskip("langchain.agents")

from langchain.agents import create_agent  # noqa: E402

from . import test_langchain as base  # noqa: E402
from .shop import clear_calls  # noqa: E402,F401  (autouse fixture)


def _create_agent(model, tools, prompt=None):
    """create_react_agent's call, made with create_agent (its `prompt` is `system_prompt`)."""
    return create_agent(model, tools, system_prompt=prompt)


@pytest.fixture(autouse=True)
def through_create_agent(monkeypatch):
    monkeypatch.setattr(base, "create_react_agent", _create_agent)


# the same tests, collected here too: they build their agents through base.create_react_agent
globals().update({name: test for name, test in vars(base).items() if name.startswith("test_")})


def test_the_tests_here_use_create_agent(monkeypatch):
    made = []
    monkeypatch.setattr(base, "create_react_agent",
                        lambda *a, **k: made.append(1) or _create_agent(*a, **k))
    base.test_returns_false_lets_the_model_answer()
    assert made == [1]
