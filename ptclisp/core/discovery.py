"""REPL discovery over the builtin registry: doc, dir, apropos, meta, ns-publics, all-ns,
ns-name, source (spec 9.7); and the small namespace plumbing the other modules use.

`doc` prints (clojure.repl style) and returns nil; `dir`, `apropos`, `meta` and `ns-publics`
return data (PtcRunner DIV-51). The ref-taking forms declare the flag `quoted-args`, so the
analyzer passes `(doc str/join)` as the symbol rather than the function. The session's host
tools are read from the run's context: `(doc tool/NAME)`, `(dir tool)`, and `apropos` and
`search-tools` rank them by what they do (ranking.py: BM25 over name, description and
parameter names). A session with upstreams (ptclisp.upstream) puts its catalog on the run's
budget: `dir`, `doc`, `apropos` and `search-tools` then also answer for upstream servers and
tools. User definitions and special forms live outside the registry.
"""
from __future__ import annotations

import difflib
import re

from ..run import budget
from .. import messages
from ..errors import EvalError
from ..lang.values import MAP_TYPES, Keyword, Symbol, lookup
from ..host import signatures as S
from ..host.catalog import param_words
from ..lang.printer import format_value
from .ranking import Ranker
from .registry import CORE, NAMESPACES, REGISTRY, builtin, namespace_of, resolve

# ---------------------------------------------------------------- namespace plumbing


def expose_bare(ns: str, *names: str) -> None:
    """Make ns/name callable bare too (PtcRunner binds them flat), unless clojure.core has it."""
    for name in names:
        CORE.setdefault(name, REGISTRY[f"{ns}/{name}"])


def add_prefixes(canonical: str, *prefixes: str) -> None:
    """Let programs write canonical's members with other prefixes (`LocalDate/parse`)."""
    known = NAMESPACES.get(canonical, (canonical,))
    NAMESPACES[canonical] = known + tuple(p for p in prefixes if p not in known)


# Java classes (as programs name them) -> (namespace of their static members, instance methods)
CLASSES = {
    "java.lang.String": (None, (".contains", ".endsWith", ".indexOf", ".lastIndexOf", ".length",
                                ".startsWith", ".substring", ".toLowerCase", ".toUpperCase",
                                ".trim", ".isEmpty", ".isBlank", ".charAt", ".equals",
                                ".equalsIgnoreCase", ".replace", ".split", ".matches")),
    "java.time.LocalDate": ("java.time.LocalDate", (".isAfter", ".isBefore", ".minusDays",
                                                    ".plusDays", ".toEpochDay")),
    "java.time.Instant": ("java.time.Instant", (".getTime", ".isAfter", ".isBefore",
                                                ".toEpochMilli")),
    "java.time.Duration": ("java.time.Duration", (".toDays", ".toMillis")),
    "java.util.Date": (None, ("java.util.Date.", ".getTime", ".isAfter", ".isBefore")),
    "java.lang.System": ("System", ()),
}
_CLASS_ALIASES = {short: full for full in CLASSES for short in (full, full.rsplit(".", 1)[1])}

# ---------------------------------------------------------------- looking names up


def _ref_text(who: str, ref) -> str:
    if type(ref) is Symbol:
        return str(ref)
    if type(ref) is str and ref.strip():
        return ref.strip()
    if type(ref) is Keyword:
        return ref.name
    raise EvalError(messages.discovery_ref(who, ref), code="type")


def find_builtin(text: str):
    """The builtin a written name refers to (`map`, `str/join`, `.indexOf`, `LocalDate/parse`)."""
    if "/" in text.strip("/"):
        ns, _, name = text.partition("/")
        return resolve(ns, name)
    return resolve(None, text) or REGISTRY.get(f"interop/{text}")


def ref_of(b) -> str:
    """How a program writes the builtin: `map`, `str/join`, `.indexOf`, `java.util.Date.`."""
    return getattr(b.fn, "ptc_name", None) or b.name


def arglists(b) -> list:
    """The signature string split into one entry per arity."""
    return re.findall(r"\((?:[^()]|\([^()]*\))*\)", b.signature) or [b.signature]


def _members(ns: str) -> dict:
    """name -> builtin for everything a program can write as ns/name."""
    if ns == "clojure.core":
        return {n: b for n, b in CORE.items() if b.ns == ns}
    prefix = ns + "/"
    return {q[len(prefix):]: b for q, b in REGISTRY.items() if q.startswith(prefix)}


def _entries(text: str) -> dict:
    """name -> builtin for a namespace (`str`), a Java class (`String`, `LocalDate`) or both."""
    canonical, cls = namespace_of(text), _CLASS_ALIASES.get(text)
    if canonical is None and cls is None:
        raise EvalError(messages.dir_unknown(text, namespaces()), code="value",
                        hint=messages.HINT_DOC)
    found = _members(canonical) if canonical else {}
    if cls is not None:
        static_ns, methods = CLASSES[cls]
        found.update(_members(static_ns) if static_ns else {})
        found.update((m, REGISTRY[f"interop/{m}"]) for m in methods if f"interop/{m}" in REGISTRY)
    return found


def namespaces() -> list:
    """The Lisp-facing namespaces that have members (no Java classes, no interop)."""
    names = {q.split("/", 1)[0] for q in REGISTRY}
    names = {namespace_of(n) or n for n in names}
    return sorted(n for n in names
                  if n[:1].islower() and not n.startswith("java.") and n not in ("interop", "regex"))


def _short_doc(b, width: int = 120) -> str:
    doc = " ".join(b.doc.split())
    return doc if len(doc) <= width else doc[:width] + "..."


def _line(name: str, b) -> str:
    return f"{name} - {_short_doc(b)}" if b.doc else name


def _int_option(who: str, opts, key: str, default: int, lo: int, hi: int | None) -> int:
    if not isinstance(opts, MAP_TYPES):
        return default
    v = lookup(opts, Keyword(key), default)
    if type(v) is not int or v < lo or (hi is not None and v > hi):
        span = f"an integer from {lo} to {hi}" if hi is not None else f"an integer of at least {lo}"
        raise EvalError(messages.discovery_option(who, ":" + key, span, v), code="value")
    return v


# ---------------------------------------------------------------- the forms


def doc_text(b) -> str:
    """The text `doc` prints for a builtin."""
    lines = ["-------------------------", b.qualified if b.ns != "interop" else b.name,
             ", ".join(arglists(b)), "  " + b.doc]
    for source, expected in b.examples[:2]:
        lines.append(f"  {source} ;=> {expected}")
    return "\n".join(lines)


def tool_doc_text(tool) -> str:
    """The text `doc` prints for a host tool: the signature (types, the result's shape), the
    description, each argument with the values an enum allows, a default or a description of
    its own, an example call, and whether it writes (when the host says)."""
    lines = ["-------------------------", f"tool/{tool.name}", tool.signature_text]
    description = " ".join((tool.description or "").split())
    lines += ["  " + description] if description else []
    for p in tool.params:
        default = None if p.required or p.default is None else format_value(p.default)
        about = " ".join((p.description or "").split()) or None
        values = S.enum_values(p.type[1] if p.type[0] == "opt" else p.type)
        shown = "|".join(format_value(v) for v in values) if values else S.render(p.type)
        if default is not None or about is not None or values:
            lines.append(messages.tool_doc_param(str(p.name), shown, p.required, default, about))
    lines.append(messages.tool_doc_call(tool.usage()))
    read_only = getattr(tool, "read_only", None)
    if read_only is not None:
        lines.append(messages.TOOL_DOC_READS if read_only else messages.TOOL_DOC_WRITES)
    return "\n".join(lines)


def _host_tools():
    """The host tools of the run on this thread (a ToolSet), or None."""
    b = budget.current()
    tools = getattr(getattr(b, "context", None), "tools", None)
    if tools is not None and not hasattr(type(tools), "__iter__"):
        tools = tools.tools  # the run's gate in front of the ToolSet
    return tools


def _tool(text: str):
    """The host tool `tool/NAME` names in the run on this thread, or None."""
    if not text.startswith("tool/"):
        return None
    tools = _host_tools()
    if tools is None:
        return None
    name = text[len("tool/"):]
    return tools.get(name) or tools.get(name.replace("-", "_")) or tools.get(name.replace("_", "-"))


@builtin("doc", flags="quoted-args", arity=1, signature="(doc name)",
         doc="Prints the documentation of a builtin or a tool (name unquoted, quoted, or a string); returns nil.",
         example=(("(doc str/join)", "nil"), ('(doc "map")', "nil")))
def doc(ref):
    text = _ref_text("doc", ref)
    tool = _tool(text)
    if tool is not None:
        budget.emit_print(tool_doc_text(tool))
        return None
    b = find_builtin(text)
    upstream = _catalog().doc_text(text) if b is None and _catalog() is not None else None
    if upstream is not None:
        budget.emit_print(upstream)
        return None
    if b is None:
        near = difflib.get_close_matches(text, _all_refs(), n=3, cutoff=0.6)
        raise EvalError(messages.doc_unknown(text), code="value",
                        hint=messages.did_you_mean(near) or messages.HINT_DOC)
    budget.emit_print(doc_text(b))
    return None


def _all_refs() -> list:
    return sorted({ref_of(b) for b in REGISTRY.values()} | set(CORE))


@builtin("dir", flags="quoted-args",
         arity=(1, 2), signature="(dir ns), (dir ns {:limit 50 :offset 0})",
         doc="Lines \"name - doc\" for the members of a namespace or Java class, sorted by name.",
         example=(("(count (dir clojure.set))", "12"),
                  ("(first (dir json))", '"generate-string - Encodes a value as a JSON string; '
                                         'nil when it holds something JSON cannot express."')))
def dir_(ref, opts=None):
    text = _ref_text("dir", ref)
    limit = _int_option("dir", opts, "limit", 50, 1, 200)
    offset = _int_option("dir", opts, "offset", 0, 0, None)
    if text == "tool":
        tools = _host_tools()
        listed = sorted(tools, key=str) if tools is not None else []
        return [_tool_line(tools[n]) for n in listed[offset:offset + limit]]
    catalog = _catalog()
    if catalog is not None and namespace_of(text) is None and text not in _CLASS_ALIASES \
            and catalog.has_server(text):
        return catalog.dir_lines(text, limit, offset)  # nil when the server cannot be listed
    entries = _entries(text)
    names = sorted(entries)[offset:offset + limit]
    return [_line(n, entries[n]) for n in names]


def _tokens(text: str) -> list:
    text = re.sub(r"([a-z])([A-Z])", r"\1 \2", text)
    return [t for t in re.split(r"[\s_\-./(),:\[\]?!*]+", text.lower()) if t]


def _score(query: list, targets: list, boost: int) -> int:
    total = 0
    for q in query:
        best = 0
        for t in targets:
            if q == t:
                best = max(best, 10 + boost)
            elif t.startswith(q):
                best = max(best, 5 + boost)
            elif q in t:
                best = max(best, 2 + boost)
        total += best
    return total


@builtin("apropos", arity=(1, 2), signature="(apropos query), (apropos query {:limit 8})",
         doc="Lines \"name - doc\" of the builtins whose name or doc match the words of query, best first.",
         example=(('(first (apropos "upper-case"))', '"str/upper-case - s in upper case (alias upcase)."'),))
def apropos(query, opts=None):
    if type(query) is not str or not query.strip():
        raise EvalError(messages.APROPOS_QUERY, code="value")
    limit = _int_option("apropos", opts, "limit", 8, 1, 50)
    words, whole = _tokens(query), query.strip().lower()
    scored = []
    for b in {id(b): b for b in REGISTRY.values()}.values():
        ref = ref_of(b)
        score = _score(words, _tokens(b.name) + _tokens(ref), 2) + _score(words, _tokens(b.doc), 0)
        score += 20 if whole in (b.name.lower(), ref.lower()) else 0
        if score > 0:
            scored.append((-score, ref, b))
    scored.sort(key=lambda t: (t[0], t[1]))
    found = [_line(ref, b) for _, ref, b in scored]
    tools = [line for _, line, _ in _tool_matches(query)]
    if found:  # tools first, leaving room for the two best builtins
        tools = tools[:max(limit - 2, 1)]
    return (tools + found)[:limit]


def _tool_line(tool) -> str:
    summary = " ".join((tool.description or "").split())
    return f"tool/{tool.name} - {_cut(summary)}" if summary else f"tool/{tool.name}"


def _cut(text: str, width: int = 120) -> str:
    return text if len(text) <= width else text[:width] + "..."


def _tool_documents() -> list:
    """(key, name, description, parameter names, apropos line, search-tools map) of every
    host and upstream tool the run can call."""
    docs = []
    tools = _host_tools()
    for name in (sorted(tools, key=str) if tools is not None else ()):
        t = tools[name]
        found = {Keyword("name"): f"tool/{t.name}", Keyword("signature"): t.signature_text,
                 Keyword("doc"): " ".join((t.description or "").split()),
                 Keyword("call"): t.usage()}
        if getattr(t, "read_only", None) is not None:
            found[Keyword("writes")] = not t.read_only
        docs.append((f"tool/{t.name}", t.name, t.description or "", param_words(t),
                     _tool_line(t), found))
    catalog = _catalog()
    for ref, line, names, doc_text in (catalog.apropos_entries() if catalog is not None else ()):
        server, _, name = ref.partition("/")
        found = {Keyword("name"): ref, Keyword("doc"): line.split(" - ", 1)[-1],
                 Keyword("call"): f'(tool/call {{:server "{server}" :tool "{name}" :args {{}}}})',
                 Keyword("arguments"): f'(doc "{ref}")'}
        docs.append((ref, names, doc_text, [], line, found))
    return docs


def _tool_matches(query: str) -> list:
    """(key, apropos line, search-tools map) of the tools matching query, best first."""
    docs = _tool_documents()
    if not docs:
        return []
    ranker = Ranker((i, name, desc, params) for i, (_, name, desc, params, _, _) in enumerate(docs))
    whole = query.strip().lower()
    exact = [i for i, d in enumerate(docs) if whole in (d[0].lower(), d[1].lower())]
    order = exact + [i for i, _ in ranker.matches(query) if i not in exact]
    return [(docs[i][0], docs[i][4], docs[i][5]) for i in order]


@builtin("search-tools", arity=(1, 2),
         signature="(search-tools query), (search-tools query {:limit 5})",
         doc="The session's tools ranked by how well their name, description and parameters "
             "match the words of query, best first: maps of :name :signature :doc :call "
             "(and :writes when the host says; an upstream tool's :arguments is the doc call "
             "that shows them).",
         example=(('(search-tools "refund")', "[]"),))
def search_tools(query, opts=None):
    if type(query) is not str or not query.strip():
        raise EvalError(messages.SEARCH_TOOLS_QUERY, code="value")
    limit = _int_option("search-tools", opts, "limit", 5, 1, 50)
    return [found for _, _, found in _tool_matches(query)[:limit]]


def _catalog():
    """The upstream catalog of the run on this thread, or None."""
    b = budget.current()
    return b.catalog if b is not None else None


def _meta(b) -> dict:
    return {Keyword("name"): b.name, Keyword("ns"): b.ns, Keyword("ref"): ref_of(b),
            Keyword("doc"): b.doc, Keyword("arglists"): arglists(b),
            Keyword("examples"): [f"{s} ;=> {e}" for s, e in b.examples]}


@builtin("meta", flags="quoted-args", arity=1, signature="(meta name)",
         doc="Metadata of a builtin as a map: :name :ns :ref :doc :arglists :examples.",
         example=(("(:ns (meta str/join))", '"clojure.string"'),
                  ("(:arglists (meta subs))", '["(subs s start)" "(subs s start end)"]')))
def meta(ref):
    text = _ref_text("meta", ref)
    b = find_builtin(text)
    if b is None:
        raise EvalError(messages.doc_unknown(text), code="value", hint=messages.HINT_DOC)
    return _meta(b)


@builtin("ns-publics", flags="quoted-args", arity=1, signature="(ns-publics ns)",
         doc="A map from each member name of a namespace to {:doc ... :arglists [...]}.",
         example=(('(:doc (get (ns-publics clojure.set) "union"))',
                   '"The set of the members of all the sets."'),))
def ns_publics(ref):
    entries = _entries(_ref_text("ns-publics", ref))
    return {name: {Keyword("doc"): b.doc, Keyword("arglists"): arglists(b)}
            for name, b in sorted(entries.items())}


@builtin("all-ns", arity=0, signature="(all-ns)",
         doc="The sorted names of the namespaces programs can use (Java classes aside).",
         example=(('(some #{"clojure.string"} (all-ns))', '"clojure.string"'),))
def all_ns():
    return namespaces()


@builtin("ns-name", flags="quoted-args", arity=1, signature="(ns-name ns)",
         doc="The full name of a namespace written with any of its prefixes.",
         example=(('(ns-name str)', '"clojure.string"'), ('(ns-name "set")', '"clojure.set"')))
def ns_name(ref):
    text = _ref_text("ns-name", ref)
    canonical = namespace_of(text)
    if canonical is None:
        raise EvalError(messages.dir_unknown(text, namespaces()), code="value")
    return canonical


@builtin("source", flags="quoted-args", arity=1, signature="(source name)",
         doc="Prints the source of a definition when one is available (never for builtins); returns nil.",
         example=(("(source str/join)", "nil"),))
def source(ref):
    budget.emit_print(messages.no_source(_ref_text("source", ref)))
    return None
