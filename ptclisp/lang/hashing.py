"""Map keys and set members: `true` kept apart from `1`, the persistent set, maps keyed by booleans.

Python's `True == 1` and `hash(True) == hash(1)`, so a dict or a frozenset would hold `true`
and `1` as one key although `(= true 1)` is false. So:
- `freeze(v)` is the hashable form of v that is stored as a key or member and read back by
  programs (vectors -> tuple, maps -> HAMT, sets -> PSet); booleans stay booleans.
- `hkey(v)` is the key v is *hashed* under: freeze(v) with every boolean, at any depth, made
  a private BoolKey. `1` and `1.0` keep one key, as `=` says. Whatever dedupes, counts or
  caches by value (case, distinct, a canonical-arguments cache, memoization) keys on hkey.
- `PSet` is the set type: a map from hkey to member, a dict when built whole and a hash-trie
  (immutables.Map) once it grows one item at a time, so conj/disj in a loop stay near-linear.
- A plain map (dict, immutables.Map) never holds a key that `needs_key`: a map with such a
  key (a boolean, or a vector or map with a boolean inside) is a `KeyedMap`, a hash-trie from
  hkey to (key, value) that reads like any other map.
"""
from __future__ import annotations

import immutables

try:  # pyrsistent's C vector alone: `import pyrsistent` loads all its types (~10 ms at start-up)
    from pvectorc import pvector
except ImportError:  # a platform without the C extension
    from pyrsistent import pvector

HashMap = immutables.Map
PVector = type(pvector())  # the C implementation's concrete class (pyrsistent.PVector is an ABC)
SMALL = 16  # sets up to this size are copied on conj; larger ones become hash-tries
_EMPTY = HashMap()

__all__ = [
    "BoolKey", "TRUE_KEY", "FALSE_KEY", "hkey", "freeze", "needs_key", "PSet", "KeyedMap",
    "make_map", "HashMap", "PVector",
]


class BoolKey:
    """The hash key of `true` or `false` (two instances, compared by identity)."""

    __slots__ = ("value",)

    def __init__(self, value: bool):
        self.value = value

    def __repr__(self) -> str:
        return "true" if self.value else "false"


TRUE_KEY, FALSE_KEY = BoolKey(True), BoolKey(False)


# ---------------------------------------------------------------- freeze and hkey


def _freeze_vector(v):
    return tuple(map(freeze, v))


def _freeze_map(m):
    if type(m) is KeyedMap:
        return KeyedMap(HashMap({h: (k, freeze(x)) for h, (k, x) in m._m.items()}))
    return HashMap({k: freeze(x) for k, x in m.items()})


def _freeze_set(s):
    return s if type(s) is PSet else PSet.of(s)


def freeze(v):
    """A hashable equivalent of v, for set members and map keys (vectors -> tuple, maps -> HAMT)."""
    f = _FREEZE.get(type(v))
    return v if f is None else f(v)


def _vector_key(v):
    return tuple(map(hkey, v))


class MapKey(frozenset):
    """The hash key of a map: its (hkey, hkey) entries (never equal to a set's key)."""

    __slots__ = ()


def _map_key(m):
    return MapKey([(hkey(k), hkey(x)) for k, x in m.items()])


def hkey(v):
    """The key v is hashed under: booleans (at any depth) apart from 1 and 0, 1 and 1.0 one key."""
    t = type(v)
    if t is bool:
        return TRUE_KEY if v else FALSE_KEY
    f = _HKEY.get(t)
    return v if f is None else f(v)


def needs_key(k) -> bool:
    """True if the frozen key k holds a boolean, so a plain dict would confuse it with 0 or 1."""
    t = type(k)
    if t is bool or t is KeyedMap:
        return True
    if t is tuple or t is list or t is PVector:
        return any(map(needs_key, k))
    if t is HashMap or t is dict:
        return any(map(needs_key, k.values()))
    return False


# ---------------------------------------------------------------- the set


def table(xs) -> dict:
    """{hkey: member} of the values xs, the first of equal values kept."""
    if type(xs) is not list and type(xs) is not tuple:
        xs = list(xs)
    if SUSPECT.isdisjoint(map(type, xs)):  # the common case: members that hash right as they are
        return {x: x for x in reversed(xs)}
    d: dict = {}
    for x in xs:
        x = freeze(x)
        d.setdefault(hkey(x), x)
    return d


class PSet:
    """An immutable set of frozen values, hashed by hkey: `#{1 true}` has two members."""

    __slots__ = ("_m", "_h")

    def __init__(self, m=_EMPTY):
        self._m = m  # hkey -> member; a dict (built whole) or a HashMap (grown)
        self._h = None

    @classmethod
    def of(cls, xs) -> "PSet":
        """The set of the values xs (the first of several equal values is kept)."""
        return cls(table(xs))

    def __len__(self) -> int:
        return len(self._m)

    def __iter__(self):
        return iter(self._m.values())

    def __contains__(self, x) -> bool:
        return (hkey(x) if type(x) in SUSPECT else x) in self._m

    def member(self, x, default=None):
        """The member equal to x, else default."""
        return self._m.get(hkey(x) if type(x) in SUSPECT else x, default)

    def _grown(self, new: dict) -> "PSet":
        """The set with the entries of `new` (hkey -> member) that it lacks."""
        m = self._m
        if type(m) is dict and (len(m) <= SMALL or len(new) >= len(m)):
            out = dict(new)
            out.update(m)  # members already here stay as they are
            return PSet(out)
        out = (m if type(m) is HashMap else HashMap(m)).mutate()
        for h, x in new.items():
            if h not in out:
                out[h] = x
        return PSet(out.finish())

    def conj(self, x) -> "PSet":
        """The set with x added."""
        x = freeze(x)
        h = hkey(x)
        m = self._m
        if h in m:
            return self
        if type(m) is HashMap:
            return PSet(m.set(h, x))
        if len(m) < SMALL:
            out = dict(m)
            out[h] = x
            return PSet(out)
        return PSet(HashMap(m).set(h, x))

    def union(self, *colls) -> "PSet":
        """The set with the members of every collection added."""
        if len(colls) == 1 and type(colls[0]) is PSet:
            if not self._m:
                return colls[0]
            new = colls[0]._m
        else:
            new = table([x for c in colls for x in c])
        return self._grown(new) if new else self

    def disj(self, *xs) -> "PSet":
        """The set without the values xs."""
        m = self._m
        gone = [h for h in map(hkey, xs) if h in m]
        if not gone:
            return self
        if type(m) is not HashMap and len(m) <= SMALL:
            out = dict(m)
            for h in gone:
                out.pop(h, None)
            return PSet(out)
        out = (m if type(m) is HashMap else HashMap(m)).mutate()
        for h in gone:
            out.pop(h, None)
        return PSet(out.finish())

    def difference(self, *colls) -> "PSet":
        """The members of this set in none of the collections."""
        gone = set()
        for c in colls:
            gone.update(c._m if type(c) is PSet else map(hkey, c))
        return PSet({h: x for h, x in self._m.items() if h not in gone})

    def intersection(self, *colls) -> "PSet":
        """The members of this set in every collection."""
        keep = [c._m if type(c) is PSet else frozenset(map(hkey, c)) for c in colls]
        return PSet({h: x for h, x in self._m.items() if all(h in k for k in keep)})

    def __le__(self, other) -> bool:
        return len(self) <= len(other) and all(h in other._m for h in self._m)

    def __ge__(self, other) -> bool:
        return other <= self

    def __eq__(self, other) -> bool:
        if type(other) is not PSet:
            if type(other) is frozenset or type(other) is set:  # a host's Python set
                return self == PSet.of(other)
            return NotImplemented
        return len(self._m) == len(other._m) and all(h in other._m for h in self._m)

    def __hash__(self) -> int:
        if self._h is None:
            self._h = hash(frozenset(self._m))
        return self._h

    def __repr__(self) -> str:
        return "PSet(" + repr(list(self)) + ")"

    def __reduce__(self):
        return (rebuild_set, (list(self),))


# ---------------------------------------------------------------- maps keyed by booleans


class KeyedMap:
    """A map with a key that needs_key (e.g. `{1 :a true :b}`): a HAMT from hkey to (key, value).

    Reads like dict (len, iter, keys, values, items, [], get, in); grows by `set`, `delete`
    and `mutate()`/`finish()` like an immutables.Map.
    """

    __slots__ = ("_m", "_h")

    def __init__(self, m=_EMPTY):
        self._m = m  # HashMap: hkey -> (key, value)
        self._h = None

    @classmethod
    def of(cls, pairs) -> "KeyedMap":
        """The map of (key, value) pairs, a later value for an equal key winning."""
        with _EMPTY.mutate() as out:
            for k, v in pairs:
                k = freeze(k)
                h = hkey(k)
                old = out.get(h)
                out[h] = (k if old is None else old[0], v)
            return cls(out.finish())

    def __len__(self) -> int:
        return len(self._m)

    def __iter__(self):
        return (k for k, _ in self._m.values())

    def keys(self):
        return [k for k, _ in self._m.values()]

    def values(self):
        return [v for _, v in self._m.values()]

    def items(self):
        return list(self._m.values())

    def __getitem__(self, k):
        return self._m[hkey(k)][1]

    def get(self, k, default=None):
        e = self._m.get(hkey(k))
        return default if e is None else e[1]

    def __contains__(self, k) -> bool:
        return hkey(k) in self._m

    def set(self, k, v) -> "KeyedMap":
        """The map with k -> v (an equal key already there keeps its spelling)."""
        k = freeze(k)
        h = hkey(k)
        old = self._m.get(h)
        return KeyedMap(self._m.set(h, (k if old is None else old[0], v)))

    def delete(self, k) -> "KeyedMap":
        """The map without k; KeyError if absent (as immutables.Map)."""
        return KeyedMap(self._m.delete(hkey(k)))

    def mutate(self) -> "_KeyedBuilder":
        return _KeyedBuilder(self._m.mutate())

    def __eq__(self, other) -> bool:
        if type(other) is not KeyedMap:
            if isinstance(other, (dict, HashMap)):
                return _map_key(self) == _map_key(other)
            return NotImplemented
        return _map_key(self) == _map_key(other)

    def __hash__(self) -> int:
        if self._h is None:
            self._h = hash(_map_key(self))
        return self._h

    def __repr__(self) -> str:
        return "KeyedMap(" + repr(self.items()) + ")"

    def __reduce__(self):
        return (rebuild_map, (self.items(),))


class _KeyedBuilder:
    """A KeyedMap under construction (the shape of immutables.Map's mutation)."""

    __slots__ = ("_out",)

    def __init__(self, out):
        self._out = out

    def __setitem__(self, k, v):
        k = freeze(k)
        h = hkey(k)
        old = self._out.get(h)
        self._out[h] = (k if old is None else old[0], v)

    def __getitem__(self, k):
        return self._out[hkey(k)][1]

    def __contains__(self, k) -> bool:
        return hkey(k) in self._out

    def get(self, k, default=None):
        e = self._out.get(hkey(k))
        return default if e is None else e[1]

    def pop(self, k, default=None):
        e = self._out.pop(hkey(k), None)
        return default if e is None else e[1]

    def finish(self) -> KeyedMap:
        return KeyedMap(self._out.finish())


def make_map(pairs):
    """A map of (key, value) pairs with frozen keys, later values winning: a dict, or a
    KeyedMap when some key needs_key."""
    if type(pairs) is not list and type(pairs) is not tuple:
        pairs = list(pairs)
    out = {freeze(k): v for k, v in pairs}
    if len(out) == len(pairs) and SUSPECT.isdisjoint(map(type, out)):
        return out  # the common case: keys that hash right as they are, no duplicates
    out = {}
    for k, v in pairs:
        k = freeze(k)
        if type(k) in SUSPECT and needs_key(k):
            return KeyedMap.of(pairs)
        out[k] = v
    return out


# the types needs_key may say yes to: a one-lookup filter in front of it on hot paths
SUSPECT = frozenset({bool, tuple, list, PVector, HashMap, dict, KeyedMap, set, frozenset})
def rebuild_set(members: list) -> PSet:
    """The set of members (unpickling)."""
    return PSet.of(members)


def rebuild_map(pairs: list) -> KeyedMap:
    """The KeyedMap of (key, value) pairs (unpickling)."""
    return KeyedMap.of(pairs)


_FREEZE = {list: _freeze_vector, tuple: _freeze_vector, PVector: _freeze_vector,
           dict: _freeze_map, HashMap: _freeze_map, KeyedMap: _freeze_map,
           set: _freeze_set, frozenset: _freeze_set}
_HKEY = {list: _vector_key, tuple: _vector_key, PVector: _vector_key,
         dict: _map_key, HashMap: _map_key, KeyedMap: _map_key,
         set: lambda s: PSet.of(s), frozenset: lambda s: PSet.of(s)}
