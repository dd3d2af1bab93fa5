"""`for` and `doseq`: nested loops over binding clauses with :let, :when and :while."""
from __future__ import annotations

from . import budget as _budget
from .. import messages
from ..core.endless import Endless, infinite_error
from ..core.seqs_endless import charge_taken
from ..core.support import seq
from .patterns import compile_pattern


def compile_for(compiler, node):
    """Compile a For node into `frame -> vector` (for) or `frame -> nil` (doseq)."""
    ctx = compiler.ctx
    steps = []
    for clause in node.clauses:
        kind = clause[0]
        if kind == "bind":
            steps.append(("bind", compile_pattern(clause[1], compiler), compiler.compile(clause[2])))
        elif kind == "let":
            steps.append(("let", [(compile_pattern(p, compiler), compiler.compile(v))
                                  for p, v in clause[1]]))
        else:
            steps.append((kind, compiler.compile(clause[1])))
    body = compiler.compile(node.body)
    last = len(steps)
    collect = node.collect
    stopped = [_stopped_by_while(steps, i) for i in range(last)]
    who = "for" if collect else "doseq"

    def emit(i, fr, out):
        """Run clauses from i; returns False when a :while asks its binding loop to stop."""
        if i == last:
            v = body(fr)
            if collect:
                out.append(v)
            return True
        step = steps[i]
        kind = step[0]
        if kind == "bind":
            bind, coll = step[1], step[2]
            b = ctx.budget
            c = coll(fr)
            for x in (_walk(c, stopped[i], who) if type(c) is Endless else seq(c, who)):
                b.countdown -= 1
                if b.countdown <= 0:
                    b.checkpoint()
                bind(fr, x)
                if emit(i + 1, fr, out) is False:
                    break
            return True
        if kind == "let":
            for bind, val in step[1]:
                bind(fr, val(fr))
            return emit(i + 1, fr, out)
        test = step[1](fr)
        if kind == "when":
            return emit(i + 1, fr, out) if test is not None and test is not False else True
        if test is None or test is False:  # :while
            return False
        return emit(i + 1, fr, out)

    def run(fr):
        out = [] if collect else None
        emit(0, fr, out)
        if collect:
            _budget.charge_size(len(out), "vector")
            return out
        return None
    return run


def _stopped_by_while(steps, i: int) -> bool:
    """True if the binding at i is followed by a :while before the next binding."""
    for step in steps[i + 1:]:
        if step[0] == "bind":
            return False
        if step[0] == "while":
            return True
    return False


def _walk(e: Endless, stopped: bool, who: str):
    """The items of an infinite sequence for a binding a :while stops; refused without one."""
    if not stopped:
        raise infinite_error(who, e, messages.HINT_INFINITE_FOR)
    n = 0
    for x in e:
        n += 1
        if n % 1024 == 0:
            charge_taken(n + 1024, who, e)
        yield x
