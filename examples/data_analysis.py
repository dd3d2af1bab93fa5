"""Data analysis with data/: the host passes JSON data, the program reads it as data/orders.

Run it: python examples/data_analysis.py
"""
from __future__ import annotations

import json
from pathlib import Path

import ptclisp

HERE = Path(__file__).parent
PROGRAM = (HERE / "orders.clj").read_text(encoding="utf-8")  # big orders per customer, top 3


def main() -> list:
    data = json.loads((HERE / "orders.json").read_text(encoding="utf-8"))
    result = ptclisp.run(PROGRAM, data=data)
    if not result.ok:
        raise SystemExit(result.error.render(PROGRAM))
    top = result.to_python()  # plain JSON-shaped Python
    for row in top:
        print(f"{row['customer']:>4}  {row['orders']} orders  {row['total']:.2f}")
    return top


if __name__ == "__main__":
    main()
