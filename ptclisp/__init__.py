"""ptclisp: run PTC-Lisp programs safely inside a Python host."""
from . import analyzer as _analyzer
from .errors import (
    AnalysisError, EvalError, InternalError, LimitExceeded, PtcError, ReadError, SessionBusyError,
    ToolError,
)
from .formatter import format_value, read_value
from .pretty import format_source
from .reader import read
from .session import Limits, Result, Session, run
from .tooldef import Tool
from .values import Keyword, Symbol, kw

__all__ = [
    "read", "format_value", "read_value", "format_source", "run", "Session", "Limits", "Result", "Tool",
    "Keyword", "Symbol", "kw", "PtcError", "ReadError", "AnalysisError", "EvalError", "ToolError",
    "LimitExceeded", "InternalError", "SessionBusyError", "Agent", "AgentResult",
]
__version__ = "0.1.0"

_analyzer.prepare()  # one-time set-up now, not inside the first run's clock

# the LLM layer, so `import ptclisp` is enough for ptclisp.llm; it builds on the names above,
# and no module of the core imports it
from . import llm  # noqa: E402

from .agent import Agent, AgentResult  # noqa: E402  the agent layer, on top of llm; likewise last
