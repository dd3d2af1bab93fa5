"""The PTC value model: keywords, symbols, collections, equality, order, truthiness, keyed lookup.

Representation (see DESIGN.md "Values"):
- nil/true/false -> None/True/False; integers -> int; floats -> float; strings and chars -> str.
- Keyword and Symbol are our own interned types (a keyword never equals a string).
- Vectors are any of VECTOR_TYPES: list (what builtins usually build), tuple (frozen members of
  sets and map keys) or a pyrsistent PVector (what `conj` grows into past a few dozen items, so
  `conj` inside `reduce` stays linear).
- Maps are any of MAP_TYPES: dict (small maps, host data) or an immutables.Map HAMT (what `assoc`
  grows into, so `assoc` inside `reduce` stays near-linear).
- Maps whose keys hold a boolean are a hashing.KeyedMap, so `{1 :a true :b}` has two keys.
- Sets are a hashing.PSet of frozen (hashable) values, hashed so that `true` and `1` differ.
Values are never mutated once another piece of the program can see them.
"""
from __future__ import annotations

import math

import immutables

from .. import errors, messages
from .hashing import SUSPECT, KeyedMap, PSet, PVector, freeze, hkey, make_map, needs_key, pvector

__all__ = [
    "Keyword", "Symbol", "Var", "kw", "sym",
    "VECTOR_TYPES", "MAP_TYPES", "SET_TYPES", "NUMBER_TYPES",
    "is_vector", "is_map", "is_set", "is_number", "is_collection", "truthy",
    "equal", "freeze", "thaw", "lookup", "MISSING", "conj_vector", "assoc_map", "dissoc_map",
    "sort_key", "compare", "type_name", "PVector", "HashMap", "pvector",
    "hkey", "PSet", "KeyedMap", "make_map", "needs_key", "SUSPECT", "map_get", "as_set",
]

HashMap = immutables.Map


class Keyword:
    """An interned keyword such as `:name`; callable as a flexible map lookup."""

    __slots__ = ("name", "_alts", "__weakref__")
    _table: dict[str, "Keyword"] = {}

    def __new__(cls, name: str) -> "Keyword":
        existing = cls._table.get(name)
        if existing is not None:
            return existing
        self = object.__new__(cls)
        self.name = name
        under = name.replace("-", "_")
        # flexible lookup fallbacks (spec 7.5): the string, then the underscored keyword and string
        self._alts = (name,) + ((Keyword(under), under) if under != name else ())
        # complete before it is shared; setdefault is atomic, so two threads interning one
        # name at once both get the same keyword
        return cls._table.setdefault(name, self)

    # identity equality and hashing (interned): the C defaults, fast in every dict lookup
    def __reduce__(self):
        return (Keyword, (self.name,))

    def __str__(self) -> str:
        """The Lisp text, `:name`."""
        return ":" + self.name

    def __repr__(self) -> str:
        """A Python expression for it, `Keyword('name')` (str() gives the Lisp text)."""
        return f"Keyword({self.name!r})"

    def __call__(self, coll=None, default=None, *extra):
        """`(:k m)` and `(:k m default)`: flexible lookup, nil on non-maps."""
        if extra:
            raise errors.EvalError(messages.wrong_arity(2 + len(extra), str(self)))
        return lookup(coll, self, default)


class Symbol:
    """A quoted symbol value, e.g. the result of `'foo` or `'str/join`."""

    __slots__ = ("ns", "name")

    def __init__(self, name: str, ns: str | None = None):
        self.name = name
        self.ns = ns

    def __eq__(self, other):
        return type(other) is Symbol and other.name == self.name and other.ns == self.ns

    def __hash__(self):
        return hash(("sym", self.ns, self.name))

    def __str__(self):
        """The Lisp text, `name` or `ns/name`."""
        return self.name if self.ns is None else f"{self.ns}/{self.name}"

    def __repr__(self) -> str:
        """A Python expression for it, `Symbol('name')` or `Symbol('name', 'ns')`."""
        return f"Symbol({self.name!r})" if self.ns is None else f"Symbol({self.name!r}, {self.ns!r})"


class Var:
    """A var reference `#'name` to a user-namespace binding."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __eq__(self, other):
        return type(other) is Var and other.name == self.name

    def __hash__(self):
        return hash(("var", self.name))

    def __repr__(self):
        return "#'" + self.name


def kw(name: str) -> Keyword:
    """The keyword `:name`."""
    return Keyword(name)


def sym(text: str) -> Symbol:
    """The symbol for `ns/name` or `name`."""
    if "/" in text and text != "/":
        ns, _, name = text.partition("/")
        return Symbol(name, ns)
    return Symbol(text)


VECTOR_TYPES = (list, tuple, PVector)
MAP_TYPES = (dict, immutables.Map, KeyedMap)
SET_TYPES = (PSet, frozenset, set)  # builtins make PSets; a host's Python sets are read as sets
NUMBER_TYPES = (int, float)
_SCALARS = frozenset({type(None), bool, int, float, str, Keyword, Symbol, Var})


def is_vector(x) -> bool:
    """True for any vector representation."""
    return isinstance(x, VECTOR_TYPES)


def is_map(x) -> bool:
    """True for any map representation."""
    return isinstance(x, MAP_TYPES)


def is_set(x) -> bool:
    """True for sets."""
    return isinstance(x, SET_TYPES)


def is_number(x) -> bool:
    """True for integers and floats, never for booleans."""
    return isinstance(x, NUMBER_TYPES) and type(x) is not bool


def as_set(s) -> PSet:
    """The PSet of a set value (a host's Python set converted)."""
    return s if type(s) is PSet else PSet.of(s)


def is_collection(x) -> bool:
    """True for vectors, maps and sets."""
    return isinstance(x, (list, tuple, PVector, dict, immutables.Map, KeyedMap, PSet, frozenset,
                          set))


def truthy(x) -> bool:
    """Only nil and false are falsy."""
    return x is not None and x is not False


# ---------------------------------------------------------------- equality and hashing

def equal(a, b) -> bool:
    """PTC `=`: structural; (= 1 1.0) is true, (= 1 true) and (= :a "a") are false."""
    if a is b:
        return not (type(a) is float and a != a)
    ta, tb = type(a), type(b)
    if ta is bool or tb is bool:
        return ta is tb and a == b
    if ta in _SCALARS and tb in _SCALARS:
        return a == b
    if isinstance(a, VECTOR_TYPES):
        if not isinstance(b, VECTOR_TYPES) or len(a) != len(b):
            return False
        for x, y in zip(a, b):
            if not equal(x, y):
                return False
        return True
    if isinstance(a, MAP_TYPES):
        if not isinstance(b, MAP_TYPES) or len(a) != len(b):
            return False
        get = b.get if type(b) is KeyedMap or type(a) is not KeyedMap else \
            (lambda k, d: map_get(b, k, d))
        for k, v in a.items():
            w = get(k, MISSING)
            if w is MISSING or not equal(v, w):
                return False
        return True
    if type(a) is PSet:
        return a == b
    return a == b


def thaw(v):
    """Plain Python view of a value: vectors -> list, maps -> dict (keys unchanged)."""
    if isinstance(v, (tuple, PVector)):
        return [thaw(x) for x in v]
    if isinstance(v, (immutables.Map, KeyedMap)):
        return {k: thaw(x) for k, x in v.items()}
    if isinstance(v, list):
        return [thaw(x) for x in v]
    if isinstance(v, dict):
        return {k: thaw(x) for k, x in v.items()}
    return v


# ---------------------------------------------------------------- flexible keyed lookup

class _Missing:
    __slots__ = ()

    def __repr__(self):
        return "MISSING"


MISSING = _Missing()


def _alternate_keys(key):
    """The fallback keys of spec 7.5: keyword <-> string, then hyphens -> underscores."""
    t = type(key)
    if t is Keyword:
        return key._alts
    if t is str:
        alts = _STRING_ALTS.get(key)
        if alts is None:
            if len(_STRING_ALTS) > 10_000:
                _STRING_ALTS.clear()
            under = key.replace("-", "_")
            alts = (Keyword(key),) + ((under, Keyword(under)) if under != key else ())
            _STRING_ALTS[key] = alts
        return alts
    return ()


_STRING_ALTS: dict = {}


def map_get(m, key, default=None):
    """The value at exactly `key` in map m (no flexible spelling), else default.

    Maps the program builds hold a key with a boolean in it (`true`, `[true]`) only as a
    KeyedMap; a plain dict may still hold one (host data), so a hit for such a key in a
    plain map is checked against the stored key, where Python would find `1` for `true`."""
    if type(m) is KeyedMap:
        return m.get(key, default)
    try:
        k = freeze(key) if type(key) in SUSPECT else key
        v = m.get(k, MISSING)
    except TypeError:
        return default
    if v is MISSING:
        return default
    if type(k) in SUSPECT and needs_key(k):
        h = hkey(k)
        if not any(type(s) in SUSPECT and hkey(s) == h for s in m):
            return default
    return v


def lookup(coll, key, default=None):
    """`get` with flexible keys on maps, index lookup on vectors, membership on sets."""
    t = type(coll)
    if t is dict or t is immutables.Map:
        if type(key) is Keyword:
            v = coll.get(key, MISSING)
            if v is not MISSING:
                return v
            alts = key._alts
        elif type(key) in SUSPECT:  # a boolean, vector or map key: exact, never `1` for `true`
            return map_get(coll, key, default)
        else:
            try:
                v = coll.get(key, MISSING)
            except TypeError:  # an unhashable value that is no collection
                return default
            if v is not MISSING:
                return v
            alts = _alternate_keys(key)
        for alt in alts:
            v = coll.get(alt, MISSING)
            if v is not MISSING:
                return v
        return default
    if t is list or t is tuple or t is PVector:
        if type(key) is int and 0 <= key < len(coll):
            return coll[key]
        return default
    if t is PSet:
        return coll.member(key, default)
    if t is frozenset or t is set:
        return as_set(coll).member(key, default)
    if t is KeyedMap:
        v = coll.get(key, MISSING)
        if v is not MISSING:
            return v
        for alt in _alternate_keys(key):
            v = coll.get(alt, MISSING)
            if v is not MISSING:
                return v
        return default
    if t is str:
        if type(key) is int and 0 <= key < len(coll):
            return coll[key]
        return default
    if isinstance(coll, MAP_TYPES):
        return lookup(dict(coll.items()), key, default)
    return default


# ---------------------------------------------------------------- growing collections

_SMALL_VECTOR = 32
_SMALL_MAP = 16


def conj_vector(v, x):
    """v with x appended; grows into a persistent vector past a few dozen items."""
    if type(v) is PVector:
        return v.append(x)
    if len(v) < _SMALL_VECTOR:
        out = list(v)
        out.append(x)
        return out
    return pvector(v).append(x)


def assoc_map(m, key, value):
    """m with key -> value; grows into a HAMT past a few entries (a KeyedMap for a key that
    needs_key)."""
    key = freeze(key)
    if type(key) in SUSPECT and needs_key(key) or type(m) is KeyedMap:
        return (m if type(m) is KeyedMap else KeyedMap.of(m.items())).set(key, value)
    if type(m) is immutables.Map:
        return m.set(key, value)
    if len(m) < _SMALL_MAP:
        out = dict(m)
        out[key] = value
        return out
    return immutables.Map(m).set(key, value)


def dissoc_map(m, key):
    """m without key (exact key only)."""
    key = freeze(key)
    if type(m) is immutables.Map or type(m) is KeyedMap:
        try:
            return m.delete(key)
        except KeyError:
            return m
    if map_get(m, key, MISSING) is MISSING:
        return m
    out = dict(m)
    del out[key]
    return out


# ---------------------------------------------------------------- total order

# PTC-Lisp compares mixed values by the runtime's term order (spec 11.3), which we document as:
# numbers < nil, booleans, keywords and symbols (by name, as atoms: false < nil < true)
#         < functions and other values < maps and sets < vectors < strings.
# So (< 1 nil) is true and (sort [nil 2 "a" 1]) is [1 2 nil "a"].


def sort_key(v):
    """A Python key giving PTC's documented total order over mixed values."""
    t = type(v)
    if t is int or t is float:
        if v != v:  # NaN sorts after every other number
            return (0, 1, 0.0)
        return (0, 0, v)
    if t is str:
        return (5, v)
    if v is None:
        return (1, "nil")
    if t is bool:
        return (1, "true" if v else "false")
    if t is Keyword:
        return (1, v.name)
    if t is Symbol:
        return (1, str(v))
    if isinstance(v, VECTOR_TYPES):
        return (4, tuple(sort_key(x) for x in v))
    if isinstance(v, MAP_TYPES):
        items = sorted((sort_key(k), sort_key(x)) for k, x in v.items())
        return (3, len(v), tuple(k for k, _ in items), tuple(x for _, x in items))
    if isinstance(v, SET_TYPES):
        return (3, len(v), tuple(sorted(sort_key(x) for x in v)), ())
    own = getattr(v, "ptc_sort_key", None)
    if own is not None:
        return (2, type(v).__name__, own())
    return (2, type(v).__name__, id(v))


def compare(a, b) -> int:
    """-1, 0 or 1 under the total order (numbers compare numerically, 1 and 1.0 are 0)."""
    if equal(a, b):
        return 0
    ka, kb = sort_key(a), sort_key(b)
    return -1 if ka < kb else (1 if ka > kb else 0)


_TYPE_NAMES = {
    type(None): "nil", bool: "boolean", int: "integer", float: "float", str: "string",
    Keyword: "keyword", Symbol: "symbol", Var: "var",
}


def type_name(v) -> str:
    """The Lisp name of v's type, for error messages."""
    name = _TYPE_NAMES.get(type(v))
    if name is not None:
        return name
    if isinstance(v, VECTOR_TYPES):
        return "vector"
    if isinstance(v, MAP_TYPES):
        return "map"
    if isinstance(v, SET_TYPES):
        return "set"
    if callable(v):
        return "function"
    return getattr(type(v), "ptc_type_name", "value")


def is_nan(v) -> bool:
    """True for ##NaN."""
    return type(v) is float and math.isnan(v)
