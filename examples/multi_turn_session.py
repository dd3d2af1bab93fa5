"""A multi-turn Session: def keeps values between runs, *1 is the last value, save/load keeps
the conversation between requests.

Run it: python examples/multi_turn_session.py
"""
from __future__ import annotations

import ptclisp

PRICES = {"apple": 0.5, "pear": 0.75, "fig": 2.0}


def price(fruit: str) -> float:
    """The unit price of a fruit."""
    return PRICES[fruit]


def main() -> dict:
    session = ptclisp.Session(tools=[price])
    session.run('(def basket {:apple 4 :pear 2 :fig 1})')
    session.run("(reduce + (map (fn [[f n]] (* n (tool/price {:fruit (name f)}))) basket))")
    total = session.run("(def total *1)")  # *1: the value of the previous run
    print("total:", ptclisp.format_value(session.memory["total"]), total.status)
    failed = session.run("(def total (/ 1 0))")  # an error leaves memory as it was
    print("after an error:", failed.error.message, "| total is still",
          ptclisp.format_value(session.memory["total"]))
    saved = session.save()  # EDN text, e.g. for a database between two web requests
    later = ptclisp.Session.load(saved, tools=[price])
    answer = later.run('(return {:total total :items (reduce + (vals basket))})').to_python()
    print("answer:", answer)
    return answer


if __name__ == "__main__":
    main()
