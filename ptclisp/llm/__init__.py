"""The LLM layer: taking the program out of a model's reply, and what the model is shown back.

Everything a model sees from ptclisp goes through here: `parse` finds the one program in a reply
(or raises NoCodeFound / MultipleCodeBlocks, both ExtractionError), the `format_*` functions
render results and errors within fixed sizes, `truncate_for_history` shrinks values for
transcripts, and the envelope wraps execution data so tool output cannot pose as instructions.
The tool-call transports (`lisp_eval`, combined mode, previews and the tool cache) are
`tool_schema`, `request_tools`, `handle_response`, `build_preview`, `cache_hint` (docs/llm.md).
Message texts live in `ptclisp.llm.messages`. This package uses the public face of ptclisp
(formatter, errors, values), never the evaluator; the language core never imports it.
"""
from .envelope import (
    PREAMBLE, ExecutionFeedback, error_feedback, execution_feedback, turn_feedback, turn_info,
    with_turn_info, wrap, wrap_with_preamble,
)
from .extract import (
    ExtractionError, MultipleCodeBlocks, NoCodeFound, extract_fenced_blocks,
    extract_fenced_blocks_with_lines, parse, strip_thinking,
)
from .feedback import (
    cut_text, format_error_for_llm, format_execution_result, format_result, truncate_for_history,
)
from .memory import MemoryFeedback, memory_feedback
from .grammar import lisp_eval_grammar
from .lisp_tool import request_tools, tool_description, tool_name, tool_schema
from .preview import build_preview, cache_hint
from .transport import Step, handle_response
from ..host.cache import canonical_args
from .context import context_message
from .json_answer import JsonAnswer, JsonAnswerError, parse_json_answer
from .prompt import PROFILES, TRANSPORTS, estimate_tokens, function_list, system_prompt
from .repair import DelimiterReport, diagnose

__all__ = [
    "parse", "ExtractionError", "NoCodeFound", "MultipleCodeBlocks", "extract_fenced_blocks",
    "extract_fenced_blocks_with_lines", "strip_thinking",
    "format_execution_result", "format_result", "truncate_for_history", "format_error_for_llm",
    "cut_text", "diagnose", "DelimiterReport",
    "memory_feedback", "MemoryFeedback",
    "PREAMBLE", "wrap", "wrap_with_preamble", "turn_info", "with_turn_info",
    "ExecutionFeedback", "execution_feedback", "turn_feedback", "error_feedback",
    "tool_name", "tool_description", "tool_schema", "request_tools", "handle_response", "Step",
    "build_preview", "cache_hint", "canonical_args", "lisp_eval_grammar",
    "system_prompt", "function_list", "estimate_tokens", "PROFILES", "TRANSPORTS", "context_message",
    "parse_json_answer", "JsonAnswer", "JsonAnswerError",
]
