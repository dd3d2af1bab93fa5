"""A host tool that takes a while: for tests that need a call still running (limits, shutdown)."""
import asyncio


async def nap(seconds: float) -> float:
    """Wait this many seconds, then return them."""
    await asyncio.sleep(seconds)
    return seconds
