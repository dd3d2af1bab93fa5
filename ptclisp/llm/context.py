"""The first user message of a task: what the session offers, what is expected, the mission.

    ;; === tools ===
    tool/get-user(user-id int) -> {name string}  ; Look up a user.
    ;; Example: (tool/get-user {:user-id 42})

    ;; === data/ ===
    data/orders                    ; list[200], sample: [{"id" 1 "total" 120} ...]

    ;; === memory (defined by earlier programs) ===
    ;; users ; list[3]

    # Expected Output
    Your final answer must match this shape: {count int}
    Call (return {:count 42}) when complete.

    <mission>
    How many admins are there?
    </mission>

Every key and parameter name shown to the model is spelled by `lisp_key`, the one place that
decides it; samples are printed by the formatter exactly as the program sees the values.
"""
from __future__ import annotations

import json
from collections.abc import Mapping, Set
from itertools import islice

from .. import messages as core_messages
from ..host import signatures as S
from ..host.catalog import index_head, select, tool_entry
from ..lang.printer import format_string, render_value
from ..lang.values import MAP_TYPES, VECTOR_TYPES, Keyword, type_name
from . import messages as M
from .profile import json_keys_note, key_profiles, value_shape

__all__ = ["context_message", "tool_inventory", "data_inventory", "memory_inventory",
           "expected_output", "render_type", "example_value", "lisp_key"]

_NAME_COLUMN = 30  # data names are padded to this width, as in PtcRunner
_SAMPLE_CHARS, _SAMPLE_DEPTH = 240, 60  # a sample's length; lists cut to one item this deep
_SHAPE_CHARS = 200  # a list's item types are cut to this length
_KEYS_SCANNED, _KEYS_SHOWN = 200, 30  # items read for a list's item types; keys profiled at most
_MAX_MEMORY_NAMES = 50


def lisp_key(name) -> str:
    """How a host key or parameter name is spelled to the model: as the host spelled it, which
    is how the program sees it (host keys cross the door as keywords of that spelling)."""
    return name.name if type(name) is Keyword else str(name)


# ---------------------------------------------------------------- types and example values

def render_type(t) -> str:
    """A signature type as the prompt shows it: `{name string, tags [string]?}`, no colons."""
    kind = t[0]
    if kind == "prim":
        values = S.enum_values(t)
        return "|".join(format_string(v) for v in values) if values else t[1]
    if kind == "list":
        return f"[{render_type(t[1])}]"
    if kind == "opt":
        return render_type(t[1]) + "?"
    return "{" + ", ".join(f"{lisp_key(n)} {render_type(x)}" for n, x in t[1]) + "}"


example_value = S.example_value  # keyword keys spelled as declared, as a program writes them


def _lisp(v) -> str:
    """Example values as PTC-Lisp text, map keys in their given order."""
    if isinstance(v, dict):
        return "{" + " ".join(f"{_lisp(k)} {_lisp(x)}" for k, x in v.items()) + "}"
    if isinstance(v, list):
        return "[" + " ".join(_lisp(x) for x in v) + "]"
    if type(v) is Keyword:
        return ":" + v.name
    if type(v) is str:
        return format_string(v)
    return "true" if v is True else str(v)


def _json(v):
    if isinstance(v, dict):
        return {k.name: _json(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_json(x) for x in v]
    return v.name if type(v) is Keyword else v


# ---------------------------------------------------------------- sections

def _param(p) -> str:
    default = "" if p.required or p.default is None else f" = {_lisp(_plain(p.default))}"
    opt = "" if p.required or S.optional(p.type) or default else "?"
    return f"{lisp_key(p.name)} {render_type(p.type)}{opt}{default}"


def _plain(v):
    """A default value as example data (anything unusual shown by its type)."""
    return v if isinstance(v, (bool, int, float, str, list, dict)) else str(v)


def _tool_line(tool) -> str:
    params = [_param(p) for p in tool.params] + (["..."] if tool.open and tool.params else [])
    ret = render_type(tool.returns) if tool.returns is not None else "any"
    line = f"tool/{tool.name}({', '.join(params)}) -> {ret}"
    if tool.description:
        line += "  ; " + " ".join(tool.description.split())
    return line


def example_call(tool) -> str:
    """`(tool/get-user {:user-id 42})`: the required parameters (or the first) with example values."""
    shown = [p for p in tool.params if p.required] or list(tool.params[:1])
    if not shown:
        return f"(tool/{tool.name})"
    args = {Keyword(lisp_key(p.name)): example_value(p.type) for p in shown}
    return f"(tool/{tool.name} {_lisp(args)})"


def tool_inventory(tools, *, data: bool = True, examples: bool = True, mission: str | None = None,
                   budget: int | None = None) -> str:
    """The tools section: one line per tool sorted by name, then (with examples) one example
    call; without tools, a line saying so (there is data to work from, or not). Past the
    catalog budget (tokens; ptclisp.host.catalog), the tools the mission most likely needs in
    full and an index of the others."""
    listed = [tools[name] for name in sorted(tools)] if tools is not None else []
    if not listed:
        return M.NO_TOOLS if data else M.NOTHING
    entries = [tool_entry(t, _tool_text(t, examples)) for t in listed]
    chosen = select(entries, mission, budget)
    lines = [M.TOOLS_HEADER]
    if chosen.cut and chosen.full:
        lines.append(core_messages.CATALOG_FULL_HEAD)
    lines += [e.full for e in chosen.full]
    if chosen.index:
        lines += [index_head(chosen), *chosen.index]
    return "\n".join(lines)


def _tool_text(tool, examples: bool) -> str:
    """A tool's full lines: its signature line, and with examples an example call."""
    return _tool_line(tool) + ("\n" + M.example_call(example_call(tool)) if examples else "")


_SIZED = {"vector": "list", "map": "map", "set": "set"}  # labelled with their size


def _label(v) -> str:
    """integer, float, string, boolean, nil, keyword, list[n], map[n], set[n] or the type."""
    name = type_name(v)
    if name in _SIZED:
        return f"{_SIZED[name]}[{len(v)}]"
    if isinstance(v, (Mapping, Set)):
        return f"{'map' if isinstance(v, Mapping) else 'set'}[{len(v)}]"
    return "value" if name in ("symbol", "var") else name


class _More:
    """Stands in a sample for the items left out: prints `... 59 more`."""

    def __init__(self, n: int):
        self.n = n

    def ptc_format(self) -> str:
        return M.sample_more(self.n)


def _pruned(v, depth: int = 0):
    """v with each list cut to its first item, so a sample reaches a nested name and a leaf."""
    if depth > _SAMPLE_DEPTH:
        return v
    if isinstance(v, VECTOR_TYPES) and len(v) > 1:
        return [_pruned(v[0], depth + 1), _More(len(v) - 1)]
    if isinstance(v, VECTOR_TYPES) and v:
        return [_pruned(v[0], depth + 1)]
    if isinstance(v, MAP_TYPES):
        return {k: _pruned(x, depth + 1) for k, x in v.items()}
    return v


def _sample(v) -> str:
    """The value as println shows it, its lists cut to one item each."""
    return render_value(_pruned(v), limit=_KEYS_SHOWN, max_chars=_SAMPLE_CHARS)[0]


def _records(v) -> bool:
    """A non-empty list of maps (nil items allowed), or a map: profiled key by key."""
    if isinstance(v, MAP_TYPES):
        return bool(v)
    rows = islice(v, _KEYS_SCANNED) if isinstance(v, VECTOR_TYPES) else ()
    return bool(v) if isinstance(v, VECTOR_TYPES) and all(
        x is None or isinstance(x, MAP_TYPES) for x in rows) and any(
        isinstance(x, MAP_TYPES) for x in islice(v, _KEYS_SCANNED)) else False


def _headline(v) -> str:
    """`list[60] of maps`, `list[9] of int|string`, `string of JSON {...}`, `map[2]`."""
    label = _label(v)
    if isinstance(v, MAP_TYPES):
        return label + (M.KEYS if v else "")
    if type(v) is not str and not isinstance(v, VECTOR_TYPES):
        return label
    if type(v) is str:
        return label + (json_keys_note(v) or "")
    if _records(v):
        return label + M.OF_MAPS
    shape = value_shape(islice(v, _KEYS_SCANNED))
    shape = shape if len(shape) <= _SHAPE_CHARS else shape[:_SHAPE_CHARS - 3] + "..."
    nils = sum(1 for x in islice(v, _KEYS_SCANNED) if x is None)
    return label + (f" of {shape}" if shape else "") + (M.nil_in(nils, min(len(v), _KEYS_SCANNED))
                                                      if nils and shape else "")


def _key_lines(v) -> list[str]:
    """One line per key of a map or of a list's records: its profile (see llm/profile.py)."""
    rows = [v] if isinstance(v, MAP_TYPES) else v
    profiles, read = key_profiles(rows, shown=_KEYS_SHOWN)
    grouped: dict[str, list[str]] = {}  # keys with the same profile share a line
    for key, text in profiles[:_KEYS_SHOWN]:
        grouped.setdefault(text, []).append(key)
    lines = [f";;   {' '.join(keys)} {text}" for text, keys in grouped.items()]
    if len(profiles) > _KEYS_SHOWN:
        lines.append(M.more_keys(len(profiles) - _KEYS_SHOWN))
    if read < len(rows):
        lines.append(M.profile_read(read, len(rows)))
    return lines


def _data_entry(key, value, samples: bool = True) -> list[str]:
    """A data value's lines: name and headline, then its keys' profiles and a sample (without
    samples: only where no keys are listed)."""
    name = f"data/{lisp_key(key)}".ljust(_NAME_COLUMN)
    if not isinstance(value, (*VECTOR_TYPES, *MAP_TYPES)):
        headline = _headline(value)
        if not samples and type(value) is str and " of JSON " in headline:
            return [f"{name} ; {headline}"]
        return [f"{name} ; {headline}, sample: {_sample(value)}"]
    lines = [f"{name} ; {_headline(value)}"]
    if _records(value):
        lines += _key_lines(value)
        if not samples:
            return lines
    return lines + [M.data_sample(_sample(value))]


def data_inventory(data, *, note: str = M.DATA_NOTE, samples: bool = True) -> str | None:
    """Per data key, sorted: its name, type and size, its keys' profiles and a sample (under
    `note`, the legend); samples=False leaves out the samples of values whose keys are listed."""
    if not data:
        return None
    lines = [M.DATA_HEADER, note]
    for key in sorted(data, key=str):
        lines += _data_entry(key, data[key], samples)
    return "\n".join(lines)


def memory_inventory(memory) -> str | None:
    """The names earlier programs defined, each with its type label; None when there are none."""
    names = sorted(memory or (), key=str)
    if not names:
        return None
    lines = [M.MEMORY_HEADER]
    lines += [f";; {n} ; {_label(memory[n])}" for n in names[:_MAX_MEMORY_NAMES]]
    if len(names) > _MAX_MEMORY_NAMES:
        lines.append(M.more_names(len(names) - _MAX_MEMORY_NAMES))
    return "\n".join(lines)


def expected_output(signature, *, transport: str = "content") -> str | None:
    """The expected-output section for a return signature (text or parsed); None without one."""
    if signature is None:
        return None
    sig = S.parse(signature) if isinstance(signature, str) else signature
    example = example_value(sig.output)
    finish = (M.expected_reply(json.dumps(_json(example), ensure_ascii=False))
              if transport == "combined" else M.expected_return(_lisp(example)))
    return "\n".join([M.EXPECTED_HEADER, "", M.expected_shape(render_type(sig.output)),
                      M.EXPECTED_TYPES_NOTE, finish])


def context_message(session, mission: str, *, transport: str = "content",
                    catalog_budget: int | None = None) -> str:
    """The first user message: tools, data, memory, expected output and the mission.

    catalog_budget: the tokens the tools may take before only the mission's likeliest are
    shown in full (default ptclisp.host.catalog.DEFAULT_BUDGET)."""
    upstream_only = not session.tools and getattr(session, "upstreams", None) is not None
    parts = [None if upstream_only else  # upstream tools are in the system prompt's catalog
             tool_inventory(session.tools, data=bool(session.data or session.memory),
                            mission=mission, budget=catalog_budget),
             data_inventory(session.data),
             memory_inventory(session.memory),
             expected_output(session.signature, transport=transport),
             f"<mission>\n{mission.strip()}\n</mission>"]
    return "\n\n".join(p for p in parts if p)
