"""The native `lisp_eval` tool: its name, description card, provider schemas and request tools.

Three transports drive ptclisp (docs/llm.md): "content" (the program in a fenced block of the
reply, no native tools), "tool_call" (one native tool, `lisp_eval`, whatever the number of app
tools: they are called inside the program) and "combined" (app tools exposed "native" or
"both" are native tools too, next to `lisp_eval`). Provider shapes: "openai" (chat
completions), "openai_responses", "anthropic", and "openai_custom" (a responses custom tool whose
input is constrained by the Lark grammar of `lisp_eval_grammar`).
"""
from __future__ import annotations

import re

from . import messages as M
from .grammar import lisp_eval_grammar

__all__ = ["TOOL_NAME", "PROVIDERS", "TRANSPORTS", "tool_name", "tool_description", "tool_schema",
           "request_tools", "native_names", "native_definition"]

TOOL_NAME = "lisp_eval"
PROVIDERS = ("openai", "openai_responses", "anthropic", "openai_custom")
TRANSPORTS = ("content", "tool_call", "combined")  # also the modes of request_tools
_CARDS = {"tool_call": M.TOOL_CALL_CARD, "combined": M.COMBINED_CARD,
          "standalone": M.STANDALONE_CARD}
# when the system prompt already teaches PTC-Lisp (ptclisp's Agent): what lisp_eval is, only
_BRIEF = {"tool_call": M.TOOL_CALL_BRIEF, "combined": M.COMBINED_BRIEF}
_NOT_NAME = re.compile(r"[^A-Za-z0-9_]")


def tool_name() -> str:
    """The reserved native tool name, "lisp_eval"."""
    return TOOL_NAME


def tool_description(mode: str = "tool_call", *, catalog: str | None = None,
                     taught: bool = False) -> str:
    """The tool card: what lisp_eval does and enough PTC-Lisp to write a first program.

    mode: "tool_call" (app tools only inside programs), "combined" (some tools also native)
    or "standalone" (no app tools, every call independent: an MCP server's card).
    catalog: the upstream tools' catalog (Upstreams.catalog_text()), appended when given.
    taught: the system prompt teaches PTC-Lisp (ptclisp's own), so the card only says what
    lisp_eval is."""
    if mode not in _CARDS:
        raise ValueError(M.bad_choice("mode", _CARDS, mode))
    card = _BRIEF.get(mode, _CARDS[mode]) if taught else _CARDS[mode]
    return card + (f"\n\n{catalog}" if catalog else "")


def _parameters(mode: str) -> dict:
    text = M.STANDALONE_PROGRAM_PARAM if mode == "standalone" else M.PROGRAM_PARAM
    return {"type": "object", "properties": {"program": {"type": "string", "description": text}},
            "required": ["program"], "additionalProperties": False}


def tool_schema(provider: str = "openai", *, mode: str = "tool_call",
                catalog: str | None = None, taught: bool = False) -> dict:
    """The lisp_eval definition in a provider's request shape (catalog, taught: see
    tool_description)."""
    return _definition(provider, TOOL_NAME, tool_description(mode, catalog=catalog, taught=taught),
                       _parameters(mode), strict=True, custom=provider == "openai_custom")


def _definition(provider: str, name: str, description: str | None, parameters: dict, *,
                strict: bool, custom: bool = False) -> dict:
    if provider not in PROVIDERS:
        raise ValueError(M.bad_choice("provider", PROVIDERS, provider))
    if custom:
        return {"type": "custom", "name": name, "description": description,
                "format": {"type": "grammar", "syntax": "lark",
                           "definition": lisp_eval_grammar()}}
    described = {"description": description} if description else {}
    if provider == "openai":
        return {"type": "function", "function": {"name": name, **described,
                                                 "parameters": parameters}}
    if provider == "anthropic":
        return {"name": name, **described, "input_schema": parameters}
    return {"type": "function", "name": name, **described, "parameters": parameters,
            "strict": strict}


def native_names(session) -> dict:
    """Provider-safe native name (snake_case) -> Tool, for the session's natively exposed tools."""
    out: dict = {}
    for tool in (session.tools.native.values() if session is not None else ()):
        name = _NOT_NAME.sub("_", tool.name)[:64]
        if name in out or name == TOOL_NAME:
            raise ValueError(M.native_name_clash(out.get(name, tool).name, tool.name, name))
        out[name] = tool
    return out


def native_definition(name: str, tool, provider: str = "openai") -> dict:
    """The native definition of one app tool (its parameters' JSON schema)."""
    return _definition(provider, name, tool.description, tool.schema, strict=False)


def request_tools(mode: str = "tool_call", *, session=None, provider: str = "openai",
                  taught: bool = False, mission: str | None = None,
                  catalog_budget: int | None = None) -> list:
    """The request's tools: [] for "content", [lisp_eval] for "tool_call", and for
    "combined" the session's tools exposed "native" or "both" followed by lisp_eval.
    A session with upstreams gets their catalog in lisp_eval's description (past
    catalog_budget tokens: the mission's likeliest tools in full, an index of the others).
    taught: see tool_description."""
    if mode not in TRANSPORTS:
        raise ValueError(M.bad_choice("mode", TRANSPORTS, mode))
    if mode == "content":
        return []
    upstreams = getattr(session, "upstreams", None)
    catalog = (upstreams.catalog_text(mission=mission, budget=catalog_budget)
               if upstreams is not None else None)
    if mode == "tool_call":
        return [tool_schema(provider, catalog=catalog, taught=taught)]
    native_provider = "openai_responses" if provider == "openai_custom" else provider
    natives = [native_definition(n, t, native_provider) for n, t in native_names(session).items()]
    return natives + [tool_schema(provider, mode="combined", catalog=catalog, taught=taught)]
