"""Host tools that take their time: for tests that need a call still running (cancel, limits,
shutdown). `wait` blocks its thread (a run waiting in it cannot be stopped until it returns);
`nap` is async."""
import asyncio
import time


def wait(seconds: float) -> float:
    """Sleep for seconds, then return them."""
    time.sleep(seconds)
    return seconds


async def nap(seconds: float) -> float:
    """Wait this many seconds, then return them."""
    await asyncio.sleep(seconds)
    return seconds
