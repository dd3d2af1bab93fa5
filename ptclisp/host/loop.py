"""An asyncio event loop on a daemon thread: async tools run on one, an upstream host's clients on another."""
from __future__ import annotations

import asyncio
import concurrent.futures
import threading


class LoopThread:
    """An asyncio loop running forever on a daemon thread, started on first use."""

    def __init__(self, name: str):
        self.name = name
        self._loop: asyncio.AbstractEventLoop | None = None
        self._lock = threading.Lock()

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        """The running loop (started, or started again after `stop`, on first use)."""
        with self._lock:
            if self._loop is None or self._loop.is_closed():
                loop = asyncio.new_event_loop()
                threading.Thread(target=loop.run_forever, name=self.name, daemon=True).start()
                self._loop = loop
            return self._loop

    def submit(self, coro) -> concurrent.futures.Future:
        """Schedule a coroutine on the loop; wait with `result` (its outcome is kept as a value,
        so one that fails after its waiter gave up is not reported as never retrieved)."""
        return asyncio.run_coroutine_threadsafe(_outcome(coro), self.loop)

    @staticmethod
    def result(future: concurrent.futures.Future, timeout: float | None = None):
        """The coroutine's value (or its exception raised); TimeoutError past timeout, after
        cancelling it."""
        try:
            ok, value = future.result(timeout)
        except concurrent.futures.TimeoutError:
            future.cancel()
            raise
        if not ok:
            raise value
        return value

    def run(self, coro, timeout: float | None = None):
        """Run a coroutine on the loop and wait for its result (TimeoutError past timeout)."""
        return self.result(self.submit(coro), timeout)

    def stop(self) -> None:
        """Stop the loop (after its clients are closed)."""
        with self._lock:
            loop, self._loop = self._loop, None
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(loop.stop)


async def _outcome(coro):
    try:
        return True, await coro
    except asyncio.CancelledError:
        raise
    except Exception as e:  # noqa: BLE001 - handed to the waiting thread by LoopThread.result
        return False, e
