"""The lisp_eval tool's description: the tool-call card a model reads in `tools/list`.

Written for a model that has never seen PTC-Lisp: what the language is, how data and host tools
are reached, whether calls share state, and the limits in force. The language is the card every
door shares (`ptclisp.llm.card`); what only this door says lives in ptclisp/mcp/messages.py. Past
the catalog budget the host tools are indexed (ptclisp.host.catalog: no mission is known here).
"""
from __future__ import annotations

from collections.abc import Iterable

from .. import Limits, Tool
from ..host.catalog import index_head, select, tool_entry
from ..llm.card import language_rules, opening
from . import messages as M
from .memory import session_bound

__all__ = ["describe"]


def describe(tools: Iterable[Tool], limits: Limits, *, session: bool = False,
             catalog: str | None = None, catalog_budget: int | None = None) -> str:
    """The lisp_eval description for these host tools, limits and state mode.

    catalog: the upstream tools' catalog (aggregator mode), in place of "no host tools".
    catalog_budget: tokens the host tools may take before they are indexed."""
    tools = list(tools)
    section = _tools_section(tools, catalog_budget) if tools or not catalog else ""
    parts = [opening("mcp"), language_rules(), M.CARD_DATA, section, catalog or "", M.CARD_OUTPUT,
             _state(limits, session), M.CARD_ERRORS, _limits_line(limits)]
    return "\n\n".join(p for p in parts if p)


def _state(limits: Limits, session: bool) -> str:
    if not session:
        return M.CARD_STATELESS
    cap = session_bound(limits)
    return M.CARD_SESSION if cap is None else f"{M.CARD_SESSION} {M.card_session_memory(cap)}"


def _tools_section(tools: list[Tool], budget: int | None) -> str:
    if not tools:
        return M.CARD_NO_TOOLS
    entries = [tool_entry(t, M.card_tool(t.signature_text, t.description, t.usage()))
               for t in sorted(tools, key=lambda t: t.name)]
    chosen = select(entries, None, budget)
    lines = [M.CARD_TOOLS_INTRO, *(e.full for e in chosen.full)]
    if chosen.index:
        lines += [index_head(chosen), *chosen.index]
    return "\n".join(lines)


def _limits_line(limits: Limits) -> str:
    parts = [M.limit_timeout(limits.timeout), M.limit_steps(limits.max_steps),
             M.limit_collection(limits.max_collection_size), M.limit_memory(limits.max_memory_mb)]
    if limits.max_tool_calls is not None:
        parts.append(M.limit_tool_calls(limits.max_tool_calls))
    if limits.isolation == "process":
        parts.append(M.LIMIT_ISOLATED)
    return M.card_limits(parts)
