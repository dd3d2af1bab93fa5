"""The data profile names the mess in messy exports (#37 item 1), within its token cost.

Each fixture is built so its counts are known by construction; the expected lines below are
worked out from the construction (see the comments), not copied from the output. Token costs
are `estimate_tokens` (about o200k), as tests/integrations/test_instructions.py counts them.
"""
from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from ptclisp import Session
from ptclisp.llm import estimate_tokens
from ptclisp.llm.context import data_inventory
from ptclisp.llm.profile import key_profiles
from ptclisp.llm.profile_strings import json_note

# 19 spellings of 4 values: paid (0-5), open (6-10), canceled (11-14), refunded (15-18)
SPELLINGS = ["paid", " paid", "PAID", "Paid ", "paid ", " PAID",
             "open", "OPEN ", "Open", " open", "OPEN",
             "canceled", "Canceled ", "CANCELED", " canceled",
             "refunded", "Refunded", " REFUNDED ", "refunded "]


def export() -> list[dict]:
    """206 orders (ids 5000..5205, every tenth from the fourth written as text) and 15 copies of
    the first 15: copies 0-8 with another total, 9-14 identical; copy 3's id is the number 5003
    where its original wrote "5003"."""
    rows = []
    for i in range(206):
        body = {"orderId": 5000 + i, "amount": 10.0 + i, "currency": "EUR"}
        if i % 3 == 1:
            body["amount"] = str(body["amount"])  # a string of a number, from the second value
        if i % 11 == 5:
            body["reason"] = "late"  # a key the first value does not have
        day = f"2026-06-{1 + i % 28:02d}"
        rows.append({"id": str(5000 + i) if i % 10 == 3 else 5000 + i,
                     "status": SPELLINGS[i % 19],
                     "created": day if i % 3 == 0 else day + "T15:15:58Z",
                     "total": None if i % 9 == 0 else 10.0 + i,
                     "body": json.dumps(body)})
    for j in range(15):
        copy = dict(rows[j])
        if j < 9:
            copy["total"] = 1.0
        if j == 3:
            copy["id"] = 5003
        rows.append(copy)
    return rows


def lines_of(data: dict) -> list[str]:
    return data_inventory(Session(data=data).data).splitlines()


def test_many_spellings_are_grouped_trimmed_and_lower_cased_most_common_first():
    # group counts: 206 rows cycle the 19 spellings (0-15 eleven times, 16-18 ten), then the 15
    # copies add spellings 0-14 once: paid 6*11+6 = 72, open 5*11+5 = 60, canceled 4*11+4 = 48,
    # refunded 11+3*10 = 41
    assert (';;   :status string, 19 spellings of 4 values when trimmed and lower-cased: '
            '"paid"|"open"|"canceled"|"refunded"') in lines_of({"export": export()})


def test_a_repeated_identity_says_how_many_distinct_and_where_the_copies_differ():
    # 207 distinct as written ("5003" and 5003), 206 taken as one, 221 records; copies 0-8 change
    # :total, 9-14 are identical (copy 3 differs from its original in the id's spelling only)
    assert (';;   :id int|string (the strings are numbers, e.g. "5003"), 206 distinct of 221 '
            'with "5003" = 5003 (207 as written); repeated records differ in :total (9 of 15 ids)'
            ) in lines_of({"export": export()})


def test_identical_copies_are_said_identical():
    rows = [{"id": i % 20, "v": i % 20} for i in range(23)]  # ids 0, 1, 2 twice, the same values
    assert ";;   :id int, 20 distinct of 23; repeated records identical (3 ids)" in lines_of(
        {"rows": rows})


def test_a_key_naming_another_record_is_not_an_identity():
    # customer_id repeats by nature beside :id; without :id, orderId is one (9 of 10 distinct)
    rows = [{"id": i, "customer_id": i % 3} for i in range(6)]
    assert ";;   :customer_id :id int" in lines_of({"r": rows})  # no note on either
    rows = [{"orderId": i % 9, "customer_id": i % 3} for i in range(10)]
    assert ";;   :orderId int, 9 distinct of 10; repeated records identical (1 id)" in lines_of(
        {"r": rows})
    assert ";;   :customer_id int" in lines_of({"r": rows})


def test_mixed_formats_show_each_with_an_example_and_a_count():
    # date only when i % 3 == 0: rows 0, 3 ... 204 (69) and copies 0, 3, 6, 9, 12 (5) = 74;
    # the other 147 carry a time; most first, each with its first example
    assert (';;   :created string, in 2 formats: "2026-06-02T15:15:58Z" (147), "2026-06-01" (74)'
            in lines_of({"export": export()}))


def test_json_keys_come_from_every_value_with_their_types():
    # the first body has no "reason" (rows 5, 16... have it) and a float amount (rows 1, 4...
    # write it as text): keys sorted, `?` where some objects lack the key
    assert (';;   :body string of JSON {"amount" float|string(number) "currency" string '
            '"orderId" int "reason" string?}: (json/parse-string s) gives string keys'
            ) in lines_of({"export": export()})


def test_nil_counts_stay_and_the_whole_profile_fits_its_token_cost():
    lines = lines_of({"export": export()})
    # None when i % 9 == 0 (23 of the 206) and in copy 9 (copies 0-8 got 1.0): 24
    assert ";;   :total float, nil in 24 of 221" in lines
    profile = "\n".join(line for line in lines[2:] if "sample:" not in line)
    # on e4c902c these lines said only `:created :status string`, `:id int|string (...)` and
    # the first body's keys ("reason" hidden): 76 tokens; naming the mess costs 180
    assert estimate_tokens(profile) <= 190


def test_a_few_spellings_are_listed_with_how_many_values_they_are():
    # "Germany" is not "de" trimmed and lower-cased: the groups claim no synonyms
    rows = [{"country": c, "tier": t} for c, t in zip(
        ["DE", " DE", "de", "Germany", "US", "us", "GB"] * 3, ["gold", "Gold ", "silver"] * 7)]
    lines = lines_of({"customers": rows})
    assert (';;   :country string "DE"|" DE"|"de"|"Germany"|"US"|"us"|"GB" (4 values when '
            'trimmed and lower-cased)') in lines
    assert ';;   :tier string "gold"|"Gold "|"silver" (2 values when trimmed and lower-cased)' in lines
    assert estimate_tokens("\n".join(lines[3:5])) <= 60


def test_past_the_cap_the_most_common_groups_are_listed_and_the_rest_counted():
    # 30 categories, each spelled two ways and seen 20 times: 60 spellings of 30 values
    rows = [{"cat": (f"Cat{c}" if k % 2 else f" cat{c}")} for k in range(20) for c in range(30)]
    line = next(x for x in lines_of({"r": rows}) if x.startswith(";;   :cat"))
    assert line == (';;   :cat string, 60 spellings of 30 values when trimmed and lower-cased, most '
                    'common: "cat0"|"cat1"|"cat2"|"cat3"|"cat4"|"cat5"|"cat6"|"cat7"|"cat8"|'
                    '"cat9"|"cat10"|"cat11" ... 18 more')
    # free text (names, all distinct) gets no spellings and no formats
    rows = [{"name": f"Person {chr(65 + i % 26)}{i}"} for i in range(50)]
    assert ";;   :name string" in lines_of({"r": rows})


def test_nested_numbers_as_text_and_optional_keys_are_marked():
    rows = [{"lines": [{"sku": "TEA", "unit_price": "2.50", "qty": 2}, {"sku": "MUG", "qty": 1}]}]
    assert ';;   :lines [{:qty int :sku string :unit_price string(number)?}]' in lines_of({"i": rows})


def test_a_profile_cut_by_its_time_says_what_it_read():
    rows = [{"id": i % 4000, "n": i} for i in range(20_000)]
    profiles, read = key_profiles(rows, budget=0.0)
    # 12,288 values are read whatever the clock says: a first chunk of 256 records, then chunks
    # of 12,288 values (6,144 records of two keys); repeated ids are compared 64 at a time:
    # ids 0-2399 twice in the first 6,400 records, each copy with its own :n
    assert read == 6400
    assert dict(profiles)['"id"'] == ('int, 4000 distinct of 6400; repeated records differ in '
                                      '"n" (64 of the first 64 of 2400 ids)')  # host keys: strings
    # JSON strings are parsed 256 at a time
    note = json_note([json.dumps({"n": i}) for i in range(1000)], 0.0)
    assert note.endswith("(keys read from 256 of 1000 distinct strings)")


def test_wide_records_profile_the_keys_shown_only():
    rows = [{f"k{j:03d}": j for j in range(100)} for _ in range(50)]
    profiles, read = key_profiles(rows, shown=30)
    assert read == 50 and len(profiles) == 100
    assert [p for _, p in profiles[:30]] == ["int"] * 30 and {p for _, p in profiles[30:]} == {""}
    assert lines_of({"wide": rows})[-2] == ";;   ... 70 more keys"


def test_strings_that_are_not_json_beside_json_ones_are_counted():
    rows = [{"payload": '{"a": 1}'}, {"payload": "n/a"}, {"payload": '{"b": "x"}'},
            {"payload": "n/a"}]
    assert (';;   :payload string of JSON {"a" int? "b" string?}: (json/parse-string s) gives '
            'string keys, 2 not JSON, e.g. "n/a"') in lines_of({"r": rows})


_CELLS = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=30),
    st.sampled_from(["paid", " PAID", "7", " 7 ", "2026-06-07", "2026-06-07T15:15:58Z", "{",
                     '{"a": 1}', '{"a": "2.5", "b": [1]}', '[{"x": 1}]', "[]", "n/a", "\n7"]),
    st.lists(st.integers(), max_size=3), st.dictionaries(st.sampled_from(["a", "b"]), st.integers()))
_RECORDS = st.lists(st.dictionaries(st.sampled_from(["id", "status", "body", "order_id", "x"]),
                                    _CELLS, max_size=5) | st.none() | st.integers(), max_size=40)


@settings(max_examples=200, deadline=None)
@given(_RECORDS)
def test_any_records_get_a_profile_naming_every_key(rows):
    text = data_inventory(Session(data={"rows": rows}).data)
    keys = {k for r in rows if isinstance(r, dict) for k in r}
    for k in keys:
        assert f":{k}" in text
