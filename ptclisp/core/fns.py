"""Function combinators and apply: comp, partial, complement, constantly, juxt, every-pred,
some-fn, fnil, apply.

The functions these return are plain Python callables taking any number of arguments.
Arguments that should be functions are checked once, when the combinator is built, so
`(comp inc "x")` fails at once with a clear message instead of later deep inside a `map`.
Keywords, maps, sets and vectors are functions too (Clojure semantics).
"""
from __future__ import annotations

from .. import messages
from ..errors import EvalError
from ..lang.hashing import hkey
from ..lang.values import MAP_TYPES, MISSING, SET_TYPES, VECTOR_TYPES, truthy
from ..run import budget
from . import registry
from .registry import builtin
from .predicates import is_fn
from .support import as_fn, sorted_items

_FN_VALUES = (*MAP_TYPES, *SET_TYPES, *VECTOR_TYPES)


_BY_ID: dict = {}  # id(builtin function) -> Builtin, filled on first use (registry complete)
_CHECKED: dict = {}  # id(builtin function) -> its arity-checking wrapper


def _builtin_of(f):
    """The registry entry when f is a builtin's own function, else None."""
    if not _BY_ID:
        _BY_ID.update((id(b.fn), b) for b in registry.REGISTRY.values())
    b = _BY_ID.get(id(f))
    return b if b is not None and b.fn is f else None


def _arity_checked(f):
    """f, or for a builtin with a bounded arity a wrapper raising Clojure's arity error."""
    wrapper = _CHECKED.get(id(f))
    if wrapper is not None:
        return wrapper
    b = _builtin_of(f)
    if b is None:
        return f
    if b.min_args == 0 and b.max_args is None:
        _CHECKED[id(f)] = f
        return f
    lo, hi, name = b.min_args, b.max_args, f.ptc_name

    def checked(*args):
        n = len(args)
        if n < lo or (hi is not None and n > hi):
            raise EvalError(messages.wrong_arity(n, name), code="arity")
        return f(*args)

    _CHECKED[id(f)] = checked
    return checked


def _nth_fn(v):
    """A vector as a function of an index (Clojure: out of range and non-integers fail)."""
    def nth(i):
        if type(i) is int and 0 <= i < len(v):
            return v[i]
        if type(i) is not int:
            raise EvalError(messages.type_error("a vector called as a function", "an integer index",
                                                i), code="type")
        raise EvalError(messages.index_out_of_bounds(i, len(v)), code="index")

    return nth


def _data_fn(f):
    """A map (1-2 args), set or vector (1 arg) as a function that checks its arity."""
    lookup = _nth_fn(f) if isinstance(f, VECTOR_TYPES) else as_fn(f)
    hi = 2 if isinstance(f, MAP_TYPES) else 1

    def data_fn(*args):
        if not 1 <= len(args) <= hi:
            raise EvalError(messages.wrong_arity(len(args), messages.show_value(f)), code="arity")
        return lookup(*args)

    return data_fn


def need_fn(f, who: str, signature: str):
    """A Python callable for the PTC function value f, or a type error naming `who`."""
    if callable(f):
        return _arity_checked(f)
    if isinstance(f, _FN_VALUES):
        return _data_fn(f)
    raise EvalError(messages.fn_expected(who, f), code="type",
                    hint=messages.hint_usage(signature))


def _identity(*args):
    """What (comp) returns: identity, with Clojure's arity error."""
    if len(args) != 1:
        raise EvalError(messages.wrong_arity(len(args), "identity"), code="arity")
    return args[0]


# ---------------------------------------------------------------- apply


def spread_args(coll, who: str = "apply"):
    """The items of apply's last argument: nil -> none, string -> characters, map -> entries."""
    if isinstance(coll, VECTOR_TYPES):
        return coll
    if coll is None:
        return ()
    if isinstance(coll, (str, *SET_TYPES)):
        return list(coll)
    if isinstance(coll, MAP_TYPES):
        return sorted_items(coll)
    raise EvalError(messages.type_error(who, "a collection as its last argument", coll),
                    code="type", hint=messages.HINT_APPLY_LAST)


@builtin("apply", arity=(2, None), signature="(apply f args) (apply f x y ... args)",
         doc="Calls f with the items of the last argument (a collection) as its arguments, "
             "after any fixed arguments.",
         example=(("(apply + [1 2 3])", "6"), ("(apply + 1 2 [3 4])", "10"),
                  ("(apply max [3 9 4])", "9")))
def apply_(f, *args):
    fn = need_fn(f, "apply", "(apply f [x y])")
    last = spread_args(args[-1])
    if len(args) == 1:
        return fn(*last)
    return fn(*args[:-1], *last)


# ---------------------------------------------------------------- combinators


@builtin("comp", arity=(0, None), signature="(comp f g ...)",
         doc="Composes functions right to left: ((comp f g) x) is (f (g x)); (comp) is identity.",
         example=(("((comp str inc) 5)", '"6"'), ("((comp str +) 1 2 3)", '"6"'),
                  ("((comp) 42)", "42"), ("(map (comp inc inc) [1 2 3])", "[3 4 5]")))
def comp(*fs):
    if not fs:
        return _identity
    fns = [need_fn(f, "comp", "(comp f g ...)") for f in fs]
    if len(fns) == 1:
        return fns[0]
    if len(fns) == 2:
        outer, inner = fns

        def composed2(*args):
            return outer(inner(*args))

        return composed2
    first, rest = fns[-1], fns[-2::-1]

    def composed(*args):
        x = first(*args)
        for g in rest:
            x = g(x)
        return x

    return composed


@builtin("partial", arity=(1, None), signature="(partial f arg ...)",
         doc="A function like f with the given arguments filled in first.",
         example=(("((partial + 10) 5)", "15"), ('((partial str "a" "b") "c" "d")', '"abcd"'),
                  ("(map (partial * 2) [1 2 3])", "[2 4 6]")))
def partial(f, *fixed):
    fn = need_fn(f, "partial", "(partial f arg ...)")
    if not fixed:
        return fn

    def partially_applied(*args):
        return fn(*fixed, *args)

    return partially_applied


@builtin("complement", arity=1, signature="(complement f)",
         doc="A function returning true where f returns a falsy value, else false.",
         example=(("((complement even?) 3)", "true"),
                  ("(filter (complement even?) [1 2 3 4])", "[1 3]")))
def complement(f):
    fn = need_fn(f, "complement", "(complement pred)")

    def complemented(*args):
        return not truthy(fn(*args))

    return complemented


@builtin("constantly", arity=1, signature="(constantly x)",
         doc="A function that ignores its arguments and always returns x.",
         example=(("((constantly 5) 1 2 3)", "5"), ("(map (constantly :x) [1 2])", "[:x :x]")))
def constantly(x):
    def constant(*_args):
        return x

    return constant


@builtin("juxt", arity=(1, None), signature="(juxt f g ...)",
         doc="A function returning the vector of each function's result on the same arguments.",
         example=(("((juxt :name :age) {:name \"Alice\" :age 30})", '["Alice" 30]'),
                  ("((juxt first last) [1 2 3])", "[1 3]"),
                  ("((juxt + vector) 1 2 3)", "[6 [1 2 3]]")))
def juxt(*fs):
    fns = [need_fn(f, "juxt", "(juxt f g ...)") for f in fs]

    def juxtaposed(*args):
        return [g(*args) for g in fns]

    return juxtaposed


@builtin("every-pred", arity=(1, None), signature="(every-pred p q ...)",
         doc="A predicate that is true when every predicate holds for every argument.",
         example=(("((every-pred even? pos?) 4)", "true"), ("((every-pred even? pos?) -4)", "false"),
                  ("(filter (every-pred even? pos?) [-2 -1 0 1 2 3 4])", "[2 4]")))
def every_pred(*preds):
    fns = [need_fn(p, "every-pred", "(every-pred p q ...)") for p in preds]

    def all_hold(*args):
        for p in fns:
            for x in args:
                if not truthy(p(x)):
                    return False
        return True

    return all_hold


@builtin("some-fn", arity=(1, None), signature="(some-fn f g ...)",
         doc="A function returning the first truthy result of any function on any argument.",
         example=(("((some-fn :a :b) {:b 2})", "2"), ("((some-fn :a :b) {:c 3})", "nil"),
                  ("((some-fn even? pos?) 3)", "true")))
def some_fn(*fs):
    fns = [need_fn(f, "some-fn", "(some-fn f g ...)") for f in fs]

    def first_truthy(*args):
        result = None
        for g in fns:
            for x in args:
                result = g(x)
                if truthy(result):
                    return result
        return result

    return first_truthy


@builtin("fnil", arity=(2, 4), signature="(fnil f x) (fnil f x y) (fnil f x y z)",
         doc="A function like f that replaces a nil first (second, third) argument by a default.",
         example=(("((fnil inc 0) nil)", "1"), ("(update {:n nil} :n (fnil + 0) 5)", "{:n 5}"),
                  ("((fnil + 10 20) nil nil)", "30")))
def fnil(f, x, y=MISSING, z=MISSING):
    fn = need_fn(f, "fnil", "(fnil f default)")
    defaults = tuple(d for d in (x, y, z) if d is not MISSING)
    if len(defaults) == 1:
        def nil_patched1(*args):
            if args and args[0] is None:
                return fn(x, *args[1:])
            return fn(*args)

        return nil_patched1

    def nil_patched(*args):
        if not args:
            return fn()
        patched = list(args)
        for i, default in enumerate(defaults[:len(patched)]):
            if patched[i] is None:
                patched[i] = default
        return fn(*patched)

    return nil_patched


@builtin("memoize", listed=False, arity=1, signature="(memoize f)",
         doc="A function like f that computes each distinct argument list once and remembers it.",
         example=(("(let [sq (memoize (fn [x] (* x x)))] [(sq 3) (sq 3)])", "[9 9]"),))
def memoize(f):
    fn = need_fn(f, "memoize", "(memoize f)")
    known: dict = {}

    def memoized(*args):
        key = tuple(map(hkey, args))
        found = known.get(key, MISSING)
        if found is MISSING:
            found = fn(*args)
            budget.charge_size(len(known) + 1, "map")  # what it remembers is bounded like a map
            known[key] = found
        return found

    return memoized


@builtin("trampoline", listed=False, arity=(1, None), signature="(trampoline f & args)",
         doc="Calls (f args...), then calls each function it returns with no arguments, "
             "until a value that is not a function comes back.",
         example=(("(trampoline (fn [] (fn [] 42)))", "42"),
                  ("(letfn [(down [n] (if (pos? n) #(down (dec n)) :done))] (trampoline down 5000))",
                   ":done")))
def trampoline(f, *args):
    r = need_fn(f, "trampoline", "(trampoline f & args)")(*args)
    while is_fn(r):
        budget.tick()
        r = r()
    return r


@builtin("comparator", arity=1, listed=False, signature="(comparator pred)",
         doc="A comparator from a two-argument test: -1 when (pred a b), 1 when (pred b a), else 0.",
         example=(("(sort (comparator >) [1 3 2])", "[3 2 1]"), ("((comparator <) 1 2)", "-1")))
def comparator(pred):
    fn = need_fn(pred, "comparator", "(comparator pred)")

    def compare_by(a, b):
        if truthy(fn(a, b)):
            return -1
        return 1 if truthy(fn(b, a)) else 0

    return compare_by
