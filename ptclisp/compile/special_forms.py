"""The table of special forms: each form is declared once, in ptclisp/specials/, and found here.

A declaration names the form and the shape its errors quote (`if expects (if test then else?),
got 4 arguments`), analyzes it, and says how both tiers run the node it makes:

    @special("if", "(if test then else?)", node=A.If)
    class If:
        def analyze(an, f, tail): ...      # -> a node; f is the list form, tail for recur
        def closure(compiler, node): ...   # -> `frame -> value` (run/evaluator.py)
        def emit(em, node, d): ...         # optional: Python source (jit/codegen.py)

The analyzer finds a form here by name, the evaluator's Compiler and the compiled tier's
Emitter find a node's closure and emitter by its class, each once per node at compile time.
This module sits in compile/ and imports nothing of run/ or jit/, so the analyzer (which run/
and jit/ import) can read the table; the declarations, which need run/ and jit/ helpers, live
in the package ptclisp.specials above all three. The tables are filled while that package is
imported (under the import lock) and only read afterwards.
"""
from __future__ import annotations

import attrs

from .. import messages


@attrs.frozen
class Special:
    """One special form: its name, its shape and its analysis."""

    name: str
    shape: str
    analyze: object  # (analyzer, list form, tail) -> node


@attrs.frozen
class NodeRunner:
    """How both tiers run one node class: its closure compiler and, optionally, its emitter."""

    closure: object  # (Compiler, node) -> frame -> value
    emit: object = None  # (Emitter, node, depth) -> Python expression text
    fields: tuple = ()  # the node class's field names (jit/fusion.py and jit/cache.py walk them)


SPECIALS: dict[str, Special] = {}
NODES: dict[type, NodeRunner] = {}


def special(name: str, shape: str, *more: str, node: type | None = None):
    """Class decorator: register the form name (and more name, shape pairs sharing its
    analysis) with the class's `analyze`, and node's `closure` and `emit` when node is given."""
    pairs = [(name, shape), *zip(more[0::2], more[1::2])]

    def register(cls):
        for n, s in pairs:
            if n in SPECIALS:
                raise ValueError(f"special form {n} declared twice")
            SPECIALS[n] = Special(n, s, cls.analyze)
        if node is not None:
            if node in NODES:
                raise ValueError(f"node {node.__name__} declared twice")
            NODES[node] = NodeRunner(cls.closure, getattr(cls, "emit", None),
                                     tuple(f.name for f in attrs.fields(node)))
        return cls
    return register


def shape_error(an, f, detail: str | None = None):
    """Abort the form with `name expects SHAPE, got N arguments` (or a detail)."""
    name = f.items[0].name
    got = detail or messages.got_args(len(f.items) - 1)
    an.fail(messages.bad_shape(name, SPECIALS[name].shape, got), f, code="invalid-form")


def closure_of(node_type: type):
    """The closure compiler of a declared node class (KeyError for others)."""
    return NODES[node_type].closure


def emitter_of(node_type: type):
    """The emitter of a declared node class, or None (the closure tier runs it)."""
    runner = NODES.get(node_type)
    return runner.emit if runner is not None else None


def node_fields(node_type: type):
    """The field names of a declared node class, or None for other classes."""
    runner = NODES.get(node_type)
    return runner.fields if runner is not None else None
