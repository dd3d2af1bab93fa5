"""The one registry of builtins: name, namespace, arities, doc and a runnable example.

A builtin is declared once with `@builtin(...)`. Arity errors, "did you mean", `doc`, `dir`,
`apropos`, the prompt's function table and the docs are all generated from `REGISTRY`.
Implementations receive PTC values positionally and return PTC values; they never see the
session, the tools or the host. What the compiler may assume of a builtin is declared with it
too, as `flags` (see FLAGS), and read once by the analyzer and the compiled tier through
`flagged`. docs/adding-a-builtin.md is the recipe.
"""
from __future__ import annotations

from typing import Callable

import attrs

NAMESPACES = {
    # canonical namespace -> prefixes a program may use for it
    "clojure.core": ("clojure.core", "core"),
    "clojure.string": ("clojure.string", "str", "string", "s"),
    "clojure.set": ("clojure.set", "set"),
    "clojure.walk": ("clojure.walk", "walk"),
    "json": ("json",),
    "math": ("math", "Math"),
}

# what a builtin may declare of itself (`flags="pure foldable"`), and what the compiler does
FLAGS = {
    "pure": "no effects and calls no function value: a fused pipeline (jit/fusion.py) calls it",
    "foldable": "the analyzer computes a call whose arguments are all constant small numbers",
    "boolean": "always returns true or false: compiled code tests the value as is",
    "constant": "takes no arguments: the analyzer reads its name as its value (##Inf)",
    "quoted-args": "the analyzer passes its symbol arguments unevaluated: (doc str/join)",
}


@attrs.define(slots=True)
class Builtin:
    """One registered builtin function."""

    name: str
    ns: str
    fn: Callable
    min_args: int
    max_args: int | None  # None: variadic
    doc: str
    examples: tuple  # ((source, expected printed value), ...)
    signature: str  # e.g. "(map f coll & colls)"
    aliases: tuple = ()
    flags: frozenset = frozenset()  # names from FLAGS
    listed: bool = True  # shown in the prompt's function list (False: Clojure names models know)

    @property
    def qualified(self) -> str:
        """`clojure.string/join` style name."""
        return f"{self.ns}/{self.name}"

    def accepts(self, n: int) -> bool:
        """True if n arguments is a valid arity."""
        return n >= self.min_args and (self.max_args is None or n <= self.max_args)


REGISTRY: dict[str, Builtin] = {}  # qualified name -> Builtin
CORE: dict[str, Builtin] = {}  # unqualified clojure.core names (and aliases) -> Builtin


def builtin(name: str, *, arity, doc: str, example, signature: str | None = None,
            ns: str = "clojure.core", aliases=(), flags: str = "", listed: bool = True):
    """Register the decorated Python function as a builtin.

    arity: an int, or (min, max) with max None for variadic.
    example: ("(inc 1)", "2") or a tuple of such pairs; the expected text is the printed value
    (or "!! Kind" for an example that shows an error). Each example runs in the tests.
    flags: names from FLAGS separated by spaces, e.g. "pure foldable".
    listed: False leaves it out of the prompt's function list: a Clojure name models write from
    memory, which the card's "clojure.core names work as in Clojure" already covers.
    """
    lo, hi = (arity, arity) if isinstance(arity, int) else arity
    examples = (example,) if isinstance(example[0], str) else tuple(example)
    declared = _checked_flags(name, flags, hi)

    def register(fn):
        fn.ptc_name = name if ns == "clojure.core" else f"{_short(ns)}/{name}"
        b = Builtin(name, ns, fn, lo, hi, doc, examples, signature or f"({name} ...)",
                    tuple(aliases), declared, listed)
        if b.qualified in REGISTRY:
            raise RuntimeError(f"builtin registered twice: {b.qualified}")
        REGISTRY[b.qualified] = b
        if ns == "clojure.core":
            for n in (name, *aliases):
                CORE[n] = b
        else:
            for a in aliases:
                REGISTRY[f"{ns}/{a}"] = b
        return fn

    return register


def _checked_flags(name: str, flags: str, max_args) -> frozenset:
    """The flags a declaration names; an unknown one, or a constant with arguments, is a bug."""
    declared = frozenset(flags.split())
    unknown = declared - FLAGS.keys()
    if unknown:
        raise RuntimeError(f"builtin {name}: unknown flags {sorted(unknown)}")
    if "constant" in declared and max_args != 0:
        raise RuntimeError(f"builtin {name}: a constant takes no arguments")
    return declared


def flagged(flag: str) -> frozenset[str]:
    """The names (as `fn.ptc_name`) of the builtins registered so far that declare flag."""
    if flag not in FLAGS:
        raise KeyError(flag)
    return frozenset(b.fn.ptc_name for b in REGISTRY.values() if flag in b.flags)


def _short(ns: str) -> str:
    return {"clojure.string": "str", "clojure.set": "set", "clojure.walk": "walk"}.get(ns, ns)


def resolve(ns: str | None, name: str) -> Builtin | None:
    """The builtin a symbol `ns/name` (or bare `name`) refers to, or None."""
    if ns is None:
        return CORE.get(name)
    for canonical, prefixes in NAMESPACES.items():
        if ns in prefixes:
            b = REGISTRY.get(f"{canonical}/{name}")
            if b is not None:
                return b
    return REGISTRY.get(f"{ns}/{name}")


def namespace_of(prefix: str) -> str | None:
    """The canonical namespace for a prefix such as `str`, or None if unknown."""
    for canonical, prefixes in NAMESPACES.items():
        if prefix in prefixes:
            return canonical
    if any(q.startswith(prefix + "/") for q in REGISTRY):
        return prefix
    return None


def members(ns: str) -> list[str]:
    """Sorted names registered in namespace ns."""
    return sorted({q[len(ns) + 1:] for q, b in REGISTRY.items() if b.ns == ns})
