"""What programs and models read about upstream tools: argument lines, doc, dir, the catalog."""
from __future__ import annotations

import difflib
import json

import attrs

from .. import messages as core_messages
from ..host.catalog import Entry, group_of, select
from ..lang.printer import format_value
from . import messages as M

DESCRIPTION_CHARS = 120


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
        return f"{self.server}/{self.name}"

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
    text = " ".join((text or "").split())
    return text if len(text) <= width else text[: width - 3] + "..."


def type_label(schema) -> str:
    """`string`, `integer`, `enum<string>`, `const<42>`... of one argument's schema."""
    if not isinstance(schema, dict):
        return "any"
    if "const" in schema:
        return f"const<{json.dumps(schema['const'])}>"
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
    """`:id integer, :status string?`."""
    return ", ".join(f":{n} {label}{'' if req else '?'}" for n, label, req in arguments(info.input_schema))


def call_example(info: ToolInfo) -> str:
    required = [(n, label) for n, label, req in arguments(info.input_schema) if req]
    args = " ".join(f":{n} {_placeholder(label)}" for n, label in required)
    return M.CALL_EXAMPLE.format(server=info.server, tool=info.name, args=args)


def _placeholder(label: str) -> str:
    return {"string": '"..."', "integer": "1", "number": "1.0", "boolean": "true",
            "array": "[]", "object": "{}"}.get(label, "...")


def doc_text(info: ToolInfo) -> str:
    """What `(doc "server/tool")` prints: arguments with their details, the output schema."""
    required = [f":{n}" for n, _, req in arguments(info.input_schema) if req]
    lines = ["-------------------------", info.ref, "  " + (one_line(info.description, 400) or "-"),
             "  Args: " + (args_text(info) or "none"),
             *arg_details(info), "  Required: " + (", ".join(required) or "none"),
             "  Call: " + call_example(info)]
    if info.unsupported:
        lines.append("  " + info.unsupported)
    if isinstance(info.output_schema, dict) and info.output_schema:
        lines.append("  " + M.doc_output(_shape_text(info.output_schema, DOC_SCHEMA_CHARS)))
    lines.append("  " + M.RESULT_SHAPE)
    return "\n".join(lines)


DOC_SCHEMA_CHARS = 600


def arg_details(info: ToolInfo) -> list:
    """One line per argument with more to say than its type: enum values, item shape,
    default (the schema's, or the upstream's default_args), description."""
    props = info.input_schema.get("properties") if isinstance(info.input_schema, dict) else None
    out = []
    for name, _, _ in arguments(info.input_schema):
        schema = props[name] if isinstance(props[name], dict) else {}
        bits = []
        if isinstance(schema.get("enum"), list):
            bits.append(M.doc_enum(", ".join(json.dumps(v) for v in schema["enum"])))
        if schema.get("type") == "array" and isinstance(schema.get("items"), dict):
            bits.append(M.doc_items(_shape_text(schema["items"], 200)))
        if schema.get("type") == "object" and isinstance(schema.get("properties"), dict):
            bits.append(M.doc_shape(_shape_text(schema, 200)))
        if name in info.defaults:
            bits.append(M.configured_default(json.dumps(info.defaults[name])))
        elif "default" in schema:
            bits.append(M.doc_default(json.dumps(schema["default"])))
        if schema.get("description"):
            bits.append(one_line(schema["description"], 160))
        if bits:
            out.append(f"    :{name} - " + "; ".join(bits))
    return out


def _shape_text(schema: dict, width: int) -> str:
    """`{:id integer, :tags [string]}` of an object schema, `[...]` of an array, else the type."""
    if schema.get("type") == "array" and isinstance(schema.get("items"), dict):
        return one_line("[" + _shape_text(schema["items"], width) + "]", width)
    props = schema.get("properties")
    if isinstance(props, dict):
        inner = ", ".join(f":{n} {_shape_text(v, width) if isinstance(v, dict) else 'any'}"
                          for n, v in props.items())
        return one_line("{" + inner + "}", width)
    return type_label(schema)


def dir_line(info: ToolInfo) -> str:
    return f"{info.name} - {info.summary}" if info.summary else info.name


def _entry(info: ToolInfo) -> Entry:
    """The catalog entry of an upstream tool (ptclisp.host.catalog decides what is shown)."""
    summary = f" - {info.summary}" if info.summary else ""
    return Entry(name=info.name, full=f"  - {info.name}({args_text(info)}){summary}",
                 description=info.description,
                 params=tuple(n for n, _, _ in arguments(info.input_schema)),
                 group=info.server, writes=info.read_only is False, domain=group_of(info.name))


def catalog_text(servers: dict, descriptions: dict, *, mission: str | None = None,
                 budget: int | None = None) -> str:
    """The catalog for the model: every tool while it fits the catalog budget; past it, the
    mission's likeliest tools in full (none without a mission) and an index of the others by
    server (the one rule of ptclisp.host.catalog).

    servers: name -> list of ToolInfo, or None when the server could not be listed."""
    by_server = {name: [_entry(i) for i in sorted(tools, key=lambda t: t.name)]
                 for name, tools in servers.items() if tools is not None}
    entries = [e for name in sorted(by_server) for e in by_server[name]]
    chosen = select(entries, mission, budget)
    lines = [M.CATALOG_HEAD, M.SERVERS_LINE]
    for name in sorted(servers):
        tools = by_server.get(name)
        if tools is None:
            lines.append("- " + M.SERVER_HINT.format(name=name))
            continue
        extra = f" {one_line(descriptions[name])}" if descriptions.get(name) else ""
        lines.append(f"- {name}:{extra} {len(tools)} tools")
        lines += [e.full for e in chosen.full if e.group == name]  # best first
    if chosen.index:
        lines += [core_messages.CATALOG_INDEX_UPSTREAM, *chosen.index]
    return "\n".join(lines)


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
