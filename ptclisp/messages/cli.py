"""Texts of the command line: files, --tools MODULE, the REPL, upstreams."""
from __future__ import annotations


# ---------------------------------------------------------------- command line (cli.py)


def cli_cannot_read(path, reason: str) -> str:
    return f"cannot read {path}: {reason}"


def cli_not_utf8(path) -> str:
    return f"cannot read {path}: it is not UTF-8 text"


def cli_bad_json(path, line: int, column: int, reason: str) -> str:
    return f"{path} is not valid JSON (line {line}, column {column}): {reason}"


def cli_not_positive(text: str) -> str:
    return f"must be a positive number, got {text}"


def cli_mcp_missing(missing: str) -> str:
    return (f"`ptclisp mcp` needs the MCP SDK ({missing} is not installed): "
            "pip install -e '.[mcp]' in a clone of ptclisp")


# ---------------------------------------------------------------- --tools MODULE (hostmodule.py)


def host_module_not_found(name: str) -> str:
    return (f"cannot import the tools module {name}: no module of that name "
            "(give a dotted module path importable from here, or a path to a .py file)")


def host_file_not_found(path) -> str:
    return f"cannot load the tools file {path}: no such file"


def host_file_not_python(path) -> str:
    return f"cannot load the tools file {path}: it is not a Python source file"


def host_module_failed(name, reason: str) -> str:
    return f"the tools module {name} failed to load: {reason}"


def host_tools_bad_type(name: str, type_name: str) -> str:
    return (f"TOOLS in {name} is a {type_name}; make it a dict of name -> function "
            "or a list of functions")


def host_tools_invalid(name: str, reason: str) -> str:
    return f"the tools of {name} cannot be used: {reason}"


def cli_data_not_map(path, got: str) -> str:
    """--data given JSON whose top level is not an object."""
    return (f"{path} holds a JSON {got}, but --data needs a JSON object whose keys become "
            f'data/ names: wrap it, e.g. {{"items": [...]}}, and read it as data/items')


def cli_bad_limit(text: str, names) -> str:
    """--limit given something other than NAME=VALUE with a known limit name."""
    return f"--limit {text}: expected NAME=VALUE with NAME one of {', '.join(names)}"


def repl_banner(version: str) -> str:
    return f"ptclisp {version} (Ctrl-D to quit, Ctrl-C to cancel the input, *e holds the last error)"


REPL_CANCELLED = "(input cancelled)"
REPL_INTERRUPTED = "interrupted: the program was stopped and memory is unchanged"


def cli_failed(text: str) -> str:
    """The value of (fail x), labelled so it is not taken for an answer."""
    return f"failed: {text}"


# ---------------------------------------------------------------- upstreams (#20)


API_UPSTREAMS_NEED_PACKAGE = (
    "Session(upstreams=...) with a path or a dict needs the upstream layer: `import "
    "ptclisp.upstream` first (pip install -e '.[mcp]' in a clone of ptclisp), or pass "
    "ptclisp.upstream.load(...)")


def cli_upstreams_missing(missing: str) -> str:
    return (f"--upstreams needs the MCP SDK and jsonschema ({missing} is not installed): "
            "pip install -e '.[mcp]' in a clone of ptclisp")


def hint_repair(places, removals=()) -> str:
    """Where indentation puts missing closers: [(span, [(closer, opener, opener_span)],
    code before the place, the line indented outside them or None)], and [(span, closer)] of
    closers left over at the end of a line."""
    parts = []
    for span, closes, before, outside in places:
        shown = before if len(before) <= 30 else "…" + before[-29:]
        closers = "".join(c for c, _, _ in closes)
        openers = " and ".join(f"'{o}' opened at {s}" for _, o, s in closes)
        them = "it" if len(closes) == 1 else "them"
        why = f": line {outside} is indented outside {them}" if outside is not None else ""
        parts.append(f"add '{closers}' at {span}, after `{shown}`, to close {openers}{why}")
    parts += [f"remove the '{closer}' at {span}" for span, closer in removals]
    return "; ".join(parts)
