"""`ptclisp agent run | start | reply`: an agent on the command line, or a person as the model.

`run` drives the Agent with an SDK adapter (`--model openai:MODEL`, `openai-responses:MODEL`,
`anthropic:MODEL`; keys from the SDKs' usual environment variables) or recorded replies
(`replay:FILE`, a JSON array of replies), printing each turn. Step mode keeps the conversation
in a directory (the saved Session and the transcript) so each step is a stateless request:
`start` prints the system prompt and the first message, `reply` runs one whole reply and prints
the next message, or one JSON line `{"status", "answer", "turns"}` when the conversation ends.
The directory is data only: the tools module, the data file and the upstreams file come from
the command line of every step, never from the directory (it may sit where uploads land).
The SDKs are imported only inside `run` (this module is command-line only).
"""
from __future__ import annotations

import contextlib
import importlib
import json
import os
import sys
from pathlib import Path

import filelock

from .inputs import InputError, host_tools, json_safe, load_data, load_upstreams, read_text
from ..errors import PtcError
from ..host.saving import SaveError
from ..session import Session
from ..host.signatures import SignatureError
from ..llm import TRANSPORTS
from ..agent import adapters
from ..agent import messages as M
from ..agent.agent import Agent
from ..agent.conversation import Conversation

_SESSION_FILE = "session.edn"
_STATE_FILE = "conversation.json"
_LOCK_FILE = ".lock"


# ---------------------------------------------------------------- arguments

def add_parser(sub) -> None:
    """The `agent` subcommand and its three steps."""
    agent = sub.add_parser("agent", help="run an agent on a mission, or play the model yourself")
    steps = agent.add_subparsers(dest="agent_command", required=True)
    run = steps.add_parser("run", help="run the agent with a provider or recorded replies")
    run.add_argument("--model", metavar="PROVIDER:MODEL", default=os.environ.get("PTCLISP_MODEL"),
                     help="openai:MODEL, openai-responses:MODEL, anthropic:MODEL or replay:FILE "
                          "(default: $PTCLISP_MODEL)")
    run.add_argument("--trace", metavar="FILE", help="write the trace as JSON lines to FILE")
    _options(run)
    run.set_defaults(func=cmd_run)
    start = steps.add_parser("start", help="start a conversation in DIR; print the first message")
    start.add_argument("--state", required=True, metavar="DIR")
    _options(start)
    start.set_defaults(func=cmd_start)
    reply = steps.add_parser("reply", help="run one model reply (FILE, - for stdin)")
    reply.add_argument("--state", required=True, metavar="DIR")
    _host_files(reply)
    reply.add_argument("file", help="the whole reply (- for stdin)")
    reply.set_defaults(func=cmd_reply)


def _options(p) -> None:
    _host_files(p)
    p.add_argument("--signature", help='return signature, e.g. "{total :float}"')
    p.add_argument("--transport", default="content", choices=TRANSPORTS)
    p.add_argument("--max-turns", type=int, default=8, metavar="N")
    p.add_argument("mission", help="the task, in words")


def _host_files(p) -> None:
    """--tools, --data, --upstreams: given to every step (a state directory names none)."""
    p.add_argument("--tools", metavar="MODULE",
                   help="module path or .py file whose TOOLS, or else public functions, are the tools")
    p.add_argument("--data", metavar="FILE", help="JSON object file: the data/ values")
    p.add_argument("--upstreams", metavar="FILE",
                   help="upstream MCP servers and OpenAPI operations for tool/call")


def _session(args, tools, data, upstreams) -> Session:
    try:
        return Session(tools=tools, data=data, signature=args.signature, upstreams=upstreams)
    except SignatureError as e:
        raise InputError(f"--signature: {e}") from None


# ---------------------------------------------------------------- run

def cmd_run(args) -> int:
    """Run the agent to its end, printing each turn, then the JSON line."""
    llm = _model(args.model)
    tools, data = host_tools(args), load_data(args.data)
    session = _session(args, tools, data, load_upstreams(args))
    try:
        agent = Agent(llm=llm, tools=tools, data=data, signature=args.signature,
                      transport=args.transport, max_turns=args.max_turns, on_turn=_show_turn)
    except ValueError as e:
        raise InputError(str(e)) from None
    result = agent.run(args.mission, session=session)
    if args.trace:
        result.trace.write(args.trace)
    if result.message and result.status != "ok":
        print(result.message, file=sys.stderr)
    print(_ending(result.status, result.answer, result.turns))
    return 0 if result.ok else 1


def _show_turn(record) -> None:
    print(M.cli_turn(record.turn))
    if record.program:
        print(record.program)
    for line in record.prints:
        print(line)
    if record.error:
        print(record.error)
    elif record.result is not None:
        print("=> " + json.dumps(json_safe(record.result), ensure_ascii=False, default=str))
    sys.stdout.flush()


def _model(spec: str | None):
    if not spec:
        raise InputError(M.CLI_NO_MODEL)
    provider, sep, name = spec.partition(":")
    if not sep or not name:
        raise InputError(M.cli_bad_model(spec))
    if provider == "replay":
        return _replay(name)
    if provider in ("openai", "openai-responses"):
        make = adapters.openai_chat if provider == "openai" else adapters.openai_responses
        return make(_client("openai", "OpenAI"), name)
    if provider == "anthropic":
        return adapters.anthropic_messages(_client("anthropic", "Anthropic"), name)
    raise InputError(M.cli_bad_model(spec))


def _client(package: str, cls: str):
    """The SDK's client, keys from its usual environment variables."""
    sdk = _sdk(package)
    try:
        return getattr(sdk, cls)()
    except Exception as e:  # e.g. no API key in the environment: the SDK's own message
        raise InputError(f"--model: {e}") from None


def _sdk(package: str):
    """The SDK module, imported here only: an optional extra, needed by this command alone."""
    try:
        return importlib.import_module(package)
    except ImportError:
        raise InputError(M.cli_sdk_missing(package)) from None


class ReplayExhausted(Exception):
    """The recorded replies ran out before the conversation ended."""


def _replay(path: str):
    try:
        replies = json.loads(read_text(path))
    except json.JSONDecodeError as e:
        raise InputError(M.cli_bad_replay(path, e.msg)) from None
    if not isinstance(replies, list):
        raise InputError(M.cli_bad_replay(path, "not an array"))
    replies = [_as_message(r) if isinstance(r, dict) else r for r in replies]

    def llm(messages, tools):
        if not replies:
            raise ReplayExhausted(M.REPLAY_EXHAUSTED)
        return replies.pop(0)
    return llm


# ---------------------------------------------------------------- step mode

def cmd_start(args) -> int:
    """A new conversation in --state DIR: print the system prompt and the first message."""
    state = Path(args.state)
    with _locked(state):
        return _start(args, state)


def _start(args, state: Path) -> int:
    if (state / _STATE_FILE).exists():
        raise InputError(M.cli_state_exists(args.state))
    tools, data, upstreams = host_tools(args), load_data(args.data), load_upstreams(args)
    session = _session(args, tools, data, upstreams)
    if args.max_turns < 1:
        raise InputError(M.not_positive("--max-turns", args.max_turns))
    conv = Conversation.start(session, args.mission, transport=args.transport,
                              max_turns=args.max_turns)
    _save(state, conv, _fingerprint(tools, data, upstreams))
    print(M.CLI_SYSTEM)
    print(conv.messages[0]["content"].rstrip("\n"))
    tools_list = conv.tools()
    if tools_list:
        print()
        print(M.CLI_TOOLS)
        names = ", ".join(t["function"]["name"] for t in tools_list)
        print(M.cli_tool_reply_format(names))
    print()
    print(M.CLI_USER)
    print(conv.messages[1]["content"])
    return 0


def cmd_reply(args) -> int:
    """Run one reply; print the next message, or the JSON line when the conversation ends."""
    state = Path(args.state)
    if not (state / _STATE_FILE).exists():
        raise InputError(M.cli_no_state(str(state)))
    with _locked(state):
        return _reply(args, state)


def _reply(args, state: Path) -> int:
    conv, given = _load(state, args)
    if not conv.running:
        raise InputError(M.CLI_ENDED)
    text = sys.stdin.read() if args.file == "-" else read_text(args.file)
    if not text.strip():
        raise InputError(M.CLI_EMPTY_REPLY)
    seen = len(conv.messages) + 1  # the reply itself is appended first
    conv.feed(_reply_of(text, conv.transport))
    _save(state, conv, given)
    if not conv.running:
        print(_ending(conv.status, conv.answer, conv.turn))
        return 0
    print("\n\n".join(_shown(m) for m in conv.messages[seen:]))
    return 0


def _shown(message: dict) -> str:
    if message.get("role") == "tool":
        return M.cli_call_result(message.get("tool_call_id")) + "\n" + message.get("content", "")
    return message.get("content") or ""


def _reply_of(text: str, transport: str):
    """Text, or (tool transports) a JSON object holding tool_calls."""
    if transport == "content" or not text.lstrip().startswith("{"):
        return text
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        return text
    return _as_message(value) if isinstance(value, dict) else text


def _as_message(value: dict) -> dict:
    """An assistant message; calls may be written short: {"name", "arguments", "id"?}."""
    calls = []
    for i, call in enumerate(value.get("tool_calls") or (), 1):
        if isinstance(call, dict) and "function" not in call and "name" in call:
            args = call.get("arguments", {})
            call = {"id": call.get("id") or f"call_{i}", "type": "function",
                    "function": {"name": call["name"], "arguments":
                                 args if isinstance(args, str) else json.dumps(args)}}
        calls.append(call)
    message = {"role": "assistant", "content": value.get("content")}
    if calls:
        message["tool_calls"] = calls
    return message


@contextlib.contextmanager
def _locked(state: Path):
    """One step at a time in DIR: a second `start`/`reply` meanwhile is refused, not interleaved."""
    state.mkdir(parents=True, exist_ok=True)
    try:
        with filelock.FileLock(state / _LOCK_FILE, timeout=0):
            yield
    except filelock.Timeout:
        raise InputError(M.cli_state_busy(str(state))) from None


def _write(path: Path, text: str) -> None:
    """Replace the file whole: a step killed mid-write leaves the previous state readable."""
    partial = path.with_name(path.name + ".partial")
    partial.write_text(text, encoding="utf-8")
    os.replace(partial, path)


def _save(state: Path, conv: Conversation, given: dict | None) -> None:
    try:
        saved = conv.session.save()
    except SaveError as e:  # functions do not survive a saved session: say so to the model
        saved = conv.session.save(skip_unsaveable=True)
        if conv.running and conv.messages and conv.messages[-1].get("role") in ("user", "tool"):
            last = conv.messages[-1]
            last["content"] = (last.get("content") or "") + "\n\n" + M.not_kept(e.names)
    data = dict(conv.to_state(), given=given)
    text = json.dumps(json_safe(data), ensure_ascii=False, default=str, indent=1)
    _write(state / _SESSION_FILE, saved)
    _write(state / _STATE_FILE, text)


def _load(state: Path, args):
    """The conversation in DIR over a session with the tools, data and upstreams of args."""
    saved = _saved_state(state)
    tools, data, upstreams = host_tools(args), load_data(args.data), load_upstreams(args)
    given = _fingerprint(tools, data, upstreams)
    _check_same(saved.pop("given", None), given)
    try:
        session = Session.load((state / _SESSION_FILE).read_text(encoding="utf-8"),
                               tools=tools, data=data, upstreams=upstreams)
        return Conversation.from_state(session, saved), given
    except (KeyError, TypeError, ValueError, PtcError) as e:
        raise InputError(f"{M.CLI_BAD_STATE}: {e}") from None


def _saved_state(state: Path) -> dict:
    """conversation.json as data; refused when it names code or files to load (older versions)."""
    if not (state / _STATE_FILE).exists():
        raise InputError(M.cli_no_state(str(state)))
    try:
        saved = json.loads((state / _STATE_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise InputError(f"{M.CLI_BAD_STATE}: {e}") from None
    if not isinstance(saved, dict):
        raise InputError(f"{M.CLI_BAD_STATE}: {_STATE_FILE} is not an object")
    options = saved.pop("options", None)
    named = sorted(k for k, v in options.items() if v) if isinstance(options, dict) else []
    if named or not isinstance(options, (dict, type(None))):
        raise InputError(M.cli_state_names_files(str(state), named or ["options"]))
    return saved


def _fingerprint(tools, data, upstreams) -> dict:
    """What a step was given, by name only: the tools, the data keys, the upstream servers."""
    return {"tools": sorted(t.name for t in tools or ()),
            "data": sorted(str(k) for k in data or ()),
            "upstreams": upstreams.names() if upstreams is not None else []}


def _check_same(started, given: dict) -> None:
    """A reply given other tools, data or upstreams than start is refused, saying which."""
    if not isinstance(started, dict):
        return  # a state without a fingerprint: nothing to compare
    for key in ("tools", "data", "upstreams"):
        if started.get(key, []) != given[key]:
            raise InputError(M.cli_state_mismatch(f"--{key}", started.get(key), given[key]))


def _ending(status: str, answer, turns: int) -> str:
    line = {"status": status, "answer": json_safe(answer), "turns": turns}
    return json.dumps(line, ensure_ascii=False, default=str)
