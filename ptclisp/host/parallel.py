"""`pmap` and `pcalls` (spec 8.1): run functions, typically tool calls, in parallel.

- Results keep input order. Concurrency is bounded by `Limits.max_parallel` worker threads;
  each worker takes the next item until none is left. Workers start as branches call tools
  (see _Group), so pure computation runs on one worker.
- Sync tools run on those worker threads; async tools are awaited on the run's one event loop
  (tools.py), so both overlap.
- One shared deadline: the run's. The first failure fails the whole form: items not yet
  started never start, branches in flight finish (their tool calls are logged), later tool
  calls in them are refused. The error names the failing item in its stack.
- `return`/`fail` inside a branch are errors. `println` output in branches is dropped (spec
  8.13), `def` in a branch writes the run's memory (PtcRunner isolates it; ours is shared).
- A pmap/pcalls inside a branch runs its items one after another in that branch.
"""
from __future__ import annotations

import sys
import threading

from ..run import budget as _budget
from ..sandbox import deepstack
from .. import messages
from . import tools as _tools
from ..core.registry import builtin
from ..core.support import as_fn, seq
from ..errors import EvalError, Fail, PtcError, Return
from ..run.evaluator import BranchingContext, Context, call_value

DEFAULT_MAX_PARALLEL = 8
NORMAL_STACK = 8 * 1024 * 1024  # what a thread gets by default on Linux
MAX_STACK_FRAMES = 8
WAIT_SLICE = 0.02  # seconds the run's thread waits on its branches between chances to be stopped
_local = threading.local()


@builtin("pmap", arity=(2, None),
         doc="Like map, but calls f on the items in parallel (bounded concurrency, order kept); "
             "meant for tool calls.",
         example=(("(pmap inc [1 2 3])", "[2 3 4]"), ("(pmap + [1 2 3] [10 20])", "[11 22]"),
                  ("(pmap str \"ab\")", "[\"a\" \"b\"]")),
         signature="(pmap f coll & colls)")
def pmap(f, coll, *colls):
    fn = as_fn(f, "pmap")
    seqs = [list(seq(c, "pmap")) for c in (coll, *colls)]
    n = min(len(s) for s in seqs)
    return run_parallel("pmap", [(fn, tuple(s[i] for s in seqs)) for i in range(n)])


@builtin("pcalls", arity=(0, None),
         doc="Calls the zero-argument functions in parallel; a vector of their results, in order.",
         example=(("(pcalls #(+ 1 1) #(* 2 3) #(- 10 5))", "[2 6 5]"), ("(pcalls)", "[]")),
         signature="(pcalls f & fs)")
def pcalls(*fns):
    return run_parallel("pcalls", [(as_fn(f, "pcalls"), ()) for f in fns])


def run_parallel(who: str, jobs: list) -> list:
    """Results of calling each (fn, args) job, in order, on up to max_parallel threads."""
    if not jobs:
        return []
    parent = _budget.current()
    limit = getattr(parent.limits, "max_parallel", DEFAULT_MAX_PARALLEL) if parent else DEFAULT_MAX_PARALLEL
    if getattr(_local, "branch", False) or len(jobs) == 1 or limit <= 1:
        return [_call(who, i, fn, args) for i, (fn, args) in enumerate(jobs)]
    ctx = parent.context if parent is not None else None
    settle = getattr(ctx.tools, "settle_in_place", None) if ctx is not None else None
    if settle is not None:  # data= read in place: a branch's tool may change it (inplace.py)
        settle()
    branching = type(ctx) is Context
    if branching:
        ctx.__class__ = BranchingContext  # functions meter on their own thread's budget
    try:
        return _Group(who, jobs, parent).run(min(limit, len(jobs)))
    finally:
        if branching:
            ctx.__class__ = Context


def _start_worker(target, who: str):
    """A daemon thread; with a stack sized like the big-stack run's when the recursion limit
    was raised for one (deepstack.py), so deep recursion in a branch cannot overflow it."""
    limit = sys.getrecursionlimit()
    if limit > deepstack.frames_for(NORMAL_STACK):
        deepstack._start_thread(target, deepstack.stack_bytes(limit))
    else:
        threading.Thread(target=target, name=f"ptclisp-{who}", daemon=True).start()


def _call(who: str, i: int, fn, args):
    """One branch: fn(*args), with return/fail turned into errors and the item named on errors."""
    try:
        return call_value(fn, args)
    except PtcError as e:
        if len(e.stack) < MAX_STACK_FRAMES:
            e.stack.append((messages.parallel_branch(who, i), None))
        raise
    except (Return, Fail) as signal:
        kind = "return" if isinstance(signal, Return) else "fail"
        raise EvalError(messages.signal_in_parallel(kind, who), code="parallel") from None


class _Group:
    """The worker threads of one pmap/pcalls and what they share.

    It starts with one worker; each time a worker is about to call a tool (and so may wait on
    the host), another worker starts, up to the limit. Branches that call tools overlap at
    once, while a pure function is not slowed down by threads fighting for the interpreter.
    """

    def __init__(self, who: str, jobs: list, parent):
        self.who, self.jobs, self.parent = who, jobs, parent
        self.toolset = _tools.current()
        self.results = [None] * len(jobs)
        self.lock = threading.Lock()
        self.cancel = threading.Event()
        self.done = threading.Event()
        self.next = 0
        self.limit = 1
        self.active = 0
        self.error: BaseException | None = None
        self.closed = False
        self.steps = 0
        counted = parent is not None and parent.limits.max_steps is not None
        self.start_steps = parent.steps_left if counted else None

    def run(self, limit: int) -> list:
        self.limit = limit
        with self.lock:
            self._spawn()
        finished = False
        p = self.parent
        if p is not None:
            p.pause()  # the branches meter their own work; waiting on them is not this thread's
        try:
            finished = self._wait()
        finally:
            if p is not None:
                p.resume()
            with self.lock:
                self.closed = True
                error = self.error
            self.cancel.set()
        if error is not None:
            raise error
        if not finished:
            raise p.wall_error()
        if self.parent is not None and self.steps:
            self.parent.tick(self.steps)
        return self.results

    def _spawn(self):
        """Start one more worker (the lock is held); without a free thread, carry on with fewer."""
        self.active += 1
        try:
            _start_worker(self.work, self.who)
        except RuntimeError:  # the host is out of threads
            self.active -= 1
            if self.active == 0:
                raise

    def before_host_call(self):
        """A worker is about to call a tool: refuse if the form failed, else maybe add a worker."""
        if self.cancel.is_set():
            raise EvalError(messages.PARALLEL_CANCELLED, code="parallel")
        with self.lock:
            if self.active < self.limit and self.next < len(self.jobs) and not self.closed:
                self._spawn()

    def _wait(self) -> bool:
        """Wait for the branches in short slices, so a stop for the run (its memory, its
        deadline) lands here within WAIT_SLICE; False when the deadline came first."""
        p = self.parent
        while True:
            left = self._timeout()
            if self.done.wait(WAIT_SLICE if left is None else min(WAIT_SLICE, left)):
                return True
            if p is not None and p.pending_stop is not None:  # the watchdog's stop (memory)
                raise p.pending_stop()
            if left is not None and left <= WAIT_SLICE:
                return self.done.is_set()

    def _timeout(self):
        p = self.parent
        if p is None or p.wall_deadline == float("inf"):
            return None
        return max(p.wall_deadline - p.clock(), 0.0)

    def work(self):
        child = self._child_budget()
        old_budget = _budget.install(child)
        old_tools = _tools.activate(self.toolset, self)
        _local.branch = True
        try:
            self._loop()
        finally:
            _local.branch = False
            _tools.restore(old_tools)
            _budget.install(old_budget)
            with self.lock:
                if child is not None and self.start_steps is not None:
                    self.steps += max(self.start_steps - child.steps_left
                                      + (child.period - child.countdown), 0)
                self.active -= 1
                if self.active == 0:
                    self.done.set()

    def _loop(self):
        while not self.cancel.is_set():
            with self.lock:
                i = self.next
                self.next += 1
            if i >= len(self.jobs):
                return
            fn, args = self.jobs[i]
            try:
                self.results[i] = _call(self.who, i, fn, args)
            except BaseException as e:  # the first failure fails the form; re-raised by run()
                with self.lock:
                    if self.error is None and not self.closed:
                        self.error = e
                self.cancel.set()
                return

    def _child_budget(self):
        """A budget for one worker: the run's limits and deadline, its own prints (dropped)."""
        p = self.parent
        if p is None:
            return None
        c = _budget.Budget(p.limits, clock=p.clock, wall_clock=p.wall_clock)
        c.work_deadline, c.wall_deadline, c.deadline = p.work_deadline, p.wall_deadline, p.deadline
        c.depth, c.steps_left = p.depth, p.steps_left
        c.catalog, c.trace_span = p.catalog, p.trace_span
        c.halt = self.cancel  # once the form has failed, the branch stops at its next check
        return c
