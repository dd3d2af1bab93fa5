"""Values across the pipe between host and worker (process isolation): pickling with limits.

Values cross by pickle. Functions do not: a worker keeps the functions it made and the other
side gets `RemoteFunction` handles (`persistent_id`); so do infinite sequences (core/endless.py),
whose handle is named as the sequence prints. The host unpickles strictly: only the value
types in `_ALLOWED` (and the error classes) may be named, so a subverted worker cannot make the
host run anything by sending a crafted pickle.
"""
from __future__ import annotations

import copyreg
import functools
import io
import pickle
import sys
import types

from .. import errors, messages
from ..core.endless import Endless
from ..core.regexp import Regex, make_regex
from .deepstack import call_on_big_stack

class RemoteFunction:
    """The host's handle of a function that lives in a worker process."""

    def __init__(self, token: str, name: str):
        self.token = token
        self.ptc_name = name

    def __call__(self, *args):
        raise errors.EvalError(messages.isolation_lost_function(self.ptc_name), code="isolation")

    def __reduce__(self):
        return (RemoteFunction, (self.token, self.ptc_name))


def _rebuild_error(cls, message, state):
    e = cls.__new__(cls)
    Exception.__init__(e, message)
    e.__dict__.update(state)
    return e


def _reduce_error(e):
    return (_rebuild_error, (type(e), e.message, dict(e.__dict__)))


def _rebuild_regex(source):
    return make_regex(source)


def _reduce_regex(r):
    return (_rebuild_regex, (r.ptc_regex_source,))


def _register_reducers():
    """Errors pickle with all their fields; regexes as their source (recompiled on arrival)."""
    copyreg.pickle(Regex, _reduce_regex)
    todo = [errors.PtcError]
    while todo:
        cls = todo.pop()
        copyreg.pickle(cls, _reduce_error)
        todo.extend(cls.__subclasses__())


_register_reducers()


def _is_local_function(obj) -> bool:
    """True for callables pickle cannot carry by reference (closures, lambdas, partials)."""
    if isinstance(obj, types.FunctionType):
        return "<" in obj.__qualname__
    return isinstance(obj, functools.partial)


class _Pickler(pickle.Pickler):
    def __init__(self, f, keep):
        super().__init__(f, protocol=pickle.HIGHEST_PROTOCOL)
        self.keep = keep  # obj -> token, or None on the host

    def persistent_id(self, obj):
        if type(obj) is RemoteFunction:
            return ("fn", obj.token, obj.ptc_name)
        if _is_local_function(obj) or type(obj) is Endless:  # an infinite sequence stays too
            name = obj.ptc_format() if type(obj) is Endless else getattr(obj, "ptc_name", "fn")
            return ("fn", self.keep(obj) if self.keep else "host", name)
        if isinstance(obj, types.FunctionType) and obj.__module__.startswith("ptclisp."):
            return ("builtin", obj.__module__, obj.__qualname__)  # a builtin as a value
        return None


class _Unpickler(pickle.Unpickler):
    def __init__(self, f, lookup, strict):
        super().__init__(f)
        self.lookup = lookup  # token -> function, or None on the host
        self.strict = strict

    def persistent_load(self, pid):
        kind, token, name = pid
        if kind == "builtin":  # looked up, never called: a builtin function passed as a value
            fn = getattr(sys.modules.get(token) if token.startswith("ptclisp.") else None, name, None)
            if not isinstance(fn, types.FunctionType):
                raise pickle.UnpicklingError("a worker sent an unknown builtin")
            return fn
        fn = self.lookup(token) if self.lookup else None
        return fn if fn is not None else RemoteFunction(token, name)

    def find_class(self, module, name):
        if self.strict and (module, name) not in _ALLOWED and not _is_error_class(module, name):
            raise pickle.UnpicklingError(f"a worker sent {module}.{name}, which is not a value")
        return super().find_class(module, name)


# what the host accepts from a worker: value types and the rebuilders above, nothing that runs
_ALLOWED = frozenset({
    ("ptclisp.lang.values", "Keyword"), ("ptclisp.lang.values", "Symbol"), ("ptclisp.lang.values", "Var"),
    ("ptclisp.lang.source", "Span"), ("ptclisp.sandbox.wire", "RemoteFunction"),
    ("ptclisp.sandbox.wire", "_rebuild_error"), ("ptclisp.sandbox.wire", "_rebuild_regex"),
    ("ptclisp.core.dates", "DateTime"), ("ptclisp.core.dates", "Duration"),
    ("ptclisp.core.dates", "LocalDate"), ("ptclisp.core.endless", "Reduced"), ("immutables._map", "Map"), ("immutables", "Map"),
    ("pvectorc", "pvector"), ("pyrsistent._pvector", "pvector"), ("builtins", "frozenset"),
    ("builtins", "set"), ("ptclisp.lang.hashing", "rebuild_set"), ("ptclisp.lang.hashing", "rebuild_map"),
})


def _is_error_class(module: str, name: str) -> bool:
    cls = getattr(errors, name, None) if module == "ptclisp.errors" else None
    return isinstance(cls, type) and issubclass(cls, errors.PtcError)


DEEP_FRAMES = 100_000  # recursion limit for pickling deeply nested values on a big stack


def _deep(fn):
    """fn(), retried on a big stack when the value is nested too deeply for this one."""
    try:
        return fn()
    except RecursionError:
        return call_on_big_stack(fn, DEEP_FRAMES)


def dumps(obj, keep=None) -> bytes:
    """Pickle obj; local functions become handles (registered with keep in a worker)."""
    def dump():
        buf = io.BytesIO()
        _Pickler(buf, keep).dump(obj)
        return buf.getvalue()
    return _deep(dump)


def loads(data: bytes, lookup=None, strict: bool = True):
    """Unpickle data; function handles resolve through lookup (in a worker) or stay handles.

    strict (the host): only value types may be named, so a subverted worker cannot make the
    host run anything by sending a crafted pickle."""
    return _deep(lambda: _Unpickler(io.BytesIO(data), lookup, strict).load())
