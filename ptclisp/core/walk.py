"""clojure.walk: walk, prewalk, postwalk, keywordize-keys, stringify-keys.

`walk`, `prewalk` and `postwalk` are registered both in clojure.walk (`walk/postwalk`,
`clojure.walk/postwalk`) and as bare clojure.core names, as PtcRunner lists them in its core.
Maps are walked as their [key value] entries (vectors), as in Clojure; sets stay sets.
The traversals keep their own stack, so data of any nesting depth is walked without
Python recursion.
"""
from __future__ import annotations

from ..run import budget
from .. import messages
from ..errors import EvalError
from ..lang.values import MAP_TYPES, SET_TYPES, VECTOR_TYPES, HashMap, Keyword, KeyedMap, PSet, Symbol, make_map, pvector
from .fns import need_fn
from .registry import builtin

_VECTOR, _MAP, _SET = 1, 2, 3
_KINDS = {list: _VECTOR, tuple: _VECTOR, type(pvector()): _VECTOR, dict: _MAP, HashMap: _MAP,
          KeyedMap: _MAP, PSet: _SET, frozenset: _SET, set: _SET}
_LEAVES = frozenset({type(None), bool, int, float, str, Keyword, Symbol})


def _kind(x):
    """_VECTOR, _MAP or _SET for collections, None for leaves (strings are leaves)."""
    t = type(x)
    k = _KINDS.get(t)
    if k is not None or t in _LEAVES:
        return k
    if isinstance(x, VECTOR_TYPES):
        return _VECTOR
    if isinstance(x, MAP_TYPES):
        return _MAP
    return _SET if isinstance(x, SET_TYPES) else None


def _children(kind, x) -> list:
    """The items walked below x: vector items, map entries as (key, value), set members."""
    if kind == _MAP:
        return list(x.items())
    return list(x)


def _rebuild(kind, items, who):
    """A collection of the same kind from the walked items."""
    if kind == _VECTOR:
        return items
    if kind == _SET:
        return PSet.of(items)
    out = []
    for e in items:
        if e is None:  # Clojure's (conj m nil) leaves m unchanged
            continue
        if isinstance(e, VECTOR_TYPES) and len(e) == 2:
            out.append(e)
        elif isinstance(e, MAP_TYPES):
            out.extend(e.items())
        else:
            raise EvalError(messages.kv_bad_entry(who, e), code="type")
    return make_map(out)


def _depth_limit() -> float:
    """How many levels a prewalk may descend: the run's max_depth (unlimited outside a run)."""
    b = budget.current()
    return b.max_depth if b is not None and b.max_depth is not None else float("inf")


def _depth_error():
    return budget.current().depth_error()


def postwalk_with(f, form, who="postwalk"):
    """Depth-first, post-order: f sees each node after its children were replaced."""
    kind = _kind(form)
    if kind is None:
        return f(form)
    stack = [(kind, iter(_children(kind, form)), [])]
    done = 0
    while True:
        kind, items, out = stack[-1]
        for child in items:
            ck = _kind(child)
            if ck is None:
                out.append(f(child))
            else:
                stack.append((ck, iter(_children(ck, child)), []))
                break
        else:
            stack.pop()
            value = f(_rebuild(kind, out, who))
            if not stack:
                return value
            stack[-1][2].append(value)
            done += 1
            if done & 255 == 0:  # pure-builtin walks still meet the step budget and clock
                budget.tick(256)


def prewalk_with(f, form, who="prewalk"):
    """Pre-order: f sees each node first, then the walk goes into what f returned."""
    root = f(form)
    kind = _kind(root)
    if kind is None:
        return root
    stack = [(kind, iter(_children(kind, root)), [])]
    depth_limit = _depth_limit()
    done = 0
    while True:
        kind, items, out = stack[-1]
        for child in items:
            child = f(child)
            ck = _kind(child)
            if ck is None:
                out.append(child)
            else:
                if len(stack) >= depth_limit:  # f keeps wrapping: (prewalk vector x) never ends
                    raise _depth_error()
                stack.append((ck, iter(_children(ck, child)), []))
                budget.tick()
                break
        else:
            stack.pop()
            value = _rebuild(kind, out, who)
            if not stack:
                return value
            stack[-1][2].append(value)
            done += 1
            if done & 255 == 0:  # pure-builtin walks still meet the step budget and clock
                budget.tick(256)


def _core_and_walk(name, *, arity, signature, doc, example):
    """Register under clojure.walk and as a bare core name (the core name is the one shown)."""
    def both(fn):
        builtin(name, ns="clojure.walk", arity=arity, signature=signature, doc=doc,
                example=example)(fn)
        return builtin(name, arity=arity, signature=signature, doc=doc, example=example)(fn)
    return both


@_core_and_walk(
    "walk", arity=3, signature="(walk inner outer form)",
    doc="Applies inner to each item of form (map entries as [k v]), then outer to the rebuilt "
        "collection; a non-collection form is just (outer form).",
    example=(("(walk inc #(apply + %) [1 2 3])", "9"),
             ("(walk inc identity #{1 2 3})", "#{2 3 4}"),
             ("(walk (fn [[k v]] [k (inc v)]) identity {:a 1})", "{:a 2}")))
def walk(inner, outer, form):
    fi = need_fn(inner, "walk", "(walk inner outer form)")
    fo = need_fn(outer, "walk", "(walk inner outer form)")
    kind = _kind(form)
    if kind is None:
        return fo(form)
    return fo(_rebuild(kind, [fi(x) for x in _children(kind, form)], "walk"))


@_core_and_walk(
    "prewalk", arity=2, signature="(prewalk f form)",
    doc="Transforms a tree top-down: f is applied to each node before its children.",
    example=(("(prewalk #(if (number? %) (inc %) %) [1 [2 3]])", "[2 [3 4]]"),
             ("(prewalk #(if (and (map? %) (:value %)) (update % :value inc) %) "
              "{:value 1 :nested {:value 2}})", "{:value 2 :nested {:value 3}}")))
def prewalk(f, form):
    return prewalk_with(need_fn(f, "prewalk", "(prewalk f form)"), form)


@_core_and_walk(
    "postwalk", arity=2, signature="(postwalk f form)",
    doc="Transforms a tree bottom-up: f is applied to each node after its children.",
    example=(("(postwalk #(if (number? %) (inc %) %) [1 [2 3]])", "[2 [3 4]]"),
             ("(postwalk #(if (vector? %) (apply + %) %) [[1 2] [3 4]])", "10")))
def postwalk(f, form):
    return postwalk_with(need_fn(f, "postwalk", "(postwalk f form)"), form)


def _map_keys(convert):
    """A node transform applying convert to the keys of maps and leaving other nodes alone."""
    def on_node(x):
        if isinstance(x, MAP_TYPES):
            return make_map([(convert(k), v) for k, v in x.items()])
        return x
    return on_node


def _keywordize(k):
    return Keyword(k) if type(k) is str else k


def _stringify(k):
    return k.name if type(k) is Keyword else k


@builtin("keywordize-keys", ns="clojure.walk", arity=1, signature="(walk/keywordize-keys m)",
         doc="Nested data with every string map key turned into a keyword.",
         example=(('(walk/keywordize-keys {"a" 1 "b" {"c" 2}})', "{:a 1 :b {:c 2}}"),
                  ('(walk/keywordize-keys [{"id" 1}])', "[{:id 1}]")))
def keywordize_keys(m):
    return postwalk_with(_map_keys(_keywordize), m, "keywordize-keys")


@builtin("stringify-keys", ns="clojure.walk", arity=1, signature="(walk/stringify-keys m)",
         doc="Nested data with every keyword map key turned into a string.",
         example=(('(walk/stringify-keys {:a 1 :b {:c 2}})', '{"a" 1 "b" {"c" 2}}'),
                  ("(walk/stringify-keys [{:id 1}])", '[{"id" 1}]')))
def stringify_keys(m):
    return postwalk_with(_map_keys(_stringify), m, "stringify-keys")
