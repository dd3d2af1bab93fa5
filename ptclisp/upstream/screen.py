"""What a connected server may make the host do besides answering, bounded.

A flood is slowed by not reading it, so the server waits, not the host: `Pace` is the token
bucket each reader waits on (messages a second, bytes a second of messages and of stderr;
bursts up to twice as much pass at once). `Screened` is the session's read stream: it paces
messages, drops the server notifications nothing here listens to, and replaces an answer with
more content blocks than the cap by a refusal before the SDK builds its result. A refusal is an
error answer the host makes itself, marked so that it cannot be told from the server's.
"""
from __future__ import annotations

import time

import anyio
from mcp.shared.message import SessionMessage
from mcp_types import ErrorData, JSONRPCError, JSONRPCNotification, JSONRPCResponse

from . import messages as M

MESSAGES_PER_SECOND = 200
STDERR_BYTES_PER_SECOND = 1024 * 1024
BYTES_PER_SECOND = 8 * 1024 * 1024  # of messages, or four times the size cap when that is more
PARSE_ERROR = -32700
REFUSED = -32099  # an answer the host refused to read (the code is in the implementation range)
KEPT_NOTES = {"notifications/cancelled"}  # the server notifications handed to the SDK
MARK = {"ptclisp": "refused by the host"}  # in the data of an error the host made itself


class Pace:
    """A token bucket: `wait(n)` sleeps while more than `rate` units a second (bursts of twice
    that) went through, so a flood is read at a bounded rate."""

    def __init__(self, rate: float):
        self.rate, self.burst = rate, 2 * rate
        self.tokens, self.stamp = self.burst, time.monotonic()

    async def wait(self, n: float = 1) -> None:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate) - n
        self.stamp = now
        if self.tokens < 0:  # wait for a tenth of a second's worth: few wake-ups in a flood
            await anyio.sleep(-self.tokens / self.rate + 0.1)


def byte_pace(link, cap: int) -> Pace:
    """The connection's pace of message bytes (one for all its streams)."""
    if link.bytes is None:
        link.bytes = Pace(max(BYTES_PER_SECOND, 4 * cap))
    return link.bytes


def refusal(rid, message: str, code: int = REFUSED) -> SessionMessage:
    """An error answer to request rid that the host makes itself (its data is MARK)."""
    return SessionMessage(JSONRPCError(jsonrpc="2.0", id=rid,
                                       error=ErrorData(code=code, message=message, data=MARK)))


class Screened:
    """The session's read stream: messages are paced (MESSAGES_PER_SECOND), and an answer with
    more content blocks (or resource contents) than `blocks` is replaced by a refusal before
    the SDK builds its result."""

    def __init__(self, inner, blocks: int, link):
        self.inner, self.blocks, self.link = inner, blocks, link

    async def receive(self):
        return await self._screen(self.inner.receive)

    def __aiter__(self):
        return self

    async def __anext__(self):
        return await self._screen(self.inner.__anext__)

    async def _screen(self, get):
        while True:
            item = await get()
            await self.link.messages.wait()
            message = getattr(item, "message", None)
            # nothing here listens to logs, progress or list changes: they stop here
            if not isinstance(message, JSONRPCNotification) or message.method in KEPT_NOTES:
                break
        if isinstance(message, JSONRPCResponse) and isinstance(message.result, dict):
            for key in ("content", "contents"):
                items = message.result.get(key)
                if isinstance(items, list) and len(items) > self.blocks:
                    return refusal(message.id, M.too_many_blocks(len(items), self.blocks))
        return item

    async def aclose(self) -> None:
        await self.inner.aclose()

    async def __aenter__(self):
        await self.inner.__aenter__()
        return self

    async def __aexit__(self, *exc):
        return await self.inner.__aexit__(*exc)

    def __getattr__(self, name):  # last_context and the like: the inner stream's
        return getattr(self.inner, name)
