"""Sequence library, part 5: ordering (sort, sort-by, min/max-key) and aggregation.

Sorting is stable and uses the total order of `values.sort_key`, computed only when needed:
all-number and all-string keys sort as they are. Comparators are `:asc`, `:desc`, nil, a
function returning a number (Clojure's `compare` style) or a boolean "less than" (`<`, `>`).
The PTC-Lisp -by aggregators take a keyword or string key (flexible lookup, spec 7.5), a
vector path of keys, or a function; they skip nil values and refuse non-numbers (spec 11.4-5).
"""
from __future__ import annotations

from collections import Counter
from functools import cmp_to_key, reduce as _fold
from operator import add

from .. import messages
from ..errors import EvalError
from ..run.feed import fed, fed_sorted
from ..lang.values import MISSING, SUSPECT, KeyedMap, Keyword, hkey, needs_key
from .compare import gt, lt
from .registry import builtin
from .seqs_base import comparable, dedupe_key, field_values, hashable, items, key_fn, not_coll
from .support import as_fn

_ASC, _DESC = Keyword("asc"), Keyword("desc")
_NUMBER_TYPES = frozenset({int, float})

# ---------------------------------------------------------------- sorting


def _compare_with(f, who):
    """A Python cmp function from a PTC comparator returning a number or a boolean."""
    g = as_fn(f)

    def cmp(a, b):
        r = g(a, b)
        t = type(r)
        if t is int or t is float:
            return (r > 0) - (r < 0)
        if t is bool or r is None:
            if r:
                return -1
            back = g(b, a)
            return 1 if back is not None and back is not False else 0
        raise EvalError(messages.seq_comparator_result(who, r), code="type")
    return cmp


def _sorted(xs, keys, comp, who):
    """xs ordered by keys under comp; stable."""
    if (comp is lt or comp is gt) and comparable(keys) is keys:
        # `<` / `>` over plain numbers or strings is the ascending / descending key order (both
        # stable): one C sort instead of a comparator call per pair
        comp = _ASC if comp is lt else _DESC
    if comp is None or comp is _ASC or comp is _DESC:
        desc = comp is _DESC
        ck = comparable(keys)
        if ck is xs:
            return fed_sorted(xs, reverse=desc)
        order = fed_sorted(range(len(xs)), key=ck.__getitem__, reverse=desc)
    elif callable(comp) and type(comp) is not Keyword:
        key = cmp_to_key(_compare_with(comp, who))
        order = sorted(range(len(xs)), key=lambda i: key(keys[i]))
    else:
        raise EvalError(messages.seq_bad_comparator(who, comp), code="type")
    return [xs[i] for i in order]


@builtin("sort", arity=(1, 2),
         doc="The items in order; comparator :asc (default), :desc or a function of 2 arguments.",
         example=(("(sort [3 1 2])", "[1 2 3]"), ("(sort :desc [1 3 2])", "[3 2 1]"),
                  ("(sort > [1 3 2])", "[3 2 1]"), ("(sort {:b 2 :a 1})", "[[:a 1] [:b 2]]")),
         signature="(sort coll) (sort comparator coll)")
def sort(a, b=MISSING):
    comp, coll = (None, a) if b is MISSING else (a, b)
    xs = items(coll, "sort")
    if type(xs) is not list:
        xs = list(xs)
    return _sorted(xs, xs, comp, "sort")


@builtin("sort-by", arity=(2, 3),
         doc="The items ordered by (keyfn item); keyfn may be a keyword or string key.",
         example=(("(sort-by :age [{:age 30} {:age 20}])", "[{:age 20} {:age 30}]"),
                  ("(sort-by :age > [{:age 20} {:age 30}])", "[{:age 30} {:age 20}]"),
                  ("(sort-by count :desc [\"a\" \"abc\" \"ab\"])", '["abc" "ab" "a"]'),
                  ("(sort-by first [[\"b\" 2] [\"a\" 1]])", '[["a" 1] ["b" 2]]')),
         signature="(sort-by keyfn coll) (sort-by keyfn comparator coll)")
def sort_by(kf, a, b=MISSING):
    comp, coll = (None, a) if b is MISSING else (a, b)
    xs = items(coll, "sort-by")
    if type(kf) is Keyword or type(kf) is str:  # one comprehension, no call per item
        keys = field_values(kf, xs)
    else:
        g = key_fn(kf)
        keys = [g(x) for x in xs]
    return _sorted(xs, keys, comp, "sort-by")


# ---------------------------------------------------------------- extremes


def _best(keys, pick_max: bool, last_tie: bool) -> int:
    """Index of the greatest (or least) key; ties go to the first, or the last if last_tie."""
    ck = comparable(keys)
    best = 0
    for i in range(1, len(ck)):
        k, b = ck[i], ck[best]
        if (k > b if pick_max else k < b) or (last_tie and k == b):
            best = i
    return best


def _records(coll, who):
    """The items of coll for an aggregator; a string is refused (spec 12.2)."""
    if type(coll) is str:
        raise not_coll(who, coll)
    return items(coll, who)


def _extreme_by(who, k, args, pick_max):
    xs = _records(args[0], who) if len(args) == 1 else args
    g = key_fn(k, paths=True)
    pairs = [(v, x) for x in xs if (v := g(x)) is not None]
    if not pairs:
        return None
    return pairs[_best([v for v, _ in pairs], pick_max, False)][1]


@builtin("max-by", arity=(2, None),
         doc="The item of coll (or of the arguments) with the greatest key; nil keys are skipped.",
         example=(("(max-by :price [{:price 5} {:price 10}])", "{:price 10}"),
                  ("(max-by :x [])", "nil")),
         signature="(max-by key coll) (max-by key x y & more)")
def max_by(k, *args):
    return _extreme_by("max-by", k, args, True)


@builtin("min-by", arity=(2, None),
         doc="The item of coll (or of the arguments) with the least key; nil keys are skipped.",
         example=(("(min-by :price [{:price nil} {:price 10} {:price 5}])", "{:price 5}"),
                  ("(min-by first [[\"b\" 2] [\"a\" 1]])", '["a" 1]')),
         signature="(min-by key coll) (min-by key x y & more)")
def min_by(k, *args):
    return _extreme_by("min-by", k, args, False)


@builtin("max-key", arity=(2, None), doc="The x for which (f x) is greatest (the last one on ties).",
         example=(('(max-key count "a" "abc" "ab")', '"abc"'), ('(max-key count "aa" "bb" "c")', '"bb"')),
         signature="(max-key f x & more)")
def max_key(f, *xs):
    g = as_fn(f)
    return xs[_best([g(x) for x in xs], True, True)]


@builtin("min-key", arity=(2, None), doc="The x for which (f x) is least (the last one on ties).",
         example=(('(min-key count "abc" "a" "ab")', '"a"'), ('(min-key count "a" "bb" "c")', '"c"')),
         signature="(min-key f x & more)")
def min_key(f, *xs):
    g = as_fn(f)
    return xs[_best([g(x) for x in xs], False, True)]


# ---------------------------------------------------------------- sums and averages


def _numbers(values, who):
    """values without nils; an arithmetic error for anything else that is not a number."""
    kinds = set(map(type, values))
    if kinds <= _NUMBER_TYPES:
        return values
    values = [v for v in values if v is not None]
    for v in values:
        if type(v) not in _NUMBER_TYPES:
            raise EvalError(messages.seq_not_number(who, v), code="arithmetic",
                            hint=messages.HINT_NOT_NUMBER)
    return values


def _total(values):
    """The sum, floats added left to right like (reduce + ...) (no compensated summation)."""
    if any(type(v) is float for v in values):
        return _fold(add, values, 0)
    return sum(values)


def _mean(values):
    return _total(values) / len(values) if values else None


@builtin("sum", arity=1, doc="The sum of the numbers in coll (nils skipped; 0 when empty).",
         example=(("(sum [1 2 3 4 5])", "15"), ("(sum [])", "0")), signature="(sum coll)")
def sum_(coll):
    return _total(_numbers(_records(coll, "sum"), "sum"))


@builtin("avg", arity=1, doc="The mean of the numbers in coll (nils skipped; nil when empty).",
         example=(("(avg [1 2 3 4 5])", "3.0"), ("(avg [])", "nil")), signature="(avg coll)")
def avg(coll):
    return _mean(_numbers(_records(coll, "avg"), "avg"))


def _field_values(who, k, coll):
    g = key_fn(k, paths=True)
    return _numbers([g(x) for x in _records(coll, who)], who)


@builtin("sum-by", arity=2, doc="The sum of the key's values over coll (nil and missing skipped).",
         example=(("(sum-by :amount [{:amount 10} {:amount nil} {:other 5}])", "10"),
                  ("(sum-by :x [])", "0")),
         signature="(sum-by key coll)")
def sum_by(k, coll):
    return _total(_field_values("sum-by", k, coll))


@builtin("avg-by", arity=2, doc="The mean of the key's values over coll (nil and missing skipped).",
         example=(("(avg-by :amount [{:amount 10} {:amount nil} {:amount 20}])", "15.0"),
                  ("(avg-by :x [])", "nil")),
         signature="(avg-by key coll)")
def avg_by(k, coll):
    return _mean(_field_values("avg-by", k, coll))


# ---------------------------------------------------------------- grouping and counting


@builtin("distinct-by", arity=2, doc="The first item of coll for each distinct key value.",
         example=('(distinct-by first [["a" 1] ["a" 2] ["b" 3]])', '[["a" 1] ["b" 3]]'),
         signature="(distinct-by key coll)")
def distinct_by(k, coll):
    g = key_fn(k, paths=True)
    seen, out = set(), []
    for x in _records(coll, "distinct-by"):
        d = dedupe_key(g(x))
        if d not in seen:
            seen.add(d)
            out.append(x)
    return out


@builtin("group-by", arity=2, doc="A map from each (f item) to the vector of items giving it.",
         example=(('(group-by first [["a" 1] ["a" 2] ["b" 3]])',
                   '{"a" [["a" 1] ["a" 2]] "b" [["b" 3]]}'),
                  ("(group-by odd? [1 2 3])", "{true [1 3] false [2]}")),
         signature="(group-by f coll)")
def group_by(f, coll):
    xs = items(coll, "group-by")
    g = key_fn(f)
    out, keyed = {}, {}  # keyed: hkey -> (key, group) for keys holding a boolean
    for x in xs:
        k = g(x)
        if type(k) in SUSPECT:  # a boolean, vector or map key
            k = hashable(k)
            if needs_key(k):
                keyed.setdefault(hkey(k), (k, []))[1].append(x)
                continue
        group = out.get(k)
        if group is None:
            out[k] = [x]
        else:
            group.append(x)
    if keyed:
        return KeyedMap.of([*out.items(), *keyed.values()])
    return out


@builtin("frequencies", arity=1, doc="A map from each distinct item to how often it occurs.",
         example=(("(frequencies [:a :b :a :c :b :a])", "{:a 3 :b 2 :c 1}"),
                  ('(frequencies "hello")', '{"h" 1 "e" 1 "l" 2 "o" 1}')),
         signature="(frequencies coll)")
def frequencies(coll):
    xs = items(coll, "frequencies")
    if SUSPECT.isdisjoint(map(type, xs)):
        counts = Counter()
        fed(counts.update, xs)  # keys that hash alike make one Counter call quadratic (feed.py)
        return dict(counts)
    # booleans, vectors or maps among the items: count by hash key, keep each first spelling
    frozen = list(map(hashable, xs))
    counts = Counter()
    fed(counts.update, list(map(hkey, frozen)))
    first: dict = {}
    for x in frozen:
        first.setdefault(hkey(x), x)
    pairs = [(first[h], n) for h, n in counts.items()]
    if any(type(k) in SUSPECT and needs_key(k) for k, _ in pairs):
        return KeyedMap.of(pairs)
    return dict(pairs)


__all__ = ["sort", "sort_by", "group_by", "frequencies", "sum_"]
