"""clojure.string (`str/`, `string/`) and the string helpers PtcRunner keeps in clojure.core.

Semantics follow Clojure 1.11 where PtcRunner documents a bug (conformance gaps S15, S25, S26,
S27, S50, S73, S80, S95, S124, S139), and PtcRunner's deliberate divergences otherwise:
- `subs` returns "" instead of failing on indexes out of range (DIV-22).
- `split` accepts a one-character string delimiter and refuses longer plain strings (DIV-50).
- Receivers may be numbers (`(str/upper-case 12)` is "12"); nil is a type error, as in Clojure.
- Whitespace is Java's Character/isWhitespace (no-break spaces are not whitespace).
- Indexes count Unicode code points (PtcRunner counts graphemes; see docs/divergences.md).
PtcRunner also binds most of these bare (`(join ", " xs)`, `(split s #",")`): they are exposed
under their bare names too, unless clojure.core has its own function of that name.
"""
from __future__ import annotations

import math

from ..run import budget
from .. import messages
from ..errors import EvalError
from ..lang.values import MAP_TYPES, MISSING, SET_TYPES, VECTOR_TYPES, freeze, is_number
from . import regexp
from .discovery import expose_bare
from .registry import builtin
from .support import JAVA_WHITESPACE, as_fn, charge_text, literal_replace, seq
from .text import to_str

NS = "clojure.string"


def receiver(who: str, s) -> str:
    """The string a clojure.string function works on: strings, or numbers as `str` shows them."""
    if type(s) is str:
        return s
    if is_number(s):
        return to_str(s)
    raise EvalError(messages.type_error(who, "a string", s), code="type")


def string_arg(who: str, x) -> str:
    if type(x) is str:
        return x
    raise EvalError(messages.type_error(who, "a string", x), code="type")


def index_arg(who: str, x) -> int:
    """An index argument: integers, or finite floats truncated toward zero (Clojure coerces)."""
    if type(x) is int:
        return x
    if type(x) is float and math.isfinite(x):
        return int(x)
    raise EvalError(messages.type_error(who, "an integer index", x), code="type")


# ---------------------------------------------------------------- predicates


@builtin("blank?", flags="pure", ns=NS, arity=1, signature="(blank? s)",
         doc="True if s is nil, empty, or only whitespace.",
         example=(('(str/blank? "  \\n")', "true"), ("(str/blank? nil)", "true"),
                  ('(str/blank? " a ")', "false")))
def blank_p(s):
    if s is None:
        return True
    return not string_arg("str/blank?", s).strip(JAVA_WHITESPACE)


@builtin("starts-with?", flags="pure", ns=NS, arity=2, signature="(starts-with? s prefix)",
         doc="True if s starts with prefix.",
         example=(('(str/starts-with? "hello" "he")', "true"),
                  ('(str/starts-with? "hello" "lo")', "false")))
def starts_with_p(s, prefix):
    return receiver("str/starts-with?", s).startswith(string_arg("str/starts-with?", prefix))


@builtin("ends-with?", flags="pure", ns=NS, arity=2, signature="(ends-with? s suffix)",
         doc="True if s ends with suffix.",
         example=(('(str/ends-with? "hello" "lo")', "true"),
                  ('(str/ends-with? "hello" "he")', "false")))
def ends_with_p(s, suffix):
    return receiver("str/ends-with?", s).endswith(string_arg("str/ends-with?", suffix))


@builtin("includes?", flags="pure", ns=NS, arity=2, signature="(includes? s substr)",
         doc="True if s contains substr.",
         example=(('(str/includes? "hello" "ll")', "true"), ('(str/includes? "hello" "x")', "false")))
def includes_p(s, substr):
    return string_arg("str/includes?", substr) in receiver("str/includes?", s)


# ---------------------------------------------------------------- searching


@builtin("index-of", ns=NS, arity=(2, 3),
         signature="(index-of s value), (index-of s value from-index)",
         doc="Index of the first occurrence of value in s (from from-index on), or nil.",
         example=(('(str/index-of "hello" "l")', "2"), ('(str/index-of "hello" "l" 3)', "3"),
                  ('(str/index-of "hello" "x")', "nil")))
def index_of(s, value, start=0):
    s, value = receiver("str/index-of", s), string_arg("str/index-of", value)
    i = s.find(value, min(max(index_arg("str/index-of", start), 0), len(s)))
    return None if i < 0 else i


@builtin("last-index-of", ns=NS, arity=(2, 3),
         signature="(last-index-of s value), (last-index-of s value from-index)",
         doc="Index of the last occurrence of value in s (starting at or before from-index), or nil.",
         example=(('(str/last-index-of "hello" "l")', "3"), ('(str/last-index-of "hello" "l" 2)', "2"),
                  ('(str/last-index-of "hello" "x")', "nil")))
def last_index_of(s, value, start=MISSING):
    s, value = receiver("str/last-index-of", s), string_arg("str/last-index-of", value)
    if start is MISSING:
        i = s.rfind(value)
    else:
        start = index_arg("str/last-index-of", start)
        i = -1 if start < 0 else s.rfind(value, 0, min(start, len(s)) + len(value))
    return None if i < 0 else i


# ---------------------------------------------------------------- case and trimming


@builtin("upper-case", flags="pure",
         ns=NS, arity=1, signature="(upper-case s)", aliases=("upcase",),
         doc="s in upper case (alias upcase).",
         example=(('(str/upper-case "hello")', '"HELLO"'), ('(upcase "abc")', '"ABC"')))
def upper_case(s):
    return receiver("str/upper-case", s).upper()


@builtin("lower-case", flags="pure",
         ns=NS, arity=1, signature="(lower-case s)", aliases=("downcase",),
         doc="s in lower case (alias downcase).",
         example=(('(str/lower-case "HeLLo")', '"hello"'), ('(downcase "ABC")', '"abc"')))
def lower_case(s):
    return receiver("str/lower-case", s).lower()


@builtin("capitalize", ns=NS, arity=1, signature="(capitalize s)",
         doc="s with its first character in upper case and the rest in lower case.",
         example=(('(str/capitalize "hELLO world")', '"Hello world"'), ('(str/capitalize "")', '""')))
def capitalize(s):
    s = receiver("str/capitalize", s)
    return s[:1].upper() + s[1:].lower()


@builtin("trim", flags="pure", ns=NS, arity=1, signature="(trim s)",
         doc="s without leading and trailing whitespace.",
         example=(('(str/trim "  hi \\n")', '"hi"'),))
def trim(s):
    return receiver("str/trim", s).strip(JAVA_WHITESPACE)


@builtin("triml", ns=NS, arity=1, signature="(triml s)", doc="s without leading whitespace.",
         example=(('(str/triml "  hi  ")', '"hi  "'),))
def triml(s):
    return receiver("str/triml", s).lstrip(JAVA_WHITESPACE)


@builtin("trimr", ns=NS, arity=1, signature="(trimr s)", doc="s without trailing whitespace.",
         example=(('(str/trimr "  hi  ")', '"  hi"'),))
def trimr(s):
    return receiver("str/trimr", s).rstrip(JAVA_WHITESPACE)


@builtin("trim-newline", ns=NS, arity=1, signature="(trim-newline s)",
         doc="s without its trailing newline and carriage-return characters.",
         example=(('(str/trim-newline "hi\\r\\n")', '"hi"'), ('(str/trim-newline "hi  ")', '"hi  "')))
def trim_newline(s):
    return receiver("str/trim-newline", s).rstrip("\r\n")


@builtin("reverse", ns=NS, arity=1, signature="(reverse s)", doc="The characters of s in reverse order.",
         example=(('(str/reverse "abc")', '"cba"'),))
def reverse(s):
    return receiver("str/reverse", s)[::-1]


# ---------------------------------------------------------------- joining and splitting


@builtin("join", flags="pure", ns=NS, arity=(1, 2), signature="(join coll), (join separator coll)",
         doc="The text of the items of coll (as str shows them), with separator between them.",
         example=(('(str/join ", " ["a" "b" "c"])', '"a, b, c"'), ('(str/join "-" [1 2 3])', '"1-2-3"'),
                  ('(str/join ["a" "b"])', '"ab"'), ('(str/join "," nil)', '""')))
def join(a, b=MISSING):
    if b is MISSING:
        sep, coll = "", a
    else:
        if isinstance(a, (*VECTOR_TYPES, *MAP_TYPES, *SET_TYPES)) and isinstance(b, str):
            raise EvalError(messages.type_error("str/join", "a separator string", a), code="type",
                            hint=messages.HINT_JOIN_ORDER)
        sep, coll = ("" if a is None else to_str(a)), b
    if type(coll) is str:
        return coll if not sep else sep.join(coll)
    parts = [x if type(x) is str else to_str(x) for x in seq(coll, "str/join")]
    if len(parts) > 1:
        charge_text(sum(map(len, parts)) + len(sep) * (len(parts) - 1))
    return sep.join(parts)


def _limit_arg(limit) -> int:
    return 0 if limit is MISSING else index_arg("str/split", limit)


def _split_on_char(s: str, delim: str, limit: int) -> list:
    """Java's split on a one-character literal delimiter (no regex needed)."""
    if delim not in s:
        return [s]
    parts = s.split(delim, limit - 1) if limit > 0 else s.split(delim)
    if limit == 0:
        while parts and parts[-1] == "":
            parts.pop()
    return parts


@builtin("split", flags="pure", ns=NS, arity=(2, 3), signature="(split s re), (split s re limit)",
         doc="Splits s around matches of the regex re (or a one-character string); "
             "trailing empty strings are dropped unless limit is given.",
         example=(('(str/split "a,b,c" #",")', '["a" "b" "c"]'), ('(str/split "a,,b" ",")', '["a" "" "b"]'),
                  ('(str/split "a--b--c" #"--")', '["a" "b" "c"]'), ('(str/split "a,b," #",")', '["a" "b"]'),
                  ('(str/split "a,b,c" #"," 2)', '["a" "b,c"]')))
def split(s, delim, limit=MISSING):
    s, limit = receiver("str/split", s), _limit_arg(limit)
    if type(delim) is str:
        if len(delim) == 1:
            return _split_on_char(s, delim, limit)
        if delim:
            raise EvalError(messages.split_multichar(delim), code="type",
                            hint=messages.hint_split_regex(delim))
    elif not isinstance(getattr(delim, "ptc_regex_source", None), str):
        raise EvalError(messages.type_error("str/split", "a regex delimiter", delim), code="type",
                        hint=messages.HINT_REGEX_ARG)
    return regexp.java_split(regexp.as_regex("str/split", delim), s, limit)


@builtin("split-lines", ns=NS, arity=1, signature="(split-lines s)",
         doc="Splits s into lines at \\n or \\r\\n; trailing empty lines are dropped.",
         example=(('(str/split-lines "a\\nb\\r\\nc")', '["a" "b" "c"]'), ('(str/split-lines "a\\n\\n")', '["a"]')))
def split_lines(s):
    s = receiver("str/split-lines", s)
    if "\n" not in s:
        return [s]
    lines = s.split("\n")
    lines = [x[:-1] if x.endswith("\r") else x for x in lines[:-1]] + lines[-1:]
    while lines and lines[-1] == "":
        lines.pop()
    return lines


# ---------------------------------------------------------------- replacing


def _replacement(who: str, rep, match_is_regex: bool):
    if type(rep) is str or (match_is_regex and callable(rep)):
        return rep
    expected = "a string or a function" if match_is_regex else "a string"
    raise EvalError(messages.type_error(who, f"{expected} as replacement", rep), code="type")


def _replace(who: str, s, match, rep, count: int):
    s = receiver(who, s)
    if type(match) is str:
        return literal_replace(s, match, _replacement(who, rep, False), count)
    rx = regexp.as_regex(who, match)
    return regex_replace(rx, s, _replacement(who, rep, True), count)


@builtin("replace", ns=NS, arity=3, signature="(replace s match replacement)",
         doc="s with every match (a string, or a regex whose replacement may use $1 or be a "
             "function of the match) replaced.",
         example=(('(str/replace "hello" "l" "L")', '"heLLo"'),
                  ('(str/replace "a1b22" #"\\d+" "#")', '"a#b#"'),
                  ('(str/replace "John Smith" #"(\\w+) (\\w+)" "$2, $1")', '"Smith, John"'),
                  ('(str/replace "a1b2" #"\\d" (fn [d] (str (* 2 (parse-long d)))))', '"a2b4"')))
def replace(s, match, rep):
    return _replace("str/replace", s, match, rep, -1)


@builtin("replace-first", ns=NS, arity=3, signature="(replace-first s match replacement)",
         doc="s with the first match (string or regex, as in replace) replaced.",
         example=(('(str/replace-first "aaa" "a" "b")', '"baa"'),
                  ('(str/replace-first "a1b2" #"\\d" "#")', '"a#b2"')))
def replace_first(s, match, rep):
    return _replace("str/replace-first", s, match, rep, 1)


@builtin("re-quote-replacement", ns=NS, arity=1, signature="(re-quote-replacement s)",
         doc="s escaped so that a regex replace inserts it literally ($ and \\ lose their meaning).",
         example=(('(str/replace "a1" #"\\d" (str/re-quote-replacement "$1"))', '"a$1"'),))
def re_quote_replacement(s):
    return receiver("str/re-quote-replacement", s).replace("\\", "\\\\").replace("$", "\\$")


@builtin("escape", ns=NS, arity=2, signature="(escape s cmap)",
         doc="s with each character c replaced by (cmap c) when that is not nil.",
         example=(('(str/escape "a<b" {\\< "&lt;"})', '"a&lt;b"'),))
def escape(s, cmap):
    s, f = receiver("str/escape", s), as_fn(cmap)
    out = []
    for c in s:
        r = f(c)
        out.append(c if r is None else to_str(r))
    charge_text(sum(map(len, out)))
    return "".join(out)


def _java_template(rx, rep: str) -> str:
    """A Java replacement string ($1, ${name}, \\x) as a regex-package template."""
    out, i, n, groups = [], 0, len(rep), rx.pattern.groups
    while i < n:
        c = rep[i]
        if c == "\\":
            if i + 1 >= n:
                raise _bad_replacement(rep, "a \\ at the end escapes nothing")
            out.append("\\\\" if rep[i + 1] == "\\" else rep[i + 1])
            i += 2
        elif c == "$":
            part, i = _group_ref(rx, rep, i + 1, groups)
            out.append(part)
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _group_ref(rx, rep: str, i: int, groups: int) -> tuple[str, int]:
    if i >= len(rep):
        raise _bad_replacement(rep, "a $ at the end names no group")
    if rep[i] == "{":
        end = rep.find("}", i)
        name = rep[i + 1:end] if end > 0 else ""
        if not name or name not in rx.pattern.groupindex:
            raise _bad_replacement(rep, f"no group named {name or '?'}")
        return f"\\g<{name}>", end + 1
    if not rep[i].isdigit() or rep[i] not in "0123456789":
        raise _bad_replacement(rep, "$ must be followed by a group number or {name}")
    ref, i = int(rep[i]), i + 1
    if ref > groups:
        raise _bad_replacement(rep, messages.regex_no_group(ref, groups))
    while i < len(rep) and rep[i] in "0123456789" and ref * 10 + int(rep[i]) <= groups:
        ref, i = ref * 10 + int(rep[i]), i + 1
    return f"\\g<{ref}>", i


def _bad_replacement(rep: str, detail: str) -> EvalError:
    return EvalError(messages.regex_replacement(rep, detail), code="value",
                     hint=messages.HINT_REPLACEMENT)


def regex_replace(rx, s: str, rep, count: int = -1) -> str:
    """s with matches of rx replaced by rep (a Java replacement string or a function)."""
    n = 0 if count < 0 else count
    if callable(rep):
        f = as_fn(rep)
        result = regexp.timed(rx.pattern.sub, lambda m: to_str(f(regexp.groups_value(m))), s, count=n)
    else:
        template = _java_template(rx, rep)
        _charge_regex_replace(rx, s, template, n)
        result = regexp.timed(rx.pattern.sub, template, s, count=n)
    charge_text(len(result))
    return result


def _charge_regex_replace(rx, s: str, template: str, count: int):
    """Refuse a replacement whose result would exceed the size limit, before building it."""
    b = budget.current()
    if b is None or b.max_size is None:
        return
    worst = len(s) + (len(s) + 1) * len(template)
    if worst > b.max_size:
        hits = len(regexp.all_matches(rx, s)) if count == 0 else count
        charge_text(len(s) + hits * len(template))


# ---------------------------------------------------------------- clojure.core string helpers


@builtin("subs", flags="pure", arity=(2, 3), signature="(subs s start), (subs s start end)",
         doc="The substring of s from start (inclusive) to end (exclusive); \"\" when out of range.",
         example=(('(subs "hello" 1)', '"ello"'), ('(subs "hello" 1 4)', '"ell"'),
                  ('(subs "abc" 1 99)', '"bc"'), ('(subs "abc" -1)', '""')))
def subs(s, start, end=MISSING):
    s, start = string_arg("subs", s), index_arg("subs", start)
    stop = len(s) if end is MISSING else index_arg("subs", end)
    if start < 0 or start > len(s) or stop < start:
        return ""
    return s[start:stop]


def _seq_replace(smap, coll):
    """clojure.core/replace: items of coll found as keys of smap (or indexes of a vector) swapped."""
    items = seq(coll, "replace")
    if isinstance(smap, MAP_TYPES):
        get, out = smap.get, []
        for x in items:
            v = get(freeze(x), MISSING)
            out.append(x if v is MISSING else v)
        return out
    if isinstance(smap, VECTOR_TYPES):
        n = len(smap)
        return [smap[x] if type(x) is int and 0 <= x < n else x for x in items]
    raise EvalError(messages.type_error("replace", "a map or vector of replacements", smap),
                    code="type")


@builtin("replace", arity=(2, 3), signature="(replace smap coll), (replace s match replacement)",
         doc="With 2 args, coll with items that are keys of smap replaced by their values; "
             "with 3 args, str/replace.",
         example=(("(replace {1 :one 2 :two} [1 2 3])", "[:one :two 3]"),
                  ("(replace [:a :b] [0 1 5])", "[:a :b 5]"),
                  ('(replace "hello" "l" "L")', '"heLLo"')))
def replace_any(a, b, c=MISSING):
    if c is MISSING:
        return _seq_replace(a, b)
    return _replace("replace", a, b, c, -1)


expose_bare(NS, "blank?", "starts-with?", "ends-with?", "includes?", "index-of", "last-index-of",
            "upper-case", "upcase", "lower-case", "downcase", "trim", "triml", "trimr",
            "trim-newline", "join", "split", "split-lines")
