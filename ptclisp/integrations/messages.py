"""Every text the framework integrations show a model or a host (pinned by tests)."""
from __future__ import annotations

TOOL_DESCRIPTION = (
    "Run a PTC-Lisp program (see the instructions). Programs call the tools listed below as "
    "`(tool/NAME {...})`, several per program if needed; `def`s stay for later calls. "
    "`(return v)` ends the task with v as the final answer.")
TOOL_DESCRIPTION_NO_RETURN = (
    "Run a PTC-Lisp program (see the instructions). Programs call the tools listed below as "
    "`(tool/NAME {...})`, several per program if needed; `def`s stay for later calls. "
    "Its value comes back to you.")
PROGRAM_PARAM = "The PTC-Lisp source of one program."

FORMAT = """\
Reply format: call the lisp_eval tool with {"program": "<PTC-Lisp source>"}. The tools it lists are called inside programs as `(tool/NAME {...})`, never natively; any other tool you may call natively as usual."""

FINISH_RETURN = """\
Finish with `(return value)` from a program: the run ends with that value as its answer (checked against the expected output). You may also give the final answer the usual way."""

FINISH_NO_RETURN = """\
When you know the answer, give it the usual way (a program's value only comes back to you)."""

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
