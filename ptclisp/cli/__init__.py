"""The `ptclisp` command line: run | check | repl | fmt | prompt | mcp | agent."""
from .main import main

__all__ = ["main"]
