"""clojure.set (`set/`): set algebra and the relational helpers over sets of maps.

Arguments may be sets, nil (the empty set) or any collection (its members; a map gives its
[k v] entries), and results are always sets (PtcRunner gap S30; Clojure's own results on
non-set arguments are accidents of its implementation). Keys in the relational helpers are
looked up flexibly (spec 7.5): `:id` finds "id" too.
"""
from __future__ import annotations

from ..run import budget
from .. import messages
from ..errors import EvalError
from ..run.feed import fed
from ..lang.values import MAP_TYPES, MISSING, SET_TYPES, VECTOR_TYPES, PSet, _alternate_keys, as_set, freeze, hkey, make_map, map_get, truthy
from .discovery import expose_bare
from .registry import builtin
from .support import as_fn

NS = "clojure.set"


def members(who: str, s) -> PSet:
    """s as a set of frozen values."""
    if isinstance(s, SET_TYPES):
        return as_set(s)
    if s is None:
        return PSet()
    if isinstance(s, VECTOR_TYPES) or type(s) is str:
        return PSet.of(s)
    if isinstance(s, MAP_TYPES):
        return PSet.of(list(s.items()))
    raise EvalError(messages.type_error(who, "a set", s), code="type")


def _relation(who: str, xrel) -> list:
    """The maps of a relation (a set or collection of maps)."""
    rows = list(members(who, xrel)) if not isinstance(xrel, VECTOR_TYPES) else list(xrel)
    for row in rows:
        if not isinstance(row, MAP_TYPES):
            raise EvalError(messages.type_error(who, "a collection of maps", row), code="type")
    return rows


def _entry(m, k):
    """(stored key, value) for key k of map m, looked up flexibly; None if absent."""
    k = freeze(k)
    v = map_get(m, k, MISSING)
    if v is not MISSING:
        return k, v
    for alt in _alternate_keys(k):
        v = m.get(alt, MISSING)
        if v is not MISSING:
            return alt, v
    return None


def _select_keys(m, ks):
    out = []
    for k in ks:
        found = _entry(m, k)
        if found is not None:
            out.append((k, found[1]))
    return make_map(out)


def _keys_arg(who: str, ks) -> list:
    if isinstance(ks, (*VECTOR_TYPES, *SET_TYPES)):
        return list(ks)
    raise EvalError(messages.type_error(who, "a vector of keys", ks), code="type")


# ---------------------------------------------------------------- set algebra


@builtin("union", ns=NS, arity=(0, None), signature="(union & sets)",
         doc="The set of the members of all the sets.",
         example=(("(set/union #{1 2} #{2 3})", "#{1 2 3}"), ("(set/union)", "#{}")))
def union(*sets):
    box = [PSet()]
    for s in sets:  # fed: one C union is quadratic when members hash alike (feed.py)
        fed(lambda part: box.__setitem__(0, box[0].union(part)), list(members("set/union", s)))
    return box[0]


@builtin("intersection", ns=NS, arity=(1, None), signature="(intersection s1 & sets)",
         doc="The set of the members common to all the sets.",
         example=(("(set/intersection #{1 2 3} #{2 3 4} #{3 2})", "#{2 3}"),))
def intersection(s1, *sets):
    return members("set/intersection", s1).intersection(
        *(members("set/intersection", s) for s in sets))


@builtin("difference", ns=NS, arity=(1, None), signature="(difference s1 & sets)",
         doc="The set of the members of s1 that are in none of the other sets.",
         example=(("(set/difference #{1 2 3} #{2} #{3})", "#{1}"),))
def difference(s1, *sets):
    return members("set/difference", s1).difference(*(members("set/difference", s) for s in sets))


@builtin("subset?", ns=NS, arity=2, signature="(subset? s1 s2)",
         doc="True if every member of s1 is in s2.",
         example=(("(set/subset? #{1} #{1 2})", "true"), ("(set/subset? #{3} #{1 2})", "false")))
def subset_p(s1, s2):
    return members("set/subset?", s1) <= members("set/subset?", s2)


@builtin("superset?", ns=NS, arity=2, signature="(superset? s1 s2)",
         doc="True if every member of s2 is in s1.",
         example=(("(set/superset? #{1 2} #{1})", "true"),))
def superset_p(s1, s2):
    return members("set/superset?", s1) >= members("set/superset?", s2)


@builtin("select", ns=NS, arity=2, signature="(select pred s)",
         doc="The set of the members of s for which pred is true.",
         example=(("(set/select odd? #{1 2 3})", "#{1 3}"),))
def select(pred, s):
    f = as_fn(pred)
    return PSet.of([x for x in members("set/select", s) if truthy(f(x))])


# ---------------------------------------------------------------- maps and relations


@builtin("map-invert", ns=NS, arity=1, signature="(map-invert m)",
         doc="The map m with keys and values swapped.",
         example=(("(set/map-invert {:a 1 :b 2})", "{1 :a 2 :b}"),))
def map_invert(m):
    if m is None:
        return {}
    if not isinstance(m, MAP_TYPES):
        raise EvalError(messages.type_error("set/map-invert", "a map", m), code="type")
    return make_map([(v, k) for k, v in m.items()])


def _rename_keys(m, kmap):
    moved, gone = [], set()
    for old, new in kmap.items():
        found = _entry(m, old)
        if found is not None:
            gone.add(hkey(found[0]))
            moved.append((new, found[1]))
    return make_map([(k, v) for k, v in m.items() if hkey(k) not in gone] + moved)


@builtin("rename-keys", ns=NS, arity=2, signature="(rename-keys m kmap)",
         doc="The map m with each key old of kmap renamed to (kmap old).",
         example=(("(set/rename-keys {:a 1 :b 2} {:a :x})", "{:x 1 :b 2}"),
                  ("(set/rename-keys {:a 1 :b 2} {:a :b :b :a})", "{:a 2 :b 1}")))
def rename_keys(m, kmap):
    if m is None:
        return None
    if not isinstance(m, MAP_TYPES) or not isinstance(kmap, MAP_TYPES):
        bad = kmap if isinstance(m, MAP_TYPES) else m
        raise EvalError(messages.type_error("set/rename-keys", "a map", bad), code="type")
    return _rename_keys(m, kmap)


@builtin("rename", ns=NS, arity=2, signature="(rename xrel kmap)",
         doc="The set of the maps of xrel with their keys renamed by kmap.",
         example=(("(set/rename #{{:a 1}} {:a :b})", "#{{:b 1}}"),))
def rename(xrel, kmap):
    if not isinstance(kmap, MAP_TYPES):
        raise EvalError(messages.type_error("set/rename", "a map of renames", kmap), code="type")
    return PSet.of([_rename_keys(m, kmap) for m in _relation("set/rename", xrel)])


@builtin("project", ns=NS, arity=2, signature="(project xrel ks)",
         doc="The set of the maps of xrel keeping only the keys ks.",
         example=(("(set/project [{:a 1 :b 2} {:a 1 :b 3}] [:a])", "#{{:a 1}}"),))
def project(xrel, ks):
    ks = _keys_arg("set/project", ks)
    return PSet.of([_select_keys(m, ks) for m in _relation("set/project", xrel)])


def _index(rows, ks) -> dict:
    """{hkey of the selected keys: (the selected keys, [rows])}."""
    out: dict = {}
    for m in rows:
        sel = freeze(_select_keys(m, ks))
        out.setdefault(hkey(sel), (sel, []))[1].append(m)
    return out


@builtin("index", ns=NS, arity=2, signature="(index xrel ks)",
         doc="A map from each combination of the values of ks to the set of the maps of xrel having them.",
         example=(("(set/index [{:k 1 :v :a} {:k 1 :v :b} {:k 2 :v :c}] [:k])",
                   "{{:k 1} #{{:k 1 :v :a} {:k 1 :v :b}} {:k 2} #{{:k 2 :v :c}}}"),))
def index(xrel, ks):
    ks = _keys_arg("set/index", ks)
    return make_map([(sel, PSet.of(rows))
                     for sel, rows in _index(_relation("set/index", xrel), ks).values()])


def _merged(rows_pairs) -> PSet:
    pairs = list(rows_pairs)
    budget.charge_size(len(pairs), "set")
    return PSet.of([make_map(list(found.items()) + list(x.items())) for found, x in pairs])


def _matches(idx, sel) -> list:
    """The rows of an _index whose selected keys equal sel."""
    hit = idx.get(hkey(freeze(sel)))
    return hit[1] if hit is not None else []


@builtin("join", ns=NS, arity=(2, 3), signature="(join xrel yrel), (join xrel yrel km)",
         doc="The natural join of two relations on their common keys (or on km: {xkey ykey}).",
         example=(("(set/join #{{:id 1 :a 1}} #{{:id 1 :b 2} {:id 2 :b 3}})", "#{{:id 1 :a 1 :b 2}}"),
                  ("(set/join [{:id 1}] [{:uid 1 :n \"x\"}] {:id :uid})", '#{{:id 1 :uid 1 :n "x"}}')))
def join(xrel, yrel, km=None):
    xs, ys = _relation("set/join", xrel), _relation("set/join", yrel)
    if not xs or not ys:
        return PSet()
    if km is None:
        ks = [k for k in xs[0] if map_get(ys[0], k, MISSING) is not MISSING]
        r, s = (xs, ys) if len(xs) <= len(ys) else (ys, xs)
        idx = _index(r, ks)
        return _merged((found, x) for x in s
                       for found in _matches(idx, _select_keys(x, ks)))
    if not isinstance(km, MAP_TYPES):
        raise EvalError(messages.type_error("set/join", "a map of join keys", km), code="type")
    if len(xs) <= len(ys):
        r, s, k = xs, ys, {v: key for key, v in km.items()}
    else:
        r, s, k = ys, xs, dict(km)
    idx = _index(r, list(k.values()))
    return _merged((found, x) for x in s
                   for found in _matches(idx, _rename_keys(_select_keys(x, list(k)), k)))


expose_bare(NS, "union", "intersection", "difference")
