"""Output special forms: with-out-str."""
from __future__ import annotations

import attrs

from ..compile.special_forms import special
from ..lang.source import Span
from ..run import budget as _budget


@attrs.define(slots=True)
class WithOutStr:
    """`(with-out-str body*)`: the text its body prints, as a string."""

    body: object
    span: Span | None = attrs.field(default=None, eq=False, repr=False)


@special("with-out-str", "(with-out-str body*)", node=WithOutStr)
class WithOutStrForm:
    """The text the body prints (println, print, prn, pr, printf), instead of printing it."""

    def analyze(an, f, tail):
        scope = an.scope
        arity, scope.recur_arity = scope.recur_arity, None  # recur cannot leave the capture
        try:
            return WithOutStr(an.body(f.items[1:], False))
        finally:
            scope.recur_arity = arity

    def closure(compiler, node):
        ctx, body = compiler.ctx, compiler.compile(node.body)

        def run(fr):
            b = ctx.budget
            outer, b.capture = b.capture, []
            try:
                body(fr)
                text = "".join(b.capture)
            finally:
                b.capture = outer
            _budget.charge_size(len(text), "string")
            return text
        return run
