"""What the three framework integrations share: folded tools, the prompt, one run of lisp_eval.

A framework's tools become ptclisp `Tool`s whose callable goes back through the framework (its
argument validation, hooks and retries), so a program's `(tool/NAME {...})` is the same call the
model would have made natively. `LispRunner` keeps the `def`s of one conversation between
lisp_eval calls (and, saved as text, between runs; parallel calls merge what they define) and
turns each run into what the framework hands the model: a JSON body on success, an error text
to retry on (a data block), or a returned final value. `Conversations` lets one tool object
serve many conversations, each found by keys its own history carries.
"""
from __future__ import annotations

import logging
import re
import threading
import types
import typing
import uuid
from collections import OrderedDict, deque
from collections.abc import Callable, Mapping

import attrs
from pydantic import TypeAdapter, ValidationError

from .. import Limits, Result, Session, Tool, format_value
from ..core.numbers import MAX_INT_BITS
from ..lang.export import FORMAT_CHARS
from ..host import signatures as S
from ..llm.card import language_rules, opening
from ..llm.envelope import error_feedback
from ..llm.context import data_inventory, example_value, render_type, tool_inventory
from ..llm.results import success_body, to_json
from . import messages as M

__all__ = ["TOOL_NAME", "inline_refs", "schema_type", "output_signature", "output_members",
           "output_as_type", "shown_signature", "validate_output", "folded_tool",
           "instructions", "expected", "tool_description", "tool_parameters", "Outcome",
           "LispRunner", "Conversation", "Conversations", "to_json"]

TOOL_NAME = "lisp_eval"
MAX_SAVED_CHARS = FORMAT_CHARS  # a saved state longer than this is not read (16M characters)
_INT_DIGITS = MAX_INT_BITS * 30103 // 100000 + 1  # digits of the largest integer a value holds
# a string (escapes included) or a run of digits past the integer cap outside one
_DIGITS_OUTSIDE_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"|(\d{%d,})' % (_INT_DIGITS + 1))
MAX_CONVERSATIONS = 256  # conversations one tool object keeps the defs of
_KEYS_PER_CONVERSATION = 64  # the latest results a conversation is found by
log = logging.getLogger("ptclisp.integrations")
_MAX_REF_DEPTH = 8  # a recursive model is shown as `any` below this many levels
_NOT_NAME = re.compile(r"[^A-Za-z0-9_\-?!*+<>=.]")


def inline_refs(schema, defs: Mapping | None = None, depth: int = 0):
    """A JSON schema with its local `$ref`s ("#/$defs/X") replaced by what they name."""
    if isinstance(schema, list):
        return [inline_refs(x, defs, depth) for x in schema]
    if not isinstance(schema, Mapping):
        return schema
    defs = {**(defs or {}), **schema.get("$defs", {}), **schema.get("definitions", {})}
    ref = schema.get("$ref")
    if isinstance(ref, str):
        target = defs.get(ref.rsplit("/", 1)[-1])
        if target is None or depth >= _MAX_REF_DEPTH:
            return {}
        return inline_refs(target, defs, depth + 1)
    return {k: inline_refs(v, defs, depth) for k, v in schema.items()
            if k not in ("$defs", "definitions")}


def schema_type(schema) -> tuple:
    """The ptclisp type a JSON schema describes (`any` for shapes it cannot say)."""
    return S.from_schema(inline_refs(schema or {}))


def output_members(output_type) -> list:
    """The types an output may be: each member of a list (or tuple) or union of output types,
    flattened, or the one type ([] for None). `X | None` stays one type (an optional X)."""
    if output_type is None:
        return []
    if isinstance(output_type, (list, tuple)):
        return [m for item in output_type for m in output_members(item)]
    if typing.get_origin(output_type) in (typing.Union, types.UnionType):
        args = typing.get_args(output_type)
        if sum(a is not type(None) for a in args) > 1:
            return [m for a in args for m in output_members(a)]
    return [output_type]


def output_as_type(output_type):
    """One type a value is validated as: the type, or the union of a list's or union's members."""
    members = output_members(output_type)
    if not members:
        return None
    return members[0] if len(members) == 1 else typing.Union[tuple(members)]


def output_signature(output_type) -> str | None:
    """The return signature of a plain Python output type (`{count :int}`), or None when the
    type is not one pydantic can describe, or is a union of several (then `(return v)` is
    checked by pydantic, and the framework, only)."""
    members = output_members(output_type)
    return _signature_of(members[0]) if len(members) == 1 else None


def shown_signature(output_type) -> str | list[str] | None:
    """What the expected-output line shows: the one signature, or each member's of a union."""
    members = output_members(output_type)
    if len(members) <= 1:
        return output_signature(output_type)
    shapes = [_signature_of(m) for m in members]
    return shapes if all(shapes) else None  # a member with no shape: say none rather than part


def _signature_of(output_type) -> str | None:
    try:
        schema = TypeAdapter(output_type).json_schema()
    except Exception:  # output specs (functions, markers): no one shape
        return None
    t = schema_type(schema)
    return None if t == S.ANY else S.render(t)


def validate_output(output_type, value) -> tuple[object, str | None]:
    """(the value as the output type, None), or (None, what is wrong with it). A list or union
    of types takes a value any member takes (pydantic's smart union: the best match)."""
    if output_type is None:
        return value, None
    try:
        adapter = TypeAdapter(output_as_type(output_type))
    except Exception:  # not a type pydantic can validate (an output function): the framework's
        return value, None
    try:
        return adapter.validate_python(value), None
    except ValidationError as e:
        error = e
    snake = _snake_keys(value)
    if snake != value:  # `{:customer-id 1}` for a field customer_id, as `(:customer-id m)` finds it
        try:
            return adapter.validate_python(snake), None
        except ValidationError:
            pass
    problems = "; ".join(f"{'.'.join(map(str, err['loc'])) or 'value'}: {err['msg']}"
                         for err in error.errors()[:5])
    return None, M.return_invalid(problems)


def _snake_keys(value):
    """value with each map key spelled with - respelled with _ (where that key is not there)."""
    if isinstance(value, dict):
        return {(k.replace("-", "_") if isinstance(k, str) and k.replace("-", "_") not in value
                 else k): _snake_keys(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_snake_keys(v) for v in value]
    return value


def lisp_name(name: str) -> str:
    """A framework tool name as programs spell it after tool/ (snake_case -> kebab-case)."""
    cleaned = _NOT_NAME.sub("-", name).replace("_", "-")
    return cleaned if cleaned[:1].isalpha() else "t-" + cleaned


def folded_tool(name: str, description: str | None, parameters: Mapping | None,
                call: Callable, returns: Mapping | None = None, function=None,
                metadata: Mapping | None = None) -> Tool:
    """A ptclisp Tool that calls `call(arguments_dict)` (sync or async), typed by the JSON
    schemas of the framework's definition (the result's type from `function`'s annotations
    when there is no return schema); metadata {"read_only": bool} (or MCP's "readOnlyHint")
    marks a read or a write tool for a big catalog's index."""
    params = inline_refs(dict(parameters or {"type": "object", "properties": {}}))
    ret = schema_type(returns) if returns else annotated_return(function)
    return Tool(call, name=lisp_name(name), description=description, schema=params,
                takes="dict", returns=None if ret == S.ANY else ret,
                read_only=read_only_mark(metadata))


def read_only_mark(metadata: Mapping | None) -> bool | None:
    """True/False when a tool's metadata says whether it only reads, else None."""
    if not isinstance(metadata, Mapping):
        return None
    mark = metadata.get("read_only", metadata.get("readOnlyHint"))
    return mark if isinstance(mark, bool) else None


def annotated_return(function) -> tuple:
    """The result type a Python function's annotations declare (`any` when they do not)."""
    if function is None:
        return S.ANY
    try:
        returns = Tool(function).returns
    except (TypeError, ValueError):  # a signature ptclisp would not call: no type to show
        return S.ANY
    return S.ANY if returns is None else returns


def instructions(*, data=None, signature: str | list[str] | None = None,
                 returns: bool = True) -> str:
    """The instructions: the card every door shares (PTC-Lisp, with the registry's names
    Clojure lacks), how to finish, the data and the expected output (the tools are listed in
    lisp_eval's description); signature: the output's, or a list of them for an output that
    may be any of several types."""
    parts = [opening("integration") + "\n" + language_rules(),
             M.FINISH_RETURN if returns else M.FINISH_NO_RETURN]
    probe = Session(data=data) if data else None
    if probe is not None:
        parts.append(data_inventory(probe.data, note=M.DATA_NOTE, samples=False))
    if signature is not None:
        parts.append(expected(signature, returns=returns))
    return "\n\n".join(p for p in parts if p)


def expected(signature: str | list[str], *, returns: bool = True) -> str:
    """The expected-output line for a return signature such as `{count :int}` (or a list of
    them: any one of those shapes)."""
    signatures = [signature] if isinstance(signature, str) else signature
    outputs = [S.parse(s).output for s in signatures]
    shapes = [render_type(t) for t in outputs]
    shape = shapes[0] if len(shapes) == 1 else M.one_of(shapes)
    if not returns:
        return M.expected_reply(shape)
    return M.expected(shape, format_value(example_value(outputs[0])))


def tool_description(tools: list[Tool], *, returns: bool = True, mission: str | None = None,
                     catalog_budget: int | None = None) -> str:
    """lisp_eval's description: what it does, then every folded tool with its types (past
    the catalog budget: the mission's likeliest in full, an index of the others)."""
    head = M.TOOL_DESCRIPTION if returns else M.TOOL_DESCRIPTION_NO_RETURN
    return head + "\n\n" + tool_inventory({t.name: t for t in tools}, examples=False,
                                            mission=mission, budget=catalog_budget)


def tool_parameters() -> dict:
    """lisp_eval's parameters: {"program": string}."""
    return {"type": "object", "properties": {"program": {"type": "string",
                                                         "description": M.PROGRAM_PARAM}},
            "required": ["program"], "additionalProperties": False}


class ProgramFailed(Exception):
    """A program called `(fail v)`: the task ends as failed (`value` is v as plain Python)."""

    def __init__(self, message: str, value: object = None) -> None:
        super().__init__(message)
        self.value = value


@attrs.define
class Outcome:
    """What one lisp_eval call led to."""

    kind: str  # "ok" | "returned" | "failed" | "error" (text is the message to retry on)
    body: object = None  # ok / returned: the JSON body shown to the model
    text: str | None = None  # error: the text shown to the model (tool and program text in a
    # data block); failed: the host's message (ProgramFailed)
    value: object = None  # returned: the value, validated as the output type
    result: Result | None = None


@attrs.define
class LispRunner:
    """The state of one conversation's lisp_eval: defs and *1..*3, kept between calls.

    Calls may run at once (a framework running a turn's tool calls in parallel, in threads or
    tasks): each program starts from the defs as they are when it starts, and what it defines
    or changes is merged into the defs as they are when it ends (two programs defining the same
    name: the later to end wins), never the whole memory of one replacing another's."""

    data: object = None
    limits: Limits | None = None
    signature: str | None = None
    output_type: object = None  # what (return v) is validated as (None: not checked)
    memory: dict = attrs.Factory(dict)
    history: list = attrs.Factory(list)
    _lock: threading.Lock = attrs.field(factory=threading.Lock, init=False, repr=False,
                                        eq=False)

    def session(self, tools: list[Tool]) -> Session:
        """A Session over this conversation's memory with these tools."""
        with self._lock:
            memory, history = dict(self.memory), list(self.history)
        session = Session(tools=tools, data=self.data, limits=self.limits, memory=memory,
                          signature=self.signature)
        session.history = history
        return session

    def save(self) -> str:
        """The conversation's memory as EDN text (values that are not data left out)."""
        return self.session([]).save(skip_unsaveable=True)

    def load(self, text: str) -> None:
        """Take memory and *1..*3 back from the text `save` gave."""
        restored = Session.load(text)
        with self._lock:
            self.memory, self.history = dict(restored.memory), list(restored.history)

    def restore(self, text) -> bool:
        """Take memory and *1..*3 back from a saved text that may be damaged or tampered
        with: anything unreadable (not text, over MAX_SAVED_CHARS, an integer past the integer
        cap, not a saved session) is treated as absent, with a warning in the log. Bounded
        before it is read; blocking (run it off an event loop)."""
        problem = _unreadable(text)
        if problem is None:
            try:
                self.load(text)
                return True
            except Exception as e:  # noqa: BLE001  whatever a tampered text trips: absent
                problem = type(e).__name__
        log.warning(M.saved_state_ignored(problem))
        return False

    async def arun(self, program, tools: list[Tool]) -> Outcome:
        """Run one program from asyncio code (async tools awaited on this loop)."""
        if not isinstance(program, str):
            return Outcome("error", text=M.program_not_text(type(program).__name__))
        session = self.session(tools)
        base = dict(session.memory)
        return self._outcome(session, base, await session.arun(program, final=False))

    def run(self, program, tools: list[Tool]) -> Outcome:
        """Run one program from plain code."""
        if not isinstance(program, str):
            return Outcome("error", text=M.program_not_text(type(program).__name__))
        session = self.session(tools)
        base = dict(session.memory)
        return self._outcome(session, base, session.run(program, final=False))

    def _merge(self, base: dict, result: Result) -> None:
        """Keep what this run defined or changed (against `base`, the defs it started from)
        in the defs as they are now, and its value as *1."""
        after = result.memory
        changed = {k: v for k, v in after.items() if k not in base or base[k] is not v}
        removed = {k for k in base if k not in after}
        with self._lock:
            memory = {k: v for k, v in self.memory.items() if k not in removed}
            memory.update(changed)
            self.memory = memory
            self.history = [result.value, *self.history[:2]]

    def _outcome(self, session: Session, before: dict, result: Result) -> Outcome:
        if result.error is not None:  # the message may quote a tool's output: a data block
            return Outcome("error", text=error_feedback(result.error), result=result)
        if result.status == "failed":
            text = format_value(result.value, limit=50, max_chars=500)
            return Outcome("failed", text=M.program_failed(text), value=result.to_python(),
                           result=result)
        self._merge(before, result)
        body = success_body(result, before)
        if result.status != "returned":
            return Outcome("ok", body=body, result=result)
        value, problem = validate_output(self.output_type, result.to_python())
        if problem is not None:  # the problems name keys of the value: a data block
            return Outcome("error", text=error_feedback(problem), result=result)
        return Outcome("returned", body=body, value=value, result=result)


def _unreadable(text) -> str | None:
    """Why a saved text is not read at all (None: read it): checked without parsing it."""
    if not isinstance(text, str):
        return M.saved_not_text(type(text).__name__)
    if len(text) > MAX_SAVED_CHARS:
        return M.saved_too_large(len(text), MAX_SAVED_CHARS)
    for match in _DIGITS_OUTSIDE_STRINGS.finditer(text):
        if match.group(1) is not None:
            return M.saved_integer_too_large(_INT_DIGITS)
    return None


# ---------------------------------------------------------------- conversations


@attrs.define(eq=False)
class Conversation:
    """One conversation's lisp_eval: its runner (defs, *1..*3), and what its programs of the
    current turn returned or failed with (the framework ends the run on them)."""

    runner: LispRunner
    id: str = attrs.Factory(lambda: uuid.uuid4().hex)
    returned: list = attrs.Factory(list)
    failed: list = attrs.Factory(list)
    keys: deque = attrs.Factory(lambda: deque(maxlen=_KEYS_PER_CONVERSATION))


class Conversations:
    """The conversations one tool object serves, each found by keys its own history carries
    (so one tool object never hands one conversation's defs to another): at most `limit`, the
    least recently used dropped (a conversation dropped starts afresh, with a warning)."""

    def __init__(self, make: Callable[[], LispRunner], limit: int = MAX_CONVERSATIONS):
        """make: a fresh runner for a new conversation; limit: conversations kept."""
        self._make, self._limit = make, limit
        self._live: OrderedDict = OrderedDict()  # id -> Conversation, least recent first
        self._keys: dict = {}  # key -> Conversation
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._live)

    def new(self) -> Conversation:
        """A new conversation, kept (the least recently used dropped past the limit)."""
        conversation = Conversation(self._make())
        with self._lock:
            self._live[conversation.id] = conversation
            while len(self._live) > self._limit:
                _, dropped = self._live.popitem(last=False)
                for key in dropped.keys:
                    self._keys.pop(key, None)
        return conversation

    def get(self, conversation_id) -> Conversation | None:
        """The live conversation of an id, or None."""
        with self._lock:
            return self._touch(self._live.get(conversation_id))

    def find(self, keys) -> Conversation | None:
        """The conversation of the first of `keys` still known (most recent first), or None."""
        with self._lock:
            for key in keys:
                if key in self._keys:
                    return self._touch(self._keys[key])
        return None

    def take(self, key) -> Conversation | None:
        """The conversation bound to `key`, unbinding it (a key meant for one use)."""
        with self._lock:
            return self._touch(self._keys.pop(key, None))

    def bind(self, key, conversation: Conversation) -> None:
        """Let `key` find `conversation` from now on (a conversation keeps its latest keys)."""
        with self._lock:
            if conversation.id not in self._live:
                return  # dropped meanwhile
            if len(conversation.keys) == conversation.keys.maxlen:
                self._keys.pop(conversation.keys[0], None)
            conversation.keys.append(key)
            self._keys[key] = conversation
            self._touch(conversation)

    def _touch(self, conversation: Conversation | None) -> Conversation | None:
        if conversation is not None and conversation.id in self._live:
            self._live.move_to_end(conversation.id)
            return conversation
        return None
