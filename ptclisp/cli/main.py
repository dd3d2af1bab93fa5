"""The `ptclisp` command: run | check | repl | fmt | prompt | mcp | agent."""
from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path

import attrs

from .. import Session, __version__, format_source, format_value, messages
from ..compile.analyzer import analyze
from ..errors import LimitExceeded, PtcError
from ..lang.reader import read
from ..llm.prompt import PROFILES, TRANSPORTS, system_prompt
from .inputs import InputError, host_tools, json_safe, load_data, load_upstreams, read_text
from .agent import add_parser as agent_parser
from .repl import repl
from ..limits import Limits


def _source(args) -> str:
    if getattr(args, "expr", None) is not None:
        return args.expr
    if args.file in (None, "-"):
        return sys.stdin.read()
    return read_text(args.file)


_LIMIT_FLAGS = ("timeout", "max_steps", "max_tool_calls")


def _limits(args, flags=_LIMIT_FLAGS):
    """Limits from --timeout/--max-steps/--max-tool-calls (and other flags) and --limit NAME=VALUE."""
    names = [f.name for f in attrs.fields(Limits)]
    given = {n: getattr(args, n) for n in flags if getattr(args, n, None) is not None}
    for text in getattr(args, "limit", None) or ():
        name, sep, value = text.partition("=")
        name = name.strip().replace("-", "_")
        if not sep or name not in names:
            raise InputError(messages.cli_bad_limit(text, names))
        try:
            given[name] = None if value.strip() in ("none", "None") else json.loads(value)
        except json.JSONDecodeError:
            given[name] = value.strip()
    try:
        return Limits(**given)
    except (TypeError, ValueError) as e:
        raise InputError(messages.cli_bad_limit(", ".join(getattr(args, "limit", None) or given), names)) from e


def cmd_run(args) -> int:
    if args.file is None and args.expr is None and sys.stdin.isatty():
        build_parser().parse_args(["run", "--help"])  # prints usage and exits 0
    source = _source(args)
    result = Session(data=load_data(args.data), tools=host_tools(args), limits=_limits(args),
                     upstreams=load_upstreams(args)).run(source)
    for line in result.prints:
        print(line)
    if result.error is not None:
        print(result.error.render(source), file=sys.stderr)
        return 1
    try:  # a value too big or deep to write out is an error, never a hang or a traceback
        if args.json:
            text = json.dumps(json_safe(result.to_python()), ensure_ascii=False, default=str,
                              allow_nan=False)
        elif result.status == "failed":
            text = messages.cli_failed(format_value(result.value))
        else:
            text = format_value(result.value)
    except LimitExceeded as e:
        print(e.render(), file=sys.stderr)
        return 1
    print(text)
    return 0 if result.status in ("ok", "returned") else 2


def cmd_check(args) -> int:
    source = _source(args)
    try:
        if args.tools is not None and any(c in args.tools for c in "./"):  # a module, as run takes
            tools = {t.name: t for t in host_tools(args)}
        else:
            names = [] if args.tools is None else [n.strip() for n in args.tools.split(",") if n.strip()]
            tools = dict.fromkeys(names)
        upstreams = load_upstreams(args)  # loaded (checked), not started: its tools are tool/call ...
        if upstreams is not None:
            tools = {**(tools or {}), **{t.name: t for t in upstreams.bind().tools}}
            upstreams.close()
        analyze(read(source), tools=tools, memory_names=())
    except PtcError as e:
        print(e.render(source), file=sys.stderr)
        return 1
    print("ok")
    return 0


def cmd_repl(args) -> int:
    return repl(load_data(args.data), tools=host_tools(args), limits=_limits(args),
                upstreams=load_upstreams(args))


def cmd_fmt(args) -> int:
    path = Path(args.file)
    text = read_text(path)
    try:
        pretty = format_source(text, width=args.width)
    except PtcError as e:
        print(e.render(text), file=sys.stderr)
        return 1
    if args.check:
        if pretty != text:
            print(f"would reformat {path}", file=sys.stderr)
            return 1
        return 0
    if args.write:
        path.write_text(pretty, encoding="utf-8")
    else:
        sys.stdout.write(pretty)
    return 0


def cmd_prompt(args) -> int:
    """Print the system prompt that teaches PTC-Lisp (one profile and transport)."""
    upstreams = load_upstreams(args)
    catalog = (upstreams.catalog_text(mission=args.mission, budget=args.catalog_budget)
               if upstreams is not None else None)
    sys.stdout.write(system_prompt(transport=args.transport, profile=args.profile, catalog=catalog,
                                   functions=args.functions))
    return 0


_MCP_SDK = ("mcp", "mcp_types", "anyio", "pydantic", "starlette", "uvicorn")


def cmd_mcp(args) -> int:
    """Serve lisp_eval over MCP; the SDK and ptclisp.mcp are imported only here."""
    try:
        from ..mcp import build_server, serve
    except ModuleNotFoundError as e:
        top = (e.name or "").split(".")[0]
        if top not in _MCP_SDK:
            raise
        raise InputError(messages.cli_mcp_missing(top)) from None
    tools = host_tools(args) or []
    logging.basicConfig(stream=sys.stderr, level=args.log_level,
                        format="ptclisp mcp: %(levelname)s %(name)s: %(message)s")
    if args.transport == "http":
        return _mcp_service(args, tools)
    if _service_options_given(args):
        raise InputError(_mcp_messages().SERVICE_NEEDS_HTTP)
    limits = _limits(args, _LIMIT_FLAGS + ("max_memory_mb", "isolation"))
    upstreams = _server_upstreams(args, limits)
    server = build_server(tools, limits, keep_session=args.session, log_level=args.log_level,
                          upstreams=upstreams, catalog_budget=args.catalog_budget)
    return serve(server, transport=args.transport, host=args.host, port=args.port,
                 max_request_mb=args.max_request_mb)


def _server_upstreams(args, limits: Limits):
    """The upstreams of `ptclisp mcp`: a fixed catalog for the server's lifetime, bound to its
    limits (a call_timeout_ms the limits cannot honour is refused now)."""
    upstreams = load_upstreams(args, start=True)
    if upstreams is not None:
        try:
            upstreams.bind(limits)
        except ValueError as e:
            upstreams.close()
            raise InputError(str(e)) from None
    return upstreams


_SERVICE_FLAGS = ("session_store", "auth_token_env", "calls_per_minute", "max_concurrent_runs",
                  "max_session_kb", "client_sessions", "client_store_mb", "max_sessions",
                  "store_mb", "lease_seconds", "secret_env", "header_timeout", "body_timeout",
                  "keep_alive_timeout", "max_connections")


def _service_options_given(args) -> bool:
    return any(getattr(args, name) is not None for name in _SERVICE_FLAGS)


def _mcp_messages():
    from ..mcp import messages as mcp_messages
    return mcp_messages


def _mcp_service(args, tools) -> int:
    """`ptclisp mcp --transport http`: the service (store, token, limits, health, metrics)."""
    from ..mcp.http import Timeouts, run_http
    from ..mcp.service import (LEASE, SECRET_ENV, JsonFormatter, ServiceConfigError,
                               options_from)
    from ..mcp.store import Quotas
    if args.log_format == "json":
        for handler in logging.getLogger().handlers:
            handler.setFormatter(JsonFormatter())
    try:
        options = options_from(store_url=args.session_store, session_ttl=args.session_ttl,
                               token_env=args.auth_token_env,
                               calls_per_minute=args.calls_per_minute,
                               max_runs=args.max_concurrent_runs,
                               lease=args.lease_seconds or LEASE, quotas=_quotas(args, Quotas),
                               secret_env=args.secret_env or SECRET_ENV)
    except ServiceConfigError as e:
        raise InputError(str(e)) from None
    given = {"header": args.header_timeout, "body": args.body_timeout,
             "keep_alive": args.keep_alive_timeout, "max_connections": args.max_connections}
    timeouts = Timeouts(**{k: v for k, v in given.items() if v is not None})
    limits = _limits(args, _LIMIT_FLAGS + ("max_memory_mb", "isolation"))
    upstreams = _server_upstreams(args, limits)
    return run_http(tools, limits, options, keep_session=args.session, upstreams=upstreams,
                    host=args.host, port=args.port, log_level=args.log_level,
                    max_request_mb=args.max_request_mb, catalog_budget=args.catalog_budget,
                    timeouts=timeouts)


def _quotas(args, quotas_class):
    """The store's quotas from the command line (sizes given in KB/MB, kept in bytes)."""
    given = {"session_chars": _scaled(args.max_session_kb, 1024),
             "client_sessions": args.client_sessions,
             "client_chars": _scaled(args.client_store_mb, 1024 * 1024),
             "store_sessions": args.max_sessions,
             "store_chars": _scaled(args.store_mb, 1024 * 1024)}
    return quotas_class(**{k: v for k, v in given.items() if v is not None})


def _scaled(value, unit: int):
    return None if value is None else max(1, int(value * unit))


def _positive(kind):
    def parse(text: str):
        value = kind(text)
        if value <= 0:
            raise argparse.ArgumentTypeError(messages.cli_not_positive(text))
        return value
    return parse


def _mcp_parser(sub):
    m = sub.add_parser("mcp", help="serve lisp_eval to MCP clients (needs ptclisp[mcp])")
    m.add_argument("--tools", metavar="MODULE",
                   help="host tools: a module path (pkg.tools) or a file (path/to/tools.py)")
    m.add_argument("--upstreams", metavar="FILE",
                   help="upstream MCP servers and OpenAPI operations programs reach with tool/call "
                        "(docs/upstreams.md); started and listed at start-up")
    m.add_argument("--catalog-budget", metavar="TOKENS", type=_positive(int), default=None,
                   help="tokens the tools may take in lisp_eval's description before they are "
                        "indexed (default 1500)")
    m.add_argument("--session", action="store_true",
                   help="keep one session per client connection (def and *1 persist)")
    m.add_argument("--transport", choices=("stdio", "http"), default="stdio")
    m.add_argument("--host", default="127.0.0.1", help="address for --transport http")
    m.add_argument("--port", type=int, default=8000, help="port for --transport http")
    m.add_argument("--timeout", type=_positive(float), metavar="SECONDS",
                   help="seconds of one program's own work; waiting on tools and upstreams is "
                        "not counted (default 1; --limit max_wall=S bounds the whole run, 60)")
    m.add_argument("--max-steps", type=_positive(int), metavar="N",
                   help="function calls and loop iterations of one program")
    m.add_argument("--max-memory-mb", type=_positive(int), metavar="MB",
                   help="memory one program may use")
    m.add_argument("--max-tool-calls", type=_positive(int), metavar="N",
                   help="host tool calls of one program (default unlimited)")
    m.add_argument("--max-request-mb", type=_positive(int), metavar="MB", default=4,
                   help="largest JSON-RPC message (stdio line or HTTP body) read (default 4)")
    m.add_argument("--isolation", choices=("none", "process"),
                   help="process: run each program in a worker process that can be killed")
    m.add_argument("--session-store", metavar="URL",
                   help="http: where sessions live, redis://HOST:PORT/DB (shared by replicas) "
                        "or memory:// (this process, the default)")
    m.add_argument("--session-ttl", type=_positive(float), default=24 * 3600.0, metavar="SECONDS",
                   help="http: a session unused this long is forgotten (default 86400)")
    m.add_argument("--auth-token-env", metavar="NAME",
                   help="http: require Authorization: Bearer TOKEN, the token (or several, "
                        "comma-separated, one per client) read from the variable NAME")
    m.add_argument("--calls-per-minute", type=_positive(int), metavar="N",
                   help="http: lisp_eval calls one client may make per minute")
    m.add_argument("--max-concurrent-runs", type=_positive(int), metavar="N",
                   help="http: programs one client may run at once (on all replicas with Redis)")
    m.add_argument("--max-session-kb", type=_positive(float), metavar="KB",
                   help="http --session: the largest saved session, in KB of text (default 1024)")
    m.add_argument("--client-sessions", type=_positive(int), metavar="N",
                   help="http --session: sessions one client may keep in the store (default 32)")
    m.add_argument("--client-store-mb", type=_positive(float), metavar="MB",
                   help="http --session: MB one client's sessions may take (default 32)")
    m.add_argument("--max-sessions", type=_positive(int), metavar="N",
                   help="http --session: sessions of all clients together (default 1024)")
    m.add_argument("--store-mb", type=_positive(float), metavar="MB",
                   help="http --session: MB all sessions may take together (default 1024)")
    m.add_argument("--lease-seconds", type=_positive(float), metavar="SECONDS",
                   help="http, Redis: a session lock or run slot lasts this long unless its "
                        "call renews it (default 10)")
    m.add_argument("--secret-env", metavar="NAME",
                   help="http: the variable holding the server's secret, which keys client names "
                        "(default PTCLISP_SERVER_SECRET; unset: one per process)")
    m.add_argument("--header-timeout", type=_positive(float), metavar="SECONDS",
                   help="http: close a connection that has not sent a request head in this "
                        "long (default 10)")
    m.add_argument("--body-timeout", type=_positive(float), metavar="SECONDS",
                   help="http: close a connection that has not sent its request body in this "
                        "long after its head (default 30)")
    m.add_argument("--keep-alive-timeout", type=_positive(float), metavar="SECONDS",
                   help="http: close an idle keep-alive connection after this long (default 5)")
    m.add_argument("--max-connections", type=_positive(int), metavar="N",
                   help="http: open connections served; past it a request is answered 503 "
                        "(default 512)")
    m.add_argument("--log-format", choices=("text", "json"), default="text",
                   help="json: one JSON object per log line, with the request id")
    m.add_argument("--limit", action="append", metavar="NAME=VALUE",
                   help="any other ptclisp.Limits field, e.g. --limit tool_timeout=90 or "
                        "--limit max_wall=120 (repeatable; docs/sandbox.md says what each counts)")
    m.add_argument("--log-level", default="WARNING",
                   choices=("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"),
                   help="log level (logs go to stderr; stdout is the protocol)")
    m.set_defaults(func=cmd_mcp)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="ptclisp", description="Run PTC-Lisp programs safely.")
    p.add_argument("--version", action="version", version=f"ptclisp {__version__}")
    sub = p.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run", help="run a program and print its value")
    r.add_argument("file", nargs="?", help="program file (- for stdin)")
    r.add_argument("-e", "--expr", help="program text")
    r.add_argument("--data", help="JSON file with the program's data/ values")
    r.add_argument("--json", action="store_true",
                   help="print the value as JSON (##NaN as null, infinities as \"Infinity\")")
    r.add_argument("--tools", metavar="MODULE",
                   help="importable module whose TOOLS, or else public functions, are the tools")
    r.add_argument("--upstreams", metavar="FILE",
                   help="upstream MCP servers and OpenAPI operations for tool/call (docs/upstreams.md)")
    r.add_argument("--timeout", type=float,
                   help="seconds of the program's own work; tool waits are not counted (default 1)")
    r.add_argument("--max-steps", type=int, help="user-function calls and loop iterations")
    r.add_argument("--max-tool-calls", type=int, help="tool calls in the run")
    r.add_argument("--limit", action="append", metavar="NAME=VALUE",
                   help="any other ptclisp.Limits field, e.g. --limit max_depth=200 (repeatable)")
    r.set_defaults(func=cmd_run)
    c = sub.add_parser("check", help="read and analyze a program without running it")
    c.add_argument("file", nargs="?")
    c.add_argument("-e", "--expr")
    c.add_argument("--tools", help="comma-separated tool names the program may call, or a module "
                                   "file or dotted path (tools.py, pkg.tools) whose tools' "
                                   "signatures are checked too")
    c.add_argument("--upstreams", metavar="FILE",
                   help="upstreams the program calls with tool/call (loaded and checked, not started)")
    c.set_defaults(func=cmd_check)
    q = sub.add_parser("repl", help="interactive session")
    q.add_argument("--data", help="JSON file with the programs' data/ values")
    q.add_argument("--tools", metavar="MODULE",
                   help="importable module whose TOOLS, or else public functions, are the tools")
    q.add_argument("--timeout", type=float, help="seconds each input's program may take")
    q.add_argument("--max-steps", type=int, help="user-function calls and loop iterations")
    q.add_argument("--max-tool-calls", type=int, help="tool calls of each input")
    q.add_argument("--limit", action="append", metavar="NAME=VALUE",
                   help="any other ptclisp.Limits field, e.g. --limit max_depth=200 (repeatable)")
    q.add_argument("--upstreams", metavar="FILE", help="upstreams for tool/call (docs/upstreams.md)")
    q.set_defaults(func=cmd_repl)
    f = sub.add_parser("fmt", help="pretty-print a program")
    f.add_argument("file")
    f.add_argument("--check", action="store_true", help="exit 1 if the file would change")
    f.add_argument("--write", action="store_true", help="rewrite the file in place")
    f.add_argument("--width", type=int, default=80)
    f.set_defaults(func=cmd_fmt)
    pr = sub.add_parser("prompt", help="print the system prompt that teaches PTC-Lisp to a model")
    pr.add_argument("--profile", default="multi_turn", choices=PROFILES)
    pr.add_argument("--transport", default="content", choices=TRANSPORTS)
    pr.add_argument("--upstreams", metavar="FILE", help="add the catalog of these upstreams")
    pr.add_argument("--mission", metavar="TEXT", default=None,
                    help="rank a big upstream catalog by this task (its likeliest tools in full)")
    pr.add_argument("--catalog-budget", metavar="TOKENS", type=_positive(int), default=None,
                    help="tokens the upstream catalog may take before it is indexed (default 1500)")
    pr.add_argument("--functions", action="store_true", help="also list every builtin function")
    pr.set_defaults(func=cmd_prompt)
    _mcp_parser(sub)
    agent_parser(sub)
    return p


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except InputError as e:
        print(f"ptclisp: {e}", file=sys.stderr)
        return 2

