"""Tool definitions: a host callable with its name, parameters, types, description and schema.

From a plain callable everything is derived: the name (snake_case -> kebab-case), the parameters
and their types (type hints, defaults), descriptions (the docstring: Google `Args:` sections or
Sphinx `:param x:` lines) and a JSON schema. A `Tool` may give any of these explicitly.

How the callable receives its arguments (`takes`):
- "kwargs": as keyword arguments, when its signature names parameters (or has **kwargs);
- "dict": as one dict, when its only parameter is a dict (e.g. `def run(args: dict)`, a
  TypedDict whose fields become the parameters) or positional-only, or the signature is unknown.
"""
from __future__ import annotations

import copy

import dataclasses
import enum
import inspect
import re
import typing
from collections.abc import Mapping

import attrs

from ..lang import printer
from .. import messages
from . import signatures as S

NO_DEFAULT = inspect.Parameter.empty


@attrs.define(frozen=True)
class Param:
    """One named tool parameter."""

    name: str  # as the callable declares it (usually snake_case)
    type: tuple = S.ANY
    required: bool = True
    description: str | None = None
    default: object = None  # the callable's default for an optional parameter (shown to the model)


_NAME = re.compile(r"[A-Za-z][\w\-?!*+<>=.]*")  # what the reader accepts after tool/


def kebab(name: str) -> str:
    """snake_case -> kebab-case."""
    return name.replace("_", "-")


class Tool:
    """A host function the program may call as `(tool/name {...})`."""

    def __init__(self, fn, *, name: str | None = None, description: str | None = None,
                 signature: str | None = None, params=None, returns=None, schema: dict | None = None,
                 takes: str | None = None, expose: str = "program", cache: bool = False,
                 preview=None, preview_limit: int = 20, show_errors: bool = False,
                 read_only: bool | None = None, group: str | None = None):
        """show_errors: the program sees the text of exceptions fn raises (by default only
        `tool/NAME failed (ExceptionType)`; raise ptclisp.ToolError to show one message).
        read_only: False marks a write tool (shown apart in a big catalog's index), True a read
        tool, None unsaid. group: the tool's domain in a big catalog's index (default: read
        from its name)."""
        if not callable(fn):
            raise TypeError(messages.tool_not_callable(name or repr(fn)))
        self.fn = fn
        self.show_errors = show_errors
        self.read_only, self.group = read_only, group
        raw = name or getattr(fn, "__name__", None) or type(fn).__name__
        self.name = kebab(raw)
        if not _NAME.fullmatch(self.name):
            raise ValueError(messages.tool_bad_name(raw))
        doc = inspect.getdoc(fn) or ""
        self.description = description if description is not None else _summary(doc)
        derived = _derive(fn, doc)
        self.takes = takes or derived.takes
        if self.takes not in ("kwargs", "dict"):
            raise ValueError(messages.tool_bad_takes(self.takes))
        self.params, self.open = derived.params, derived.open
        if self.takes == "dict" and derived.takes != "dict":  # takes="dict" given: its one
            self.params, self.open = (), True  # parameter is the whole map, not a tool parameter
        self.returns, self.check_returns = derived.returns, False
        if schema is not None:
            self.params, self.open = _params_from_schema(schema)
        if signature is not None:
            sig = S.parse(signature)
            if sig.params is not None:
                self.params, self.open = _params_from_pairs(sig.params), False
            self.returns, self.check_returns = sig.output, True
        if params is not None:
            self.params, self.open = _explicit_params(params), False
        if returns is not None:
            self.returns = S.parse_type(returns) if isinstance(returns, str) else returns
            self.check_returns = True
        if (signature, params, schema) != (None, None, None):
            _check_accepts(self, derived)
        self._schema = schema
        self.is_async = _is_async(fn)
        self.by_key = _param_index(self.params)
        self.required = [p for p in self.params if p.required]
        self.expose, self.cache, self.preview, self.preview_limit = _exposure(
            self.name, expose, cache, preview, preview_limit)

    def __repr__(self) -> str:
        return f"Tool({self.signature_text})"

    def param(self, key: str) -> Param | None:
        """The parameter a written key names (kebab-case and snake_case both resolve)."""
        p = self.by_key.get(key)
        if p is None:
            p = self.by_key.get(key.replace("-", "_")) or self.by_key.get(key.replace("_", "-"))
        return p

    @property
    def signature_text(self) -> str:
        """`name(query :string, limit :int?) -> [{id :int}]` in signature syntax."""
        ps = ", ".join(f"{p.name} {S.render(p.type)}{'' if p.required or S.optional(p.type) else '?'}"
                       for p in self.params)
        if self.open:
            ps = ps + (", ..." if ps else "...")
        out = f"tool/{self.name}({ps})"
        return out + (f" -> {S.render(self.returns)}" if self.returns is not None else "")

    @property
    def schema(self) -> dict:
        """JSON schema of the parameters object."""
        if self._schema is not None:
            return self._schema
        props = {}
        for p in self.params:
            s = dict(S.to_schema(p.type))
            if p.description:
                s["description"] = p.description
            props[p.name] = s
        out = {"type": "object", "properties": props,
               "required": [p.name for p in self.params if p.required]}
        if not self.open:
            out["additionalProperties"] = False
        return out

    def usage(self) -> str:
        """An example call with the required parameters (or the first) and example values of
        their types, e.g. `(tool/search {:query "text"})`; a tool may set its own `usage_text`."""
        if getattr(self, "usage_text", None):
            return self.usage_text
        shown = self.required or self.params[:1]
        inner = " ".join(f":{p.name} {printer.format_value(S.example_value(p.type))}" for p in shown)
        return f"(tool/{self.name} {{{inner}}})" if inner else f"(tool/{self.name})"


EXPOSE = ("program", "native", "both")
PREVIEWS = (None, "metadata", "rows")


def _exposure(name: str, expose, cache, preview, limit) -> tuple:
    """Checked (expose, cache, preview, preview_limit) of a tool (see ptclisp.llm for their use).

    expose: who may call the tool: programs (`(tool/name ...)`), the model natively, or both.
    cache: a successful result is kept; a call with canonically equal arguments reuses it.
    preview: how a native call of a cached tool exposed "both" shows its result (metadata,
    the first preview_limit rows, or a callable)."""
    if expose not in EXPOSE:
        raise ValueError(messages.tool_bad_expose(name, expose))
    if preview not in PREVIEWS and not callable(preview):
        raise ValueError(messages.tool_bad_preview(name, preview))
    if preview is not None and not (cache and expose == "both"):
        raise ValueError(messages.tool_preview_needs_cache(name, expose, cache))
    if type(limit) is not int or limit < 1:
        raise ValueError(messages.tool_bad_preview_limit(name, limit))
    return expose, bool(cache), preview, limit


def as_tools(tools) -> list[Tool]:
    """Tool objects from a mapping name -> callable/Tool, or an iterable of callables/Tools."""
    if tools is None:
        return []
    out = []
    items = tools.items() if isinstance(tools, Mapping) else ((None, t) for t in tools)
    for name, t in items:
        if isinstance(t, Tool):
            if name is not None and kebab(name) != t.name:
                t = _renamed(t, name)
            out.append(t)
        else:
            out.append(Tool(t, name=name))
    return out


def _renamed(tool: Tool, name: str) -> Tool:
    t = copy.copy(tool)
    t.name = kebab(name)
    return t


# ---------------------------------------------------------------- deriving from a callable

def _check_accepts(tool: "Tool", derived: "_Derived") -> None:
    """Refuse, when the Tool is made, declared parameters its keyword callable cannot take."""
    if tool.takes != "kwargs" or derived.takes != "kwargs" or not derived.params and derived.open:
        return
    own = {p.name for p in derived.params}
    declared = {p.name for p in tool.params}
    problems = [messages.tool_param_not_accepted(n) for n in sorted(declared - own)
                if not derived.open]
    problems += [messages.tool_param_not_declared(p.name) for p in derived.params
                 if p.required and p.name not in declared]
    if problems:
        raise ValueError(messages.tool_signature_mismatch(tool.name, problems))


@attrs.define
class _Derived:
    params: tuple = ()
    open: bool = True
    takes: str = "dict"
    returns: tuple | None = None


def _derive(fn, doc: str) -> _Derived:
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return _Derived()
    hints = _hints(fn)
    docs = _param_docs(doc)
    ps = [p for p in sig.parameters.values()]
    returns = None
    if sig.return_annotation is not inspect.Signature.empty:
        r = hint_type(hints.get("return", sig.return_annotation))
        returns = None if r == S.ANY else r
    single = _single_dict_param(ps, hints)
    if single is not None:
        fields = single[1] if single[1] != S.ANY and single[1][0] == "map" else None
        params = _params_from_pairs(fields[1]) if fields else ()
        return _Derived(params, fields is None, "dict", returns)
    params, is_open = [], False
    for p in ps:
        if p.kind is p.VAR_KEYWORD:
            is_open = True
        elif p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY):
            t = hint_type(hints.get(p.name, p.annotation))
            if t == S.ANY and p.name in docs and docs[p.name][1]:
                t = hint_type(docs[p.name][1])
            params.append(Param(p.name, t, p.default is NO_DEFAULT, docs.get(p.name, (None,))[0],
                                None if p.default is NO_DEFAULT else p.default))
        elif p.kind is p.POSITIONAL_ONLY and p.default is NO_DEFAULT:
            raise ValueError(messages.tool_positional_only(getattr(fn, "__name__", "tool"), p.name))
    return _Derived(tuple(params), is_open, "kwargs", returns)


ARG_NAMES = frozenset({"args", "arguments", "params", "parameters", "payload", "input", "inputs",
                       "request", "kwargs"})


def _single_dict_param(ps, hints):
    """(param, type) when the callable takes the whole arguments map as its one parameter.

    That is: one required parameter, positional-only or named like a payload (`args`, `params`,
    `payload`...). A TypedDict annotation on it gives the fields. `def f(user: dict)` is instead
    a tool with one map-valued parameter `user`.
    """
    if len(ps) != 1 or ps[0].kind in (ps[0].VAR_POSITIONAL, ps[0].VAR_KEYWORD):
        return None
    p = ps[0]
    if p.default is not NO_DEFAULT or not (p.kind is p.POSITIONAL_ONLY or p.name in ARG_NAMES):
        return None
    return p, hint_type(hints.get(p.name, p.annotation))


def _hints(fn) -> dict:
    target = fn if inspect.isfunction(fn) or inspect.ismethod(fn) else getattr(fn, "__call__", fn)
    try:
        return typing.get_type_hints(target)
    except Exception:  # unresolvable forward references: fall back to the raw annotations
        return dict(getattr(target, "__annotations__", {}) or {})


def _is_async(fn) -> bool:
    while hasattr(fn, "func"):  # functools.partial
        fn = fn.func
    return inspect.iscoroutinefunction(fn) or inspect.iscoroutinefunction(getattr(fn, "__call__", None))


_NAMES = {"str": ("prim", "string"), "string": ("prim", "string"), "int": ("prim", "int"),
          "integer": ("prim", "int"), "float": ("prim", "float"), "number": ("prim", "float"),
          "bool": ("prim", "bool"), "boolean": ("prim", "bool"), "dict": ("prim", "map"),
          "mapping": ("prim", "map"), "list": ("list", S.ANY), "tuple": ("list", S.ANY),
          "sequence": ("list", S.ANY), "any": S.ANY}
_PY = {str: ("prim", "string"), int: ("prim", "int"), float: ("prim", "float"),
       bool: ("prim", "bool"), dict: ("prim", "map"), list: ("list", S.ANY),
       tuple: ("list", S.ANY), set: ("list", S.ANY), frozenset: ("list", S.ANY)}
_SEQUENCES = (list, tuple, set, frozenset)


def hint_type(h) -> tuple:
    """The signature type of a Python type hint (unknown hints become :any)."""
    if h is inspect.Parameter.empty or h is None or h is typing.Any:
        return S.ANY
    if isinstance(h, str):
        return _string_hint(h)
    if h in _PY:
        return _PY[h]
    if isinstance(h, type) and issubclass(h, enum.Enum):
        values = tuple(m.value for m in h)
        return S.enum(values) if values and all(type(v) is str for v in values) else S.ANY
    if typing.is_typeddict(h):
        return _typeddict(h)
    if isinstance(h, type) and (dataclasses.is_dataclass(h) or hasattr(h, "model_fields")):
        return _record(h)
    origin, args = typing.get_origin(h), typing.get_args(h)
    if origin is typing.Annotated:
        return hint_type(args[0])
    if origin is typing.Union or type(h).__name__ == "UnionType":
        rest = [a for a in args if a is not type(None)]
        inner = hint_type(rest[0]) if len(rest) == 1 else S.ANY
        return ("opt", inner) if len(rest) < len(args) and inner != S.ANY else inner
    if origin is typing.Literal:
        kinds = {type(a) for a in args}
        if kinds == {str}:
            return S.enum(args)
        return _PY.get(kinds.pop(), S.ANY) if len(kinds) == 1 else S.ANY
    if origin in _SEQUENCES or _is_abc(origin, ("Sequence", "Iterable", "Collection", "Set")):
        item = args[0] if args and (origin is not tuple or len(args) == 1 or args[1] is Ellipsis) else None
        return ("list", hint_type(item) if item is not None else S.ANY)
    if origin is dict or _is_abc(origin, ("Mapping", "MutableMapping")) or _is_abc(h, ("Mapping",)):
        return ("prim", "map")
    return S.ANY


def _is_abc(cls, names) -> bool:
    return getattr(cls, "__module__", "") in ("collections.abc", "typing") and \
        getattr(cls, "__name__", "") in names


def _string_hint(text: str) -> tuple:
    t = text.strip().replace("typing.", "")
    if t.endswith("| None") or t.startswith("Optional["):
        inner = t[9:-1] if t.startswith("Optional[") else t[:-6]
        base = _string_hint(inner)
        return ("opt", base) if base != S.ANY else S.ANY
    m = re.fullmatch(r"(?:list|List|Sequence|tuple|Tuple)\[(.+?)(?:, \.\.\.)?\]", t)
    if m:
        return ("list", _string_hint(m.group(1)))
    if re.fullmatch(r"(?:dict|Dict|Mapping)\[.*\]", t):
        return ("prim", "map")
    return _NAMES.get(t.lower(), S.ANY)


def _typeddict(td) -> tuple:
    hints = typing.get_type_hints(td)
    required = getattr(td, "__required_keys__", set(hints))
    return ("map", tuple((n, hint_type(h) if n in required else _opt(hint_type(h)))
                         for n, h in hints.items()))


def _record(cls) -> tuple:
    """The map type of a dataclass or pydantic model: its fields, optional when they default."""
    hints = typing.get_type_hints(cls)
    if dataclasses.is_dataclass(cls):
        fields = [(f.name, f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)
                  for f in dataclasses.fields(cls)]
    else:
        fields = [(n, f.is_required()) for n, f in cls.model_fields.items()]
    return ("map", tuple((n, hint_type(hints.get(n)) if req else _opt(hint_type(hints.get(n))))
                         for n, req in fields))


def _opt(t):
    return t if S.optional(t) else ("opt", t)


# ---------------------------------------------------------------- explicit parameters

def _params_from_pairs(pairs) -> tuple:
    return tuple(Param(n, t, not S.optional(t)) for n, t in pairs)


def _explicit_params(params) -> tuple:
    """Params from a mapping name -> type text/type, or a sequence of Param."""
    if isinstance(params, Mapping):
        out = []
        for n, t in params.items():
            t = S.parse_type(t) if isinstance(t, str) else t
            out.append(Param(n, t, not S.optional(t)))
        return tuple(out)
    return tuple(params)


def _params_from_schema(schema: dict):
    t = S.from_schema(schema)
    if t[0] != "map":
        return (), True
    props = schema.get("properties") or {}
    descs = {n: s.get("description") for n, s in props.items() if isinstance(s, dict)}
    required = set(schema.get("required") or ())
    params = tuple(Param(n, _own_type(ft, props.get(n)) if n not in required else ft,
                         n in required and not S.optional(ft), descs.get(n)) for n, ft in t[1])
    return params, schema.get("additionalProperties", False) not in (False, None)


def _own_type(t, prop) -> tuple:
    """An optional property's type: `T?` only when its own schema takes null (else it may be
    left out but not given null, and a program's nil there means left out: arguments.py)."""
    own = S.from_schema(prop)
    return t if S.optional(own) or not S.optional(t) else t[1]


def _param_index(params) -> dict:
    out = {}
    for p in params:
        out[p.name] = p
        out.setdefault(kebab(p.name), p)
    return out


# ---------------------------------------------------------------- docstrings

def _summary(doc: str) -> str | None:
    """The docstring's first paragraph, joined into one line."""
    head = doc.strip().split("\n\n", 1)[0].strip()
    if not head or re.match(r"^(Args|Arguments|Parameters|Returns|:param)\b", head):
        return None
    return " ".join(line.strip() for line in head.splitlines())


_GOOGLE = re.compile(r"^(?P<name>\*{0,2}[A-Za-z_]\w*)\s*(?:\((?P<type>[^)]*)\))?\s*:\s*(?P<desc>.*)$")
_SPHINX = re.compile(r"^:param\s+(?:(?P<type>[^:]+?)\s+)?(?P<name>[A-Za-z_]\w*)\s*:\s*(?P<desc>.*)$")
_SPHINX_TYPE = re.compile(r"^:type\s+(?P<name>[A-Za-z_]\w*)\s*:\s*(?P<type>.*)$")


def _param_docs(doc: str) -> dict:
    """name -> (description, type text) from Google-style or Sphinx-style docstrings."""
    out: dict = {}
    in_args, indent, last = False, None, None
    for raw in doc.splitlines():
        line = raw.strip()
        m = _SPHINX.match(line) or None
        if m:
            out[m["name"]] = (m["desc"].strip() or None, m["type"])
            continue
        m = _SPHINX_TYPE.match(line)
        if m:
            desc = out.get(m["name"], (None, None))[0]
            out[m["name"]] = (desc, m["type"].strip())
            continue
        if re.fullmatch(r"(Args|Arguments|Parameters|Params):", line):
            in_args, indent, last = True, None, None
            continue
        if not in_args:
            continue
        if not line:
            continue
        level = len(raw) - len(raw.lstrip())
        if indent is None:
            indent = level
        if level < indent or re.fullmatch(r"[A-Z]\w*:", line):
            in_args = False
            continue
        m = _GOOGLE.match(line) if level == indent else None
        if m:
            last = m["name"].lstrip("*")
            out[last] = (m["desc"].strip() or None, m["type"])
        elif last is not None and out[last][0] is not None:
            out[last] = (out[last][0] + " " + line, out[last][1])
    return out
