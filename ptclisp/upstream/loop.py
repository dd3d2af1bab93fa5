"""The event loop thread of one upstream host: it owns the MCP clients; callers submit to it."""
from __future__ import annotations

import asyncio
import concurrent.futures
import threading


class LoopThread:
    """An asyncio loop running forever on a daemon thread, started on first use."""

    def __init__(self, name: str = "ptclisp-upstreams"):
        self.name = name
        self._loop: asyncio.AbstractEventLoop | None = None
        self._lock = threading.Lock()

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        with self._lock:
            if self._loop is None or self._loop.is_closed():
                loop = asyncio.new_event_loop()
                threading.Thread(target=loop.run_forever, name=self.name, daemon=True).start()
                self._loop = loop
            return self._loop

    def submit(self, coro) -> concurrent.futures.Future:
        """Schedule a coroutine on the loop; the caller waits on the returned future."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def run(self, coro, timeout: float | None = None):
        """Run a coroutine on the loop and wait for its result (TimeoutError past timeout)."""
        future = self.submit(coro)
        try:
            return future.result(timeout)
        except concurrent.futures.TimeoutError:
            future.cancel()
            raise

    def stop(self) -> None:
        """Stop the loop (after its clients are closed)."""
        with self._lock:
            loop, self._loop = self._loop, None
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(loop.stop)
