"""A host with two tools, one of them async: the program calls them, the host keeps control.

Run it: python examples/tools_demo.py
"""
from __future__ import annotations

import asyncio

import ptclisp

CUSTOMERS = {1: "Ada", 2: "Grace", 3: "Edsger"}
ORDERS = [
    {"id": 10, "customer_id": 1, "total": 120.0, "status": "paid"},
    {"id": 11, "customer_id": 2, "total": 35.5, "status": "open"},
    {"id": 12, "customer_id": 1, "total": 80.0, "status": "paid"},
    {"id": 13, "customer_id": 3, "total": 15.0, "status": "paid"},
]


def list_orders(status: str = "paid", limit: int = 100) -> list[dict]:
    """Orders with this status, newest first.

    Args:
        status: "paid" or "open"
        limit: at most this many orders
    """
    return [o for o in reversed(ORDERS) if o["status"] == status][:limit]


async def get_customer(customer_id: int) -> dict:
    """One customer by id (an async call, e.g. to another service)."""
    await asyncio.sleep(0.05)
    return {"id": customer_id, "name": CUSTOMERS[customer_id]}


PROGRAM = """
(let [orders    (tool/list-orders {:status "paid"})
      by-cust   (group-by :customer-id orders)
      customers (pmap #(tool/get-customer {:customer-id %}) (keys by-cust))]
  (step-done "report" (str (count orders) " paid orders"))
  {:customers (count customers)
   :top (->> customers
             (map (fn [c] {:name (:name c)
                           :total (reduce + (map :total (get by-cust (:id c))))}))
             (sort-by :total >)
             first)})
"""


def main() -> ptclisp.Result:
    session = ptclisp.Session(
        tools={"list_orders": list_orders, "get_customer": get_customer},
        signature="{customers :int, top {name :string, total :float}}",
    )
    for tool in session.tools.tools.values():
        print(tool.signature_text)
    result = session.run(PROGRAM)
    print("status:", result.status)
    print("value: ", ptclisp.format_value(result.value))
    print("calls: ", [(c["name"], c["args"]) for c in result.tool_calls])
    print("steps: ", result.summaries)
    mistake = session.run('(tool/get-customer 1)')  # a typical model mistake, caught before running
    print(mistake.error.render())
    return result


if __name__ == "__main__":
    main()
