"""The LLM layer: taking the program out of a model's reply, and what the model is shown back."""
from .extract import (
    ExtractionError, MultipleCodeBlocks, NoCodeFound, extract_fenced_blocks,
    extract_fenced_blocks_with_lines, parse, strip_thinking,
)
from .feedback import (
    cut_text, format_error_for_llm, format_execution_result, format_result, truncate_for_history,
)
from .repair import DelimiterReport, diagnose

__all__ = [
    "parse", "ExtractionError", "NoCodeFound", "MultipleCodeBlocks", "extract_fenced_blocks",
    "extract_fenced_blocks_with_lines", "strip_thinking", "diagnose", "DelimiterReport",
    "format_execution_result", "format_result", "truncate_for_history", "format_error_for_llm",
    "cut_text",
]
