"""The one rule for how many tools the first request shows in full, for every door.

A catalog whose full text fits its budget (tokens, `DEFAULT_BUDGET` unless the host sets
`catalog_budget`) is shown whole, as before. Past the budget, the first request carries the
tools most relevant to the mission in full (ranked by `ptclisp.core.ranking` against names,
descriptions and parameter names; at most `MAX_FULL`, within `FULL_SHARE` of the budget) and a
compact index of every other tool, grouped by domain (the host's `group`, an upstream's server,
else the noun of the tool's name), write tools apart after "writes:". The index says as much as
the rest of the budget allows: names with a few words, else names, else counts per domain.
A door with no mission (an MCP server's description, `ptclisp prompt`, a framework tool built
before the conversation) shows the index only. Programs find the rest with `search-tools`,
`apropos`, `doc` and `dir` (core/discovery.py).

Each door renders a full entry its own way (`Entry.full`); the choice and the index are here.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import attrs

from .. import messages
from ..core.ranking import Ranker, words
from . import signatures as S

__all__ = ["DEFAULT_BUDGET", "MAX_FULL", "FULL_SHARE", "Entry", "Selection", "select",
           "index_lines", "estimate_tokens", "group_of", "WRITE_VERBS", "writes_by_name",
           "tool_entry", "mark_writes_by_name", "index_head"]

DEFAULT_BUDGET = 1500  # tokens the tools may take in the first request before it is cut
MAX_FULL = 8  # tools shown in full past the budget
FULL_SHARE = 0.4  # of the budget, for the tools shown in full (the index has the rest)
SUMMARY_WORDS = 5  # words of a description in the index
# leading verbs a name's domain is read past (`get-customer-orders` -> customer)
_VERBS = frozenset(("get", "list", "search", "find", "fetch", "read", "lookup", "query", "create",
                    "update", "delete", "remove", "add", "set", "cancel", "refund", "send",
                    "post", "put", "patch", "count", "check", "export", "import", "issue",
                    "approve", "reject", "close", "open", "archive", "assign", "mark", "submit",
                    "void", "apply", "retry", "resend", "schedule", "upsert", "describe", "show"))
# the opt-in naming rule: a name starting with one of these is a write tool
WRITE_VERBS = frozenset(("create", "update", "delete", "remove", "add", "set", "cancel",
                         "refund", "send", "post", "put", "patch", "issue", "approve", "reject",
                         "close", "archive", "assign", "mark", "submit", "void", "apply",
                         "retry", "resend", "schedule", "upsert", "import", "write", "insert"))
_TOKEN = re.compile(r"[A-Za-z]+|\d{1,3}|[^\w\s]{1,2}")


def estimate_tokens(text: str) -> int:
    """A rough token count: words, 3-digit groups and pairs of punctuation marks.

    Within about 5% of a GPT-4o (o200k) count on prompt-like text, without a tokenizer.
    """
    return len(_TOKEN.findall(text))


@attrs.frozen
class Entry:
    """One tool as a catalog sees it."""

    name: str  # as the index shows it (`list-orders`, or an upstream's `list_issues`)
    full: str  # the door's full rendering (one or more lines)
    description: str = ""
    params: tuple = ()
    group: str = ""
    writes: bool = False  # the host said it changes something (annotation or naming rule)
    domain: str = ""  # what the ranking spreads the full tools over (default: group)

    @property
    def summary(self) -> str:
        """The description's first few words."""
        first = re.split(r"(?<=[.;:])\s", " ".join(self.description.split()), maxsplit=1)[0]
        cut = first.rstrip(".;:").split()
        return " ".join(cut[:SUMMARY_WORDS]) + ("..." if len(cut) > SUMMARY_WORDS else "")


@attrs.frozen
class Selection:
    """What the first request shows: entries in full, and the index of the others (lines)."""

    full: tuple
    index: tuple  # the index's lines (empty when everything is in full)
    cut: bool  # the catalog was past its budget


def index_head(selection: Selection) -> str:
    """The line over a host catalog's index: of the other tools, or of all of them."""
    return messages.CATALOG_INDEX_HEAD if selection.full else messages.CATALOG_INDEX_ALL_HEAD


def group_of(name: str) -> str:
    """A tool's domain read from its name: the first word past a leading verb."""
    ws = [w for w in re.split(r"[^a-z0-9]+", re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", name).lower())
          if w]
    rest = ws[1:] if len(ws) > 1 and ws[0] in _VERBS else ws
    return words(rest[0])[0] if rest and words(rest[0]) else (ws[0] if ws else "other")


def writes_by_name(name: str) -> bool:
    """The opt-in naming rule: `create-refund`, `cancel_order`... write."""
    first = re.split(r"[^a-z0-9]+", re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", name).lower())[0]
    return first in WRITE_VERBS


def mark_writes_by_name(tools: Iterable) -> None:
    """Opt in to the naming rule: each Tool not yet marked is a write tool when its name says so."""
    for tool in tools:
        if getattr(tool, "read_only", None) is None:
            tool.read_only = not writes_by_name(tool.name)


def tool_entry(tool, full: str) -> Entry:
    """The catalog entry of a host Tool, rendered in full as `full`."""
    return Entry(name=tool.name, full=full, description=tool.description or "",
                 params=param_words(tool),
                 group=getattr(tool, "group", None) or group_of(tool.name),
                 writes=getattr(tool, "read_only", None) is False)


def param_words(tool) -> tuple:
    """A tool's parameter names and the values its enum parameters take (what ranks it)."""
    out = []
    for p in tool.params:
        out.append(str(p.name))
        t = p.type[1] if p.type[0] == "opt" else p.type
        out += [str(v) for v in S.enum_values(t)]
    return tuple(out)


def select(entries: Sequence[Entry], mission: str | None, budget: int | None = None) -> Selection:
    """The rule: everything in full within budget; else the mission's best in full and an index."""
    budget = DEFAULT_BUDGET if budget is None else budget
    sizes = [estimate_tokens(e.full) for e in entries]
    if sum(sizes) <= budget:
        return Selection(full=tuple(entries), index=(), cut=False)
    full: list[Entry] = []
    used = 0
    if mission and mission.strip():
        ranker = Ranker((i, e.name, e.description, e.params) for i, e in enumerate(entries))
        matches = sorted(((i, score * (WRITE_WEIGHT if entries[i].writes else 1.0))
                          for i, score in ranker.matches(mission)), key=lambda m: -m[1])
        for i in _diverse(matches, entries):
            if len(full) >= MAX_FULL:
                break
            if used + sizes[i] > budget * FULL_SHARE:
                continue  # too big for what is left: it stays in the index
            full.append(entries[i])
            used += sizes[i]
    shown = {id(e) for e in full}
    rest = [e for e in entries if id(e) not in shown]
    return Selection(full=tuple(full), index=tuple(index_lines(rest, budget - used)), cut=True)


GROUP_FLOOR = 0.4  # a domain's tools scoring this share of the best lead the rounds
ROUNDS = 2  # rounds of one tool per domain before the rest in rank order
WRITE_WEIGHT = 0.5  # a write tool's score counts this much (questions are answered by reads)


def _diverse(matches: list, entries: Sequence[Entry]) -> list[int]:
    """Ranked indexes: each well-matching domain's best tool, then each one's second best, then
    the rest in rank order, so that a mission that needs orders and payments gets both, not
    five near-duplicate payment tools."""
    if not matches:
        return []
    floor = matches[0][1] * GROUP_FLOOR
    order: list[int] = []
    taken: set[int] = set()
    for _ in range(ROUNDS):
        seen: set[str] = set()
        for i, score in matches:
            domain = entries[i].domain or entries[i].group
            if score >= floor and i not in taken and domain not in seen:
                seen.add(domain)
                order.append(i)
                taken.add(i)
    return order + [i for i, _ in matches if i not in taken]


def _grouped(entries: Iterable[Entry]) -> dict[str, list[Entry]]:
    out: dict[str, list[Entry]] = {}
    for e in sorted(entries, key=lambda e: (e.group, e.name)):
        out.setdefault(e.group, []).append(e)
    return out


def _named(e: Entry, words_too: bool) -> str:
    return f"{e.name} ({e.summary})" if words_too and e.summary else e.name


def _group_line(group: str, items: list[Entry], words_too: bool) -> str:
    reads = [_named(e, words_too) for e in items if not e.writes]
    writes = [_named(e, words_too) for e in items if e.writes]
    text = f"- {group}: " + ", ".join(reads)
    if writes:
        text += ("; " if reads else "") + messages.WRITES + " " + ", ".join(writes)
    return text


def index_lines(entries: Sequence[Entry], budget: int) -> list[str]:
    """The index of entries by domain, as rich as budget tokens allow: names with a few words,
    else names, else a count per domain (cut to the budget, saying how many domains were left)."""
    groups = _grouped(entries)
    for words_too in (True, False):
        lines = [_group_line(g, items, words_too) for g, items in groups.items()]
        if sum(estimate_tokens(line) for line in lines) <= budget:
            return lines
    lines, used = [], 0
    counts = [messages.catalog_group_count(g, len(items), sum(e.writes for e in items))
              for g, items in groups.items()]
    for n, line in enumerate(counts):
        cost = estimate_tokens(line)
        if used + cost > budget and n:
            lines.append(messages.catalog_index_cut(len(counts) - n))
            break
        lines.append(line)
        used += cost
    return lines
