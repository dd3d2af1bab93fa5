"""Every text the MCP server shows a client or its model, in one place; tests pin these."""
from __future__ import annotations

SERVER_NAME = "ptclisp"
SERVER_INSTRUCTIONS = ("Runs PTC-Lisp programs (a small, safe subset of Clojure) in a sandbox: "
                       "call lisp_eval to compute over JSON data or to call several host tools "
                       "in one program.")

# ---------------------------------------------------------------- the service (store, auth, limits)

STORE_KIND = "SessionStoreError"
STORE_DOWN = "the session store did not answer, so the program did not run; the session is unchanged"
STORE_DOWN_AFTER = ("the program ran, but the session store did not confirm that its session was "
                    "saved, so this call's defs may or may not have been kept: look at them "
                    "(e.g. call with the names you defined) before relying on them")
HINT_STORE = "call again in a moment; if this keeps happening, the server's operator must look"
STORE_BAD_TEXT = "the session saved in the store could not be read, so the program did not run"
BUSY_KIND = "SessionBusy"


SECRET_MADE = ("no server secret was given (--secret-env), so one was made for this process: "
               "client keys, and with them the sessions and quotas of each client in a shared "
               "store, last only as long as this process and differ from other replicas'")


def store_bad_text_log(why: str) -> str:
    """The log line of a saved session that could not be read (never its id)."""
    return f"unreadable saved session: {why}"


def session_busy(seconds: float) -> str:
    """Another call on the same session held it too long."""
    return f"another call on this session is still running (waited {seconds:g} s for it)"


HINT_BUSY = "wait for the other call's answer, then call again"


LOCK_LOST = ("the session store could not be reached to keep this call's hold on its session, "
             "and another call took the session meanwhile, so this call's defs were not kept; "
             "the session is the other call's")
HINT_LOCK_LOST = "call again; if this keeps happening, the server's operator must look"


def client_sessions_full(n: int) -> str:
    """A new session past the client's sessions quota."""
    return (f"this client already keeps {n:,} sessions in the store, its quota, so a new session "
            "cannot start and the program did not run")


HINT_CLIENT_SESSIONS = ("end sessions you no longer need (closing the MCP connection ends its "
                        "session), or wait until unused ones expire")


def client_store_full(needed: int, cap: int) -> str:
    """A save past the client's quota of bytes."""
    return (f"this client's sessions would take {needed:,} bytes in the store, over its quota of "
            f"{cap:,}, so this call's defs were not kept; the session is as before this call")


HINT_CLIENT_STORE = ("keep less in each session ((def name nil) frees a name), or end sessions "
                     "you no longer need")
STORE_FULL = ("the session store is full, so this call's session was not kept (a new session "
              "cannot start); the session is as before this call")
HINT_STORE_FULL = "call again later; if this keeps happening, the server's operator must look"


def session_too_big(chars: int, cap: int) -> str:
    """A session whose saved text would pass the cap on one session."""
    return (f"the session would be saved as about {chars:,} characters after this program, over "
            f"the {cap:,} a session may take, so the program was undone")


HINT_SESSION_TOO_BIG = ("def only what later calls need (shared parts are saved each time they "
                        "appear), and free big names with (def name nil)")


def history_not_kept(places, cap: int) -> str:
    """Results (*1 *2 *3) too big to keep, told to the model."""
    return (";; not kept for the next call (too big to save; a session saves at most "
            f"{cap:,} characters): " + ", ".join(places) + " will be nil")


def rate_limited(n: int) -> str:
    """A client over its calls per minute."""
    return f"this client made more than {n} calls in this minute, so the program did not run"


HINT_RATE = "wait until the next minute, and do more in each program (one call can run many steps)"


def too_many_runs(n: int) -> str:
    """A client over its concurrent runs."""
    return f"this client already has {n} programs running here, so this one did not run"


HINT_RUNS = "wait for the running calls' answers, then call again"


def not_kept(places) -> str:
    """Values the store cannot keep between calls (functions), told to the model."""
    return (";; not kept for the next call (only data is saved between calls): "
            + "; ".join(places) + ". Define functions again in the call that uses them.")


CARD_FUNCTIONS_NOT_KEPT = ("Sessions are saved as data between calls: values (numbers, text, "
                           "collections) persist, but functions (defn, fn) last only for the "
                           "call that defines them; define them again where you use them.")
UNAUTHORIZED = "this server needs a bearer token: send the header Authorization: Bearer TOKEN"
BAD_SESSION_ID = ("Mcp-Session-Id must be 1 to 128 letters, digits, dots, dashes or underscores: "
                  "send the one this server gave, or none to start a new session")
HEALTH_OK = "ok"
HEALTH_DOWN = "the session store does not answer"
HEALTH_DRAINING = "shutting down"
NO_METRICS = "metrics need the prometheus-client package: pip install -e '.[service]'"


def no_token(name: str) -> str:
    """--auth-token-env names an unset variable."""
    return f"--auth-token-env {name}: the environment variable {name} is not set or is empty"


def bad_store_url(url: str) -> str:
    """--session-store of an unknown kind."""
    return f"--session-store {url}: expected redis://HOST:PORT/DB (or rediss://, unix://) or memory://"


NO_REDIS = "--session-store redis://... needs the redis client: pip install -e '.[service]'"
SERVICE_NEEDS_HTTP = ("--session-store, --auth-token-env and the per-client limits serve many "
                      "clients over HTTP: add --transport http")

# ---------------------------------------------------------------- the tool-call card

# Each example runs in the tests (tests/mcp/test_description.py) with CARD_EXAMPLE_CONTEXT.
CARD_EXAMPLE_CONTEXT = {"orders": [{"id": 1, "total": 30}, {"id": 2, "total": 10},
                                   {"id": 3, "total": 25}]}
CARD_EXAMPLE = "(->> data/orders (filter #(> (:total %) 20)) (map :total) (reduce +))"
CARD_EXAMPLE_VALUE = "55"

CARD_DATA = (
    "Data: pass JSON in the `context` argument (an object); each key is visible as data/KEY and "
    "JSON keys read as keywords. With context {\"orders\": [{\"id\": 1, \"total\": 30}, ...]}: "
    f"{CARD_EXAMPLE}")

CARD_OUTPUT = (
    "Output: the result value comes back (long values are cut, saying so), with anything "
    "printed by (println ...). (return v) ends the program early with v; (fail \"why\") ends it "
    "as a failure.")

CARD_ERRORS = (
    "A program with a mistake comes back as a tool error naming the kind, the line and column, "
    "and a hint: fix the program and call again. No file, network or Python access: only the "
    "language, data/ and the tools listed above.")

CARD_STATELESS = ("Each call is independent: nothing (def, defn, results) carries over to the "
                  "next call; send everything a program needs in that call.")
CARD_SESSION = ("Calls share one session per connection: (def x ...) and (defn f ...) persist "
                "for later calls, *1 *2 *3 are the last three results, and a call that fails "
                "changes nothing. data/ is each call's own context.")



def card_session_memory(cap: int) -> str:
    return (f"The session keeps at most {cap:,} items in all (collection members; a string "
            "counts its characters): a call that would keep more is undone; (def big nil) "
            "frees a name.")


def session_memory_full(cap: int) -> str:
    return (f"the session's memory would hold more than {cap:,} items after this program, "
            "so the program was undone")


HINT_SESSION_MEMORY = ("def only what later calls need (keep counts or the few fields you use), "
                       "and free big names with (def name nil)")

CARD_NO_TOOLS = "Host tools: none on this server; programs compute over their context only."
CARD_TOOLS_INTRO = ("Host tools: call them as (tool/NAME {:param value ...}), always with named "
                    "arguments in one map, and use the value they return:")


def card_tool(signature: str, description: str | None, usage: str) -> str:
    """One host tool's line in the card."""
    text = f"- {signature}"
    if description:
        text += f": {description.rstrip('. ')}"
    return f"{text}. Call: {usage}"


def card_limits(parts: list[str]) -> str:
    """The limits line of the card."""
    return "Limits per call: " + "; ".join(parts) + "."


NO_LIMIT = "none"


def limit_timeout(seconds) -> str:
    if seconds is None:
        return f"program time {NO_LIMIT}"
    return f"{seconds:g} s of program time (waiting on tools not counted)"


def limit_steps(steps) -> str:
    return f"{steps:,} steps (function calls and loop iterations)" if steps is not None \
        else f"steps {NO_LIMIT}"


def limit_memory(mb) -> str:
    return f"{mb} MB of memory" if mb is not None else f"memory {NO_LIMIT}"


def limit_tool_calls(n) -> str:
    return f"{n} tool calls" if n is not None else "tool calls unlimited"


def limit_collection(n) -> str:
    return f"{n:,} items in one collection" if n is not None else f"collection size {NO_LIMIT}"


LIMIT_ISOLATED = "each program runs in a separate worker process"

# ---------------------------------------------------------------- arguments of lisp_eval

PROGRAM_DESCRIPTION = ("The PTC-Lisp program: one or more forms; the last form's value is the "
                       "result.")
CONTEXT_DESCRIPTION = ("Optional JSON object of input data; each key KEY is visible to the "
                       "program as data/KEY.")

ARGUMENT_ERROR = "ArgumentError"


def bad_program(got: str) -> str:
    return f"lisp_eval needs `program`, the PTC-Lisp source as a string; got {got}"


HINT_PROGRAM = 'call lisp_eval with {"program": "(+ 1 2)"}; put input data in `context`'


def bad_context(got: str) -> str:
    return f"`context` must be a JSON object; got {got}"


HINT_CONTEXT = ('put the data under a key, e.g. {"items": [1, 2, 3]}, and read it in the program '
                "as data/items")


def json_type(value) -> str:
    """The JSON name of a decoded JSON value, with an article."""
    if value is None:
        return "nothing"
    return {bool: "a boolean", int: "a number", float: "a number", str: "a string",
            list: "an array", dict: "an object"}.get(type(value), "a value of another kind")


# ---------------------------------------------------------------- results

RESULT_CUT = ";; (result truncated; println specific fields, or return less, to see more)"
PRINTED = ";; printed:"
PRINTS_CUT = ";; (printed output truncated; print specific fields instead)"
RETURNED = ";; returned early with (return ...)"
FAILED_KIND = "Failed"


def failed(value_text: str) -> str:
    return f"the program called (fail ...) with {value_text}"


HINT_FAILED = "(fail ...) ends a program as a failure on purpose; return a value to succeed"
INTERNAL_KIND = "InternalError"
LIMIT_KIND = "LimitExceeded"
INTERNAL = "an internal error happened in the server while running the program"

# ---------------------------------------------------------------- the wire and its caps (#26)


def request_too_big(size: int, cap: int) -> str:
    return (f"the request is {size:,} bytes, over this server's cap of {cap:,} bytes per message "
            "(ptclisp mcp --max-request-mb); send less data in `context`")


REQUEST_BIG_INTEGER = ("the request holds an integer of more than 4,300 digits, which this server "
                       "does not read; send such a number as a string")
REQUEST_INVALID = "the message is not a JSON-RPC request this server understands"
REQUEST_TOO_DEEP = ("the request nests arrays or objects deeper than this server reads "
                    "(about 1,000 levels); send flatter data")


def context_too_big(cap: int) -> str:
    return (f"`context` holds more than {cap:,} items (collection members, map keys and values; "
            "a string counts its characters), the most one call may bring")


HINT_CONTEXT_SIZE = ("send only the data the program needs, or split the work over several calls "
                     "(with --session, def what later calls need)")
HINT_CONTEXT_DATA = "send plain JSON in `context`, nested less deeply"
SESSION_BUSY_KIND = "SessionBusy"
SESSION_BUSY = "this session is still running an earlier program; nothing was run"
HINT_SESSION_BUSY = "wait for the earlier call's answer, then call again"


def service_started(address: str, service: dict, connections: dict) -> str:
    """The start-up line of `ptclisp mcp --transport http`: where, what store, what limits."""
    shown = "; ".join(f"{k} {v}" for k, v in {**service, **connections}.items())
    return f"serving lisp_eval at {address}; {shown}"
