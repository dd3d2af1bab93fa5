"""Texts of host tools: calls, definitions, signatures, results, the journal and pmap."""
from __future__ import annotations

from .analyze import usage


def _params_list(names) -> str:
    return ", ".join(":" + n for n in names)  # as the host declared them (one spelling, #19)


def tool_unknown_param(name: str, key: str, params) -> str:
    known = f"its parameters: {_params_list(params)}" if params else "it takes no parameters"
    return f"tool/{name} has no parameter :{key}; {known}"


def tool_missing_params(name: str, missing) -> str:
    word = "parameter" if len(missing) == 1 else "parameters"
    return f"tool/{name} is missing required {word} {_params_list(missing)}"


def tool_bad_arg(name: str, problems: str) -> str:
    return f"tool/{name} got a wrong argument: {problems}"


def tool_signature_hint(signature: str, usage: str) -> str:
    return f"signature: {signature}; call it as {usage}"


def tool_positional_fix(example: str, signature: str) -> str:
    return f"write {example} (signature: {signature})"


def tool_not_data(name: str, where: str | None = None) -> str:
    """A tool result that does not cross the door; where: the part, as `(get-in result [...])`
    (the host's log names its Python type)."""
    part = f" at {where}" if where else ""
    return (f"tool/{name} returned something that is not data{part} (tools return maps, vectors, "
            f"strings, numbers, booleans or nil); the host must fix the tool")


def tool_result_changed(name: str) -> str:
    """A tool result the host kept changing (another thread) while the door copied it."""
    return f"tool/{name} returned data that kept changing while it was being read"


def tool_out_of_range(name: str, problem: str) -> str:
    """A tool result holding a number, date or sequence too big to convert (host/numbers.py)."""
    return f"tool/{name} returned {problem}; the host must fix the tool"


def tool_bad_result(name: str, problems: str) -> str:
    return f"tool/{name} returned a value that does not match its signature: {problems}"


TOOL_CANCELLED = "the call was cancelled"
HINT_TOOL_RESULT_SIZE = "ask the tool for less (a limit, a page, a filter), or process the data in parts"
PARALLEL_CANCELLED = "cancelled: another branch of the same pmap/pcalls failed"


def tool_not_callable(name: str) -> str:
    return f"tool {name} is not callable"


def tool_bad_name(name: str) -> str:
    return (f"tool name {name!r} is not a symbol name (letters, digits, - and _); "
            f"give the tool a name, e.g. tools={{\"search\": fn}}")


def tool_duplicate(name: str) -> str:
    return f"two tools are named {name} (snake_case and kebab-case names are the same name)"


def tool_bad_expose(name: str, value) -> str:
    return f"tool {name}: expose must be \"program\", \"native\" or \"both\", got {value!r}"


def tool_bad_preview(name: str, value) -> str:
    return f"tool {name}: preview must be \"metadata\", \"rows\" or a callable, got {value!r}"


def tool_preview_needs_cache(name: str, expose, cache) -> str:
    return (f"tool {name}: a preview needs expose=\"both\" and cache=True "
            f"(got expose={expose!r}, cache={cache!r})")


def tool_bad_preview_limit(name: str, value) -> str:
    return f"tool {name}: preview_limit must be a positive integer, got {value!r}"


def cache_bad_size(value) -> str:
    return f"the tool cache's max_entries must be a positive integer, got {value!r}"


def tool_bad_takes(value) -> str:
    return f"takes must be \"kwargs\" or \"dict\", got {value}"


def tool_signature_mismatch(tool: str, problems: list) -> str:
    """A Tool whose declared parameters the Python callable cannot take."""
    return (f"tool {tool}: the declared parameters do not fit the function: "
            + "; ".join(problems))


def tool_param_not_accepted(name: str) -> str:
    return f"the function has no parameter {name} (and no **kwargs)"


def tool_param_not_declared(name: str) -> str:
    return f"the function requires {name}, which the signature does not declare"


def tool_positional_only(fn: str, param: str) -> str:
    return (f"tool {fn}: parameter {param} is positional-only; tools receive named arguments "
            f"(give takes=\"dict\" to receive one dict)")


def sig_unexpected(text: str, pos: int) -> str:
    return f"signature \"{text}\": unexpected text at position {pos}: \"{text[pos:pos + 10]}\""


def sig_expected(text: str, pos: int, what: str) -> str:
    shown = text[pos:pos + 10] or "the end"
    return f"signature \"{text}\": expected {what} at position {pos}, found \"{shown}\""


def sig_empty_list(text: str, pos: int) -> str:
    return f"signature \"{text}\": [] at position {pos} needs an item type, e.g. [:any]"


def sig_bad_type(text: str, pos: int, name: str, fix: str | None) -> str:
    tail = f"; use {fix}" if fix else "; types are :string :int :float :bool :keyword :datetime :any :map"
    return f"signature \"{text}\": unknown type :{name} at position {pos}{tail}"


SIG_TYPE_FIXES = {"list": "[:type], e.g. [:int]", "array": "[:type], e.g. [:int]",
                  "tuple": "a map with named fields {a :int, b :string}", "object": "{field :type} or :map",
                  "str": ":string", "integer": ":int", "number": ":float", "boolean": ":bool",
                  "dict": ":map", "double": ":float", "text": ":string"}
SIG_EMPTY = "a signature cannot be empty"


def sig_expected_type(expected: str, got: str) -> str:
    return f"expected {expected}, got {got}"


def sig_missing_field(expected: str) -> str:
    return f"missing (expected {expected})"


def return_mismatch(signature: str, problems: str) -> str:
    return f"the program's value does not match the return signature {signature}: {problems}"


HINT_RETURN_SIGNATURE = "end the program with a value of exactly that shape (every field not marked ? is required)"


def signal_in_parallel(kind: str, who: str) -> str:
    return f"{kind} cannot be used inside {who}; return a value from the function instead"


def parallel_branch(who: str, index: int) -> str:
    return f"{who} item {index}" if who == "pmap" else f"{who} function {index}"
