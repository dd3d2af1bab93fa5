"""The worker side of process isolation: the zygote that forks workers, and a worker's loop.

A worker runs each program in an ordinary Session whose tools are a `RemoteToolSet`: every
call goes to the host over the worker's socket and the reply comes back matched by id. The
functions a worker makes stay in it (`_Functions`), known to the host by token.
"""
from __future__ import annotations

import ctypes
import gc
import itertools
import os
import signal
import socket
import threading
import time
from collections import OrderedDict

from multiprocessing.connection import Connection

from ..run import budget as _budget
from .. import errors, messages
from .deepstack import stack_bytes
from .worker_catalog import RemoteUpstreams
from .wire import dumps, loads
from ..lang.reader import read
from .walls import FRAMES_PER_CALL
from ..session import Session
from ..host.arguments import bind_arguments
from ..host.tools import ToolSet

try:
    import resource
except ImportError:  # pragma: no cover - not on this platform: no OS limits for the worker
    resource = None

FUNCTION_CACHE = 50_000  # functions a worker keeps for later runs
AS_HEADROOM_MB = 512  # address space granted beyond the memory limit (thread stacks, arenas)
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096

class _Functions:
    """The functions a worker made, by token, for later runs (least recently used dropped)."""

    def __init__(self):
        self.by_token: OrderedDict = OrderedDict()
        self.token_of: dict[int, str] = {}
        self.counter = itertools.count()
        self.prefix = f"{os.getpid()}-{os.urandom(4).hex()}"

    def keep(self, fn) -> str:
        token = self.token_of.get(id(fn))
        if token is None:
            token = f"{self.prefix}-{next(self.counter)}"
            self.token_of[id(fn)] = token
            self.by_token[token] = fn
            if len(self.by_token) > FUNCTION_CACHE:
                _, old = self.by_token.popitem(last=False)
                self.token_of.pop(id(old), None)
        else:
            self.by_token.move_to_end(token)
        return token

    def lookup(self, token: str):
        return self.by_token.get(token)


def zygote_main(fd: int):
    """Entry point of the zygote: warm up once, then fork a worker for each socket received."""
    warm()
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # workers are reaped automatically
    ctrl = socket.socket(fileno=fd)
    while True:
        try:
            _, fds, _, _ = socket.recv_fds(ctrl, 1, 1)
        except OSError:
            return
        if not fds:
            return  # the host closed the control socket
        if os.fork() == 0:
            ctrl.close()
            signal.signal(signal.SIGCHLD, signal.SIG_DFL)
            _worker_process(fds[0])
            os._exit(0)
        os.close(fds[0])


def _worker_process(fd: int):
    worker_main(Connection(fd))


def worker_main(conn):
    """Entry point of a worker process: serve runs until told to stop or the host goes away."""
    try:
        _no_core_dumps()
        functions = _Functions()
        kept = _KeptMemory()
        conn.send_bytes(str(os.getpid()).encode())
        while True:
            data = conn.recv_bytes()
            try:
                message = loads(data, functions.lookup, strict=False)
            except Exception:  # the host sent something this process cannot rebuild
                reply = {"status": "error", "error": errors.InternalError(messages.INTERNAL)}
                conn.send_bytes(dumps(("done", reply), functions.keep))
                continue
            if message[0] == "exit":
                return
            if message[0] == "tool":  # a late reply to a call of a run that has ended
                continue
            reply = _serve_run(conn, message[1], functions, kept)
            conn.send_bytes(_reply_bytes(reply, message[1]["limits"], functions))
            if reply["status"] == "error":
                del reply
                _give_back()
    except (EOFError, OSError, KeyboardInterrupt):
        return


def _reply_bytes(reply: dict, limits, functions) -> bytes:
    """The pickled reply; a value nested too deeply to carry becomes a max_depth error."""
    try:
        return dumps(("done", reply), functions.keep)
    except RecursionError:
        error = _budget.Budget(limits).depth_error()
        return dumps(("done", {"status": "error", "error": error, "prints": reply.get("prints", [])}),
                     functions.keep)


def _give_back() -> None:
    """After a failed run: free what it built and hand the pages back to the system. A stopped
    run's values hang on reference cycles (its error's frames) until a full collection, and each
    run's address-space limit counts from the worker's size at its start: without this a worker
    reused across sessions grew by the memory wall at every run the wall stopped."""
    gc.collect()
    if _TRIM is not None:
        _TRIM(0)


def warm():
    """Warm the reader once before forking (the library was imported with this module)."""
    read("(+ 1 2)")


def _no_core_dumps():
    """A killed or crashed worker leaves no core file behind."""
    if resource is None:
        return
    try:
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    except (ValueError, OSError):
        pass


def _vm_bytes() -> int | None:
    try:
        with open("/proc/self/statm", "rb") as f:
            return int(f.read().split()[0]) * _PAGE
    except (OSError, ValueError, IndexError):
        return None


def _set_run_limits(limits):
    """Per run: the CPU-time and address-space limits of the worker."""
    if resource is None:
        return
    if limits.timeout is not None:
        used = time.process_time()
        soft = int(used + limits.timeout * 2 + 5)
        _, hard = resource.getrlimit(resource.RLIMIT_CPU)
        if hard == resource.RLIM_INFINITY or soft <= hard:
            resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))
    vm = _vm_bytes()
    if vm is not None and limits.max_memory_mb is not None:
        room = (limits.max_memory_mb + AS_HEADROOM_MB) * 1024 * 1024
        room += stack_bytes(limits.max_depth * FRAMES_PER_CALL + 1000)
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        soft = vm + room
        if hard == resource.RLIM_INFINITY or soft <= hard:
            resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


class _KeptMemory:
    """The session memory this worker holds between runs, so the host sends only changes.

    `key` names the state (chosen by the host); a request names the state it expects."""

    def __init__(self):
        self.key = None
        self.memory: dict = {}

    def rebuild(self, request: dict) -> dict | None:
        """The run's memory: sent whole, or the kept one with the host's changes (None when
        this worker does not hold the state the host expects: the host sends it whole)."""
        if request["memory"] is not None:
            memory = dict(request["memory"])
        elif self.key is not None and self.key == request["memory_base"]:
            memory = dict(self.memory)
            for name in request["memory_removed"]:
                memory.pop(name, None)
            memory.update(request["memory_delta"])
        else:
            return None
        self.key, self.memory = request["memory_key"], memory
        return memory

    def commit(self, key, memory: dict):
        self.key, self.memory = key, memory


def _serve_run(conn, request: dict, functions: _Functions, kept: _KeptMemory) -> dict:
    """Run one program in this worker; the reply the host applies."""
    memory = kept.rebuild(request)
    if memory is None:
        return {"status": "resync"}
    limits = request["limits"]
    _set_run_limits(limits)
    channel = _Channel(conn, functions)
    tools = _remote_toolset(request["tools"], channel)
    now = request["now"]
    clock = now if callable(now) else (lambda: now)
    s = Session(data=request["data"], tools=tools, limits=limits, memory=memory,
                clock=clock, journal=request["journal"], budget=request["budget"],
                string_keys=request["string_keys"])
    s.history = list(request["history"])
    if request.get("upstream_servers") is not None:
        s.upstreams = RemoteUpstreams(channel, request["upstream_servers"])
    try:
        r = s.run(request["source"])
    except MemoryError:
        return {"status": "error", "error": _budget.memory_error(limits)}
    reply = {"status": r.status, "prints": r.prints, "summaries": r.summaries,
             "journal": s.journal}
    if r.status == "error":
        reply["error"] = r.error
    else:
        defined = list(dict.fromkeys(s.ctx.defined))
        reply.update(value=r.value, defs={n: r.memory[n] for n in defined}, defined=defined)
        kept.commit(request["memory_key"] + 1, r.memory)  # the host knows this state as key + 1
    return reply


_CALL_IDS = itertools.count()


def _malloc_trim():
    """glibc's malloc_trim, or None where the C library has none (or cannot be opened)."""
    try:
        return getattr(ctypes.CDLL(None), "malloc_trim", None)
    except (OSError, TypeError):
        return None


_TRIM = _malloc_trim()


class _Channel:
    """The worker's end of tool calls: requests out, replies matched back by id."""

    def __init__(self, conn, functions: _Functions):
        self.conn, self.functions = conn, functions
        self.ids = _CALL_IDS  # unique in this worker: a late reply never matches a new call
        self.send_lock = threading.Lock()
        self.read_lock = threading.Lock()
        self.waiting: dict[int, list] = {}
        self.main = threading.get_ident()

    def call(self, name: str, args):
        rid = next(self.ids)
        slot = [threading.Event(), None]
        self.waiting[rid] = slot
        on_branch = threading.get_ident() != self.main
        with self.send_lock:
            self.conn.send_bytes(dumps(("tool", rid, name, list(args), on_branch),
                                       self.functions.keep))
        self._wait(slot)
        ok, value = slot[1]
        if ok:
            return value
        raise value

    def _wait(self, slot):
        while not slot[0].is_set():
            if self.read_lock.acquire(blocking=False):
                try:
                    while not slot[0].is_set():
                        if self.conn.poll(0.05):
                            _, rid, ok, value = loads(self.conn.recv_bytes(),
                                                      self.functions.lookup, strict=False)
                            waiter = self.waiting.pop(rid, None)
                            if waiter is not None:  # else: a late reply from an ended run
                                waiter[1] = (ok, value)
                                waiter[0].set()
                finally:
                    self.read_lock.release()
            else:
                slot[0].wait(0.005)


def _remote_toolset(specs, channel: _Channel):

    class RemoteToolSet(ToolSet):
        """The worker's tools: the host's definitions, every call carried to the host."""

        def call(self, name, args, span=None, logged=None, in_place=False):
            # the host logs the call (its Result.tool_calls); `logged` stays empty here, and
            # results cross the pipe converted (`in_place` is a hint this side cannot take)
            b = _budget.current()
            if b is not None:
                b.check_time()
                b.in_host = True
                b.pause()  # the host's tool time is not the program's work
            tool = self.get(name)
            if tool is not None:  # check and convert the arguments here, under this run's limits
                bind_arguments(tool, args)
            try:
                return channel.call(name, args)
            except errors.PtcError as e:
                raise e.with_span(span) if span is not None else e
            finally:
                if b is not None:
                    b.resume()
                    b.in_host = False

    ts = RemoteToolSet(None)
    ts.tools = {spec.name: spec for spec in specs}
    return ts
