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

from ..host import signatures as S
from ..lang.printer import format_string, render_value
from ..lang.values import MAP_TYPES, VECTOR_TYPES, Keyword, type_name
from . import messages as M

__all__ = ["context_message", "tool_inventory", "data_inventory", "memory_inventory",
           "expected_output", "render_type", "example_value", "lisp_key"]

_NAME_COLUMN = 30  # data names are padded to this width, as in PtcRunner
_SAMPLE_ITEMS, _SAMPLE_CHARS = 3, 80
_KEYS_SCANNED, _KEYS_SHOWN = 200, 30  # records read for a list's keys; keys named at most
_ENUM_VALUES, _ENUM_CHARS = 4, 20  # a key's values are listed when this few, this short
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
        return t[1]
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


def tool_inventory(tools) -> str:
    """The tools section: one line per tool sorted by name, then one example call."""
    listed = [tools[name] for name in sorted(tools)] if tools is not None else []
    if not listed:
        return M.NO_TOOLS
    lines = [M.TOOLS_HEADER]
    for t in listed:
        lines += [_tool_line(t), M.example_call(example_call(t))]
    return "\n".join(lines)


_SIZED = {"vector": "list", "map": "map", "set": "set"}  # labelled with their size


def _label(v) -> str:
    """integer, float, string, boolean, nil, keyword, list[n], map[n], set[n] or the type."""
    name = type_name(v)
    if name in _SIZED:
        return f"{_SIZED[name]}[{len(v)}]"
    if isinstance(v, (Mapping, Set)):
        return f"{'map' if isinstance(v, Mapping) else 'set'}[{len(v)}]"
    return "value" if name in ("symbol", "var") else name


def _sample(v) -> str:
    return render_value(v, limit=_SAMPLE_ITEMS, max_chars=_SAMPLE_CHARS)[0]  # as println shows it


def _keys_note(v) -> str:
    """` of maps with keys :a :b` for a list of maps, ` with keys ...` for a map; else ""."""
    rows: list = []
    if isinstance(v, VECTOR_TYPES) and v:
        rows = list(islice(v, _KEYS_SCANNED))
        if not all(isinstance(row, MAP_TYPES) for row in rows):
            return ""
        keys, what = {k: None for row in rows for k in row}, " of maps with keys "
    elif isinstance(v, MAP_TYPES) and v:
        keys, what = dict.fromkeys(v), " with keys "
    else:
        return ""
    names = sorted(((render_value(k)[0], k) for k in keys), key=lambda named: named[0])
    more = f" ... ({len(names) - _KEYS_SHOWN} more)" if len(names) > _KEYS_SHOWN else ""
    return what + " ".join(_key_with_values(text, k, rows) for text, k in names[:_KEYS_SHOWN]) + more


def _key_with_values(text: str, key, rows) -> str:
    """`:tier (one of "gold" "silver")` when the key's values repeat a few short strings: the
    spellings a program filters on, which a cut sample rarely shows."""
    values = [row.get(key) for row in rows if key in row]
    if len(values) < 2 or not all(type(x) is str and len(x) <= _ENUM_CHARS for x in values):
        return text  # (a key holding lists or maps is no list of spellings)
    distinct = set(values)
    if not 1 <= len(distinct) <= _ENUM_VALUES or len(distinct) == len(values):
        return text
    return f"{text} (one of {' '.join(format_string(x) for x in sorted(distinct))})"


def data_inventory(data) -> str | None:
    """`data/orders ; list[200], sample: [...]` per data key, sorted; None without data."""
    if not data:
        return None
    lines = [M.DATA_HEADER, M.DATA_NOTE]
    for key in sorted(data, key=str):
        value = data[key]
        name = f"data/{lisp_key(key)}".ljust(_NAME_COLUMN)
        lines.append(f"{name} ; {_label(value)}{_keys_note(value)}, sample: {_sample(value)}")
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


def context_message(session, mission: str, *, transport: str = "content") -> str:
    """The first user message: tools, data, memory, expected output and the mission."""
    parts = [tool_inventory(session.tools), data_inventory(session.data),
             memory_inventory(session.memory),
             expected_output(session.signature, transport=transport),
             f"<mission>\n{mission.strip()}\n</mission>"]
    return "\n\n".join(p for p in parts if p)
