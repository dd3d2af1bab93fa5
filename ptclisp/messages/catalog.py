"""The texts of a big tool catalog in the first request: the index and its heads
(host/catalog.py)."""
from __future__ import annotations

__all__ = ["CATALOG_FULL_HEAD", "CATALOG_INDEX_HEAD", "CATALOG_INDEX_ALL_HEAD",
           "CATALOG_INDEX_UPSTREAM", "WRITES",
           "catalog_group_count", "catalog_index_cut"]

CATALOG_FULL_HEAD = ";; the tools this task most likely needs (ranked by the task's words):"
CATALOG_INDEX_HEAD = (
    ";; every other tool, by domain (write tools after \"writes:\"). In the same program that "
    "calls one: `(search-tools \"what it does\")` ranks tools by what they do, "
    "`(doc tool/NAME)` shows one's arguments and result.")
CATALOG_INDEX_ALL_HEAD = (
    ";; the tools, by domain (write tools after \"writes:\"); too many to show in full. In the "
    "same program that calls one: `(search-tools \"what it does\")` ranks tools by what they "
    "do, `(doc tool/NAME)` shows one's arguments and result.")
CATALOG_INDEX_UPSTREAM = (
    "Index of the tools, by server (write tools after \"writes:\"). Find one by what it does with "
    "`(search-tools \"what it does\")`, read it with `(doc \"server/tool\")`, in the same program "
    "that calls it.")
WRITES = "writes:"


def catalog_group_count(group: str, n: int, writes: int) -> str:
    """An index line that only counts a domain's tools (the catalog is too big to name them)."""
    w = f", {writes} write" if writes else ""
    return f"- {group}: {n} tools{w}"


def catalog_index_cut(n: int) -> str:
    """The line closing an index cut short."""
    return f"- ... {n} more domains: `(search-tools \"words\")` finds their tools"
