"""Running a program again on a thread with a big C stack, when it nests too deeply.

A run starts on the caller's thread under Python's own recursion limit, which is sized for the
caller's stack. Deep Lisp recursion, or walking deeply nested data, raises RecursionError
there. Raising the recursion limit on the caller's stack instead would let C code (sorting
with a comparator, hashing nested tuples, generators inside `tuple(...)`) overflow the real
stack and crash the host process: a few hundred bytes to 5 KB of C stack per level, against
8 MB for a main thread. So the session runs such a program again from the start on a fresh
thread whose stack is sized for the recursion limit it sets (`call_on_big_stack`).

Tool calls made on that thread are carried out on the caller's thread
(`on_caller`), so host tools never see a thread they did not expect; the caller's thread
serves them while it waits.
"""
from __future__ import annotations

import queue
import sys
import threading

BYTES_PER_FRAME = 2048  # C stack per Python recursion level, with margin (worst seen: ~650)
MIN_STACK = 32 * 1024 * 1024
MAX_STACK = 1024 * 1024 * 1024
SHALLOW_MARGIN = 100  # Python frames kept free on the caller's thread for error handling

_local = threading.local()
_limit_lock = threading.Lock()
_raised = {"count": 0, "saved": None}
_DONE = object()


def shallow_depth(frames_per_call: int) -> int:
    """How many nested Lisp calls a run on the calling thread may make before it moves to a
    big stack: what the host's own recursion limit leaves above the current frame."""
    with _limit_lock:
        host_limit = _raised["saved"] if _raised["saved"] is not None else sys.getrecursionlimit()
    depth, frame = 0, sys._getframe()
    while frame is not None:
        depth, frame = depth + 1, frame.f_back
    return max(1, (host_limit - depth - SHALLOW_MARGIN) // frames_per_call)


def stack_bytes(recursion_limit: int) -> int:
    """The thread stack a recursion limit needs."""
    return max(MIN_STACK, min(MAX_STACK, recursion_limit * BYTES_PER_FRAME))


def frames_for(stack: int) -> int:
    """The recursion limit a stack of that many bytes can carry."""
    return stack // BYTES_PER_FRAME


def call_on_big_stack(fn, recursion_limit: int):
    """fn() on a new thread with a stack for recursion_limit frames; returns or raises as fn.

    While fn runs, the calling thread carries out what fn sends it through `on_caller`.
    """
    stack = stack_bytes(recursion_limit)
    limit = min(recursion_limit, frames_for(stack))
    inbox: queue.SimpleQueue = queue.SimpleQueue()
    box: dict = {}

    def target():
        _local.inbox = inbox
        _raise_limit(limit)
        try:
            box["value"] = fn()
        except BaseException as exc:  # handed to the calling thread, which re-raises it
            box["error"] = exc
        finally:
            _restore_limit()
            inbox.put(_DONE)

    thread = _start_thread(target, stack)
    _serve(inbox)
    thread.join()
    if "error" in box:
        raise box.pop("error")
    return box.get("value")


def on_caller(fn, *args):
    """fn(*args) on the thread that started this big-stack run (directly when there is none)."""
    inbox = getattr(_local, "inbox", None)
    if inbox is None:
        return fn(*args)
    reply: queue.SimpleQueue = queue.SimpleQueue()
    inbox.put((fn, args, reply))
    ok, value = reply.get()
    if ok:
        return value
    raise value


def _serve(inbox):
    while True:
        item = inbox.get()
        if item is _DONE:
            return
        fn, args, reply = item
        try:
            reply.put((True, fn(*args)))
        except BaseException as exc:  # the big-stack thread raises it where the call was made
            reply.put((False, exc))


def _start_thread(target, stack: int) -> threading.Thread:
    with _limit_lock:
        old = threading.stack_size()
        try:
            threading.stack_size(stack)
        except (ValueError, RuntimeError):  # the platform refuses: take what it gives
            pass
        try:
            thread = threading.Thread(target=target, name="ptclisp-deep", daemon=True)
            thread.start()
        finally:
            threading.stack_size(old)
    return thread


def _raise_limit(limit: int):
    """Raise the (process-wide) recursion limit while any big-stack run is active."""
    with _limit_lock:
        if _raised["saved"] is None:
            _raised["saved"] = sys.getrecursionlimit()
        _raised["count"] += 1
        sys.setrecursionlimit(max(sys.getrecursionlimit(), limit))


def _restore_limit():
    """Give the host its recursion limit back when the last big-stack run ends.

    Lowering the limit under a thread that is deeper than the new limit kills the process
    ("Cannot recover from stack overflow"), so the limit only comes down as far as the
    deepest thread allows; the rest waits for the next big-stack run to end.
    """
    with _limit_lock:
        _raised["count"] -= 1
        if _raised["count"] == 0:
            saved = _raised["saved"]
            deepest = max(map(_frames_below, sys._current_frames().values()), default=0)
            limit = max(saved, deepest + SHALLOW_MARGIN)
            sys.setrecursionlimit(limit)
            if limit == saved:
                _raised["saved"] = None


def _frames_below(frame) -> int:
    depth = 0
    while frame is not None:
        depth, frame = depth + 1, frame.f_back
    return depth
