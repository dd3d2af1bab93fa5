"""Texts every stage uses: Clojure's wording for a wrong call or an unknown name, near-name hints."""
from __future__ import annotations


def wrong_arity(n: int, name: str) -> str:
    """Clojure's wording for a call with the wrong number of arguments."""
    return f"Wrong number of args ({n}) passed to: {name}"


def unresolved(name: str) -> str:
    """Clojure's wording for an unknown symbol."""
    return f"Unable to resolve symbol: {name} in this context"


def did_you_mean(names) -> str:
    """A hint listing near names (no extra "?" after a name that ends in one, like set?)."""
    names = list(names)
    if not names:
        return ""
    return "Did you mean: " + ", ".join(names) + ("" if names[-1].endswith("?") else "?")


INTERNAL = "internal error in ptclisp (this is a bug in the interpreter, not in your program)"
