"""A fixture MCP server on the official SDK: `python fixture_server.py stdio` or `http PORT`.

Two personalities by the first argument's suffix: `shop` (orders, customers) and `crm`
(accounts), so a program can join two servers. Some tools misbehave on purpose.
"""
from __future__ import annotations

import base64
import json
import os
import random
import sys
import threading

import anyio

from mcp.server import stdio as mcp_stdio
from mcp.server.mcpserver import Context, MCPServer
from mcp_types import (AudioContent, CallToolResult, EmbeddedResource, ImageContent, ResourceLink,
                       TextContent, TextResourceContents)

ORDERS = [
    {"id": 1, "customer_id": 10, "total": 120.5, "status": "open"},
    {"id": 2, "customer_id": 11, "total": 35.0, "status": "shipped"},
    {"id": 3, "customer_id": 10, "total": 99.0, "status": "open"},
    {"id": 4, "customer_id": 12, "total": 410.0, "status": "open"},
]
ACCOUNTS = [
    {"customer_id": 10, "name": "Ada", "tier": "gold", "region": "north"},
    {"customer_id": 11, "name": "Bo", "tier": "silver", "region": "south"},
    {"customer_id": 12, "name": "Cy", "tier": "gold", "region": "south"},
]


def _generated(n: int) -> tuple[list, list]:
    """FIXTURE_ROWS=n: n orders over n // 4 customers, fixed by a seed (the bytes benchmark)."""
    rng = random.Random(20)
    customers = max(n // 4, 1)
    orders = [{"id": i, "customer_id": 100 + rng.randrange(customers),
               "total": round(rng.uniform(5, 500), 2),
               "status": rng.choice(["open", "shipped", "cancelled"]),
               "placed": f"2026-{rng.randint(1, 11):02d}-{rng.randint(1, 28):02d}",
               "note": rng.choice(["", "gift wrap", "leave at the door", "fragile"])}
              for i in range(1, n + 1)]
    accounts = [{"customer_id": 100 + c, "name": f"Customer {c}",
                 "tier": rng.choice(["gold", "silver", "bronze"]),
                 "region": rng.choice(["north", "south", "east", "west"]),
                 "email": f"customer{c}@example.com"} for c in range(customers)]
    return orders, accounts


if os.environ.get("FIXTURE_ROWS"):
    ORDERS, ACCOUNTS = _generated(int(os.environ["FIXTURE_ROWS"]))

shop = MCPServer("shop")


@shop.tool()
def list_orders(status: str | None = None, limit: int = 100) -> list[dict]:
    """List orders, optionally only those with a status."""
    rows = [o for o in ORDERS if status is None or o["status"] == status]
    return rows[:limit]


@shop.tool()
def get_order(id: int) -> dict:
    """Get one order by id."""
    for o in ORDERS:
        if o["id"] == id:
            return o
    raise ValueError(f"no order {id}")


@shop.tool()
def order_note(id: int) -> str:
    """A free-text note about an order (plain text, not JSON)."""
    return f"order {id} is fragile"


@shop.tool()
def order_json_text(id: int) -> str:
    """The order as JSON text in a text block."""
    return json.dumps(ORDERS[0])


@shop.tool(structured_output=False)
def plain_note(id: int) -> str:
    """A note as a plain text block only."""
    return f"order {id} ships monday"


@shop.tool(structured_output=False)
def plain_json(id: int) -> str:
    """An order as JSON in a plain text block only."""
    return json.dumps(ORDERS[id - 1])


@shop.tool()
async def slow(seconds: float) -> str:
    """Sleeps (without blocking the server), then answers."""
    await anyio.sleep(seconds)
    return "done"


@shop.tool()
def big(n: int) -> str:
    """A string of n characters."""
    return "x" * n


@shop.tool()
def crash() -> str:
    """Exits the server process at once."""
    os._exit(3)


@shop.tool()
def echo_token() -> str:
    """A buggy tool that echoes its secret."""
    return f"token={os.environ.get('SHOP_TOKEN', '')}"


@shop.tool()
def pid() -> int:
    """The server's process id."""
    return os.getpid()


@shop.tool()
def die_soon() -> str:
    """Answers, then exits the server process a moment later (a crash between calls)."""
    threading.Timer(0.2, os._exit, args=(4,)).start()
    return "bye"


@shop.tool()
def flood(megabytes: int, ctx: Context, id_last: bool = False) -> str:
    """A hostile answer: megabytes of one JSON-RPC line written straight to stdout, lazily (the
    id first, as this SDK writes it, or last, as others do)."""
    rid = int(ctx.request_id) if ctx.request_id.isdigit() else ctx.request_id
    head, tail = b'{"jsonrpc":"2.0","id":' + json.dumps(rid).encode() + b',', b"}\n"
    if id_last:
        head, tail = b"{", b',"jsonrpc":"2.0","id":' + json.dumps(rid).encode() + b"}\n"
    out = os.fdopen(_wire_fd(), "wb", closefd=False)
    out.write(head + b'"result":{"content":[{"type":"text","text":"')
    piece = b"x" * (1 << 20)
    for _ in range(megabytes):
        out.write(piece)
    out.write(b'"}]}' + tail)
    out.flush()
    return "unreachable: the line above was the answer"


def _wire_fd() -> int:
    """The descriptor the SDK's stdio server writes its messages to (it moves them off fd 1)."""
    claim = mcp_stdio._claims.get(1)
    return claim.private_fd if claim is not None and claim.private_fd is not None else 1


TINY_PNG = ("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJ"
            "RU5ErkJggg==")  # a 1x1 PNG, 70 bytes


@shop.tool()
def env_echo() -> CallToolResult:
    """The server's whole environment, as JSON text (to check what the host passed on)."""
    return CallToolResult(content=[TextContent(type="text", text=json.dumps(dict(os.environ)))])


@shop.tool()
def blocks() -> CallToolResult:
    """Every kind of content block: two texts, an image, audio, a resource link and an
    embedded text resource."""
    return CallToolResult(content=[
        TextContent(type="text", text="Here is the image:"),
        ImageContent(type="image", data=TINY_PNG, mime_type="image/png"),
        AudioContent(type="audio", data="AAAA", mime_type="audio/wav"),
        TextContent(type="text", text="And a link."),
        ResourceLink(type="resource_link", uri="memo://greeting", name="greeting",
                     mime_type="text/plain"),
        EmbeddedResource(type="resource", resource=TextResourceContents(
            uri="memo://inline", mime_type="text/plain", text="inline text")),
    ])


@shop.tool()
def number_text() -> CallToolResult:
    """A text block holding `123` (a file's contents, say): JSON by accident."""
    return CallToolResult(content=[TextContent(type="text", text="123")])


@shop.resource("memo://greeting", name="greeting", mime_type="text/plain", description="A greeting.")
def greeting() -> str:
    """A text resource."""
    return "hello from the shop"


@shop.resource("memo://logo", name="logo", mime_type="image/png")
def logo() -> bytes:
    """A binary resource."""
    return base64.b64decode(TINY_PNG)


crm = MCPServer("crm")


@crm.tool()
def list_accounts(tier: str | None = None) -> list[dict]:
    """List customer accounts, optionally of one tier."""
    return [a for a in ACCOUNTS if tier is None or a["tier"] == tier]


@crm.tool()
def get_account(customer_id: int) -> dict:
    """Get one account by customer id."""
    for a in ACCOUNTS:
        if a["customer_id"] == customer_id:
            return a
    raise ValueError(f"no account {customer_id}")


@crm.tool()
def whoami(ctx: Context) -> dict:
    """A buggy tool that echoes the credentials it got."""
    headers = ctx.headers or {}
    return {"authorization": headers.get("authorization"), "tenant": headers.get("x-tenant")}


def main() -> None:
    server = crm if "crm" in sys.argv[1:] else shop
    if sys.argv[1] == "http":
        port = int(sys.argv[2])
        server.run(transport="streamable-http", host="127.0.0.1", port=port)
    else:
        server.run()


if __name__ == "__main__":
    main()
