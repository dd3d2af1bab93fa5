"""Size of lisp_eval's success body, as the model reads it: characters and tokens per result.

    python tests/benchmarks/bench_result_body.py

Runs a fixed conversation of typical programs (a def from a tool, prints, a value, a return, a
turn that changed nothing, long prints) through the integrations' LispRunner and prints each
body's JSON size. Tokens: o200k with tiktoken when it is installed (and its encoding can be
loaded), else `ptclisp.llm.estimate_tokens` (about o200k, within ~5%). Run it on two checkouts
(PYTHONPATH=<checkout>) to compare before and after.
"""
from __future__ import annotations

from ptclisp.integrations import common
from ptclisp.llm import estimate_tokens

ORDERS = [{"id": i, "customer": f"c{i % 7}", "status": ["paid", "open", "refunded"][i % 3],
           "total": round(10 + i * 3.25, 2)} for i in range(40)]

PROGRAMS = [
    ("def from a tool", '(def orders (tool/orders {})) (count orders)'),
    ("prints and a value", '(println "paid:" (count (filter #(= (:status %) "paid") orders)))\n'
                           '(sum-by :total orders)'),
    ("two defs, a map", '(def by-status (group-by :status orders))\n'
                        '(def totals (update-vals by-status #(sum-by :total %)))\n'
                        'totals'),
    ("nothing changed", '(count orders)'),
    ("long prints", '(doseq [o (take 25 orders)] (println (:id o) (:customer o) (:status o) '
                    '(:total o)))'),
    ("return", '(return {:paid (count (get by-status "paid")) :total (sum-by :total orders)})'),
]


def _counter():
    try:
        import tiktoken
        enc = tiktoken.get_encoding("o200k_base")
        return "o200k (tiktoken)", lambda text: len(enc.encode(text))
    except Exception:  # not installed, or its encoding file cannot be fetched here
        return "estimate_tokens (about o200k)", estimate_tokens


def main() -> None:
    """Print chars and tokens of each success body of the conversation, and the mean."""
    name, count = _counter()
    tool = common.folded_tool("orders", "All orders.", None, lambda args: ORDERS)
    runner = common.LispRunner()
    rows = []
    for label, program in PROGRAMS:
        outcome = runner.run(program, [tool])
        text = common.to_json(outcome.body) if outcome.body is not None else outcome.text
        rows.append((label, outcome.kind, len(text), count(text)))
    print(f"tokens: {name}")
    print(f"{'program':<22} {'kind':<9} {'chars':>6} {'tokens':>7}")
    for label, kind, chars, tokens in rows:
        print(f"{label:<22} {kind:<9} {chars:>6} {tokens:>7}")
    print(f"{'mean':<22} {'':<9} {sum(r[2] for r in rows) / len(rows):>6.0f} "
          f"{sum(r[3] for r in rows) / len(rows):>7.1f}")


if __name__ == "__main__":
    main()
