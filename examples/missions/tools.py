"""The tools of the missions: a small, deterministic shop (orders, customers, exchange rates).

    ptclisp run --tools examples.missions.tools --data examples/missions/data.json program.clj

Orders come in pages of `page_size` (default 5); `next_page` is null on the last page.
Customer 7 has orders but no customer record: `get_customer` returns None for it.
"""
from __future__ import annotations

from typing import Literal, Optional, TypedDict


class Order(TypedDict):
    order_id: int
    customer_id: int
    total: float
    currency: str
    status: Literal["paid", "open", "refunded"]
    placed_on: str


class OrderPage(TypedDict):
    items: list[Order]
    next_page: Optional[int]


class Customer(TypedDict):
    id: int
    name: str
    country: str
    tier: str


ORDERS: list[Order] = [
    {"order_id": 1001, "customer_id": 1, "total": 120.0, "currency": "GBP", "status": "paid", "placed_on": "2024-03-01"},
    {"order_id": 1002, "customer_id": 2, "total": 80.5, "currency": "EUR", "status": "paid", "placed_on": "2024-03-02"},
    {"order_id": 1003, "customer_id": 3, "total": 200.0, "currency": "USD", "status": "open", "placed_on": "2024-03-02"},
    {"order_id": 1004, "customer_id": 1, "total": 45.25, "currency": "GBP", "status": "paid", "placed_on": "2024-03-04"},
    {"order_id": 1005, "customer_id": 4, "total": 300.0, "currency": "EUR", "status": "refunded", "placed_on": "2024-03-05"},
    {"order_id": 1006, "customer_id": 2, "total": 19.99, "currency": "EUR", "status": "paid", "placed_on": "2024-03-06"},
    {"order_id": 1007, "customer_id": 3, "total": 150.0, "currency": "USD", "status": "paid", "placed_on": "2024-03-07"},
    {"order_id": 1008, "customer_id": 7, "total": 60.0, "currency": "USD", "status": "paid", "placed_on": "2024-03-08"},
    {"order_id": 1009, "customer_id": 5, "total": 99.9, "currency": "GBP", "status": "open", "placed_on": "2024-03-09"},
    {"order_id": 1010, "customer_id": 2, "total": 42.0, "currency": "EUR", "status": "paid", "placed_on": "2024-03-10"},
    {"order_id": 1011, "customer_id": 6, "total": 75.0, "currency": "EUR", "status": "paid", "placed_on": "2024-03-11"},
    {"order_id": 1012, "customer_id": 3, "total": 10.0, "currency": "USD", "status": "paid", "placed_on": "2024-03-12"},
]

CUSTOMERS: dict[int, Customer] = {
    1: {"id": 1, "name": "Ada", "country": "GB", "tier": "gold"},
    2: {"id": 2, "name": "Bo", "country": "SE", "tier": "silver"},
    3: {"id": 3, "name": "Cy", "country": "US", "tier": "gold"},
    4: {"id": 4, "name": "Dan", "country": "DE", "tier": "bronze"},
    5: {"id": 5, "name": "Eve", "country": "GB", "tier": "silver"},
    6: {"id": 6, "name": "Fay", "country": "DE", "tier": "bronze"},
}

RATES_TO_USD = {"USD": 1.0, "EUR": 1.1, "GBP": 1.25}


def get_orders(customer_id: Optional[int] = None, page: int = 1, page_size: int = 5) -> OrderPage:
    """One page of orders (oldest first), of one customer when customer_id is given."""
    rows = [o for o in ORDERS if customer_id is None or o["customer_id"] == customer_id]
    start = (page - 1) * page_size
    more = start + page_size < len(rows)
    return {"items": rows[start:start + page_size], "next_page": page + 1 if more else None}


def get_customer(id: int) -> Optional[Customer]:
    """The customer with this id, or nil when there is none."""
    return CUSTOMERS.get(id)


def exchange_rate(from_currency: str, to_currency: str) -> float:
    """How many units of to_currency one unit of from_currency buys."""
    return RATES_TO_USD[from_currency] / RATES_TO_USD[to_currency]
