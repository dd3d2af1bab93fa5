"""Every text the framework integrations show a model or a host (pinned by tests)."""
from __future__ import annotations

TOOL_DESCRIPTION = (
    "Run a PTC-Lisp program (see the instructions). It calls the tools below as "
    "`(tool/NAME {...})`, several per program if needed.")
TOOL_DESCRIPTION_NO_RETURN = (
    "Run a PTC-Lisp program (see the instructions). It calls the tools below as "
    "`(tool/NAME {...})`, several per program if needed; its value comes back to you.")
PROGRAM_PARAM = "The PTC-Lisp source of one program."

# The instructions open with the card every door shares (ptclisp.llm.card), then say how to
# finish (once), the data and the expected output; lisp_eval's description lists the tools.
FINISH_RETURN = """\
`(return v)` ends the task with v as the final answer; `(fail {:reason :not-found :message "..."})` ends it as failed. Compute and return in one program. Unsure of a value's format? Check it in that program: return when the check holds, else print what you saw (next call shows it; `def`s stay). Never print the answer instead of returning it."""

FINISH_NO_RETURN = """\
A program's value comes back to you (print only what you need; `def`s stay): give the answer the usual way."""

DATA_NOTE = ";; data/NAME: read directly, e.g. (count data/NAME). Per key: types, nil counts, repeated strings"


def expected(shape: str, example: str) -> str:
    """The expected output: its shape in signature syntax and an example return."""
    return (f"Expected output: {shape} (type names stand for values of that type; map keys as "
            f"keywords spelled as shown), e.g. (return {example}).")


def one_of(shapes: list) -> str:
    """An output that may take any of several shapes."""
    return "one of " + " or ".join(shapes)


def expected_reply(shape: str) -> str:
    """The expected output when the answer is the model's reply (no return)."""
    return f"Expected answer: {shape}, as JSON (type names stand for values of that type)."

RETURN_NOT_OUTPUT_TOOL = "`(return v)` is your answer: it ends the run, so never call final_result."
RETURNED = "Returned: the run ends with this value."
RETURN_NOT_ENDING = ("(return v) gave this value; to end the task, give it as your final "
                     "answer the usual way.")


def return_invalid(problems: str) -> str:
    """A returned value the agent's output type rejects."""
    return (f"The returned value does not match the expected output: {problems}. "
            "Return a value of the expected shape.")


def program_failed(value: str) -> str:
    """A program that called (fail v)."""
    return f"The program failed with {value}."


def tool_failed(name: str, message: str) -> str:
    """A folded tool raised: what the program sees as the tool's error."""
    return f"tool/{name} failed: {message}"


def tool_denied(name: str, message: str) -> str:
    """A folded tool call a handler denied."""
    return f"tool/{name} was denied: {message}"


def program_not_text(kind: str) -> str:
    """lisp_eval called with a program that is not a string."""
    return f"`program` must be a string of PTC-Lisp source, got {kind}."


def name_clash(name: str) -> str:
    """Host error: an app tool named like the reserved lisp_eval."""
    return f"A tool named {name!r} clashes with the lisp_eval tool; rename it."


def not_a_tool(value: str) -> str:
    """Host error: something in tools= is neither a framework tool nor a callable."""
    return f"Cannot fold {value} into lisp_eval: give the framework's tools or plain callables."


# ---------------------------------------------------------------- saved state (the host's log)


def saved_state_ignored(problem: str) -> str:
    """A conversation's saved defs that could not be read: the run starts without them."""
    return f"ptclisp: the saved lisp_eval state could not be read ({problem}); starting without it"


CONVERSATION_FORGOTTEN = ("ptclisp: this conversation's lisp_eval defs are no longer kept (more "
                          "conversations than max_conversations); starting without them")


def saved_not_text(kind: str) -> str:
    """Saved state that is not text."""
    return f"not text but {kind}"


def saved_too_large(size: int, cap: int) -> str:
    """Saved state longer than the integrations read."""
    return f"{size:,} characters, over the {cap:,} read"


def saved_integer_too_large(digits: int) -> str:
    """Saved state holding an integer no value can hold."""
    return f"an integer of more than {digits:,} digits"
