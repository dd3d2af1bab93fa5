"""Process isolation (opt-in): the program runs in a worker process the host can kill.

`Limits(isolation="process")` makes `sandbox.run_program` hand the run to `run_in_worker`:
- Workers come from a pool (`POOL`) of warm processes forked from a forkserver that has
  already imported ptclisp and built its grammar, so a replacement starts in milliseconds.
  A Session keeps using the same worker while it can (its functions live there).
- In the worker: an address-space limit (RLIMIT_AS) and a CPU-time limit per run
  (RLIMIT_CPU), plus the same watchdog and limits as in-process.
- The host waits for the result, serving tool calls meanwhile: every `(tool/x ...)` is sent
  to the host, which runs the Session's own ToolSet (logging, checks, journal) and sends back
  the value or the error. Calls from pmap branches run on host threads, in parallel.
- The host kills the worker when the deadline plus KILL_GRACE has passed, or when its
  resident memory grows past max_memory_mb (read from /proc every POLL seconds); the run
  ends with LimitExceeded (timeout / max_memory_mb). A worker that dies otherwise gives
  InternalError. Memory is untouched by any of these (transactions).
- Values cross by pickle. Functions do not: the worker keeps the functions it made and the
  host holds `RemoteFunction` handles; a handle whose worker is gone raises an EvalError
  asking to define the function again.
The Result has the same shape as in-process. This module is the host side; the pickling rules
are in sandbox/wire.py and the worker's side in sandbox/worker.py.
"""
from __future__ import annotations

import copy
import itertools
import os
import pickle
import signal
import socket
import subprocess
import sys
import threading
import time
import weakref
from multiprocessing.connection import Connection

import attrs

from ..run import budget as _budget
from .. import errors, messages
from ..host.tooldef import Tool
from .watchdog import call_watched
from .worker_catalog import CATALOG_TOOL
from .worker_catalog import host_call as host_catalog_call
from .wire import dumps, loads

KILL_GRACE = 0.25  # seconds past the deadline before the host kills a worker
KILL_MEMORY_FACTOR = 1.25  # growth past max_memory_mb times this: the host kills the worker
POLL = 0.02  # seconds between the host's checks while it waits
START_TIMEOUT = 60.0  # seconds a new worker may take to become ready
MAX_IDLE = 2  # warm workers kept ready


# ---------------------------------------------------------------- the host side

class Worker:
    """One worker process (a child of the zygote) and the host's end of its socket."""

    def __init__(self, conn, pid: int):
        self.conn = conn
        self.pid = pid
        self.dead = False
        self.send_lock = threading.Lock()

    def send(self, obj):
        with self.send_lock:
            self.conn.send_bytes(dumps(obj))

    def alive(self) -> bool:
        if self.dead:
            return False
        try:
            os.kill(self.pid, 0)
            return True
        except OSError:
            return False

    def kill(self):
        self.dead = True
        try:
            os.kill(self.pid, signal.SIGKILL)
        except OSError:
            pass
        try:
            self.conn.close()
        except OSError:
            pass

    def rss(self) -> int | None:
        """The worker's resident memory in bytes, or None where /proc is missing."""
        try:
            with open(f"/proc/{self.pid}/statm", "rb") as f:
                return int(f.read().split()[1]) * _PAGE
        except (OSError, ValueError, IndexError):
            return None


_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


class Zygote:
    """A warm Python process (ptclisp imported, grammar built) that forks workers on request.

    Workers get one end of a socketpair, passed over a control socket, so nothing of the host
    (its main module, its threads) is re-run or copied."""

    def __init__(self):
        self.ctrl, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
        code = "from ptclisp.sandbox.worker import zygote_main; zygote_main(%d)" % theirs.fileno()
        self.process = subprocess.Popen([sys.executable, "-c", code], pass_fds=[theirs.fileno()],
                                        env=env, stdin=subprocess.DEVNULL,
                                        start_new_session=True)  # no terminal signals
        theirs.close()
        self.lock = threading.Lock()

    def fork(self) -> Worker:
        """A new worker, ready to serve (InternalError if it does not come up)."""
        mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            with self.lock:
                socket.send_fds(self.ctrl, [b"f"], [theirs.fileno()])
        finally:
            theirs.close()
        conn = Connection(mine.detach())
        if not conn.poll(START_TIMEOUT):
            conn.close()
            raise errors.InternalError(messages.ISOLATION_WORKER_DIED)
        try:
            hello = conn.recv_bytes()
        except (EOFError, OSError):
            raise errors.InternalError(messages.ISOLATION_WORKER_DIED) from None
        return Worker(conn, int(hello.decode()))

    def alive(self) -> bool:
        return self.process.poll() is None

    def stop(self):
        try:
            self.ctrl.close()
            self.process.wait(5)
        except Exception:  # already gone
            self.process.kill()


class Pool:
    """Warm worker processes, handed out one run at a time."""

    def __init__(self, max_idle: int = MAX_IDLE):
        self.max_idle = max_idle
        self.idle: list[Worker] = []
        self.lock = threading.Lock()
        self.zygote: Zygote | None = None
        self.spawned = 0

    def _zygote(self) -> Zygote:
        with self.lock:
            if self.zygote is None or not self.zygote.alive():
                self.zygote = Zygote()
            return self.zygote

    def acquire(self, preferred: Worker | None = None) -> Worker:
        """An idle worker (preferred if it is idle), or a new one."""
        with self.lock:
            if preferred is not None and preferred in self.idle:
                self.idle.remove(preferred)
                worker = preferred
            else:
                worker = self.idle.pop() if self.idle else None
        if worker is None or not worker.alive():
            worker = self._new()
        self._refill()
        return worker

    def release(self, worker: Worker):
        """Give a worker back after a run (a dead one is dropped)."""
        if worker.dead:
            self._refill()
            return
        with self.lock:
            if len(self.idle) < self.max_idle * 4:
                self.idle.append(worker)
                return
        worker.kill()

    def _new(self) -> Worker:
        worker = self._zygote().fork()
        self.spawned += 1
        return worker

    def _refill(self):
        """Start warm workers in the background until max_idle are idle."""
        with self.lock:
            missing = self.max_idle - len(self.idle)
        for _ in range(max(missing, 0)):
            threading.Thread(target=self._spawn_idle, daemon=True).start()

    def _spawn_idle(self):
        try:
            worker = self._new()
        except Exception:  # a failed background start is retried on the next acquire
            return
        with self.lock:
            if len(self.idle) < self.max_idle:
                self.idle.append(worker)
                return
        worker.kill()

    def shutdown(self):
        """Stop every idle worker and the zygote."""
        with self.lock:
            idle, self.idle = self.idle, []
            zygote, self.zygote = self.zygote, None
        for w in idle:
            w.kill()
        if zygote is not None:
            zygote.stop()


POOL = Pool()
_affinity: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()  # Session -> its worker


_kept: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()  # Session -> worker's memory
_KEYS = itertools.count(2, 2)  # names of kept-memory states: a run's key, its commit key + 1
_ABSENT = object()


def run_in_worker(session, source: str, bud) -> tuple:
    """(status, value, error) of the program run in a worker; updates session/bud as in-process."""
    worker = POOL.acquire(_affinity.get(session))
    bud.start_clock()  # starting a worker (about 0.5 s) is not the program's time
    try:
        request = _request(session, source, worker)
        worker.send(("run", request))
        reply = _Host(session, worker, bud).serve()
        if isinstance(reply, dict) and reply.get("status") == "resync":  # it lost our memory
            _kept.pop(session, None)
            request = _request(session, source, worker)
            worker.send(("run", request))
            reply = _Host(session, worker, bud).serve()
    except BaseException:
        worker.kill()
        raise
    finally:
        POOL.release(worker)
    if worker.dead:
        _affinity.pop(session, None)
    else:
        _affinity[session] = worker
    return _apply(session, bud, reply, request, worker)


def _memory_fields(session, worker) -> dict:
    """The session memory for the request: whole, or only what changed since the state this
    worker keeps (so a big memory is not sent, and sent back, on every run)."""
    key = next(_KEYS)
    known = _kept.get(session)
    if known is None or known[0] is not worker:
        return {"memory": session.memory, "memory_base": None, "memory_key": key}
    _, base, values = known
    memory = session.memory
    return {"memory": None, "memory_base": base, "memory_key": key,
            "memory_delta": {n: v for n, v in memory.items() if values.get(n, _ABSENT) is not v},
            "memory_removed": [n for n in values if n not in memory]}


def _request(session, source: str, worker) -> dict:
    limits = session.limits
    budget_info = session.budget_info
    if callable(budget_info):
        budget_info = budget_info()
    return {
        "source": source, "limits": _worker_limits(limits), "data": session.data,
        "history": session.history, "tools": _tool_specs(session.tools),
        "journal": dict(session.journal) if session.journal is not None else None,
        "budget": budget_info, "now": _clock_for_worker(session.clock),
        "string_keys": session.string_keys,
        "upstream_servers": _upstream_servers(session),
        **_memory_fields(session, worker),
    }


def _upstream_servers(session):
    """The upstream names a worker's discovery knows (None: the session has no upstreams)."""
    catalog = getattr(session.upstreams, "catalog", None)
    return list(catalog.names()) if catalog is not None else None


def _worker_limits(limits):
    # the session's memory is charged by the host, which holds all of it
    return attrs.evolve(limits, isolation="none", max_session_memory_mb=None)


def _clock_for_worker(clock):
    try:
        pickle.dumps(clock)
        return clock
    except Exception:  # a local clock function: the worker sees the time the run started
        return clock()


def _tool_specs(toolset) -> list:
    specs = []
    for name in toolset:
        tool = toolset[name]
        spec = copy.copy(tool)
        spec.fn = None
        try:
            dumps(spec)
        except Exception:  # something in the definition cannot cross: keep the name only
            spec = _bare_spec(tool)
        specs.append(spec)
    return specs


def _bare_spec(tool):
    spec = Tool(lambda args: None, name=tool.name, takes="dict")
    spec.fn = None
    return spec


class _Host:
    """The host's side of one isolated run: wait, serve tool calls, kill when due."""

    def __init__(self, session, worker: Worker, bud):
        self.session, self.worker, self.bud = session, worker, bud
        limits = bud.limits
        self.deadline = (time.monotonic() + limits.timeout + KILL_GRACE
                         if limits.timeout is not None else float("inf"))
        self.mem_limit = (limits.max_memory_mb * 1024 * 1024
                          if limits.max_memory_mb is not None else None)
        self.base_rss = worker.rss()
        self.threads: list[threading.Thread] = []

    def serve(self):
        """The worker's reply (a dict), or _Killed when the host had to kill it."""
        conn = self.worker.conn
        previous = _budget.install(self.bud)  # host tool calls run under this run's budget
        try:
            while True:
                if conn.poll(POLL):
                    message = loads(conn.recv_bytes())
                    if message[0] == "done":
                        return message[1]
                    self._tool_call(*message[1:])
                    continue
                self._check()
        except (EOFError, OSError, pickle.UnpicklingError):
            return self._died()
        except _Killed as killed:
            return killed
        finally:
            _budget.install(previous)
            for t in self.threads:
                t.join()

    def _check(self):
        if not self.worker.alive():
            raise EOFError
        cancelled = self.bud.deadline == float("-inf")  # Session.cancel: no need to wait
        if cancelled or time.monotonic() > max(self.deadline, self.bud.deadline + KILL_GRACE):
            self.worker.kill()
            raise _Killed(self.bud.timeout_error())
        if self.mem_limit is not None and self.base_rss is not None:
            rss = self.worker.rss()  # the worker's own watchdog stops it at mem_limit first
            if rss is not None and rss - self.base_rss > self.mem_limit * KILL_MEMORY_FACTOR:
                self.worker.kill()
                raise _Killed(_budget.memory_error(self.bud.limits))

    def _died(self) -> dict:
        self.worker.kill()
        return {"status": "error", "error": errors.InternalError(messages.ISOLATION_WORKER_DIED)}

    def _tool_call(self, rid, name, args, on_branch):
        """Run one tool call on its own watched thread (joined at once unless from a branch)."""
        t = threading.Thread(target=self._run_tool, args=(rid, name, args), daemon=True)
        t.start()
        if on_branch:  # a pmap/pcalls branch: run it beside the others
            self.threads.append(t)
        else:
            t.join()

    def _run_tool(self, rid, name, args):
        """Call the tool under the watchdog: converting hostile data stops at the deadline."""
        previous = _budget.install(self.bud)
        try:
            if self.bud.remaining_time() <= 0:
                value, exc = None, _budget.Stop()
            else:
                fn = ((lambda: host_catalog_call(self.session, args)) if name == CATALOG_TOOL
                      else (lambda: self.session.tools.call(name, args)))
                value, exc = call_watched(fn, self.bud, self.bud.limits.max_memory_mb)
        except _budget.Stop as stop:  # a stop that landed before the watched call began
            value, exc = None, stop
        finally:
            _budget.install(previous)
        ok = exc is None
        reply = ("tool", rid, ok, value if ok else self._tool_error(name, exc))
        self.deadline = max(self.deadline, time.monotonic() + KILL_GRACE)
        try:
            self.worker.send(reply)
        except (OSError, ValueError, pickle.PicklingError):
            self.worker.send(("tool", rid, False, errors.ToolError(messages.tool_not_data(name),
                                                                    tool=name)))

    def _tool_error(self, name: str, exc: BaseException):
        """The error the program sees for a host tool call that ended in exc."""
        if isinstance(exc, errors.PtcError):
            return exc
        if isinstance(exc, _budget.MemoryStop):
            return _budget.memory_error(self.bud.limits)
        if isinstance(exc, _budget.Stop):
            return self.bud.timeout_error()
        if isinstance(exc, Exception):  # a broken ToolSet: the program sees a ToolError
            return errors.ToolError(messages.tool_failed(name, exc), tool=name)
        raise exc


class _Killed(Exception):
    """The host killed the worker; carries the run's error."""

    def __init__(self, error):
        super().__init__(error.message)
        self.error = error


def _apply(session, bud, reply: dict, request: dict, worker) -> tuple:
    """Move what the worker reported into the host's session and budget."""
    if isinstance(reply, _Killed):
        _kept.pop(session, None)
        return "error", None, reply.error
    bud.prints = reply.get("prints", [])
    if reply.get("summaries"):
        session.tools.summaries.update(reply["summaries"])
    if reply.get("journal") is not None and session.journal is not None:
        session.journal.clear()
        session.journal.update(reply["journal"])
    status = reply["status"]
    if status == "error":
        _kept[session] = (worker, request["memory_key"], dict(session.memory))
        return "error", None, reply["error"]
    memory = dict(session.memory)
    memory.update(reply.get("defs", {}))
    _kept[session] = (worker, request["memory_key"] + 1, dict(memory))
    session.ctx.memory = memory
    session.ctx.defined = reply.get("defined", [])
    return status, reply.get("value"), None


if sys.platform == "win32":  # pragma: no cover - no fork server, no resource limits
    def run_in_worker(session, source, bud):  # noqa: F811
        raise errors.InternalError(messages.ISOLATION_UNSUPPORTED)
