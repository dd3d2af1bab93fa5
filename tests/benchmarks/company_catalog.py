"""A company API of our own for the big-catalog benchmark and trial (#38): 12 domains, up to 500
tools with near-duplicate names (list-orders, search-orders, get-customer-orders, count-orders,
list-orders-v2...), write tools that refuse, over one small deterministic world.

    catalog(150)         the first 150 tools (ptclisp Tools, every domain in each size >= 20)
    MISSIONS             id, mission, signature, expected answer, and `needs`: per step, the
                         tools any one of which does it (recall counts a step found when one is)

As a host module for `ptclisp agent start --tools tests/benchmarks/company_catalog.py`: `TOOLS`
is catalog(int(PTCLISP_CATALOG_SIZE or 150)).
"""
from __future__ import annotations

import inspect
import os
import random

from ptclisp import Tool, ToolError

# ---------------------------------------------------------------- the world

_R = random.Random(38)
_COUNTRIES = ["DE", "FR", "US", "GB", "JP"]
CUSTOMERS = [{"id": i, "name": f"Customer {i}", "email": f"c{i}@example.com",
              "tier": ["gold", "silver", "bronze"][i % 3], "country": _COUNTRIES[i % 5]}
             for i in range(1, 31)]
ORDERS = [{"id": 100 + i, "customer_id": 1 + i % 30, "status": ["open", "shipped", "cancelled"][i % 3],
           "total": round(20 + (i * 37) % 400 + 0.5 * (i % 2), 2), "created": f"2026-0{1 + i % 9}-1{i % 9}"}
          for i in range(80)]
PAYMENTS = [{"id": 500 + i, "order_id": o["id"], "customer_id": o["customer_id"], "amount": o["total"],
             "method": ["card", "paypal", "wire"][i % 3], "status": "failed" if i % 7 == 0 else "paid"}
            for i, o in enumerate(ORDERS)]
REFUNDS = [{"id": 900 + i, "payment_id": p["id"], "customer_id": p["customer_id"],
            "amount": round(p["amount"] / 2, 2), "reason": ["damaged", "late", "duplicate"][i % 3]}
           for i, p in enumerate(PAYMENTS) if i % 5 == 1]
INVOICES = [{"id": 300 + i, "customer_id": 1 + (i * 7) % 30, "amount": 50.0 + 10 * (i % 12),
             "due": f"2026-0{1 + i % 9}-01", "status": ["paid", "unpaid", "overdue"][i % 3]}
            for i in range(45)]
PRODUCTS = [{"id": 10 + i, "name": f"Product {chr(65 + i)}", "category": ["tools", "garden", "kitchen"][i % 3],
             "price": 5.0 + 3 * i, "active": i % 6 != 0} for i in range(20)]
STOCK = [{"id": 700 + i, "product_id": 10 + i % 20, "warehouse": ["north", "south"][i // 20],
          "qty": (i * 13) % 40} for i in range(40)]
SHIPMENTS = [{"id": 1200 + i, "order_id": o["id"], "carrier": ["DHL", "UPS", "FedEx"][i % 3],
              "status": ["in_transit", "delivered", "lost"][(i // 3) % 3], "eta": "2026-07-01"}
             for i, o in enumerate(o for o in ORDERS if o["status"] == "shipped")]
TICKETS = [{"id": 40 + i, "customer_id": 1 + (i * 11) % 30, "priority": ["low", "high", "urgent"][i % 3],
            "status": "open" if i % 4 else "closed", "subject": f"Issue {i}"} for i in range(36)]
EMPLOYEES = [{"id": 60 + i, "name": f"Employee {i}", "team": ["support", "sales", "ops"][i % 3],
              "role": "lead" if i % 5 == 0 else "member"} for i in range(24)]
CAMPAIGNS = [{"id": 80 + i, "name": f"Campaign {i}", "channel": ["email", "ads"][i % 2],
              "budget": 1000 + 250 * i, "clicks": (i * 577) % 3000} for i in range(14)]
SUBSCRIPTIONS = [{"id": 1500 + i, "customer_id": 1 + i % 30, "plan": ["basic", "pro"][i % 2],
                  "status": "cancelled" if i % 4 == 3 else "active", "mrr": 10.0 if i % 2 == 0 else 49.0}
                 for i in range(40)]

# domain -> (table, entity word, statuses the status filter takes or None, description noun)
DOMAINS = {
    "customers": (CUSTOMERS, "customer", None, "customer accounts (name, email, tier, country)"),
    "orders": (ORDERS, "order", ("open", "shipped", "cancelled"), "orders (customer, status, total)"),
    "payments": (PAYMENTS, "payment", ("paid", "failed"), "payments taken for orders (amount, method, status)"),
    "refunds": (REFUNDS, "refund", None, "refunds given back on payments (amount, reason)"),
    "invoices": (INVOICES, "invoice", ("paid", "unpaid", "overdue"), "invoices sent to customers (amount, due date, status)"),
    "products": (PRODUCTS, "product", None, "products of the catalogue (name, category, price)"),
    "stock": (STOCK, "stock-level", None, "stock levels: units of a product per warehouse"),
    "shipments": (SHIPMENTS, "shipment", ("in_transit", "delivered", "lost"), "shipments of orders (carrier, status, eta)"),
    "tickets": (TICKETS, "ticket", ("open", "closed"), "support tickets (priority, status, subject)"),
    "employees": (EMPLOYEES, "employee", None, "staff (name, team, role)"),
    "campaigns": (CAMPAIGNS, "campaign", None, "marketing campaigns (channel, budget, clicks)"),
    "subscriptions": (SUBSCRIPTIONS, "subscription", ("active", "cancelled"), "subscriptions (plan, status, monthly revenue mrr)"),
}

# ---------------------------------------------------------------- tool makers


def _rows(table, status=None, limit=None, **eq):
    out = [r for r in table if (status is None or r.get("status") == status)
           and all(r.get(k) == v for k, v in eq.items() if v is not None)]
    return out[:limit] if limit else out


def _status_type(statuses) -> str:
    return "|".join(f'"{s}"' for s in statuses) + "?"


_JSON = {":int": "integer", ":float": "number", ":string": "string", ":map": "object", ":bool": "boolean"}


def _schema(params: str) -> dict:
    """The JSON schema of `limit :int?, status "a"|"b"?`: enums as schema enums."""
    props, required = {}, []
    for part in filter(None, (x.strip() for x in params.split(","))):
        name, kind = part.split(" ", 1)
        optional = kind.endswith("?")
        kind = kind.rstrip("?")
        if kind.startswith('"'):
            props[name] = {"type": "string", "enum": [v.strip('"') for v in kind.split("|")]}
        else:
            props[name] = {"type": _JSON[kind]}
        if not optional:
            required.append(name)
    return {"type": "object", "properties": props, "required": required, "additionalProperties": False}


_MARKS = "read_only" in inspect.signature(Tool).parameters  # older checkouts: no marks


def _tool(fn, *, read_only, group, **kwargs) -> Tool:
    marks = {"read_only": read_only, "group": group} if _MARKS else {}
    return Tool(fn, takes="dict", **marks, **kwargs)


def T(fn, name, description, signature, *, read_only, group) -> Tool:
    """A tool from `(params) -> returns` whose string enums become schema enums."""
    params, returns = signature[1:].split(") -> ", 1)
    return _tool(fn, name=name, read_only=read_only, group=group, description=description,
                 schema=_schema(params), returns=returns)


def _refuse(name):
    def write(args):
        raise ToolError(f"{name} is a write tool: writes are disabled for this host")
    return write


def _domain_tools(domain: str) -> list[Tool]:
    """The tools of one domain, most used first."""
    table, one, statuses, noun = DOMAINS[domain]
    ent = domain if domain != "stock" else "stock-levels"
    st = f", status {_status_type(statuses)}" if statuses else ""
    extra = ""
    if domain == "customers":
        extra = ', tier "gold"|"silver"|"bronze"?, country :string?'
    if domain == "tickets":
        extra = ', priority "low"|"high"|"urgent"?'
    if domain == "subscriptions":
        extra = ', plan "basic"|"pro"?'
    if domain == "employees":
        extra = ', team "support"|"sales"|"ops"?'
    if domain == "campaigns":
        extra = ', channel "email"|"ads"?'
    if domain == "stock":
        extra = ", warehouse :string?, product_id :int?"
    keys = ", ".join(f"{k} {_type(v)}" for k, v in table[0].items())
    row = "{" + keys + "}"

    def lister(args):
        a = dict(args)
        return _rows(table, a.pop("status", None), a.pop("limit", None), **a)

    tools = [
        T(lister, name=f"list-{ent}", read_only=True, group=domain,
             description=f"List {noun}, optionally filtered.",
             signature=f"(limit :int?{st}{extra}) -> [{row}]"),
        T(lambda a: [r for r in table if str(a["query"]).lower() in str(r).lower()], name=f"search-{ent}", read_only=True, group=domain,
             description=f"Full-text search over {noun}.", signature=f"(query :string) -> [{row}]"),
        T(lambda a: next((r for r in table if r["id"] == a["id"]), None), name=f"get-{one}", read_only=True, group=domain,
             description=f"One of the {domain} by id.", signature=f"(id :int) -> {row}?"),
        T(lambda a: len(_rows(table, a.get("status"))), name=f"count-{ent}",
             read_only=True, group=domain, description=f"How many {domain} there are{' with a status' if statuses else ''}.",
             signature=f"({st[2:] if st else ''}) -> :int"),
        T(_refuse(f"create-{one}"), name=f"create-{one}", read_only=False, group=domain,
             description=f"Create a new {one}.", signature="(fields :map) -> :map"),
        T(_refuse(f"update-{one}"), name=f"update-{one}", read_only=False, group=domain,
             description=f"Change fields of one {one}.", signature="(id :int, fields :map) -> :map"),
    ]
    if "customer_id" in table[0]:
        tools.append(T(lambda a: _rows(table, customer_id=a["customer_id"]), name=f"get-customer-{ent}", read_only=True, group=domain,
                          description=f"The {domain} of one customer.",
                          signature=f"(customer_id :int) -> [{row}]"))
    if "order_id" in table[0]:
        tools.append(T(lambda a: _rows(table, order_id=a["order_id"]), name=f"list-order-{ent}", read_only=True, group=domain,
                          description=f"The {domain} of one order.",
                          signature=f"(order_id :int) -> [{row}]"))
    tools += [
        T(lambda a: [r for r in table][-int(a.get("n") or 5):], name=f"list-recent-{ent}",
             read_only=True, group=domain,
             description=f"The most recently changed {domain}.", signature=f"(n :int?) -> [{row}]"),
        T(lambda a: "id\n" + "\n".join(str(r["id"]) for r in table), name=f"export-{ent}",
             read_only=True, group=domain,
             description=f"All {domain} as a CSV text file for spreadsheets.",
             signature='(format "csv"|"tsv"?) -> :string'),
        T(_refuse(f"delete-{one}"), name=f"delete-{one}", read_only=False, group=domain,
             description=f"Delete one {one} for good.", signature="(id :int) -> :bool"),
        T(lambda a: [{"id": a["id"], "change": "created", "at": "2026-01-01"}], name=f"get-{one}-history", read_only=True, group=domain,
             description=f"The audit trail of one {one}: who changed what, when.",
             signature="(id :int) -> [{id :int, change :string, at :string}]"),
    ]
    return tools


def _type(v) -> str:
    return {bool: ":bool", int: ":int", float: ":float", str: ":string"}[type(v)]


_SPECIAL = [  # a few tools whose names share words with others
    T(lambda a: [r for r in PAYMENTS if r["status"] == "failed"], name="list-failed-payments",
         read_only=True, group="payments",
         description="Payments that were declined or failed.",
         signature="() -> [{id :int, order_id :int, customer_id :int, amount :float, method :string, status :string}]"),
    T(_refuse("refund-payment"), name="refund-payment", read_only=False, group="refunds",
         description="Give money back on a payment (creates a refund).", signature="(payment_id :int, amount :float) -> :map"),
    T(_refuse("cancel-order"), name="cancel-order", read_only=False, group="orders",
         description="Cancel an open order.", signature="(id :int) -> :map"),
    T(_refuse("close-ticket"), name="close-ticket", read_only=False, group="tickets",
         description="Close a support ticket.", signature="(id :int) -> :map"),
    T(lambda a: [r for r in STOCK if r["qty"] < int(a.get("below") or 5)], name="list-low-stock",
         read_only=True, group="stock",
         description="Stock levels under a threshold of units (default 5).",
         signature="(below :int?) -> [{id :int, product_id :int, warehouse :string, qty :int}]"),
]


def _variants(tools: list[Tool], suffix: str, note: str) -> list[Tool]:
    """Near-duplicates of tools (list-orders-v2, list-orders-archive...), same behaviour."""
    out = []
    for t in tools:
        if t.name.split("-")[0] in ("create", "update", "delete", "refund", "cancel", "close"):
            continue
        out.append(_tool(t.fn, name=f"{t.name}-{suffix}", read_only=True,
                         group=getattr(t, "group", None), schema=t.schema, returns=t.returns,
                         description=f"{t.description.rstrip('.')} ({note})."))
    return out


def _all_tools() -> list[Tool]:
    per_domain = {d: _domain_tools(d) for d in DOMAINS}
    base = []
    for i in range(max(len(v) for v in per_domain.values())):  # interleaved: every domain early
        base += [ts[i] for ts in per_domain.values() if i < len(ts)]
    base += _SPECIAL
    extra = []
    for suffix, note in (("v2", "API version 2, same data"), ("archive", "archived records only"),
                         ("eu", "EU region mirror"), ("us", "US region mirror")):
        extra += _variants(base, suffix, note)
    return base + extra


ALL = _all_tools()


def catalog(n: int) -> list[Tool]:
    """The first n tools (n up to len(ALL))."""
    return ALL[:n]


# ---------------------------------------------------------------- missions

def _gold_overdue():
    gold = {c["id"]: c["name"] for c in CUSTOMERS if c["tier"] == "gold"}
    return sorted({gold[i["customer_id"]] for i in INVOICES if i["status"] == "overdue" and i["customer_id"] in gold})


MISSIONS = [
    {"id": "c01-refunded", "mission": "How much money has been refunded to customer 2 in total?",
     "signature": ":float", "expected": round(sum(r["amount"] for r in REFUNDS if r["customer_id"] == 2), 2),
     "needs": [{"get-customer-refunds", "list-refunds", "search-refunds"}]},
    {"id": "c02-gold-overdue", "mission": "Which gold-tier customers have an overdue invoice? Give their names, sorted.",
     "signature": "[:string]", "expected": _gold_overdue(),
     "needs": [{"list-customers", "search-customers"}, {"list-invoices", "get-customer-invoices"}]},
    {"id": "c03-urgent-open", "mission": "How many urgent support tickets are still open?",
     "signature": ":int", "expected": sum(1 for t in TICKETS if t["priority"] == "urgent" and t["status"] == "open"),
     "needs": [{"list-tickets", "count-tickets"}]},
    {"id": "c04-lost-dhl", "mission": "What is the total value of the orders whose DHL shipment was lost?",
     "signature": ":float",
     "expected": round(sum(o["total"] for o in ORDERS for s in SHIPMENTS
                           if s["order_id"] == o["id"] and s["carrier"] == "DHL" and s["status"] == "lost"), 2),
     "needs": [{"list-shipments", "search-shipments"}, {"list-orders", "get-order"}]},
    {"id": "c05-low-stock", "mission": "Which products have fewer than 5 units in stock in some warehouse? Give the product names, sorted.",
     "signature": "[:string]",
     "expected": sorted({p["name"] for p in PRODUCTS for s in STOCK if s["product_id"] == p["id"] and s["qty"] < 5}),
     "needs": [{"list-low-stock", "list-stock-levels"}, {"list-products", "get-product"}]},
    {"id": "c06-pro-mrr", "mission": "What is the monthly recurring revenue (mrr) of all active pro subscriptions?",
     "signature": ":float",
     "expected": sum(s["mrr"] for s in SUBSCRIPTIONS if s["plan"] == "pro" and s["status"] == "active"),
     "needs": [{"list-subscriptions"}]},
    {"id": "c07-support-leads", "mission": "Who are the leads of the support team? Give their names, sorted.",
     "signature": "[:string]",
     "expected": sorted(e["name"] for e in EMPLOYEES if e["team"] == "support" and e["role"] == "lead"),
     "needs": [{"list-employees", "search-employees"}]},
    {"id": "c08-best-email-campaign", "mission": "Which email campaign got the most clicks? Give its name.",
     "signature": ":string",
     "expected": max((c for c in CAMPAIGNS if c["channel"] == "email"), key=lambda c: c["clicks"])["name"],
     "needs": [{"list-campaigns"}]},
    {"id": "c09-failed-open", "mission": "How many failed payments belong to orders that are still open?",
     "signature": ":int",
     "expected": sum(1 for p in PAYMENTS if p["status"] == "failed"
                     for o in ORDERS if o["id"] == p["order_id"] and o["status"] == "open"),
     "needs": [{"list-payments", "list-failed-payments"}, {"list-orders", "get-order"}]},
    {"id": "c10-german-paypal", "mission": "What did customers from Germany (country DE) pay by paypal in total?",
     "signature": ":float",
     "expected": round(sum(p["amount"] for p in PAYMENTS if p["method"] == "paypal" and p["status"] == "paid"
                           for c in CUSTOMERS if c["id"] == p["customer_id"] and c["country"] == "DE"), 2),
     "needs": [{"list-customers"}, {"list-payments", "get-customer-payments"}]},
]

TOOLS = catalog(int(os.environ.get("PTCLISP_CATALOG_SIZE") or 150))
