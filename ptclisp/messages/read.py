"""Texts of the reader (text -> forms) and of reading one data literal back (read_value)."""
from __future__ import annotations


# ---------------------------------------------------------------- one data literal back (read_value)


DATA_LIST = "a list (a call such as (f x) is code, not data)"
DATA_FN = "a function literal #(...)"
DATA_QUOTED = "a quoted form other than a symbol or a literal"
DATA_OTHER = "a form that is not a data literal"
READ_VALUE_ODD_MAP = "a map literal needs an even number of forms (key value pairs)"


def read_value_count(n: int) -> str:
    """read_value got zero or several top-level forms."""
    return "expected one value, found nothing" if n == 0 else f"expected one value, found {n}"


def read_value_not_data(what: str) -> str:
    """read_value met code where it expects data."""
    return f"expected a data literal, found {what}"


def read_value_symbol(name: str) -> str:
    """read_value met a bare symbol."""
    return (f"expected a data literal, found the symbol {name} "
            f"(write '{name} for a symbol value, or \"{name}\" for a string)")


def read_value_duplicate(what: str, shown: str) -> str:
    """Clojure's reader rejects repeated map keys and set members."""
    return f"Duplicate {what}: {shown}"


# ---------------------------------------------------------------- the reader (text -> forms)


def read_unclosed(opener: str, span, more: int = 0) -> str:
    """An opening delimiter that is never closed (the innermost one is named)."""
    also = f" (and {more} more unclosed before it)" if more else ""
    return f"unclosed '{opener}' opened at {span}{also}"


def read_unmatched(closer: str) -> str:
    """A closing delimiter with nothing open (Clojure's wording)."""
    return f"Unmatched delimiter: {closer}"


def read_mismatched(closer: str, opener: str, span) -> str:
    """A closing delimiter of the wrong kind: names both."""
    want = ")" if opener in ("(", "#(") else "]" if opener == "[" else "}"
    return f"mismatched '{closer}': expected '{want}' to close '{opener}' opened at {span}"


READ_ODD_MAP = "Map literal must contain an even number of forms"
READ_EMPTY_LIST = "empty list () is not supported"
READ_QUOTED_COLLECTION = ("quoted collections are not supported; only quoted symbols like 'github "
                          "are allowed")
READ_BAD_QUOTE = "' must be followed by a symbol or a literal"
READ_BACKSLASH = "a backslash must be followed by a character"


def read_duplicate_key(key_text: str) -> str:
    """A map or set literal that repeats a key (Clojure's wording)."""
    return f"Duplicate key: {key_text}"


def read_unterminated(what: str, span) -> str:
    """A string or regex literal without its closing quote."""
    return f"unterminated {what} starting at {span}"


def read_bad_escape(escape: str) -> str:
    """An escape sequence strings do not have (Clojure's wording)."""
    return f"Unsupported escape character: {escape}"


def read_unsupported(what: str) -> str:
    """Clojure syntax that PTC-Lisp deliberately leaves out."""
    return f"{what} not supported"


def read_invalid_number(token: str) -> str:
    return f"Invalid number: {token}"


def read_invalid_token(token: str) -> str:
    return f"Invalid token: {token}"


def read_invalid_keyword(token: str) -> str:
    return f"Invalid keyword: {token}"


def read_invalid_char(token: str) -> str:
    return f"Unsupported character: {token}"


def read_invalid_special(token: str) -> str:
    return f"Unknown symbolic value: {token}"


def read_invisible(code: str) -> str:
    """An invisible or control character outside strings, shown by its code and name."""
    return f"unexpected invisible character {code}"


def read_unexpected(token: str) -> str:
    """A token the grammar does not allow here (a last resort: the cases above are clearer)."""
    return f"unexpected {token}"


def read_too_deep(limit: int) -> str:
    return f"nesting depth exceeds the limit of {limit}"


def read_too_many_digits(limit: int) -> str:
    return f"number literal exceeds the limit of {limit} digits"


def read_too_long(what: str, limit: int) -> str:
    return f"{what} literal exceeds the limit of {limit} characters"


HINT_UNCLOSED = "add the missing closing delimiter(s); every ( [ { needs its ) ] }"
HINT_UNMATCHED = "remove the extra closing delimiter, or add its opening one"
HINT_MISMATCHED = "each ( closes with ), [ with ], { and #{ with }"
HINT_ODD_MAP = "a map needs a value for every key: {:a 1 :b 2}"
HINT_DUPLICATE = "each key may appear only once in a map or set literal"
HINT_EMPTY_LIST = "use [] for an empty collection, or nil"
HINT_QUOTE = "write vectors and maps directly: [1 2] and {:a 1} evaluate to themselves"
HINT_STRING = 'close the string with "; write \\" for a quote inside it'
HINT_ESCAPE = ('strings know \\\\ \\" \\n \\t \\r \\b \\f \\uXXXX; a regex literal #"\\d+" '
               'keeps its backslashes')
HINT_NUMBER = "numbers look like 42, -17, 3.14, 2.5e10, ##Inf"
HINT_SYMBOL = "symbols use letters, digits and + - * / < > = ? ! _ % . & '"
HINT_KEYWORD = "keywords use letters, digits and + - * < > = ? ! _ after the colon"
HINT_CHAR = ("a character literal is one character (\\a, \\λ) or \\newline \\space \\tab "
             "\\return \\backspace \\formfeed \\uXXXX")
HINT_SPECIAL = "the symbolic values are ##Inf, ##-Inf and ##NaN"
HINT_INVISIBLE = "remove it: only spaces, tabs, newlines and commas separate forms"
HINT_READ_DEPTH = "flatten the program: name intermediate results with let"
HINT_LITERAL = "pass large data to the program as data instead of writing it in the source"

# the unsupported syntax, each with what to do instead: (what, hint)
READ_NOT_SUPPORTED = {
    "discard": ("the reader discard #_ is", "use ; to comment out a line"),
    "deref": ("deref @ is", "there are no atoms or refs: use let and def"),
    "syntax-quote": ("syntax-quote ` is", "there are no macros"),
    "unquote": ("unquote ~ is", "there are no macros"),
    "meta": ("metadata ^ is", "remove the ^ and its metadata"),
    "conditional": ("reader conditionals #?(...) are", "write the PTC-Lisp branch only"),
    "tagged": ("tagged literals like #inst are", "use a string, e.g. \"2024-01-01\""),
    "ns-map": ("namespaced maps #:ns{...} are", "write plain keys: {:a 1}"),
    "eval": ("read-eval #= is", "call the function directly"),
    "ratio": ("ratio literals like 1/3 are", "write (/ 1 3) or a float such as 0.333"),
    "bigdec": ("BigDecimal literals like 1.0M are", "drop the M: write 1.0"),
    "bigint": ("BigInt literals like 1N are", "drop the N: integers have any size"),
    "hex": ("hexadecimal literals like 0x1F are", "write the number in decimal"),
    "octal": ("octal literals like 017 are", "write the number in decimal, without a leading 0"),
    "radix": ("radix literals like 2r101 are", "write the number in decimal"),
    "auto-keyword": ("auto-resolved keywords like ::a are", "use a plain keyword such as :a"),
    "ns-keyword": ("namespaced keywords like :a/b are", "use a plain keyword such as :a-b"),
    "var-quote": ("#' of anything but a symbol is", "write #'name"),
}
