"""Host tools for `ptclisp mcp --tools examples/mcp_tools.py` (a tiny order book).

Every public function defined here becomes a tool: `find_orders` is `(tool/find-orders ...)`,
its parameters and types come from the signature, its description from the docstring. Async
functions work the same way. Try it with any MCP client, or:

    ptclisp mcp --tools examples/mcp_tools.py
"""
from __future__ import annotations

import asyncio

_ORDERS = [
    {"id": 1, "customer_id": 7, "status": "paid", "total": 30},
    {"id": 2, "customer_id": 8, "status": "open", "total": 10},
    {"id": 3, "customer_id": 7, "status": "paid", "total": 25},
    {"id": 4, "customer_id": 9, "status": "open", "total": 60},
]
_CUSTOMERS = {7: "Ada", 8: "Grace", 9: "Edsger"}


def find_orders(status: str | None = None) -> list:
    """Orders, all of them or those with this status ("open" or "paid")."""
    return [o for o in _ORDERS if status is None or o["status"] == status]


async def get_customer(id: int) -> dict:
    """One customer by id: {id, name}."""
    await asyncio.sleep(0)  # a real host would await a database here
    return {"id": id, "name": _CUSTOMERS[id]}
