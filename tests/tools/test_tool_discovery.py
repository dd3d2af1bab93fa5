"""Finding tools from a program (#38): search-tools, apropos, (dir tool) and (doc tool/NAME) over
the session's host tools; one program can search, read a signature and call the tool."""
from __future__ import annotations

from typing import Literal

import pytest

import ptclisp
from ptclisp import Tool, kw


def list_payments(customer_id: int, status: Literal["paid", "failed"] = "paid") -> list:
    """List the payments a customer made."""
    return [{"id": 1, "amount": 10.0}]


def refund_payment(payment_id: int, amount: float) -> dict:
    """Give money back on a payment."""
    return {"ok": True}


def get_customer(customer_id: int) -> dict:
    """One customer by id."""
    return {"id": customer_id}


def list_orders(limit: int = 20) -> list:
    """Orders, newest first."""
    return []


def _session() -> ptclisp.Session:
    return ptclisp.Session(tools=[Tool(list_payments, read_only=True),
                                  Tool(refund_payment, read_only=False), get_customer, list_orders])


def _value(program: str):
    result = _session().run(program)
    assert result.error is None, result.error
    return result.value


def test_apropos_finds_host_tools_by_a_word_that_starts_theirs():
    # before #38 `(apropos "pay")` found nothing though list-payments exists
    lines = _value('(apropos "pay")')
    assert set(lines[:2]) == {"tool/list-payments - List the payments a customer made.",
                              "tool/refund-payment - Give money back on a payment."}


def test_apropos_keeps_room_for_builtins():
    lines = _value('(apropos "sort" {:limit 3})')
    assert lines[0].startswith("sort - ")  # no tool matches "sort"
    lines = _value('(apropos "orders" {:limit 3})')
    assert lines[0].startswith("tool/list-orders - ")


def test_search_tools_ranks_by_what_tools_do_not_only_their_names():
    found = _value('(search-tools "money back")')
    assert found[0] == {kw("name"): "tool/refund-payment",
                        kw("signature"): "tool/refund-payment(payment_id :int, amount :float) -> :map",
                        kw("doc"): "Give money back on a payment.",
                        kw("call"): "(tool/refund-payment {:payment_id 42 :amount 3.14})",
                        kw("writes"): True}
    assert [m[kw("name")] for m in _value('(search-tools "failed")')] == ["tool/list-payments"]
    assert kw("writes") not in _value('(search-tools "customer by id")')[0]  # unsaid
    assert len(_value('(search-tools "customer" {:limit 1})')) == 1
    assert _value('(search-tools "weather forecast")') == []


@pytest.mark.parametrize("program, message", [
    ('(search-tools "")', "search-tools needs a non-empty string saying what the tool does"),
    ("(search-tools 42)", "search-tools needs a non-empty string saying what the tool does"),
    ('(search-tools "x" {:limit 0})', "search-tools option :limit must be an integer from 1 to 50, got 0"),
])
def test_search_tools_says_what_is_wrong(program, message):
    error = _session().run(program).error
    assert error is not None and error.message.startswith(message)


def test_dir_tool_lists_the_host_tools():
    assert _value("(dir tool)") == [
        "tool/get-customer - One customer by id.", "tool/list-orders - Orders, newest first.",
        "tool/list-payments - List the payments a customer made.",
        "tool/refund-payment - Give money back on a payment."]
    assert _value("(dir tool {:limit 1 :offset 1})") == ["tool/list-orders - Orders, newest first."]
    assert ptclisp.Session().run("(dir tool)").value == []


def test_doc_gives_signature_enums_defaults_and_writes():
    result = _session().run("(doc tool/list-payments)")
    assert result.prints == ["\n".join([
        "-------------------------", "tool/list-payments",
        "tool/list-payments(customer_id :int, status :string?) -> [:any]",
        "  List the payments a customer made.",
        '    :status "paid"|"failed" (optional), default "paid"',
        "  Call: (tool/list-payments {:customer_id 42})",
        "  Reads only: this tool changes nothing."])]
    assert _session().run("(doc tool/refund-payment)").prints[0].endswith(
        "  Writes: this tool changes data.")


def test_one_program_searches_reads_and_calls():
    program = """
    (let [hit (first (search-tools "payments a customer made"))]
      (doc tool/list-payments)
      [(:name hit) (count (tool/list-payments {:customer_id 7}))])"""
    result = _session().run(program)
    assert result.error is None and result.value == ["tool/list-payments", 1]
    assert result.prints[0].startswith("-------------------------\ntool/list-payments")


class _Catalog:
    """The discovery protocol of an upstream catalog (ptclisp.upstream.runtime), two tools."""

    def apropos_entries(self):
        return [("shop/list_orders", "shop/list_orders - List orders, optionally by status.",
                 "shop list_orders", "List orders, optionally by status. status limit"),
                ("crm/get_account", "crm/get_account - Get one account by customer id.",
                 "crm get_account", "Get one account by customer id. customer_id")]


def test_upstream_tools_are_searched_with_the_host_tools(monkeypatch):
    from ptclisp.core import discovery
    monkeypatch.setattr(discovery, "_catalog", lambda: _Catalog())
    found = _value('(search-tools "orders by status")')
    assert found[0] == {kw("name"): "shop/list_orders", kw("doc"): "List orders, optionally by status.",
                        kw("call"): '(tool/call {:server "shop" :tool "list_orders" :args {}})',
                        kw("arguments"): '(doc "shop/list_orders")'}
    assert found[1][kw("name")] == "tool/list-orders"  # the host's own list-orders next
    assert _value('(apropos "account")')[0] == "crm/get_account - Get one account by customer id."
