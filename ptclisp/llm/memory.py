"""Memory feedback: what a turn's `def`s created or changed, each with a bounded preview.

The Session calls `memory_feedback(before, after)` with the memory (name -> PTC value) before and
after a turn. Changed or new names are shown as `;; name = [1 2 3]` (sorted by name, previews of
at most `preview_max_chars`, the whole section within `max_chars`); when nothing changed, the
stored names are listed as `Stored: a, b` (PtcRunner's wording).
"""
from __future__ import annotations

import attrs

from ..lang.printer import render_value
from ..lang.values import equal
from . import messages as M
from .feedback import cut_text

__all__ = ["MemoryFeedback", "memory_feedback"]

_PREVIEW_LIMIT = 50  # items per collection in a preview, as in PtcRunner


@attrs.frozen
class MemoryFeedback:
    """The memory section of a turn's feedback and its structured parts."""

    text: str | None  # None when memory is empty
    changed: dict  # name -> preview, for names new or changed this turn
    stored: list  # every stored name, sorted
    truncated: bool


def memory_feedback(before, after, *, preview_max_chars: int = 250,
                    max_chars: int = 1024) -> MemoryFeedback:
    """Previews of the names a turn created or changed, or `Stored: ...` when none."""
    before = dict(before or {})
    after = dict(after or {})
    names = sorted(str(k) for k in after)
    if not after:
        return MemoryFeedback(None, {}, [], False)
    by_name = {str(k): v for k, v in after.items()}
    old = {str(k): v for k, v in before.items()}
    changed_names = [n for n in names if n not in old or not _same(old[n], by_name[n])]
    if not changed_names:
        return MemoryFeedback(cut_text(M.stored(", ".join(names)), max_chars)[0], {}, names, False)
    previews, any_cut = {}, False
    for names_, value in _grouped(changed_names, by_name):
        # numbers as println prints them, so one value reads the same everywhere
        text, cut = render_value(value, limit=_PREVIEW_LIMIT, max_chars=preview_max_chars)
        previews[", ".join(names_)] = text
        any_cut |= cut
    return MemoryFeedback(_section(previews, any_cut, max_chars), previews, names, any_cut)


def _grouped(names, by_name) -> list:
    """[(names, value)]: names bound to the very same value shown once, together."""
    groups: list = []
    for name in names:
        value = by_name[name]
        for group in groups:
            if group[1] is value and not isinstance(value, (bool, int, float, str, type(None))):
                group[0].append(name)
                break
        else:
            groups.append(([name], value))
    return groups


def _same(a, b) -> bool:
    """Unchanged: the very same value, or an equal one."""
    return a is b or equal(a, b)


def _section(previews: dict, any_cut: bool, max_chars: int) -> str:
    """`;; name = preview` lines within max_chars, saying which names did not fit."""
    hint = "\n" + M.MEMORY_CUT_HINT if any_cut else ""
    lines, used = [], len(hint)
    names = list(previews)
    reserve = min(200, max_chars // 4)  # room for the line naming what was left out
    for i, name in enumerate(names):
        line = f";; {name} = {previews[name]}"
        last = i == len(names) - 1
        if used + len(line) + 1 > max_chars - (0 if last else reserve):
            rest = ", ".join(names[i:])
            note = M.memory_names_cut(i, len(names), rest)
            lines.append(cut_text(note, max(max_chars - used - 1, 0))[0])
            break
        lines.append(line)
        used += len(line) + 1
    return cut_text("\n".join(lines) + hint, max_chars)[0]
