"""The system prompt that teaches PTC-Lisp: the one card, behaviour cards, an output format.

`system_prompt(transport=..., profile=...)` opens with the card every door shares
(`ptclisp.llm.card`: the rules and the registry's names Clojure lacks) and adds the Agent's
cards of `ptclisp.llm.cards`. With `functions=True` it also lists every function, generated from
the builtin registry (one line per family, namespaced families as `str/ join split ...`), so a
builtin is never listed by hand. The prompt holds no per-task data (tools, data, mission: see
`context_message`), so a provider can cache it.

Profiles: "single_shot" (one program, its last value is the answer), "multi_turn" (explore,
`def`, then `(return v)`), "journal" (multi_turn plus `task`/`step-done`). Transports: "content"
(one ```clojure block per reply), "tool_call" (the native `lisp_eval` tool), "combined" (native
app tools and `lisp_eval`; the final answer is always the model's reply, so there `return`/`fail`
are not taught and single_shot and multi_turn give the same text).
"""
from __future__ import annotations

from ..core import registry
from ..host.catalog import estimate_tokens
from . import cards as C
from .card import beyond_clojure, language_rules, opening
from . import messages as M
from .lisp_tool import TRANSPORTS

__all__ = ["system_prompt", "function_list", "beyond_clojure", "estimate_tokens", "PROFILES",
           "TRANSPORTS"]

PROFILES = ("single_shot", "multi_turn", "journal")

# Families of the function list: (label, registry modules). Modules not named here are left
# out of the prompt (bit operations, Java-style interop, discovery, predicates: see below).
_FAMILIES = (
    ("Sequences", ("seqs_transform", "seqs", "seqs_slice", "seqs_build", "seqs_describe")),
    ("Aggregates", ("seqs_order",)),
    ("Maps", ("maps",)),
    ("Functions", ("fns", "parallel")),
    ("Logic", ("compare",)),
    ("Numbers", ("numbers", "mathx", "parsing")),
    ("Text", ("text", "strformat", "strings", "regexp")),
    ("Data", ("walk", "sets", "json_ns")),
)
_SHOWN_PREDICATES = ("nil?", "some?", "empty?", "string?", "number?", "int?", "keyword?", "map?",
                     "coll?", "even?")  # checked in tests
def _module(b) -> str:
    return b.fn.__module__.rsplit(".", 1)[-1]


def _families() -> list[tuple[str, list]]:
    """(label, builtins) per family; each builtin once, Java-class namespaces left out."""
    by_module: dict[str, list] = {}
    seen = set()
    for b in registry.REGISTRY.values():
        if id(b) in seen or b.ns not in registry.NAMESPACES or b.ns == "math" or not b.listed:
            continue  # aliases, Java-style classes; math/ repeats the core's abs, max...; unlisted
        seen.add(id(b))
        by_module.setdefault(_module(b), []).append(b)
    return [(label, [b for m in mods for b in by_module.get(m, ())]) for label, mods in _FAMILIES]


def _constant(name: str) -> bool:
    """Java-style constants such as NaN: spelled in the data section, not listed."""
    return name[:1].isupper()


def _line(label: str, builtins) -> str:
    """`- Label: a b c; str/ x y` with core names first, then each namespace's names."""
    core = sorted({b.name for b in builtins if b.ns == "clojure.core" and not _constant(b.name)})
    parts = [" ".join(core)] if core else []
    for ns in sorted({b.ns for b in builtins if b.ns != "clojure.core"}):
        prefix = builtins[[b.ns for b in builtins].index(ns)].fn.ptc_name.split("/")[0]
        names = sorted({b.name for b in builtins if b.ns == ns} - set(core))  # core's walk...
        parts.append(prefix + "/ " + " ".join(names))
    return f"- {label}: " + "; ".join(parts)


def function_list() -> str:
    """The card's function list, generated from the builtin registry."""
    lines = [_line(label, bs) for label, bs in _families() if bs]
    lines.append(C.PREDICATES_NOTE.format(names=" ".join(_SHOWN_PREDICATES)))
    return "\n".join(lines)


def _behaviour(transport: str, profile: str) -> list[str]:
    if transport == "combined":
        return [C.COMBINED_TURNS] + ([C.JOURNAL] if profile == "journal" else [])
    if profile == "single_shot":
        return [C.SINGLE_SHOT]
    return [C.MULTI_TURN, C.RETURN_RULES] + ([C.JOURNAL] if profile == "journal" else [])


def _output_format(transport: str, profile: str) -> list[str]:
    if transport == "content":
        return [C.FORMAT_CONTENT]
    if transport == "tool_call":
        return [C.FORMAT_TOOL_CALL] + ([] if profile == "single_shot" else [C.TOOL_CALL_DIRECT_ANSWER])
    return [C.FORMAT_COMBINED]


def system_prompt(*, transport: str = "content", profile: str = "multi_turn",
                  catalog: str | None = None, functions: bool = False) -> str:
    """The system prompt for a transport and a profile (no per-task data: cacheable).

    catalog: the upstream tools' catalog (Upstreams.catalog_text()), appended when given.
    functions: also list every builtin by family (about 470 tokens more)."""
    if transport not in TRANSPORTS:
        raise ValueError(M.bad_choice("transport", TRANSPORTS, transport))
    if profile not in PROFILES:
        raise ValueError(M.bad_choice("profile", PROFILES, profile))
    language = opening("agent") + "\n" + language_rules()
    if functions:
        language += "\n" + C.FUNCTIONS_HEADER + "\n" + function_list()
    parts = [language, *_behaviour(transport, profile),
             *_output_format(transport, profile), *([catalog] if catalog else [])]
    return "\n\n".join(parts) + "\n"
