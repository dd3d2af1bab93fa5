"""ptclisp: run PTC-Lisp programs safely inside a Python host."""
import importlib as _importlib

from .messages import shown as _shown  # noqa: F401  (first: `messages.X` finds its texts there)
from .compile import analyzer as _analyzer
from .errors import (
    AnalysisError, EvalError, InternalError, LimitExceeded, PtcError, ReadError, SessionBusyError,
    ToolError,
)
from .lang.printer import format_value
from .lang.data_reader import read_value
from .lang.pretty import format_source
from .lang.reader import read
from .limits import Limits
from .result import Result
from .session import Session, run
from .host.tooldef import Tool
from .lang.values import Keyword, Symbol, kw

__all__ = [
    "read", "format_value", "read_value", "format_source", "run", "Session", "Limits", "Result", "Tool",
    "Keyword", "Symbol", "kw", "PtcError", "ReadError", "AnalysisError", "EvalError", "ToolError",
    "LimitExceeded", "InternalError", "SessionBusyError", "Agent", "AgentResult",
]
__version__ = "0.1.0"

_analyzer.prepare()  # one-time set-up now, not inside the first run's clock

# The LLM and agent layers build on the names above, and no module of the core imports them.
# They load when first named (`ptclisp.llm`, `ptclisp.Agent`), not by `import ptclisp`: a host
# that only runs programs does not pay their ~35 ms at start-up. Python's import lock makes that
# first load safe from many threads, and no program can reach it: only host code names them.
_LAYERS = {"llm": ("ptclisp.llm", None), "agent": ("ptclisp.agent", None),
           "Agent": ("ptclisp.agent", "Agent"), "AgentResult": ("ptclisp.agent", "AgentResult")}


def __getattr__(name: str):
    """The LLM and agent layers, loaded the first time the host names them."""
    if name not in _LAYERS:
        raise AttributeError(f"module 'ptclisp' has no attribute {name!r}")
    module_name, attr = _LAYERS[name]
    module = _importlib.import_module(module_name)
    return module if attr is None else getattr(module, attr)
