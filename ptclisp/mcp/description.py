"""The lisp_eval tool's description: the tool-call card a model reads in `tools/list`.

Written for a model that has never seen PTC-Lisp: what the language is, how data and host tools
are reached, whether calls share state, and the limits in force. `describe` is the one place the
card is made (to be swapped for the LLM layer's shared card once it exists); its texts live in
ptclisp/mcp/messages.py.
"""
from __future__ import annotations

from collections.abc import Iterable

from .. import Limits, Tool
from . import messages as M
from .memory import session_bound

__all__ = ["describe"]


def describe(tools: Iterable[Tool], limits: Limits, *, session: bool = False,
             catalog: str | None = None) -> str:
    """The lisp_eval description for these host tools, limits and state mode.

    catalog: the upstream tools' catalog (aggregator mode), in place of "no host tools"."""
    tools = list(tools)
    section = _tools_section(tools) if tools or not catalog else ""
    parts = [M.CARD_INTRO, M.CARD_SYNTAX, M.CARD_DATA, section, catalog or "", M.CARD_OUTPUT,
             _state(limits, session), M.CARD_ERRORS, _limits_line(limits)]
    return "\n\n".join(p for p in parts if p)


def _state(limits: Limits, session: bool) -> str:
    if not session:
        return M.CARD_STATELESS
    cap = session_bound(limits)
    return M.CARD_SESSION if cap is None else f"{M.CARD_SESSION} {M.card_session_memory(cap)}"


def _tools_section(tools: list[Tool]) -> str:
    if not tools:
        return M.CARD_NO_TOOLS
    lines = [M.CARD_TOOLS_INTRO]
    lines += [M.card_tool(t.signature_text, t.description, t.usage())
              for t in sorted(tools, key=lambda t: t.name)]
    return "\n".join(lines)


def _limits_line(limits: Limits) -> str:
    parts = [M.limit_timeout(limits.timeout), M.limit_steps(limits.max_steps),
             M.limit_collection(limits.max_collection_size), M.limit_memory(limits.max_memory_mb)]
    if limits.max_tool_calls is not None:
        parts.append(M.limit_tool_calls(limits.max_tool_calls))
    if limits.isolation == "process":
        parts.append(M.LIMIT_ISOLATED)
    return M.card_limits(parts)
