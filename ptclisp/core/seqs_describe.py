"""`describe`: a bounded summary of a value's shape (PtcRunner's data profiler, a PTC extension).

The result is a map with keyword keys: `:type`, `:count`, per-type histograms (`:item_types`,
`:key_types`, `:types`), and per key or path a field summary (`:examples`, `:non_empty`,
`:range`, `:distinct_count`, `:present`, `:pct`). Every scan is capped (items, keys, paths,
values, distinct values); a capped summary says so with `:truncated true` and `:caps_hit`.
"""
from __future__ import annotations

import hashlib
import math

import regex

from ..lang.printer import format_value
from ..lang.values import MAP_TYPES, SET_TYPES, VECTOR_TYPES, Keyword, lookup, truthy, type_name
from .registry import builtin
from .seqs_base import ordered

MAX_DEPTH, MAX_ROOT_ITEMS, MAX_MAP_KEYS = 5, 1_000, 100
MAX_PATHS, MAX_PATH_VALUES, MAX_EXAMPLES = 300, 10_000, 3
EXAMPLE_CHARS, DISTINCT_CAP, NUMERIC_STRING_CHARS = 120, 50, 64
_NUMERIC_STRING = regex.compile(r"[+-]?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?")
_SCALAR_TYPES = frozenset({"nil", "boolean", "integer", "float", "string", "keyword"})
# the kinds describe names; every other value is "unknown"
_KINDS = frozenset({"nil", "boolean", "integer", "string", "keyword", "vector", "map", "set",
                    "function"})
K = Keyword


def _type(v) -> str:
    if type(v) is float:
        return "nan" if v != v else ("infinity" if math.isinf(v) else "float")
    name = type_name(v)
    return name if name in _KINDS else "unknown"


def _clip(s: str, limit: int = EXAMPLE_CHARS) -> str:
    return s if len(s) <= limit else f"{s[:limit]}...({len(s)} chars)"


def _printed(v) -> str:
    return format_value(v, max_chars=EXAMPLE_CHARS)


def _example(v):
    """A small stand-in for v: scalars as they are, strings clipped, collections as text."""
    if type(v) is str:
        return _clip(v)
    if _type(v) in _SCALAR_TYPES or type(v) is float:
        return v
    return _clip(_printed(v))


def _histogram(names) -> dict:
    out: dict = {}
    for n in names:
        out[n] = out.get(n, 0) + 1
    return out


def _caps(summary: dict, caps) -> dict:
    if caps:
        summary[K("truncated")] = True
        summary[K("caps_hit")] = sorted(set(caps))
    return summary


# ---------------------------------------------------------------- field summaries


def _examples(values, limit):
    out, seen = [], set()
    for v in values:
        if len(out) >= limit:
            break
        key = _printed(v)
        if key not in seen:
            seen.add(key)
            out.append(_example(v))
    return out


def _measure(v):
    t = type(v)
    if (t is int or t is float) and math.isfinite(v):
        return v
    if t is str and len(v) <= NUMERIC_STRING_CHARS and _NUMERIC_STRING.fullmatch(v):
        return float(v)
    return None


def _field(values, sample) -> dict:
    """Types, examples, emptiness, numeric range and distinct count of some values."""
    out = {K("types"): _histogram(map(_type, values)), K("examples"): _examples(values, sample)}
    sized = [v for v in values if type(v) is str or isinstance(v, VECTOR_TYPES + MAP_TYPES + SET_TYPES)]
    if sized:
        out[K("non_empty")] = sum(1 for v in sized if len(v))
    nums = [m for m in map(_measure, values) if m is not None]
    if nums:
        out[K("range")] = {K("min"): min(nums), K("max"): max(nums)}
    scalars = [v for v in values if _type(v) in _SCALAR_TYPES]
    if scalars:
        seen, capped = set(), False
        for v in scalars:
            key = _printed(v)
            if key in seen:
                continue
            if len(seen) >= DISTINCT_CAP:
                capped = True
                break
            seen.add(key)
        out[K("distinct_count")] = len(seen)
        if capped:
            out[K("distinct_capped")] = True
    return out


def _presence(summary, present, denominator):
    summary[K("present")] = present
    summary[K("pct")] = round(present / denominator * 100.0, 1) if denominator else 0.0
    return summary


# ---------------------------------------------------------------- keys and their labels


def _label(k) -> str:
    return _clip(k) if type(k) is str else _printed(k)


def _hash(k) -> str:
    text = k if type(k) is str else format_value(k)
    return hashlib.sha256(text.encode()).hexdigest()[:8]


def _entries(m, caps):
    """Up to MAX_MAP_KEYS (key, value) entries of m, ordered by label."""
    keys = sorted(m, key=lambda k: (_label(k), _type(k), _hash(k)))
    if len(keys) > MAX_MAP_KEYS:
        caps.append("max_keys")
    return [(k, m[k]) for k in keys[:MAX_MAP_KEYS]]


def _labeller(keys):
    """A function giving each key its label, disambiguated where labels collide."""
    idents: dict = {}
    for k in keys:
        idents.setdefault(_label(k), set()).add((_type(k), k))

    def label(k):
        text = _label(k)
        found = idents.get(text, ())
        if len(found) <= 1:
            return text
        t = _type(k)
        same_type = sum(1 for kt, _ in found if kt == t) > 1
        return f"{t}:{text}" + (f"#{_hash(k)}" if same_type else "")
    return label


# ---------------------------------------------------------------- roots


def _map_root(m, o, caps):
    entries = _entries(m, caps)
    label = _labeller(k for k, _ in entries)
    return {K("type"): "map", K("count"): len(m),
            K("key_types"): _histogram(_type(k) for k, _ in entries),
            K("keys"): {label(k): _field([v], o["sample"]) for k, v in entries}}


def _vector_root(v, o, caps):
    rows = list(v[:MAX_ROOT_ITEMS])
    out = {K("type"): "vector", K("count"): len(rows), K("scanned"): len(rows),
           K("item_types"): _histogram(map(_type, rows))}
    if len(v) > MAX_ROOT_ITEMS:
        out[K("count_capped")] = True
        caps.append("max_items")
    found, seen = [], set()  # (row index, key, value) for at most MAX_MAP_KEYS distinct keys
    for i, row in enumerate(rows):
        if not isinstance(row, MAP_TYPES):
            continue
        for k, val in _entries(row, caps):
            ident = (_type(k), k)
            if ident not in seen and len(seen) >= MAX_MAP_KEYS:
                caps.append("max_keys")
                continue
            seen.add(ident)
            found.append((i, k, val))
    if found:
        out[K("key_types")] = _histogram(_type(k) for _, k, _ in found)
        label = _labeller(k for _, k, _ in found)
        groups: dict = {}
        for i, k, val in found:
            groups.setdefault(label(k), []).append((i, val))
        out[K("keys")] = {name: _presence(_field([val for _, val in g], o["sample"]),
                                          len({i for i, _ in g}), len(rows))
                          for name, g in sorted(groups.items())}
    return out


def _set_root(s, caps):
    members = ordered(s)[:MAX_ROOT_ITEMS]
    if len(s) > MAX_ROOT_ITEMS:
        caps.append("max_items")
    return {K("type"): "set", K("count"): len(s), K("scanned"): len(members),
            K("item_types"): _histogram(map(_type, members))}


def _root(x, o, caps):
    if isinstance(x, MAP_TYPES):
        return _map_root(x, o, caps)
    if isinstance(x, VECTOR_TYPES):
        return _vector_root(x, o, caps)
    if isinstance(x, SET_TYPES):
        return _set_root(x, caps)
    out = _field([x], o["sample"])
    out[K("type")] = _type(x)
    out[K("sample")] = _example(x)
    return out


# ---------------------------------------------------------------- nested paths


class _Paths:
    """Collects (root, value) pairs per dotted path, within the path and value caps."""

    def __init__(self, max_depth, caps):
        self.max_depth, self.caps = max_depth, caps
        self.values: dict = {}  # path name -> [(root index, value)]
        self.count = 0

    def walk(self, v, prefix, depth, root, list_depth):
        if depth >= self.max_depth:
            return
        if isinstance(v, MAP_TYPES):
            entries = _entries(v, self.caps)
            label = _labeller(k for k, _ in entries)
            for k, child in entries:
                path = prefix + [label(k).replace("\\", "\\\\").replace(".", "\\.")]
                if self._register(".".join(path), root, child):
                    self.walk(child, path, depth + 1, root, list_depth)
        elif isinstance(v, VECTOR_TYPES) and prefix:
            if list_depth >= MAX_DEPTH:
                if len(v):
                    self.caps.append("max_depth")
                return
            if len(v) > MAX_ROOT_ITEMS:
                self.caps.append("max_items")
            for item in v[:MAX_ROOT_ITEMS]:
                self.walk(item, prefix, depth, root, list_depth + 1)

    def _register(self, name, root, value) -> bool:
        if name not in self.values:
            if len(self.values) >= MAX_PATHS:
                self.caps.append("max_paths")
                return False
            self.values[name] = []
        if self.count >= MAX_PATH_VALUES:
            self.caps.append("max_path_values")
            return False
        self.values[name].append((root, value))
        self.count += 1
        return True


def _paths(x, o, caps):
    collector = _Paths(o["depth"], caps)
    roots = list(x[:MAX_ROOT_ITEMS]) if isinstance(x, VECTOR_TYPES) else [x]
    for i, row in enumerate(roots):
        collector.walk(row, [], 0, i, 0)
    out = {}
    for name, pairs in sorted(collector.values.items()):
        present = len({i for i, _ in pairs})
        summary = _presence(_field([v for _, v in pairs], o["sample"]), present, len(roots))
        if len(pairs) > present:
            summary[K("value_count")] = len(pairs)
        out[name] = summary
    return out


# ---------------------------------------------------------------- the builtin


def _option(opts, name, default):
    if not isinstance(opts, MAP_TYPES):
        return default
    v = lookup(opts, K(name))
    return default if v is None else v


def _bounded(v, default, lo, hi):
    return min(max(v, lo), hi) if type(v) is int else default


@builtin("describe", arity=(1, 2),
         doc="A bounded summary of a value's shape: types, counts, keys, examples and ranges.",
         example=(("(describe 42)", '{:type "integer" :sample 42 :types {"integer" 1} '
                                    ':examples [42] :range {:min 42 :max 42} :distinct_count 1}'),
                  ("(describe [{:a 1} {:b \"x\"}])",
                   '{:type "vector" :count 2 :scanned 2 :item_types {"map" 2} '
                   ':key_types {"keyword" 2} :keys {":a" {:types {"integer" 1} :examples [1] '
                   ':range {:min 1 :max 1} :distinct_count 1 :present 1 :pct 50.0} '
                   '":b" {:types {"string" 1} :examples ["x"] :non_empty 1 :distinct_count 1 '
                   ':present 1 :pct 50.0}}}')),
         signature="(describe x) (describe x {:depth 1-5 :paths true :sample 1-3})")
def describe(x, opts=None):
    o = {"depth": _bounded(_option(opts, "depth", 1), 1, 1, MAX_DEPTH),
         "sample": _bounded(_option(opts, "sample", MAX_EXAMPLES), MAX_EXAMPLES, 1, MAX_EXAMPLES)}
    caps: list = []
    out = _root(x, o, caps)
    if truthy(_option(opts, "paths", False)):
        out[K("paths")] = _paths(x, o, caps)
    return _caps(out, caps)


__all__ = ["describe"]
