"""The LLM layer: taking the program out of a model's reply, and what the model is shown back."""
from .extract import (
    ExtractionError, MultipleCodeBlocks, NoCodeFound, extract_fenced_blocks,
    extract_fenced_blocks_with_lines, parse, strip_thinking,
)
from .repair import DelimiterReport, diagnose

__all__ = [
    "parse", "ExtractionError", "NoCodeFound", "MultipleCodeBlocks", "extract_fenced_blocks",
    "extract_fenced_blocks_with_lines", "strip_thinking", "diagnose", "DelimiterReport",
]
