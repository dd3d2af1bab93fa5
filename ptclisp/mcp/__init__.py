"""`ptclisp mcp`: a Model Context Protocol server exposing `lisp_eval` to any MCP client.

Built on the official MCP Python SDK (`pip install -e '.[mcp]'`). A layer on top of the public
face and ptclisp.llm: nothing in the core or the LLM layer imports it, and the command line
imports it only when `ptclisp mcp` runs. `build_server(tools, limits, keep_session=...)` makes the
server, `serve(server, transport=...)` runs it, `describe(...)` is the tool's description.
"""
from .description import describe
from .server import LispEval, build_server, input_schema, serve

__all__ = ["build_server", "serve", "describe", "LispEval", "input_schema"]
