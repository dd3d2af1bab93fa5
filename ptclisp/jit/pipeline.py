"""Fused pipelines: nested map/filter/remove/keep (and a reduce with an init) as one loop.

`(->> xs (filter #(> (:total %) 20)) (map :total) (reduce + 0))` reads as three builtin calls,
each building a vector and calling its function per item. Over a big collection it runs here as
one generated loop instead: keyword stages are inline lookups, known builtins are inline int
arithmetic and tests, `fn`/`#()` literals are inlined with their parameter bound to the item,
and the steps its calls would take (one per call of a stage's function, for the items that
reach the stage) are charged per chunk of items rather than per item.

Only stages that cannot have effects are fused: a keyword, a pure first-order builtin, or a
function literal whose body calls nothing but those (no tools, prints, defs or calls of other
function values). So when the fused loop fails, the same builtins run unfused on the already
evaluated collection (and init): the program sees exactly the error, span and stack of the
unfused run, and nothing ran twice that anyone could see. The same goes for the step limit
(the fused loop gives back the steps it took) and for a call past the depth limit: the unfused
run meets them where the closure tier does. A pipeline node runs unfused until
it has gone over codegen.THRESHOLD items in all (one big collection, or a small one inside a
function called often): generating code costs more than it saves before. The generated loop
is kept by shape (jit/cache.py): the same pipeline in a new text reuses it.
"""
from __future__ import annotations

from ..compile import ast as A
from ..compile import analyzer
from . import codegen, fusion
from . import rt
from .codegen import Emitter, Named
from .cache import Spot, reuse
from ..core.seqs_base import items
from ..errors import LimitExceeded, PtcError
from ..run.common import CONVERTED, python_error
from ..lang.values import MISSING, Keyword, lookup
from ..host.inplace import FLAT, INT_LIMIT, InPlace, NotRaw, field, partial_records, raw_keyword
from ..host.door import from_python



class Unfuse(Exception):
    """The fused loop cannot fail as the unfused run would here (the depth limit inside a
    nested loop, whose stack names the inner function): the unfused run gives the error."""


_FUSE_ERRORS = (PtcError, Unfuse, *CONVERTED)
_RAW_ERRORS = (NotRaw, *_FUSE_ERRORS)
_IN_PLACE_SOURCES = (A.Data, A.ToolCall)  # what may hand a pipeline a list read in place


def compile_pipeline(compiler, node):
    """A closure `frame -> value` running the pipeline node, or None if it is not one."""
    stages = fusion.stages(node)
    if stages is None:
        return _compile_partial(compiler, node)
    reduce_ = stages[-1] if stages[-1].kind == "reduce" else None
    src_node = stages[0].node.args[-1]
    found = prefix_reads(stages) if type(src_node) in _IN_PLACE_SOURCES else None
    src_c = (_source_as_it_comes(compiler, src_node) if type(src_node) is A.Data or found is not None
             else compiler.compile(src_node))
    init_c = compiler.compile(reduce_.node.args[1]) if reduce_ else None
    makers = [compiler.compile(s.fn) for s in stages]  # function values for the unfused run
    fused = None
    raw = None
    raw_ok = found is not None  # a raw fused loop may read the records in place
    reads = found[0] if found is not None and found[1] else None  # or maps of these keys
    seen = 0  # items this node has run over: a node run often over small collections is hot too
    ctx = compiler.ctx

    def unfused(fr, src, init):
        return _unfused(stages, makers, reduce_, fr, src, init)

    def run(fr):
        nonlocal fused, raw, seen
        init = init_c(fr) if init_c is not None else None
        src = src_c(fr)
        if type(src) is InPlace:
            if raw_ok and len(src.host) >= codegen.THRESHOLD:
                if raw is None:
                    raw = codegen.compile_or_keep(_compile_cached, compiler, stages, False, True)
                if raw is not False:  # a record that is no host dict, or an error: the converted run
                    v = _attempt(raw, stages, ctx.budget, fr, src, init, _RAW_ERRORS)
                    if v is not MISSING:
                        return v
            src = _partial_or_whole(src, reads)
        if type(src) is list:
            seen += len(src)
        if type(src) is list and seen >= codegen.THRESHOLD:
            if fused is None:
                fused = codegen.compile_or_keep(_compile_cached, compiler, stages, False)
            if fused is not False:  # an error: the unfused run gives the program its error
                v = _attempt(fused, stages, ctx.budget, fr, src, init, _FUSE_ERRORS)
                if v is not MISSING:
                    return v
        return unfused(fr, src, init)
    return run


def _attempt(loop, stages, b, fr, src, init, fallback):
    """loop's value, or MISSING when it failed with one of the fallback errors or the step
    limit: the steps it charged are given back, and the unfused run goes over the items again
    (the stages have no effects), meeting the limit or the error exactly where the closure
    tier meets it, and charging what that tier charges. Any other limit (the clock) is the
    run's, placed at the pipeline."""
    left, countdown, period = b.steps_left, b.countdown, b.period
    try:
        return loop(fr, src, init)
    except LimitExceeded as e:
        if e.limit != "max_steps":
            raise e.with_span(stages[0].node.span, stages[0].node.form)
    except fallback:
        pass
    b.steps_left, b.countdown, b.period = left, countdown, period
    return MISSING


def _compile_partial(compiler, node):
    """A closure for a pipeline that cannot be fused but reads data in place record by record
    (its stages before the first map, keep or reduce read their item only by keyword), else
    None. Data not read in place runs the plain call, as if this were no pipeline."""
    stages = fusion.stages(node, any_fn=True)
    if stages is None or type(stages[0].node.args[-1]) not in _IN_PLACE_SOURCES:
        return None
    reads = field_reads(stages)
    if reads is None:
        return None
    in_data = type(stages[0].node.args[-1]) is A.Data
    src_c = _source_as_it_comes(compiler, stages[0].node.args[-1])
    reduce_ = stages[-1] if stages[-1].kind == "reduce" else None
    init_c = compiler.compile(reduce_.node.args[1]) if reduce_ else None
    makers = [compiler.compile(s.fn) for s in stages]
    plain = compiler.plain_builtin_call(node)

    def run(fr):
        if in_data and type(src_c(fr)) is not InPlace:
            return plain(fr)
        init = init_c(fr) if init_c is not None else None
        src = src_c(fr)
        if type(src) is InPlace:
            src = _partial_or_whole(src, reads)
        return _unfused(stages, makers, reduce_, fr, src, init)
    return run


def _source_as_it_comes(compiler, node):
    """A closure giving a pipeline's source as it comes: data/NAME, which may be an InPlace
    (host/inplace.py), or a tool call that may return its big result as one."""
    if type(node) is A.ToolCall:
        return compiler.tool_call(node, in_place=True)
    ctx, name = compiler.ctx, node.name
    return lambda fr: lookup(ctx.data, name)


def _unfused(stages, makers, reduce_, fr, src, init):
    """The stages' builtins one after another on src, with the errors their calls give."""
    v = src
    for s, make in zip(stages, makers):
        v = _call(s.node, (make(fr), init, v) if s is reduce_ else (make(fr), v))
    return v


def raw_field(record: dict, k: Keyword, found, string_keys: bool, under):
    """`(k record)` read in place where the record's str key k.name holds no plain scalar
    (found: what it holds, MISSING when absent) or the record has the key k itself: the
    other spelling (under: the keyword k.name with _ for -, or None when that is k) read in
    place when only str keys can answer, nil when none does; else inplace.field (the value
    converted, or the converted record's lookup)."""
    if found is MISSING and k not in record:
        if under is None:
            return None  # no str key k.name, no key :k: nothing the lookup tries is there
        if under not in record:
            found = record.get(under.name, MISSING)
            if found is MISSING:
                return None
            t = type(found)
            if t in FLAT or t is int and -INT_LIMIT < found < INT_LIMIT:
                return found
    return field(record, k, found, string_keys)


def raw_list(record: dict, k: Keyword, found, string_keys: bool) -> list:
    """The host list `(k record)` reads where the record's str key k.name holds no list (found:
    what it holds, MISSING when absent) or the record has the key k itself: the list under the
    other spelling (k.name with _ for -), [] for nil or nothing under any spelling the flexible
    lookup tries; NotRaw for anything else, and wherever a keyword key of the record may answer
    (the converted run reads it)."""
    under = Keyword(k.name.replace("-", "_")) if "-" in k.name else None  # :line_items
    if k in record or under is not None and under in record:
        found = field(record, k, MISSING, string_keys)  # the converted record's lookup
        if found is not None:
            raise NotRaw
    elif found is MISSING and under is not None:
        found = record.get(under.name, MISSING)
    if found is None or found is MISSING:  # no key the door turns into a spelling tried
        return []
    if type(found) is list:
        return found
    raise NotRaw


def _partial_or_whole(src: InPlace, reads):
    """The records of src as maps of only the keys `reads` names (what the stages can see of
    them), else (no reads, or a record that is no host dict) the whole list converted."""
    if reads is not None:
        try:
            return partial_records(src, reads)
        except NotRaw:
            pass
    return src.value()


def _call(node, args):
    """node's builtin on args, failing as the closure tier's builtin call does."""
    b = node.builtin
    try:
        return b.fn(*args)
    except PtcError as e:
        raise e.with_span(node.span, node.form)
    except CONVERTED as exc:
        raise python_error(exc, b.fn.ptc_name, args).with_span(node.span, node.form) from None


# ---------------------------------------------------------------- the fused loop

def _compile_cached(compiler, stages, raw=False):
    """_compile_fused, or the code it built before for stages of the same shape (the source
    collection and the init are not part of it: the loop takes their values)."""
    shape = [(s.kind, s.node.builtin, s.fn, Spot(s.node.form, s.node.span)) for s in stages]
    ns: dict = {}
    return reuse("pipe_raw" if raw else "pipe", shape, compiler.ctx, ns,
                 lambda: _compile_fused(compiler, stages, ns, raw))


def _compile_fused(compiler, stages, ns, raw=False):
    """`pipe(fr, src, init)`: the whole pipeline as one loop (see the module docstring);
    codegen.compile_or_keep keeps the unfused run when a node needs the frame (NeedsFrame).
    raw: src is an InPlace whose records the stages before the first map read by keyword only
    (prefix_reads): they read the host's dicts as they are."""
    em = Emitter(compiler, ns, fast=True)
    em.ns.update(g_items=items, g_CHUNK=rt.CHUNK, g_NotRaw=NotRaw, g_FLAT=FLAT, g_field=raw_field,
                 g_raw_list=raw_list,
                 g_cook=from_python, g_Unfuse=Unfuse, g_IL=INT_LIMIT, g_NIL=-INT_LIMIT)
    em.nested_loop = _emit_nested
    em.emit(1, "g_fb = g_ctx.budget")
    if raw:
        em.emit(1, "xs = src.host")
        em.emit(1, "g_sk = src.string_keys")
    else:
        em.emit(1, f"xs = g_items(src, {em.bind(stages[0].node.builtin.fn.ptc_name)})")
    r = _emit_loop(em, stages, "xs", "init", 1, 0, raw, lambda outer: f"fr[{outer}]")
    em.emit(1, f"return {r}")
    return em.build("pipe", "fr, src, init")


def _emit_nested(em, node, d) -> str:
    """A pipeline inside a fused stage's function, emitted as a loop nested in the fused one.
    Its source is a keyword read of a host record (raw) when its own stages read their items
    by keyword only: then the host's list is walked as it is (found as the flexible lookup
    finds it: raw_list; nil is empty; anything else is NotRaw: the converted run)."""
    stages = fusion.nested_stages(node)
    reduce_ = stages[-1] if stages[-1].kind == "reduce" else None
    init = em.expr(reduce_.node.args[1], d) if reduce_ is not None else "None"
    src = stages[0].node.args[-1]
    raw = (type(src) is A.KeywordCall and len(src.args) == 1 and raw_keyword(src.keyword)
           and type(src.args[0]) is A.Local and em.slot(src.args[0].slot) in em.raw_vars
           and prefix_reads(stages) is not None)
    xs = em.temp()
    if raw:
        record = em.slot(src.args[0].slot)
        em.emit(d, f"{xs} = {record}.get({src.keyword.name!r}, g_M)")
        k = em.bind(src.keyword)
        em.emit(d, f"if type({xs}) is not list or {k} in {record}:")
        em.emit(d + 1, f"{xs} = g_raw_list({record}, {k}, {xs}, g_sk)")
    else:
        coll = em.expr(src, d)
        em.emit(d, f"{xs} = g_items({coll}, {em.bind(stages[0].node.builtin.fn.ptc_name)})")
    return _emit_loop(em, stages, xs, init, d, em.fused_depth + 1, raw, em.slot)


def _emit_loop(em, stages, xs, init, d, level, raw, captured_at) -> str:
    """Emit the loop of stages over the list named xs at indent d; returns the name of its
    result. level: how many fused loops enclose it (its inlined calls are that much deeper);
    captured_at: where the value of a slot the stage functions capture is (called before
    the stages' own slots are named).

    Limits as in the closure tier, which the loop falls back to (_attempt) rather than fail
    itself: a call the closure tier would make past the depth limit, or the step limit met,
    is the unfused run's to report (Unfuse, or the step limit given back). Each inlined call
    of a stage's function is one step, counted for the items that reach that stage (every item
    reaches the stages up to the first filter, remove or keep) and charged after each chunk."""
    calls = [type(s.fn) is A.Fn for s in stages]
    n, lo, x = em.temp(), em.temp(), em.temp()
    em.emit(d, f"{n} = len({xs})")
    if any(calls):  # each inlined call would have been one level deeper
        em.emit(d, f"if {n} and g_fb.depth + {level} >= g_fb.max_depth:")
        em.emit(d + 1, "raise g_Unfuse")
    prefixes = [f"{level}_{next(em.names)}_" for _ in stages]  # each function's slots apart
    for s, prefix in zip(stages, prefixes):
        if type(s.fn) is A.Fn:
            for outer, inner in s.fn.captures:
                em.emit(d, f"s{prefix}{inner} = {captured_at(outer)}")
    terminal = stages[-1].kind == "reduce"
    acc = em.temp()
    em.emit(d, f"{acc} = {init}" if terminal else f"{acc} = []")
    every = next((i for i, s in enumerate(stages) if s.kind in _NARROWING), len(stages))
    per_item = sum(calls[:every + 1])  # calls every item makes
    counted = any(calls[every + 1:])  # calls only the items that pass the narrowing stages make
    steps = em.temp()
    em.emit(d, f"for {lo} in range(0, {n}, g_CHUNK):")
    if not per_item:
        em.emit(d + 1, "g_fb.check_time()")
    if counted:
        em.emit(d + 1, f"{steps} = 0")
    em.emit(d + 1, f"for {x} in {xs}[{lo}:{lo} + g_CHUNK]:")
    d += 2
    v = x
    if raw:
        em.emit(d, f"if type({x}) is not dict:")
        em.emit(d + 1, "raise g_NotRaw")
        em.raw_vars.add(x)
    saved = em.fused_depth, em.slot_prefix  # restored after: an enclosing stage goes on
    em.fused_depth = level
    try:
        for i, (s, prefix) in enumerate(zip(stages, prefixes)):
            em.slot_prefix = prefix
            if calls[i] and i > every:
                em.emit(d, f"{steps} += 1")
            if s.kind == "reduce":
                em.emit(d, f"{acc} = {_apply(em, s, [acc, v], d)}")
                continue
            r = _apply(em, s, [v], d)
            if s.kind == "map":
                v = r
            elif s.kind == "filter":
                em.emit(d, f"if not {r}:" if _bool_result(s.fn) else f"if {r} is None or {r} is False:")
                em.emit(d + 1, "continue")
            elif s.kind == "remove":
                em.emit(d, f"if {r}:" if _bool_result(s.fn) else f"if {r} is not None and {r} is not False:")
                em.emit(d + 1, "continue")
            else:  # keep
                em.emit(d, f"if {r} is None:")
                em.emit(d + 1, "continue")
                v = r
    finally:
        em.fused_depth, em.slot_prefix = saved
    if not terminal:
        em.emit(d, f"{acc}.append(g_cook({v}, g_sk))" if v in em.raw_vars else f"{acc}.append({v})")
    if per_item or counted:
        charge = [f"{per_item} * min(g_CHUNK, {n} - {lo})"] if per_item else []
        em.emit(d - 1, f"g_fb.countdown = g_fb.countdown - {' - '.join(charge + ([steps] if counted else []))}")
        em.emit(d - 1, "if g_fb.countdown <= 0:")
        em.emit(d, "g_fb.checkpoint()")
    return acc


_NARROWING = frozenset({"filter", "remove", "keep"})  # stages that may drop an item


def _apply(em, stage, values, d) -> str:
    """Emit stage's function on values (Python names); returns the result's name."""
    f, node = stage.fn, stage.node
    if type(f) is A.Const and type(f.value) is Keyword:
        return em.expr(A.KeywordCall(f.value, (Named(values[0]),), node.form, node.span), d)
    if type(f) is A.Const:
        call = A.BuiltinCall(analyzer._builtin_of(f.value), tuple(Named(x) for x in values),
                             node.form, node.span)
        return em.expr(call, d)
    bound = set()
    for p, x in zip(f.params, values):
        if type(p) is A.PBind:
            em.emit(d, f"{em.slot(p.slot)} = {x}")
            bound.add(p.slot)
            if x in em.raw_vars:  # a host record: its keyword reads read the dict (raw mode)
                em.raw_vars.add(em.slot(p.slot))
    bound.update(inner for _, inner in f.captures)
    rest = [em.slot(i) for i in range(f.nslots) if i not in bound]
    if rest:
        em.emit(d, " = ".join(rest) + " = None")
    em.cache_int_tests(f.params, f.body, d)
    return em.expr(f.body, d)


def _bool_result(f) -> bool:
    """True if the function f (a stage's argument) always returns true or false."""
    if type(f) is A.Fn:
        f = f.body
        return type(f) is A.BuiltinCall and f.builtin.fn.ptc_name in codegen.BOOL_RESULT
    return type(f) is A.Const and getattr(f.value, "ptc_name", None) in codegen.BOOL_RESULT


# ---------------------------------------------------------------- records read in place

def prefix_reads(stages):
    """(keywords, ended) when each stage up to the first map, keep or reduce (ended: one of
    those comes) uses its item only as `(:k item)` with a literal keyword that crosses the
    door as itself, else None. A raw fused loop may then run; and when ended, maps holding
    just those keys are all the stages can tell of a record."""
    keys: dict = {}
    for s in stages:
        f = s.fn
        if type(f) is A.Const and raw_keyword(f.value):
            keys[f.value] = None
        elif type(f) is A.Fn and f.rest is None:
            i = 1 if s.kind == "reduce" else 0
            p = f.params[i] if i < len(f.params) else None
            if type(p) is A.PBind:
                found = _keywords_read(f.body, p.slot)
                if found is None:
                    return None
                keys.update(dict.fromkeys(found))
            elif type(p) is not A.PIgnore:
                return None
        else:
            return None
        if s.kind in ("map", "keep", "reduce"):
            return tuple(keys), True
    return tuple(keys), False


def _keywords_read(body, slot: int):
    """The keywords k of `(:k slot)` in body when that is every use of local `slot`, else
    None (an inner function capturing it counts as another use; inner functions have their
    own slots)."""
    uses, keys = 0, []
    for n in fusion.nodes(body):
        t = type(n)
        if t is A.Local and n.slot == slot:
            uses += 1
        elif t is A.Fn and any(outer == slot for outer, _ in n.captures):
            return None
        elif t is A.KeywordCall and len(n.args) == 1 and type(n.args[0]) is A.Local \
                and n.args[0].slot == slot:
            if not raw_keyword(n.keyword):
                return None
            keys.append(n.keyword)
    return keys if uses == len(keys) else None


def field_reads(stages):
    """The keywords of prefix_reads when a map, keep or reduce ends the prefix, else None."""
    found = prefix_reads(stages)
    return found[0] if found is not None and found[1] else None

