"""Map operations: get, get-in, assoc, assoc-in, dissoc, update, update-in, update-keys,
update-vals, keys, vals, key, val, merge, merge-with, select-keys, hash-map, array-map, reduce-kv.

Keys are flexible (spec 7.5) for reading. For writing, two rules keep JSON data from growing
keys that collide at the host boundary (where keyword keys become strings) without breaking
Clojure idioms such as renaming a key:
- set-style writes (`assoc`, the last key of `assoc-in`, `merge`, `merge-with`) and `dissoc`
  treat a keyword and the string of the same name as one key: `(assoc {"n" 1} :n 2)` is
  `{"n" 2}`; hyphen/underscore folding stays a read-only convenience;
- modifications (`update`, `update-in`, the nested maps `assoc-in` goes through) write back to
  the key they read, whichever flexible variant that was.
Map views (`keys`, `vals`, `reduce-kv`) follow the total order of keys, so they are
deterministic (PtcRunner DIV-38).
"""
from __future__ import annotations

from .. import messages
from ..errors import EvalError
from ..run.feed import fed
from ..lang.values import MAP_TYPES, MISSING, SET_TYPES, SUSPECT, VECTOR_TYPES, HashMap, KeyedMap, Keyword, PSet, _alternate_keys, assoc_map, conj_vector, freeze, lookup, make_map, map_get, needs_key, pvector
from .endless import Reduced
from .fns import need_fn
from .registry import builtin
from .support import sorted_keys

_SMALL_MAP = 16  # dicts up to this size are copied; larger targets become HAMTs
_SMALL_VECTOR = 32  # a longer vector that assoc changes becomes a persistent vector
_PVEC = type(pvector())  # the concrete persistent-vector class (pyrsistent's PVector is an ABC)
_GETTABLE = frozenset({dict, HashMap, KeyedMap, list, tuple, _PVEC, PSet, str, type(None)})
_FLEXIBLE = (Keyword, str)


def _type_error(who, expected, got, signature, swapped=False):
    """An EvalError with a usage (or swapped-arguments) hint."""
    hint = messages.hint_swapped(signature) if swapped else messages.hint_usage(signature)
    return EvalError(messages.type_error(who, expected, got), code="type", hint=hint)


def _looks_like_key(x) -> bool:
    return isinstance(x, (Keyword, str, int)) and type(x) is not bool


# ---------------------------------------------------------------- ordering and key resolution


def resolve_key(m, key):
    """The key of m a lookup of `key` finds (any flexible variant), else key itself."""
    if key in m or not isinstance(key, _FLEXIBLE):
        return key
    for alt in _alternate_keys(key):
        if alt in m:
            return alt
    return key


def twin_of(key):
    """The other spelling of the same key at the JSON boundary: :a <-> "a"; None for others."""
    t = type(key)
    if t is Keyword:
        return key.name
    if t is str:
        return Keyword(key)
    return None


def twin_key(m, key):
    """The key of m a set-style write of `key` replaces: key, else its twin if present."""
    if key in m:
        return key
    twin = twin_of(key)
    return twin if twin is not None and twin in m else key


def _put_all(m, pairs, combine=None):
    """m with every (key, value) set at its twin key in m; combine(old, new) on clashes.

    Keys resolve against m as given, so two keys of one source map never collapse."""
    if type(m) is not KeyedMap and any(type(k) in SUSPECT and needs_key(freeze(k)) for k, _ in pairs):
        m = KeyedMap.of(m.items())  # a key holding a boolean: hash keys by hkey (true is not 1)
    if type(m) is HashMap or type(m) is KeyedMap:
        out, finish = m.mutate(), True
    elif len(m) + len(pairs) <= _SMALL_MAP:
        out, finish = dict(m), False
    else:  # fed: one HashMap(m) call is quadratic in C when keys hash alike (feed.py)
        out, finish = HashMap().mutate(), True
        fed(out.update, list(m.items()))
    for k, v in pairs:
        k = twin_key(m, freeze(k))
        if combine is not None and map_get(m, k, MISSING) is not MISSING:
            v = combine(out[k], v)
        out[k] = v
    return out.finish() if finish else out


# ---------------------------------------------------------------- reading


@builtin("get", flags="pure", arity=(2, 3), signature="(get m key) (get m key default)",
         doc="The value at key in a map (flexible keys), at an index in a vector or string, or the "
             "member of a set; default (nil) when absent.",
         example=(("(get {:a 1} :a)", "1"), ('(get {:a 1} :b "default")', '"default"'),
                  ('(get {"name" "Ann"} :name)', '"Ann"'), ("(get [10 20 30] 1)", "20")))
def get(m, key, default=None):
    if type(m) in _GETTABLE or isinstance(m, (*MAP_TYPES, *VECTOR_TYPES, *SET_TYPES)):
        return lookup(m, key, default)
    swapped = isinstance(key, MAP_TYPES) and _looks_like_key(m)
    raise _type_error("get", "a map, vector, set or string", m, "(get m key)", swapped)


def _path(who, path, signature):
    """The keys of a path argument (nil is the empty path)."""
    if isinstance(path, VECTOR_TYPES):
        return path
    if path is None:
        return ()
    raise EvalError(messages.type_error(who, "a path vector", path), code="type",
                    hint=messages.HINT_PATH if who == "get-in" else messages.hint_usage(signature))


@builtin("get-in", flags="pure", arity=(2, 3), signature="(get-in m path) (get-in m path default)",
         doc="The value at a path of keys and indices in nested data; default (nil) when absent.",
         example=(("(get-in {:user {:name \"A\"}} [:user :name])", '"A"'),
                  ("(get-in {:results [{:title \"A\"}]} [:results 0 :title])", '"A"'),
                  ("(get-in {:a {:b nil}} [:a :b] :none)", "nil"),
                  ("(get-in {:a 1} [:b :c] :none)", ":none")))
def get_in(m, path, default=None):
    cur = m
    for k in _path("get-in", path, "(get-in m [:a :b])"):
        cur = lookup(cur, k, MISSING)
        if cur is MISSING:
            return default
    return cur


# ---------------------------------------------------------------- writing one key


def _assoc_index(who, v, i, x):
    """Vector v with x at index i (i == count appends)."""
    if type(i) is not int:
        raise _type_error(who, "an integer index for a vector", i, f"({who} v index x)")
    n = len(v)
    if 0 <= i < n:
        if type(v) is _PVEC:
            return v.set(i, x)
        if n >= _SMALL_VECTOR:  # a persistent vector: assoc in a loop stays near-linear
            return pvector(v).set(i, x)
        out = list(v)
        out[i] = x
        return out
    if i == n:
        return conj_vector(v, x)
    raise EvalError(messages.kv_index_out_of_bounds(who, i, n), code="index",
                    hint=messages.HINT_VECTOR_APPEND)


def _assoc1(who, m, key, value, resolve=twin_key):
    """m with key -> value: maps (key resolved by `resolve`), vectors (index), nil (a new map)."""
    if isinstance(m, MAP_TYPES):
        key = freeze(key)
        return assoc_map(m, resolve(m, key), value)
    if m is None:
        return assoc_map({}, key, value)
    if isinstance(m, VECTOR_TYPES):
        return _assoc_index(who, m, key, value)
    swapped = isinstance(key, MAP_TYPES) and _looks_like_key(m)
    raise _type_error(who, "a map or vector", m, f"({who} m key ...)", swapped)


def _get_for_write(m, key):
    """The current value at key (nil when absent) for update."""
    if isinstance(m, MAP_TYPES):
        return lookup(m, key)
    if isinstance(m, VECTOR_TYPES) and type(key) is int and 0 <= key < len(m):
        return m[key]
    return None


@builtin("assoc", flags="pure", arity=(3, None), signature="(assoc m key val & kvs)",
         doc="m with key set to val (more pairs allowed); on a vector key is an index "
             "(count appends); on nil makes a map.",
         example=(("(assoc {:a 1} :b 2)", "{:a 1 :b 2}"), ("(assoc [1 2 3] 1 5)", "[1 5 3]"),
                  ("(assoc nil :a 1)", "{:a 1}"), ('(assoc {"n" 1} :n 2)', '{"n" 2}')))
def assoc(m, key, value, *kvs):
    if not kvs and type(m) is HashMap:  # the hot path of assoc inside reduce
        key = freeze(key)
        if type(key) not in SUSPECT:
            return m.set(twin_key(m, key), value)
        return assoc_map(m, key, value)
    if len(kvs) % 2:
        raise EvalError(messages.kv_missing_value("assoc", kvs[-1]), code="arity",
                        hint=messages.hint_usage("(assoc m key val key2 val2 ...)"))
    m = _assoc1("assoc", m, key, value)
    for i in range(0, len(kvs), 2):
        m = _assoc1("assoc", m, kvs[i], kvs[i + 1])
    return m


def _call_updater(fn, old, args):
    """fn(old, *args), adding the default-value hint to an arity error when args were given."""
    try:
        return fn(old, *args)
    except EvalError as e:
        if args and e.code == "arity" and e.hint is None:
            e.hint = messages.HINT_UPDATE_EXTRA_ARGS
        raise


def _check_index(who, m, key):
    """Fail before calling f when a vector index is past the append position."""
    if isinstance(m, VECTOR_TYPES) and type(key) is int and not 0 <= key <= len(m):
        raise EvalError(messages.kv_index_out_of_bounds(who, key, len(m)), code="index",
                        hint=messages.HINT_VECTOR_APPEND)


@builtin("update", arity=(3, None), signature="(update m key f & args)",
         doc="m with the value at key replaced by (f old args...).",
         example=(("(update {:n 1} :n inc)", "{:n 2}"), ("(update {:n 1} :n + 5)", "{:n 6}"),
                  ("(update {:n nil} :n (fnil inc 0))", "{:n 1}"),
                  ("(update [1 2 3] 0 * 10)", "[10 2 3]")))
def update(m, key, f, *args):
    fn = need_fn(f, "update", "(update m key f & args)")
    if type(m) is HashMap or type(m) is dict:  # the hot path: counting, accumulating
        key = resolve_key(m, freeze(key))
        old = m.get(key) if type(key) not in SUSPECT else map_get(m, key)
        return assoc_map(m, key, _call_updater(fn, old, args))
    if m is not None and not isinstance(m, (*MAP_TYPES, *VECTOR_TYPES)):
        raise _type_error("update", "a map or vector", m, "(update m key f & args)",
                          isinstance(key, MAP_TYPES))
    _check_index("update", m, key)
    return _assoc1("update", m, key, _call_updater(fn, _get_for_write(m, key), args), resolve_key)


# ---------------------------------------------------------------- nested paths


def _in_path(who, path, signature):
    """The keys of an assoc-in/update-in path; empty and nil mean the nil key (Clojure)."""
    keys = _path(who, path, signature)
    return keys if len(keys) else (None,)


def _descend(who, m, keys):
    """The containers along keys (all but the last), checking each can hold keys."""
    containers = []
    cur = m
    for depth, k in enumerate(keys[:-1]):
        if cur is not None and not isinstance(cur, (*MAP_TYPES, *VECTOR_TYPES)):
            raise EvalError(messages.kv_not_nestable(who, list(keys[:depth]), cur), code="type",
                            hint=messages.HINT_NOT_NESTABLE)
        _check_index(who, cur, k)
        containers.append(cur)
        cur = _get_for_write(cur, k)
    if cur is not None and not isinstance(cur, (*MAP_TYPES, *VECTOR_TYPES)):
        raise EvalError(messages.kv_not_nestable(who, list(keys[:-1]), cur), code="type",
                        hint=messages.HINT_NOT_NESTABLE)
    _check_index(who, cur, keys[-1])
    return containers, cur


def _rebuild(who, containers, keys, value):
    """Write value back up the path, bottom-up, each at the key it was read from."""
    for container, k in zip(reversed(containers), reversed(keys[:-1])):
        value = _assoc1(who, container, k, value, resolve_key)
    return value


@builtin("assoc-in", arity=3, signature="(assoc-in m path val)",
         doc="m with val at a path of keys and indices, creating nested maps as needed.",
         example=(("(assoc-in {} [:user :name] \"Bob\")", '{:user {:name "Bob"}}'),
                  ("(assoc-in [[1 2] [3 4]] [0 1] 99)", "[[1 99] [3 4]]"),
                  ("(assoc-in {:a {:b 1}} [:a :c] 2)", "{:a {:b 1 :c 2}}")))
def assoc_in(m, path, value):
    keys = _in_path("assoc-in", path, "(assoc-in m [:a :b] val)")
    containers, leaf = _descend("assoc-in", m, keys)
    return _rebuild("assoc-in", containers, keys, _assoc1("assoc-in", leaf, keys[-1], value))


@builtin("update-in", arity=(3, None), signature="(update-in m path f & args)",
         doc="m with the value at a path replaced by (f old args...), creating nested maps "
             "as needed.",
         example=(("(update-in {:a {:b 1}} [:a :b] + 10)", "{:a {:b 11}}"),
                  ("(update-in [1 2 3] [1] inc)", "[1 3 3]"),
                  ("(update-in {} [:stats :count] (fnil inc 0))", "{:stats {:count 1}}")))
def update_in(m, path, f, *args):
    fn = need_fn(f, "update-in", "(update-in m path f & args)")
    keys = _in_path("update-in", path, "(update-in m [:a :b] f)")
    containers, leaf = _descend("update-in", m, keys)
    new = _call_updater(fn, _get_for_write(leaf, keys[-1]), args)
    leaf = _assoc1("update-in", leaf, keys[-1], new, resolve_key)
    return _rebuild("update-in", containers, keys, leaf)


# ---------------------------------------------------------------- removing, selecting


@builtin("dissoc", flags="pure", arity=(1, None), signature="(dissoc m key & keys)",
         doc="m without the given keys (a keyword key and the string of its name are one key).",
         example=(("(dissoc {:a 1 :b 2} :b)", "{:a 1}"), ("(dissoc {:a 1 :b 2 :c 3} :a :b)", "{:c 3}"),
                  ('(dissoc {"password" "x" "id" 7} :password)', '{"id" 7}')))
def dissoc(m, *ks):
    if m is None:
        return None
    if not isinstance(m, MAP_TYPES):
        swapped = bool(ks) and isinstance(ks[0], MAP_TYPES)
        raise _type_error("dissoc", "a map", m, "(dissoc m key & keys)", swapped)
    doomed = []
    for k in ks:
        k = freeze(k)
        if map_get(m, k, MISSING) is not MISSING:
            doomed.append(k)
        twin = twin_of(k)
        if twin is not None and twin in m:
            doomed.append(twin)
    if not doomed:
        return m
    if type(m) is KeyedMap:
        out = m.mutate()
        for k in doomed:
            out.pop(k, None)
        return out.finish()
    if type(m) is not HashMap and len(m) <= _SMALL_MAP:
        gone = set(doomed)
        return {k: v for k, v in m.items() if k not in gone}
    out = (m if type(m) is HashMap else HashMap(m)).mutate()  # later dissocs stay cheap
    for k in doomed:
        out.pop(k, None)
    return out.finish()


def _seq_of_keys(who, ks, signature):
    """The items of a key sequence (nil -> none, string -> characters)."""
    if isinstance(ks, VECTOR_TYPES):
        return ks
    if ks is None:
        return ()
    if isinstance(ks, (str, *SET_TYPES)):
        return list(ks)
    raise _type_error(who, "a vector of keys", ks, signature)


@builtin("select-keys", flags="pure", arity=2, signature="(select-keys m keys)",
         doc="The map of just the given keys that are present in m (flexible keys).",
         example=(("(select-keys {:a 1 :b 2 :c 3} [:a :c])", "{:a 1 :c 3}"),
                  ("(select-keys {:a 1} [:a :z])", "{:a 1}"),
                  ('(select-keys {"id" 7 "name" "x"} [:id])', "{:id 7}")))
def select_keys(m, ks):
    if m is not None and not isinstance(m, (*MAP_TYPES, *VECTOR_TYPES)):
        raise _type_error("select-keys", "a map", m, "(select-keys m [:a :b])",
                          isinstance(ks, MAP_TYPES))
    out = []
    for k in _seq_of_keys("select-keys", ks, "(select-keys m [:a :b])"):
        v = lookup(m, k, MISSING)
        if v is not MISSING:
            out.append((k, v))
    return make_map(out)


# ---------------------------------------------------------------- views


def _need_map(who, m):
    if not isinstance(m, MAP_TYPES):
        raise _type_error(who, "a map", m, f"({who} m)")


@builtin("keys", flags="pure", arity=1, signature="(keys m)",
         doc="The keys of a map as a vector in key order; nil for an empty map or nil.",
         example=(("(keys {:b 2 :a 1})", "[:a :b]"), ("(keys {})", "nil")))
def keys(m):
    if m is None:
        return None
    _need_map("keys", m)
    return sorted_keys(m) if len(m) else None


@builtin("vals", flags="pure", arity=1, signature="(vals m)",
         doc="The values of a map as a vector in key order; nil for an empty map or nil.",
         example=(("(vals {:b 2 :a 1})", "[1 2]"), ("(vals {})", "nil")))
def vals(m):
    if m is None:
        return None
    _need_map("vals", m)
    return [m[k] for k in sorted_keys(m)] if len(m) else None


def _entry(who, e):
    if isinstance(e, VECTOR_TYPES) and len(e) == 2:
        return e
    raise EvalError(messages.kv_bad_entry(who, e), code="type",
                    hint=messages.hint_usage(f"({who} (first (seq {{:a 1}})))"))


@builtin("key", arity=1, signature="(key entry)", doc="The key of a map entry [key value].",
         example=(("(key (first (seq {:a 1})))", ":a"), ("(map key {:a 1 :b 2})", "[:a :b]")))
def key(e):
    return _entry("key", e)[0]


@builtin("val", arity=1, signature="(val entry)", doc="The value of a map entry [key value].",
         example=(("(val (first (seq {:a 1})))", "1"), ("(map val {:a 1 :b 2})", "[1 2]")))
def val(e):
    return _entry("val", e)[1]


# ---------------------------------------------------------------- building and combining


def _pairs(who, kvs):
    if len(kvs) % 2:
        raise EvalError(messages.kv_missing_value(who, kvs[-1]), code="arity",
                        hint=messages.hint_usage(f"({who} key val key2 val2 ...)"))
    return make_map([(kvs[i], kvs[i + 1]) for i in range(0, len(kvs), 2)])


@builtin("hash-map", flags="pure", arity=(0, None), signature="(hash-map & kvs)",
         doc="A map from alternating keys and values (a later duplicate key wins).",
         example=(("(hash-map :a 1 :b 2)", "{:a 1 :b 2}"), ("(hash-map)", "{}")))
def hash_map(*kvs):
    return _pairs("hash-map", kvs)


@builtin("array-map", arity=(0, None), signature="(array-map & kvs)",
         doc="Same as hash-map: a map from alternating keys and values.",
         example=(("(array-map :a 1 :b 2)", "{:a 1 :b 2}"), ("(array-map)", "{}")))
def array_map(*kvs):
    return _pairs("array-map", kvs)


def _merge_error(who, x, signature):
    """The type error for an argument of merge that is not a map."""
    hint = messages.HINT_MERGE_VECTORS if isinstance(x, VECTOR_TYPES) else \
        messages.hint_usage(signature)
    return EvalError(messages.type_error(who, "maps", x), code="type", hint=hint)


def _merge_source(who, x, signature):
    """The (key, value) pairs one later argument of merge contributes (a map or one entry)."""
    if isinstance(x, MAP_TYPES):
        return list(x.items())
    if isinstance(x, VECTOR_TYPES) and len(x) == 2:
        return [tuple(x)]
    raise _merge_error(who, x, signature)


def _merge(who, maps, combine, signature):
    """Clojure's merge/merge-with: nil when no map is given, nils skipped, later keys win."""
    if all(m is None or m is False for m in maps):
        return None
    if len(maps) == 1:
        return maps[0]
    acc = maps[0] if maps[0] is not None and maps[0] is not False else {}
    if not isinstance(acc, MAP_TYPES):
        raise _merge_error(who, acc, signature)
    for m in maps[1:]:
        if m is not None and m is not False:
            acc = _put_all(acc, _merge_source(who, m, signature), combine)
    return acc


@builtin("merge", flags="pure", arity=(0, None), signature="(merge m1 m2 ...)",
         doc="One map with the entries of all maps; for a key in several, the last wins.",
         example=(("(merge {:a 1} {:b 2} {:a 3})", "{:a 3 :b 2}"), ("(merge nil {:a 1})", "{:a 1}"),
                  ("(merge)", "nil")))
def merge(*maps):
    return _merge("merge", maps, None, "(merge m1 m2 ...)")


@builtin("merge-with", arity=(1, None), signature="(merge-with f m1 m2 ...)",
         doc="Like merge, but a key in several maps gets (f earlier later).",
         example=(("(merge-with + {:a 1 :b 2} {:a 3 :c 4})", "{:a 4 :b 2 :c 4}"),
                  ("(merge-with + {:a 1} {:a 2} {:a 3})", "{:a 6}")))
def merge_with(f, *maps):
    fn = need_fn(f, "merge-with", "(merge-with f m1 m2 ...)")
    return _merge("merge-with", maps, fn, "(merge-with f m1 m2 ...)")


@builtin("update-vals", arity=2, signature="(update-vals m f)",
         doc="m with f applied to every value.",
         example=(("(update-vals {:a 1 :b 2} inc)", "{:a 2 :b 3}"), ("(update-vals nil inc)", "{}")))
def update_vals(m, f):
    swapped = isinstance(f, MAP_TYPES) and callable(m)
    if m is None:
        return {}
    fn = need_fn(f, "update-vals", "(update-vals m f)")
    if type(m) is KeyedMap:
        return KeyedMap.of([(k, fn(v)) for k, v in m.items()])
    if isinstance(m, MAP_TYPES):
        return {k: fn(v) for k, v in m.items()}
    if isinstance(m, VECTOR_TYPES):
        return [fn(v) for v in m]
    raise _type_error("update-vals", "a map", m, "(update-vals m f)", swapped)


@builtin("update-keys", arity=2, signature="(update-keys m f)",
         doc="m with f applied to every key (when two keys become one, one value is kept).",
         example=(("(update-keys {:a 1 :b 2} name)", '{"a" 1 "b" 2}'),
                  ("(update-keys {1 :x 2 :y} inc)", "{2 :x 3 :y}")))
def update_keys(m, f):
    swapped = isinstance(f, MAP_TYPES) and callable(m)
    if m is None:
        return {}
    fn = need_fn(f, "update-keys", "(update-keys m f)")
    if isinstance(m, MAP_TYPES):
        return make_map([(fn(k), v) for k, v in m.items()])
    if isinstance(m, VECTOR_TYPES):
        return make_map([(fn(i), v) for i, v in enumerate(m)])
    raise _type_error("update-keys", "a map", m, "(update-keys m f)", swapped)


@builtin("reduce-kv", arity=3, signature="(reduce-kv f init m)",
         doc="Reduces a map with (f acc key value) in key order; on a vector keys are indices.",
         example=(("(reduce-kv (fn [acc k v] (+ acc v)) 0 {:a 1 :b 2 :c 3})", "6"),
                  ("(reduce-kv (fn [acc k v] (assoc acc k (* v 2))) {} {:a 1 :b 2})", "{:a 2 :b 4}"),
                  ("(reduce-kv (fn [acc i x] (conj acc [i x])) [] [:a :b])", "[[0 :a] [1 :b]]")))
def reduce_kv(f, init, coll):
    fn = need_fn(f, "reduce-kv", "(reduce-kv f init m)")
    acc = init
    if isinstance(coll, MAP_TYPES):
        for k in sorted_keys(coll):
            acc = fn(acc, k, coll[k])
            if type(acc) is Reduced:  # (reduced v) ends it with v, as in Clojure
                return acc.value
        return acc
    if isinstance(coll, VECTOR_TYPES):
        for i, x in enumerate(coll):
            acc = fn(acc, i, x)
            if type(acc) is Reduced:
                return acc.value
        return acc
    if coll is None:
        return init
    raise _type_error("reduce-kv", "a map", coll, "(reduce-kv f init m)", callable(coll))
