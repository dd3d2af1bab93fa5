"""Host tools for the MCP tests: loaded by `ptclisp mcp --tools` (as a file and as a module)."""
import asyncio

USERS = {7: {"id": 7, "name": "Ada"}, 8: {"id": 8, "name": "Grace"}}


def get_user(id: int) -> dict:
    """Look up one user by id."""
    print("get_user called")  # must reach stderr, never the protocol stream
    return USERS[id]


async def list_orders(user_id: int, limit: int = 10) -> list:
    """The user's orders, newest first."""
    await asyncio.sleep(0.01)
    orders = [{"user_id": user_id, "total": t} for t in (30, 10, 25)]
    return orders[:limit]


def _private_helper():
    return "not a tool"
