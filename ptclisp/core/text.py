"""Values as text and names: str pr-str println print prn name keyword symbol type.

- `str` concatenates without separators: nil is "", strings and characters as they are,
  floats like Clojure (1.0, 1.0E21, Infinity, NaN), keywords with their colon, regexes as their
  source, values with a `ptc_str()` hook (dates) as its text, collections in their printed form
  (`(str [1 "a"])` is `[1 "a"]`).
- `pr-str` prints readably (strings quoted) and joins with spaces.
- `println` and `print` join their arguments with spaces, strings unquoted and everything else
  printed readably (nil prints as nil), record one line through the run's print budget and
  return nil; `prn` does the same with strings quoted.
"""
from __future__ import annotations

import math
import re

from ..run import budget
from ..lang import export, printer
from .. import messages
from ..errors import EvalError, LimitExceeded
from ..lang.values import MAP_TYPES, MISSING, SET_TYPES, Keyword, Symbol, Var, sym
from .predicates import VECTOR_CLASSES, is_fn, is_regex
from .registry import builtin

_KEYWORD_NAME = re.compile(r"[a-zA-Z][a-zA-Z0-9_?!-]*", re.ASCII)
_COLLECTIONS = (*MAP_TYPES, *SET_TYPES, *VECTOR_CLASSES)
_COLLECTION_SET = frozenset(_COLLECTIONS)
_INF = float("inf")
_UNCHARGED = 1024  # strings up to this length are not charged against the size limit
_MIN_ROOM = 16  # a cut value keeps at least this much room for its "... N more" note


def _pr(v, max_chars=None) -> str:
    """v printed readably (PTC-Lisp syntax); a text too long to print whole is over the
    run's string limit too (named with its estimated size)."""
    try:
        return printer.format_value(v, max_chars=max_chars)
    except LimitExceeded as e:
        if e.limit != "export":
            raise
        budget.charge_size(export.measure(v, _INF, _INF, _INF)[1], "string")
        raise


# ---------------------------------------------------------------- str


def _int_str(n: int) -> str:
    try:
        return str(n)
    except ValueError:  # beyond CPython's int-to-text digit limit
        return _pr(n)


def _float_str(x: float) -> str:
    if math.isfinite(x):
        return printer.format_float(x)
    if x != x:
        return "NaN"
    return "Infinity" if x > 0 else "-Infinity"


_STR = {
    type(None): lambda v: "",
    bool: lambda v: "true" if v else "false",
    int: _int_str,
    float: _float_str,
    Keyword: lambda v: ":" + v.name,
    Symbol: str,
    Var: lambda v: "#'" + v.name,
}


def to_str(v) -> str:
    """The text `str` makes of one value."""
    t = type(v)
    if t is str:
        return v
    if t is int:
        return _int_str(v)
    conv = _STR.get(t)
    if conv is not None:
        return conv(v)
    if is_regex(v):
        return v.ptc_regex_source
    hook = getattr(v, "ptc_str", None)  # e.g. dates give their ISO-8601 text
    if callable(hook):
        return hook()
    return _pr(v)


def _joined(parts, sep: str = "") -> str:
    """parts joined; a long result is charged against the size limit before it is built.

    The parts may be one long string many times over, so the sum of their lengths is charged
    first; short results are not worth the charge.
    """
    n = sum(map(len, parts)) + len(sep) * max(len(parts) - 1, 0)
    if n > _UNCHARGED:
        budget.charge_size(n, "string")
    return sep.join(parts)


@builtin("str", flags="pure", arity=(0, None), signature="(str x ...)",
         doc="Concatenates the text of the arguments; nil gives \"\".",
         example=(('(str "a" 1 :b)', '"a1:b"'), ("(str nil)", '""'), ("(str [1 2])", '"[1 2]"'),
                  ("(str 1.5 true)", '"1.5true"')))
def str_(*args):
    if len(args) == 1:
        v = args[0]
        return v if type(v) is str else _joined([to_str(v)])  # a long text is charged too
    if _COLLECTION_SET.isdisjoint(map(type, args)):  # each part is quick: join charges first
        return _joined([to_str(v) for v in args])
    return _joined(_texts(to_str, args, 0, 0))


def _texts(conv, args, sep: int, quotes: int) -> list:
    """[conv(v) for v in args], the running length charged as it grows: one long text many
    times over fails at the limit, not after the work of converting all of them. sep: the
    separator's length; quotes: what conv adds around a string."""
    parts, n = [], 0
    for i, v in enumerate(args):
        part = conv(v)
        n += len(part) + sep
        if n > _UNCHARGED:
            try:
                budget.charge_size(n, "string")
            except LimitExceeded:  # name the whole size: strings and scalars still to come
                budget.charge_size(n + sum(_rest_len(conv, x, sep, quotes) for x in args[i + 1:]),
                                   "string")
                raise
        parts.append(part)
    return parts


def _rest_len(conv, x, sep: int, quotes: int) -> int:
    if type(x) is str:
        return len(x) + quotes + sep
    return 0 if isinstance(x, _COLLECTIONS) else len(conv(x)) + sep


@builtin("pr-str", arity=(0, None), signature="(pr-str x ...)",
         doc="The arguments printed readably (strings quoted), joined by spaces.",
         example=(('(pr-str "a")', '"\\"a\\""'), ('(pr-str 1 "b" nil)', '"1 \\"b\\" nil"'),
                  ("(pr-str {:a [1]})", '"{:a [1]}"')))
def pr_str(*args):
    return _joined(_texts(_pr, args, 1, 2), " ")


# ---------------------------------------------------------------- printing


def _print_room():
    """How many characters one printed value may take: what is left of the print budget.

    A value longer than that is cut by the formatter (which says what it cut), so a huge value
    is never rendered in full just to be rejected.
    """
    b = budget.current()
    if b is None or b.print_left is None:
        return None
    return max(b.print_left, _MIN_ROOM)


def _print_text(v, room) -> str:
    return v if type(v) is str else _pr(v, room)


def _emit(parts, end: str = "\n") -> None:
    """One line of output; end is what Clojure writes after it (seen only by with-out-str)."""
    budget.check_print(sum(map(len, parts)) + max(len(parts) - 1, 0))  # before the join
    budget.emit_print(_joined(parts, " "), end)


@builtin("println", arity=(0, None), signature="(println x ...)",
         doc="Prints the arguments separated by spaces as one line of output; returns nil.",
         example=(('(println "total:" 42)', "nil"),))
def println(*args):
    room = _print_room()
    _emit([_print_text(v, room) for v in args])


@builtin("print", arity=(0, None), signature="(print x ...)",
         doc="Like println: prints the arguments separated by spaces; returns nil.",
         example=(('(print "x =" 1)', "nil"),))
def print_(*args):
    room = _print_room()
    _emit([_print_text(v, room) for v in args], "")


@builtin("prn", arity=(0, None), signature="(prn x ...)",
         doc="Prints the arguments readably (strings quoted) as one line; returns nil.",
         example=(('(prn "a" 1)', "nil"),))
def prn(*args):
    room = _print_room()
    _emit([_pr(v, room) for v in args])


@builtin("newline", listed=False, arity=0, signature="(newline)", doc="Prints an empty line; returns nil.",
         example=(("(newline)", "nil"),))
def newline():
    _emit([])


@builtin("flush", listed=False, arity=0, signature="(flush)", doc="Does nothing (output is never buffered); returns nil.",
         example=(("(flush)", "nil"),))
def flush():
    return None


@builtin("pr", listed=False, arity=(0, None), signature="(pr x ...)",
         doc="Like prn: prints the arguments readably as one line of output; returns nil.",
         example=(('(pr "a" 1)', "nil"),))
def pr(*args):
    room = _print_room()
    _emit([_pr(v, room) for v in args], "")


@builtin("prn-str", listed=False, arity=(0, None), signature="(prn-str x ...)",
         doc="pr-str followed by a newline.",
         example=(('(prn-str "a" 1)', '"\\"a\\" 1\\n"'),))
def prn_str(*args):
    return pr_str(*args) + "\n"


@builtin("print-str", listed=False, arity=(0, None), signature="(print-str x ...)",
         doc="The arguments as print shows them (strings unquoted), joined by spaces.",
         example=(('(print-str "a" 1 nil)', '"a 1 nil"'),))
def print_str(*args):
    return _joined(_texts(_print_text_whole, args, 1, 0), " ")


@builtin("println-str", listed=False, arity=(0, None), signature="(println-str x ...)",
         doc="print-str followed by a newline.",
         example=(('(println-str "total:" 3)', '"total: 3\\n"'),))
def println_str(*args):
    return print_str(*args) + "\n"


def _print_text_whole(v) -> str:
    return v if type(v) is str else _pr(v)


# ---------------------------------------------------------------- names


@builtin("name", flags="pure", arity=1, signature="(name x)",
         doc="The name of a keyword or symbol (without colon or namespace); a string as is.",
         example=(("(name :foo)", '"foo"'), ('(name "bar")', '"bar"'), ("(name 'x/y)", '"y"')))
def name(x):
    t = type(x)
    if t is str:
        return x
    if t is Keyword or t is Symbol:
        return x.name
    raise EvalError(messages.type_error("name", "a keyword, symbol or string", x), code="type")


@builtin("keyword", flags="pure", arity=1, signature="(keyword x)",
         doc="The keyword named by a string (or symbol); keywords as is; nil for other values.",
         example=(('(keyword "foo")', ":foo"), ("(keyword :bar)", ":bar"), ("(keyword nil)", "nil"),
                  ('(keyword "user-id")', ":user-id")))
def keyword(x):
    t = type(x)
    if t is Keyword:
        return x
    if t is Symbol:
        if x.ns is not None:
            raise EvalError(messages.namespaced_keyword(str(x)), code="value")
        x = x.name
    elif t is not str:
        return None
    if _KEYWORD_NAME.fullmatch(x):
        return Keyword(x)
    if "/" in x and all(_KEYWORD_NAME.fullmatch(p) for p in x.split("/", 1)):
        raise EvalError(messages.namespaced_keyword(x), code="value")
    raise EvalError(messages.invalid_keyword(x), code="value", hint=messages.HINT_KEYWORD_NAME)


@builtin("symbol", arity=(1, 2), signature="(symbol name) (symbol ns name)",
         doc="The symbol named by a string, keyword or symbol; with two arguments, ns/name.",
         example=(('(symbol "foo")', "'foo"), ("(symbol :bar)", "'bar"), ('(symbol "a" "b")', "'a/b")))
def symbol(x, name_=MISSING):
    if name_ is not MISSING:
        if type(name_) is not str or (x is not None and type(x) is not str):
            bad = name_ if type(name_) is not str else x
            raise EvalError(messages.type_error("symbol", "strings", bad), code="type")
        return Symbol(name_, x)
    t = type(x)
    if t is Symbol:
        return x
    if t is Keyword:
        return Symbol(x.name)
    if t is str and x:
        return sym(x)
    raise EvalError(messages.type_error("symbol", "a non-empty string, keyword or symbol", x),
                    code="type")


# ---------------------------------------------------------------- type


_TYPES = {
    bool: Keyword("boolean"), int: Keyword("number"), float: Keyword("number"),
    str: Keyword("string"), Keyword: Keyword("keyword"), Symbol: Keyword("symbol"),
    Var: Keyword("var"),
}
_TYPES.update({t: Keyword("vector") for t in VECTOR_CLASSES})
_TYPES.update({t: Keyword("map") for t in MAP_TYPES})
_TYPES.update({t: Keyword("set") for t in SET_TYPES})


@builtin("type", arity=1, signature="(type x)",
         doc="The type of x as a keyword (:number :string :map :vector :set :keyword :boolean "
             ":function :regex ...); nil for nil.",
         example=(("(type 1)", ":number"), ('(type "a")', ":string"), ("(type {:a 1})", ":map"),
                  ("(type nil)", "nil"), ("(type inc)", ":function")))
def type_(x):
    if x is None:
        return None
    k = _TYPES.get(type(x))
    if k is not None:
        return k
    if is_regex(x):
        return Keyword("regex")
    if is_fn(x):
        return Keyword("function")
    return Keyword(str(getattr(type(x), "ptc_type_name", "unknown")))
