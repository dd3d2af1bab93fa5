"""Finding the one PTC-Lisp program in a model's reply (PtcRunner's ResponseHandler.parse).

Order of search, as in the reference: (1) fenced blocks tagged clojure/lisp; (2) other fenced
blocks whose code starts with `(`; (3) `<clojure>...</clojure>` / `<lisp>...</lisp>` blocks;
(4) the whole reply when it starts with `(`. More than one candidate at a level is an error.
Going past the reference:
- `<think>`/`<thinking>` sections are dropped first (draft code there is not the answer);
- a closing fence inside a string literal of a Lisp block is not a fence (a multi-line string
  may hold a line that is just three backticks); fences may be indented, longer than three
  backticks or made of tildes, with a space before the tag;
- a reply cut off inside a code block (no closing fence) still yields that block, so the reader
  can name what is missing instead of the model hearing "no code";
- a reply whose only code is Python, JSON or another language gets a message saying so;
- leading `;` comment lines before a raw s-expression are allowed.
`parse` raises only the ExtractionError subclasses below, whatever the text.
"""
from __future__ import annotations

import bisect
import json
import re

import attrs

from . import messages as M
from .sanitize import clean_code, clean_view, in_string_after, strip_discards

__all__ = [
    "ExtractionError", "NoCodeFound", "MultipleCodeBlocks", "parse", "extract_fenced_blocks",
    "extract_fenced_blocks_with_lines", "strip_thinking", "LISP_TAGS",
]

LISP_TAGS = frozenset({"clojure", "lisp"})
_STRING_AWARE_TAGS = LISP_TAGS | {"clj", "cljs", "cljc", "edn"}
_PYTHON_TAGS = frozenset({"python", "py", "python3", "ipython", "pycon"})
_JSON_TAGS = frozenset({"json", "jsonc", "json5", "jsonl"})
_OPEN_FENCE = re.compile(r"(`{3,}|~{3,})[ \t]*([^\s`~]*)[ \t]*")
_XML_CLOSER = re.compile(r"</(clojure|lisp)>", re.IGNORECASE)
# blocks are found by openers and closers (linear); a lazy `<lisp>(.*?)</lisp>` regex tries every
# opener against the rest of the text: quadratic in a reply made of openers
_XML_OPEN = re.compile(r"<(?:clojure|lisp)>[ \t]*\n?", re.IGNORECASE)
_XML_ANY_CLOSER = re.compile(r"</(?:clojure|lisp)>", re.IGNORECASE)
_THINK_OPEN = re.compile(r"<(think|thinking|reasoning)>", re.IGNORECASE)
_THINK_CLOSE = re.compile(r"</(think|thinking|reasoning)>", re.IGNORECASE)
_PYTHON_LINE = re.compile(r"^[ \t]*(def \w+\(|import \w|from \w+ import|print\(|for \w+ in |"
                          r"return \w|class \w+[:(])", re.MULTILINE)


class ExtractionError(Exception):
    """No single program could be taken from the reply; `message` and `hint` are for the model."""

    kind = "ExtractionError"

    def __init__(self, message: str, hint: str | None = None, *, reason: str = "no_code",
                 language: str | None = None):
        super().__init__(message)
        self.message = message
        self.hint = hint
        self.reason = reason
        self.language = language
        self.span = None
        self.source = None
        self.stack = ()


class NoCodeFound(ExtractionError):
    """The reply holds no PTC-Lisp; `reason` says what was found instead.

    reasons: no_code, python, json, other_language (see `language`), empty_block, truncated.
    """

    kind = "NoCodeFound"


class MultipleCodeBlocks(ExtractionError):
    """The reply holds `count` candidate programs where exactly one is required."""

    kind = "MultipleCodeBlocks"

    def __init__(self, count: int):
        super().__init__(M.multiple_blocks(count), M.MULTIPLE_BLOCKS_HINT, reason="multiple")
        self.count = count


@attrs.frozen
class _Block:
    tag: str
    content: str
    opening: str
    closing: str | None  # None: the reply ended inside the block


# ---------------------------------------------------------------- fenced blocks


def extract_fenced_blocks(text: str) -> list[tuple[str, str]]:
    """(language tag, content) of each closed fenced block, in order."""
    return [(tag, content) for tag, content, _, _ in extract_fenced_blocks_with_lines(text)]


def extract_fenced_blocks_with_lines(text: str) -> list[tuple[str, str, str, str]]:
    """(language tag, content, opening line, closing line) of each closed fenced block.

    The tag is lowercased ("" when there is none); the lines are exactly as written, so callers
    can find or replace the block (XML-style closers such as `</clojure>` included).
    """
    blocks, _ = _scan(_lines(text))
    return [(b.tag, b.content, b.opening, b.closing) for b in blocks]


def _lines(text: str) -> list[str]:
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _scan(lines: list[str]) -> tuple[list[_Block], _Block | None]:
    """Closed blocks, and the block the text ended inside (if any)."""
    blocks: list[_Block] = []
    i = 0
    while i < len(lines):
        m = _OPEN_FENCE.fullmatch(clean_view(lines[i]))
        if m is None:
            i += 1
            continue
        fence, tag = m.group(1), m.group(2).lower()
        end = _find_close(lines, i + 1, fence, aware=tag in _STRING_AWARE_TAGS)
        if end is None:
            return blocks, _Block(tag, "\n".join(lines[i + 1:]), lines[i], None)
        blocks.append(_Block(tag, "\n".join(lines[i + 1:end]), lines[i], lines[end]))
        i = end + 1
    return blocks, None


def _find_close(lines, start, fence, *, aware):
    """Index of the line closing a block opened with fence, or None."""
    if aware:
        in_string = False
        for j in range(start, len(lines)):
            if not in_string and _is_closer(lines[j], fence):
                return j
            in_string = in_string_after(lines[j] + "\n", in_string)
        # a string that never closes (a cut reply, a stray quote): fall back to plain fences
    for j in range(start, len(lines)):
        if _is_closer(lines[j], fence):
            return j
    return None


def _is_closer(line: str, fence: str) -> bool:
    view = clean_view(line)
    if view and view[0] == fence[0] and len(view) >= len(fence) and view == view[0] * len(view):
        return True
    return _XML_CLOSER.fullmatch(view) is not None


# ---------------------------------------------------------------- parse


def _drop_thinking(text: str) -> str:
    """text without its <think>...</think> sections (each to the first closer of its own name),
    found in one pass over openers and closers: linear, whatever the reply holds."""
    closers: dict = {}
    for m in _THINK_CLOSE.finditer(text):
        closers.setdefault(m.group(1).lower(), []).append((m.start(), m.end()))
    kept, pos = [], 0
    m = _THINK_OPEN.search(text, pos)
    while m is not None:
        found = closers.get(m.group(1).lower(), [])
        k = bisect.bisect_left(found, (m.end(), -1))
        if k < len(found):
            kept.append(text[pos:m.start()])
            pos = found[k][1]
        m = _THINK_OPEN.search(text, pos if k < len(found) else m.end())
    kept.append(text[pos:])
    return "".join(kept)


def _xml_blocks(text: str) -> list[str]:
    """The content of each <lisp>/<clojure> block, to the first closer of either name."""
    ends = [(m.start(), m.end()) for m in _XML_ANY_CLOSER.finditer(text)]
    out, k, pos = [], 0, 0
    m = _XML_OPEN.search(text)
    while m is not None:
        while k < len(ends) and ends[k][0] < m.end():
            k += 1
        if k == len(ends):  # no closer after this opener, nor after any later one
            break
        out.append(text[m.end():ends[k][0]])
        pos = ends[k][1]
        m = _XML_OPEN.search(text, pos)
    return out


def parse(response: str) -> str:
    """The program in a model's reply; raises NoCodeFound or MultipleCodeBlocks (nothing else)."""
    text = _drop_thinking(str(response).replace("\r\n", "\n").replace("\r", "\n"))
    blocks, dangling = _scan(text.split("\n"))
    tagged = [b for b in blocks if b.tag in LISP_TAGS]
    if tagged:
        return _one(tagged)
    lisp = [b for b in blocks if _prepare(b.content).startswith("(")]
    if lisp:
        return _one(lisp)
    xml = [_prepare(body) for body in _xml_blocks(text)]
    xml = [code for code in xml if code.startswith("(")]
    if len(xml) == 1:
        return xml[0]
    if xml:
        raise MultipleCodeBlocks(len(xml))
    if dangling is not None and dangling.tag in LISP_TAGS | {""}:
        code = _prepare(dangling.content)
        if code.startswith(("(", ";")) or (dangling.tag and code):
            return code
        if not code:
            raise NoCodeFound(M.TRUNCATED_REPLY, M.TRUNCATED_HINT, reason="truncated")
    raw = _prepare(text)
    if _starts_like_code(raw):
        return raw
    raise _no_code(blocks, dangling, text)


def _one(blocks: list[_Block]) -> str:
    if len(blocks) > 1:
        raise MultipleCodeBlocks(len(blocks))
    code = _prepare(blocks[0].content)
    if not code:
        raise NoCodeFound(M.EMPTY_BLOCK, M.EMPTY_BLOCK_HINT, reason="empty_block")
    return code


def _prepare(code: str) -> str:
    """Clean, drop `#_` discards, trim."""
    return strip_discards(clean_code(code).strip()).strip()


def _starts_like_code(code: str) -> bool:
    """True if code, past leading `;` comment lines, starts with `(`."""
    for line in code.split("\n"):
        line = line.strip()
        if line and not line.startswith(";"):
            return line.startswith("(")
    return False


def _no_code(blocks, dangling, text) -> NoCodeFound:
    """The most useful NoCodeFound for a reply without a program."""
    found = blocks + ([dangling] if dangling is not None else [])
    for b in found:
        if b.tag in _PYTHON_TAGS or (not b.tag and _PYTHON_LINE.search(b.content)):
            return NoCodeFound(M.PYTHON_BLOCK, M.PYTHON_HINT, reason="python", language="python")
    for b in found:
        if b.tag in _JSON_TAGS or (not b.tag and _is_json(b.content)):
            return NoCodeFound(M.JSON_BLOCK, M.JSON_HINT, reason="json", language="json")
    if _is_json(text):
        return NoCodeFound(M.JSON_BLOCK, M.JSON_HINT, reason="json", language="json")
    for b in found:
        if b.tag and b.tag not in LISP_TAGS:
            return NoCodeFound(M.other_language(b.tag), M.OTHER_LANGUAGE_HINT,
                               reason="other_language", language=b.tag)
    if any(not b.tag and not b.content.strip() for b in blocks):
        return NoCodeFound(M.EMPTY_BLOCK, M.EMPTY_BLOCK_HINT, reason="empty_block")
    return NoCodeFound(M.NO_CODE, M.NO_CODE_HINT)


def _is_json(text: str) -> bool:
    """True if text is a JSON object or array (the shape of a hand-written tool call)."""
    text = text.strip()
    if not text or text[0] not in "{[" or len(text) > 200_000:
        return False
    try:
        return isinstance(json.loads(text), (dict, list))
    except (ValueError, RecursionError):
        return False


# ---------------------------------------------------------------- history


def strip_thinking(response: str) -> str:
    """Only the Lisp block of a reply (for history); the reply unchanged without exactly one."""
    blocks = extract_fenced_blocks(response)
    tagged = [(tag, content) for tag, content in blocks if tag in LISP_TAGS]
    if len(tagged) != 1:
        return response
    tag, content = tagged[0]
    return f"```{tag}\n{content}\n```"
