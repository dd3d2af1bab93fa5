"""The ranking of tools by what they do (core/ranking.py): words, stems, and BM25 checked against
a computation by hand of Robertson's formula."""
from __future__ import annotations

import math

import pytest

from ptclisp.core.ranking import B, K1, NAME_WEIGHT, PREFIX_SHARE, Ranker, stem, words


@pytest.mark.parametrize("word, expected", [
    ("orders", "order"), ("refunds", "refund"), ("categories", "category"), ("refunded", "refund"),
    ("shipped", "ship"), ("shipping", "ship"), ("failed", "fail"), ("called", "call"),
    ("addresses", "address"), ("status", "status"), ("class", "class"), ("bus", "bus"),
    ("is", "is"), ("red", "red"), ("analysis", "analysis"),
])
def test_stems(word, expected):
    assert stem(word) == expected


def test_words_split_names_and_drop_fillers_and_numbers():
    assert words("get-customerOrders") == ["get", "customer", "order"]
    assert words("list_failed_payments") == ["list", "fail", "payment"]
    assert words("How much has customer 2 paid in total?") == ["customer", "paid", "total"]


def _bm25(tf: int, length: int, avg: float, n: int, df: int) -> float:
    """Robertson's BM25 term score, written out."""
    idf = math.log(1 + (n - df + 0.5) / (df + 0.5))
    return idf * tf * (K1 + 1) / (tf + K1 * (1 - B + B * length / avg))


def test_scores_are_bm25_computed_by_hand():
    docs = [("a", "list-refunds", "Refunds given back.", ["customer_id"]),
            ("b", "list-orders", "Orders of a customer.", ["status"]),
            ("c", "get-user", "One user.", [])]
    r = Ranker(docs)
    # bags: a = list*3 refund*3 + refund given back + customer id -> 11 words, refund tf 4
    #       b = list*3 order*3 + order customer ("of a" dropped) + status -> 9 words;
    #       c = get*3 user*3 + user ("one" dropped) -> 7
    assert NAME_WEIGHT == 3
    avg = (11 + 9 + 7) / 3
    expected_a = _bm25(4, 11, avg, 3, 1)
    expected_b = 0.0
    got = r.scores("refund")
    assert got[0] == pytest.approx(expected_a) and got[1] == expected_b == got[2]
    # two words: the sum of their term scores ("customer" is in a and b)
    two = r.scores("refund customer")
    assert two[0] == pytest.approx(expected_a + _bm25(1, 11, avg, 3, 2))
    assert two[1] == pytest.approx(_bm25(1, 9, avg, 3, 2))


def test_a_query_word_that_starts_a_document_word_counts_half():
    r = Ranker([("p", "list-payments", "Payments taken.", []), ("o", "list-orders", "", [])])
    # "pay" is no word of either; it starts "payment" (tf 4 in p: 3 from the name, 1 described)
    length = 3 + 3 + 2  # list*3 payment*3 + payment taken
    avg = (length + 6) / 2
    assert r.scores("pay")[0] == pytest.approx(PREFIX_SHARE * _bm25(4, length, avg, 2, 1))
    assert r.rank("pay") == ["p", "o"] and r.matches("pay") == [("p", r.scores("pay")[0])]


def test_ties_keep_the_given_order_and_no_match_matches_nothing():
    r = Ranker([("x", "alpha", "", []), ("y", "alpha", "", [])])
    assert r.rank("alpha") == ["x", "y"]
    assert r.matches("zeta") == [] and r.rank("zeta") == ["x", "y"]
    assert Ranker([]).matches("alpha") == []
