"""What the data profile of the context message costs, on messy exports of 1k, 10k and 100k records.

    python tests/benchmarks/bench_profile.py [--quick]

Prints the median time of `data_inventory` (every key's profile, the lines a model reads about
`data/`) over records as a real export hands them over: ids that repeat and come as ints and
as text, statuses in many spellings, dates in two formats, totals nil or text, a JSON body
whose keys vary, and how many records the profile read; then 20k records of 120 int keys (a
wide export: 30 keys are shown, so 30 are profiled). The code's budget is
`ptclisp.llm.profile.BUDGET_SECONDS` (about 50 ms); a profile cut by it says so in its lines.
"""
from __future__ import annotations

import json
import random
import statistics
import sys
import time

from ptclisp import Session
from ptclisp.llm.context import data_inventory
from ptclisp.llm.profile import BUDGET_SECONDS

STATUSES = ["paid", " paid", "PAID", "Paid ", "open", "OPEN ", "Open", "canceled", "Canceled ",
            "CANCELED", "refunded", "Refunded", " refunded ", "REFUNDED", "paid ", "open ",
            " Open", "canceled ", "Refunded "]
COUNTRIES = ["DE", " DE", "de", "Germany", "US", "us", "GB", "FR", " fr", "SE"]


def export(n: int, seed: int = 7) -> list[dict]:
    """n order records, about 7% of them copies of an earlier one (some changed)."""
    rnd = random.Random(seed)
    rows: list[dict] = []
    for i in range(n):
        if rows and rnd.random() < 0.07:
            copy = dict(rnd.choice(rows))
            if rnd.random() < 0.5:
                copy["status"] = rnd.choice(STATUSES)
            rows.append(copy)
            continue
        oid = 10_000 + i
        day = f"2026-{1 + i % 12:02d}-{1 + i % 28:02d}"
        body = {"orderId": oid, "amount": round(rnd.uniform(5, 500), 2), "currency": "EUR"}
        if i % 3 == 0:
            body["amount"] = str(body["amount"])
        if i % 11 == 5:
            body["reason"] = "customer request"
        rows.append({"id": str(oid) if i % 5 == 0 else oid,
                     "status": rnd.choice(STATUSES),
                     "country": rnd.choice(COUNTRIES),
                     "created": day + "T15:15:58Z" if i % 4 else day,
                     "total": (None if i % 9 == 0 else
                               f"{i % 400}.50" if i % 7 == 0 else i % 400 + 0.5),
                     "body": json.dumps(body)})
    return rows


def median_ms(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def main() -> None:
    quick = "--quick" in sys.argv
    print(f"budget: {BUDGET_SECONDS * 1000:.0f} ms")
    for n in (1_000, 10_000, 100_000):
        data = Session(data={"export": export(n)}).data
        text = data_inventory(data)
        ms = median_ms(lambda: data_inventory(data), 3 if quick else 9)
        read = [line for line in text.splitlines() if "profiled from" in line]
        print(f"{n:>7} records: {ms:7.1f} ms  {read[0].strip() if read else '(all read)'}")
    wide = Session(data={"wide": [{f"k{j:03d}": (i * j) % 97 for j in range(120)}
                                  for i in range(20_000)]}).data
    text_wide = data_inventory(wide)
    ms = median_ms(lambda: data_inventory(wide), 3 if quick else 9)
    read = [line for line in text_wide.splitlines() if "profiled from" in line]
    print(f" 20000 records of 120 keys: {ms:7.1f} ms  {read[0].strip() if read else '(all read)'}")
    if "--show" in sys.argv:
        print(text)


if __name__ == "__main__":
    main()
