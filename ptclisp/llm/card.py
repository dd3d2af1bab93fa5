"""One card for every door: the PTC-Lisp rules every model is taught, written once.

The Agent's system prompt (`ptclisp prompt`), the MCP server's lisp_eval description and the
instructions of the three framework integrations (pydantic-ai, OpenAI Agents, LangChain) all
teach the same language; each takes `language_rules()` whole and adds only what its door needs
(an opening line, how to finish, where data and tools are, the limits). A test fails when two
doors render the rules differently.

Every inline `(...)` here runs in the tests (tests/llm/test_card.py) with the example tools
`get-user`, `get-users`, `search` and the data `data/orders`.
"""
from __future__ import annotations

from ..core import registry

__all__ = ["RULES", "language_rules", "beyond_clojure", "opening", "BEYOND_CLOJURE", "DOORS"]

DOORS = ("agent", "integration", "mcp")

# The opening line of each door (what the model is asked to do, and where the program goes).
_OPENINGS = {
    "agent": ("You write PTC-Lisp, a small Clojure that runs in a sandbox and calls the host's "
              "tools."),
    "integration": ("You write PTC-Lisp, a small Clojure that runs in a sandbox, in lisp_eval's "
                    "`program`."),
    "mcp": ("Run one PTC-Lisp program and get its value back. PTC-Lisp is a small Clojure that "
            "runs in a sandbox."),
}

# The shared rules, one line each. `{names}` is filled from the registry (beyond_clojure).
RULES = (
    "- Clojure forms: `let`, `fn`, `#(...)`, `defn`, `if`/`when`/`cond`/`case`, `->`/`->>`, "
    "`loop`/`recur`, `for`, `doseq`. The last top-level form's value is the result.",
    "- Call a tool with one map of named arguments, spelled as its signature lists them: "
    "`(tool/get-user {:user_id 42})`. In signatures `T?` may be nil; `\"a\"|\"b\"` lists a "
    "string's only values.",
    "- `data/orders` reads the host's input `orders` directly, like a def.",
    "- Maps in tool results and data have keyword keys spelled as listed: `(:user_id m)`; "
    "`json/parse-string` gives string keys.",
    "- `map`, `filter`, `for` are eager and return vectors. Pages: `loop`/`recur` until no next "
    "page.",
    "- Round to 2 decimals: (/ (round (* x 100)) 100.0). `str/split` takes a regex literal: "
    "`(str/split \"a|b\" #\"\\|\")`.",
    "- Not available: atoms, try/catch, throw, lazy-seq, macros, ns/require/import, I/O.",
    "- clojure.core, str/, set/ and walk/ names work as in Clojure. Also: {names}",
    "- Look up: `(doc str/join)`, `(apropos \"sort\")`; tools by what they do: "
    "`(search-tools \"find a user\")`, `(doc tool/get-user)`. `(describe data/orders)` "
    "summarises data.",
)

# core names a model would not guess from Clojure (listed with every json/ name); each is
# checked against the registry in the tests
BEYOND_CLOJURE = frozenset(("avg", "avg-by", "sum", "sum-by", "max-by", "min-by", "distinct-by",
                            "combinations", "zip", "entries", "describe", "extract",
                            "extract-int", "re-split", "ceil", "floor", "round", "trunc", "sqrt",
                            "pow", "parse-long", "parse-double", "parse-boolean"))


def beyond_clojure() -> str:
    """The registry's names that Clojure lacks, core first, then every `json/ ...` name."""
    seen = {id(b): b for b in registry.REGISTRY.values()}.values()
    core = sorted({b.name for b in seen if b.ns == "clojure.core" and b.name in BEYOND_CLOJURE})
    extra = sorted({b.fn.ptc_name for b in seen if b.ns == "json"})
    return " ".join(core + extra)


def language_rules() -> str:
    """The rules every door teaches, as one block of lines (names from the registry)."""
    return "\n".join(RULES).replace("{names}", beyond_clojure())


def opening(door: str) -> str:
    """The line a door's card starts with."""
    return _OPENINGS[door]
