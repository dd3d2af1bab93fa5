"""ptclisp inside the agent frameworks people already use (docs/integrations.md).

One module per framework, each needing its extra and loaded only when named:
`ptclisp.integrations.pydantic_ai` (`LispMode`, extra `pydantic-ai`),
`ptclisp.integrations.openai_agents` (`lisp_tool`, extra `openai-agents`) and
`ptclisp.integrations.langchain` (`lisp_tool`, extra `langchain`). They are built on the public
face (`ptclisp`, `ptclisp.llm`); nothing in the core imports them.
"""
from .common import ProgramFailed

__all__ = ["ProgramFailed"]
