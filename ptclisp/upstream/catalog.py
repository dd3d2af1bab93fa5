"""What programs and models read about upstream tools: argument lines, doc, dir, the catalog."""
from __future__ import annotations

import difflib
import json
import re

import attrs

from .. import messages as core_messages
from ..host.catalog import Entry, group_of, select
from ..lang.printer import format_value
from . import messages as M
from .config import DEFAULT_CATALOG_CHARS

DESCRIPTION_CHARS = 120
# Upstream-written text is cut field by field wherever it is shown (names, labels, values)
NAME_CHARS = 128  # a tool's name (the protocol's own limit) or an argument's
LABEL_CHARS = 40  # an argument's type label (`const<...>` carries a whole value)
ARGS_CHARS = 400  # the argument list of one tool
VALUES_CHARS = 200  # enum values, defaults in (doc ...)
# the closing tag of a data block in any case, spacing or attributes (as llm/envelope.py finds
# it; upstream/ sits beside llm/, not on it, so the envelope's shape is repeated here)
_CLOSING_TAG = re.compile(r"<[\s\u200b-\u200d\u2060\ufeff]*/[\s\u200b-\u200d\u2060\ufeff]*untrusted[^>]*>?",
                          re.IGNORECASE)


class Unavailable(Exception):
    """An upstream could not be started or listed (a world fault); the text is scrubbed."""


def near_hint(name: str, known, server: str) -> str:
    """"did you mean" near names, else the names there are."""
    near = difflib.get_close_matches(name, list(known), n=3, cutoff=0.6)
    if near:
        return M.did_you_mean(near)
    return M.tools_of(server, sorted(known))


@attrs.define
class ToolInfo:
    """One upstream tool as listed (descriptions and schemas already scrubbed of secrets)."""

    server: str
    name: str
    description: str = ""
    input_schema: dict = attrs.Factory(dict)
    output_schema: dict | None = None
    validator: object = None  # a jsonschema validator, or None when the schema is unusable
    defaults: dict = attrs.Factory(dict)  # arguments a call may leave out (the upstream's default_args)
    unsupported: str = ""  # why every call would fail (a task-only tool), or ""
    read_only: bool | None = None  # MCP's readOnlyHint (OpenAPI GETs: True); None unsaid

    @property
    def ref(self) -> str:
        return f"{self.server}/{cut(self.name, NAME_CHARS)}"

    @property
    def summary(self) -> str:
        return one_line(self.description)


def with_defaults(schema, defaults: dict) -> tuple:
    """(the schema with defaulted arguments no longer required, the defaults it has a property
    for): an upstream's default_args apply to each tool that takes the argument."""
    props = schema.get("properties") if isinstance(schema, dict) else None
    if not isinstance(props, dict) or not defaults:
        return schema, {}
    own = {k: v for k, v in defaults.items() if k in props}
    required = [r for r in schema.get("required", []) if r not in own]
    schema = {k: v for k, v in schema.items() if k != "required"}
    if required:
        schema["required"] = required
    return schema, own


def one_line(text: str, width: int = DESCRIPTION_CHARS) -> str:
    """text on one line (runs of white space made one space), cut to width with "..."."""
    text = " ".join((text or "")[: width * 4].split())
    return text if len(text) <= width else text[: width - 3] + "..."


def cut(text: str, width: int) -> str:
    """text cut to width characters (the last three "...")."""
    return text if len(text) <= width else text[: width - 3] + "..."


def type_label(schema) -> str:
    """`string`, `integer`, `enum<string>`, `const<42>`... of one argument's schema."""
    if not isinstance(schema, dict):
        return "any"
    if "const" in schema:
        return "const<" + one_line(json.dumps(schema["const"]), LABEL_CHARS) + ">"
    if "enum" in schema and isinstance(schema["enum"], list):
        kinds = {_json_type(v) for v in schema["enum"]}
        return f"enum<{kinds.pop()}>" if len(kinds) == 1 else "enum"
    t = schema.get("type")
    if isinstance(t, list):
        t = [x for x in t if x != "null"]
        t = t[0] if len(t) == 1 else None
    if isinstance(t, str):
        return t
    for key in ("anyOf", "oneOf"):
        options = [s for s in schema.get(key, []) if not (isinstance(s, dict) and s.get("type") == "null")]
        if len(options) == 1:
            return type_label(options[0])
    return "any"


def _json_type(v) -> str:
    if isinstance(v, bool):
        return "boolean"
    if isinstance(v, int):
        return "integer"
    if isinstance(v, float):
        return "number"
    if isinstance(v, str):
        return "string"
    return "null" if v is None else "object" if isinstance(v, dict) else "array"


def arguments(schema: dict) -> list:
    """(name, label, required) of each argument: required in schema order, then optional a-z."""
    props = schema.get("properties") if isinstance(schema, dict) else None
    if not isinstance(props, dict):
        return []
    required = [r for r in schema.get("required", []) if r in props]
    optional = sorted(n for n in props if n not in required)
    return ([(n, type_label(props[n]), True) for n in required]
            + [(n, type_label(props[n]), False) for n in optional])


def args_text(info: ToolInfo) -> str:
    """`:id integer, :status string?` (each name and label cut, the whole to ARGS_CHARS)."""
    return cut(", ".join(f":{cut(n, NAME_CHARS)} {label}{'' if req else '?'}"
                         for n, label, req in arguments(info.input_schema)), ARGS_CHARS)


def call_example(info: ToolInfo) -> str:
    required = [(n, label) for n, label, req in arguments(info.input_schema) if req]
    args = " ".join(f":{cut(n, NAME_CHARS)} {_placeholder(label)}" for n, label in required)
    return M.CALL_EXAMPLE.format(server=info.server, tool=cut(info.name, NAME_CHARS), args=cut(args, ARGS_CHARS))


def _placeholder(label: str) -> str:
    return {"string": '"..."', "integer": "1", "number": "1.0", "boolean": "true",
            "array": "[]", "object": "{}"}.get(label, "...")


def doc_text(info: ToolInfo) -> str:
    """What `(doc "server/tool")` prints: arguments with their details, the output schema."""
    required = [f":{cut(n, NAME_CHARS)}" for n, _, req in arguments(info.input_schema) if req]
    lines = ["-------------------------", info.ref, "  " + (one_line(info.description, 400) or "-"),
             "  Args: " + (args_text(info) or "none"),
             *arg_details(info), "  Required: " + (cut(", ".join(required), ARGS_CHARS) or "none"),
             "  Call: " + call_example(info)]
    if info.unsupported:
        lines.append("  " + info.unsupported)
    if isinstance(info.output_schema, dict) and info.output_schema:
        lines.append("  " + M.doc_output(_shape_text(info.output_schema, DOC_SCHEMA_CHARS)))
    lines.append("  " + M.RESULT_SHAPE)
    return "\n".join(lines)


DOC_SCHEMA_CHARS = 600
DOC_ARGS = 40  # arguments described one per line in (doc ...)


def arg_details(info: ToolInfo) -> list:
    """One line per argument with more to say than its type: enum values, item shape,
    default (the schema's, or the upstream's default_args), description."""
    props = info.input_schema.get("properties") if isinstance(info.input_schema, dict) else None
    out = []
    for name, _, _ in arguments(info.input_schema)[:DOC_ARGS]:
        schema = props[name] if isinstance(props[name], dict) else {}
        bits = []
        if isinstance(schema.get("enum"), list):
            bits.append(M.doc_enum(one_line(", ".join(json.dumps(v) for v in schema["enum"][:50]),
                                            VALUES_CHARS)))
        if schema.get("type") == "array" and isinstance(schema.get("items"), dict):
            bits.append(M.doc_items(_shape_text(schema["items"], 200)))
        if schema.get("type") == "object" and isinstance(schema.get("properties"), dict):
            bits.append(M.doc_shape(_shape_text(schema, 200)))
        if name in info.defaults:
            bits.append(M.configured_default(json.dumps(info.defaults[name])))
        elif "default" in schema:
            bits.append(M.doc_default(one_line(json.dumps(schema["default"]), VALUES_CHARS)))
        if schema.get("description"):
            bits.append(one_line(schema["description"], 160))
        if bits:
            out.append(f"    :{cut(name, NAME_CHARS)} - " + "; ".join(bits))
    return out


def _shape_text(schema: dict, width: int) -> str:
    """`{:id integer, :tags [string]}` of an object schema, `[...]` of an array, else the type."""
    if schema.get("type") == "array" and isinstance(schema.get("items"), dict):
        return one_line("[" + _shape_text(schema["items"], width) + "]", width)
    props = schema.get("properties")
    if isinstance(props, dict):
        inner = ", ".join(f":{cut(n, NAME_CHARS)} {_shape_text(v, width) if isinstance(v, dict) else 'any'}"
                          for n, v in list(props.items())[:50])
        return one_line("{" + inner + "}", width)
    return type_label(schema)


def dir_line(info: ToolInfo) -> str:
    name = cut(info.name, NAME_CHARS)
    return f"{name} - {info.summary}" if info.summary else name


def _entry(info: ToolInfo) -> Entry:
    """The catalog entry of an upstream tool (ptclisp.host.catalog decides what is shown);
    what the server wrote is cut field by field."""
    name = cut(info.name, NAME_CHARS)
    summary = f" - {info.summary}" if info.summary else ""
    return Entry(name=name, full=f"  - {name}({args_text(info)}){summary}",
                 description=info.description,
                 params=tuple(cut(n, NAME_CHARS) for n, _, _ in arguments(info.input_schema)),
                 group=info.server, writes=info.read_only is False, domain=group_of(name))


def catalog_text(servers: dict, descriptions: dict, *, mission: str | None = None,
                 budget: int | None = None, max_chars: int = DEFAULT_CATALOG_CHARS) -> str:
    """The catalog for the model: every tool while it fits the catalog budget; past it, the
    mission's likeliest tools in full (none without a mission) and an index of the others by
    server (the one rule of ptclisp.host.catalog). What the servers wrote (tool names,
    arguments, descriptions) is cut field by field and sits in untrusted data blocks; a
    catalog over max_chars characters lists the servers only, with a discovery hint.

    servers: name -> list of ToolInfo, or None when the server could not be listed."""
    by_server = {name: [_entry(i) for i in sorted(tools, key=lambda t: t.name)]
                 for name, tools in servers.items() if tools is not None}
    entries = [e for name in sorted(by_server) for e in by_server[name]]
    chosen = select(entries, mission, budget)
    lines = [M.CATALOG_HEAD, M.CATALOG_UNTRUSTED, M.SERVERS_LINE]
    for name in sorted(servers):
        lines.append(_server_line(name, by_server.get(name), descriptions))
        full = [e.full for e in chosen.full if e.group == name]  # best first
        if full:
            lines.append(data_block("\n".join(full)))
    if chosen.index:
        lines += [core_messages.CATALOG_INDEX_UPSTREAM, data_block("\n".join(chosen.index))]
    text = "\n".join(lines)
    if len(text) <= max_chars:
        return text
    lines = [M.CATALOG_HEAD, M.CATALOG_TOO_LONG.format(n=len(entries), m=len(servers)),
             M.SERVERS_LINE]
    lines += [_server_line(name, by_server.get(name), descriptions) for name in sorted(servers)]
    return cut("\n".join(lines), max_chars)


def _server_line(name: str, tools: list | None, descriptions: dict) -> str:
    if tools is None:
        return "- " + M.SERVER_HINT.format(name=name)
    extra = f" {one_line(descriptions[name])}" if descriptions.get(name) else ""
    return f"- {name}:{extra} {len(tools)} tools"


def data_block(text: str) -> str:
    """text written by a server, as the turn feedback's untrusted data block (a closing tag
    inside it escaped, so the text cannot end its block)."""
    safe = _CLOSING_TAG.sub(M.ESCAPED_CLOSER, text)
    return f"{M.UNTRUSTED_OPEN}\n{safe}\n{M.UNTRUSTED_CLOSE}"


def schema_problem(error) -> str:
    """A jsonschema error in Lisp words: where (:key paths) and what."""
    path = " ".join(f":{p}" if isinstance(p, str) else f"[{p}]" for p in error.absolute_path)
    v, instance = error.validator, error.instance
    if v == "required":
        missing = [r for r in error.validator_value if r not in instance]
        text = M.schema_missing(missing)
    elif v == "type":
        expected = error.validator_value
        expected = " or ".join(expected) if isinstance(expected, list) else expected
        text = M.schema_type(show(instance), expected)
    elif v == "enum":
        text = M.schema_enum(show(instance), show(error.validator_value))
    elif v == "additionalProperties":
        extra = sorted(set(instance) - set(error.schema.get("properties", {})))
        text = M.schema_unknown(extra)
    else:
        text = M.schema_other(show(instance), v, show(error.validator_value))
    return M.schema_problem(path, text)


def show(value) -> str:
    """A value as the program would print it, cut to 60 characters."""
    return format_value(value, max_chars=60)
