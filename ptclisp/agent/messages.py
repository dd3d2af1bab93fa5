"""Every text of the agent layer: what the model is told, what the host and the CLI are told."""
from __future__ import annotations

# ---------------------------------------------------------------- to the model

REPLY_UNREADABLE = ("Your reply could not be read: send text (one ```clojure block) or a "
                    "lisp_eval call.")

NO_OUTPUT = "The program ran: its value is nil and it printed nothing."


def reply_too_long(chars: int, limit: int) -> str:
    """A reply longer than the agent reads."""
    return (f"Your reply is {chars:,} characters long; at most {limit:,} are read, so nothing "
            f"ran. Send a short program: the data stays in the tools and in memory (def).")


# ---------------------------------------------------------------- to the host (AgentResult.message)

def llm_raised(what: str) -> str:
    """The llm callable raised: the run ends with status "error"."""
    return f"the llm callable raised an exception: {what}"


def llm_bad_type(kind: str) -> str:
    """The llm callable returned something that is neither text nor a message."""
    return (f"the llm callable returned {kind}; it must return the assistant's text (str) or "
            f"an assistant message dict")


LLM_ASYNC_IN_RUN = "the llm callable is asynchronous: use `await agent.arun(mission)`"


def out_of_turns(turns: int, last: str | None) -> str:
    """The turn budget ran out before an answer."""
    why = f"; the last turn: {last}" if last else ""
    return f"no answer after {turns} turns{why}"


def program_failed(value: str) -> str:
    """The program ended with (fail v)."""
    return f"the program called fail: {value}"


def bad_choice(what: str, choices, got) -> str:
    """An option given a value outside its choices."""
    return f"{what} must be one of {', '.join(map(str, choices))}; got {got!r}"


def not_positive(what: str, got) -> str:
    """A count that must be at least 1."""
    return f"{what} must be a positive integer; got {got!r}"


# ---------------------------------------------------------------- the command line

def cli_bad_model(text: str) -> str:
    """--model not in a known form."""
    return (f"--model {text}: expected openai:MODEL, openai-responses:MODEL, anthropic:MODEL "
            f"or replay:FILE")


CLI_NO_MODEL = "give --model PROVIDER:MODEL (or set PTCLISP_MODEL)"


def cli_sdk_missing(package: str) -> str:
    """The SDK of --model is not installed."""
    return f"--model needs the {package} package: pip install -e '.[{package}]' in a clone of ptclisp"


def cli_bad_replay(path: str, why: str) -> str:
    """A replay file that cannot be used."""
    return f"{path}: not a replay file ({why}); expected a JSON array of replies"


REPLAY_EXHAUSTED = "the replay file has no more replies"


def cli_no_state(path: str) -> str:
    """agent reply without a started conversation."""
    return f"no conversation in {path}: start one with `ptclisp agent start --state DIR MISSION`"


def cli_state_exists(path: str) -> str:
    """agent start over an existing conversation."""
    return f"{path} already holds a conversation; use another directory or delete it"


CLI_ENDED = "the conversation has ended; start a new one with `ptclisp agent start`"
CLI_EMPTY_REPLY = "the reply is empty"
def cli_state_busy(path: str) -> str:
    """agent start/reply while another step holds the same directory."""
    return f"another step is running in {path}: wait for it to end, then reply again"


CLI_BAD_STATE = "the saved conversation cannot be read"


def cli_state_names_files(path: str, names: list) -> str:
    """A state folder (written by an older version, or edited) that names code or files."""
    flags = ", ".join(f"--{n}" for n in names)
    return (f"{path} names code or files to load ({flags} in its options); a state folder "
            f"holds data only, so nothing it names is loaded. Pass --tools, --data and "
            f"--upstreams on the command line of each `ptclisp agent reply`, and start the "
            f"conversation again with `ptclisp agent start`")


def cli_state_mismatch(flag: str, started: list, given: list) -> str:
    """agent reply given other tools, data or upstreams than agent start was."""
    def shown(names):
        return ", ".join(map(str, names)) if names else "none"
    return (f"{flag} differs from what `ptclisp agent start` was given (it had: {shown(started)}; "
            f"this reply has: {shown(given)}); pass the same --tools, --data and --upstreams "
            f"to every step")


def cli_tool_reply_format(names: str) -> str:
    """How a reply calls tools in step mode (tool_call and combined transports)."""
    return ("Reply with text for a final answer, or with a JSON object calling tools: "
            '{"tool_calls": [{"name": "lisp_eval", "arguments": {"program": "(+ 1 2)"}}]}. '
            f"Tools: {names}.")


def cli_turn(turn: int) -> str:
    """The header of a turn in `ptclisp agent run`."""
    return f"--- turn {turn} ---"


def cli_call_result(call_id: str) -> str:
    """The header of one tool result in step mode."""
    return f"=== result of {call_id} ==="


CLI_SYSTEM = "=== system ==="
CLI_USER = "=== user ==="
CLI_TOOLS = "=== tools ==="


def not_kept(places) -> str:
    """Step mode: values a saved session cannot keep (functions), told to the model."""
    return ("Note: only data is kept between turns here, so these were not kept: "
            + "; ".join(places) + ". Define a function in the program that uses it.")
