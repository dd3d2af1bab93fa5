"""Tool exposure (expose=), the tool cache (cache=) and native calls at the boundary."""
from __future__ import annotations

import threading

import pytest

from ptclisp import Session, Tool, ToolError, kw
from ptclisp import messages
from ptclisp.host.cache import MISS, ToolCache


def counting(log, result=None, fail=False):
    def search(query: str, limit: int = 10):
        log.append((query, limit))
        if fail:
            raise RuntimeError("backend down")
        return result if result is not None else [{"query": query, "limit": limit}]
    return search


# ---------------------------------------------------------------- expose


def test_programs_see_only_tools_exposed_program_or_both():
    session = Session(tools=[Tool(lambda: 1, name="p"), Tool(lambda: 2, name="n", expose="native"),
                             Tool(lambda: 3, name="b", expose="both")])
    assert sorted(session.tools) == ["b", "p"] and sorted(session.tools.native) == ["b", "n"]
    assert session.run("[(tool/p) (tool/b)]").value == [1, 3]
    result = session.run("(tool/n)")
    assert result.status == "error" and result.error.kind == "AnalysisError"
    assert "tool/n" in result.error.message


@pytest.mark.parametrize("kwargs, message", [
    ({"expose": "model"}, messages.tool_bad_expose("t", "model")),
    ({"preview": "table"}, messages.tool_bad_preview("t", "table")),
    ({"preview": "rows", "cache": True}, messages.tool_preview_needs_cache("t", "program", True)),
    ({"preview": "rows", "expose": "both"}, messages.tool_preview_needs_cache("t", "both", False)),
    ({"preview_limit": 0}, messages.tool_bad_preview_limit("t", 0)),
])
def test_bad_exposure_options_are_value_errors(kwargs, message):
    with pytest.raises(ValueError) as e:
        Tool(lambda: 1, name="t", **kwargs)
    assert str(e.value) == message


def test_exposure_messages_are_pinned():
    assert messages.tool_bad_expose("t", "x") == (
        "tool t: expose must be \"program\", \"native\" or \"both\", got 'x'")
    assert messages.tool_preview_needs_cache("t", "program", False) == (
        "tool t: a preview needs expose=\"both\" and cache=True (got expose='program', cache=False)")
    assert messages.tool_bad_preview("t", "x") == (
        "tool t: preview must be \"metadata\", \"rows\" or a callable, got 'x'")
    assert messages.tool_bad_preview_limit("t", 0) == (
        "tool t: preview_limit must be a positive integer, got 0")
    assert messages.cache_bad_size(0) == (
        "the tool cache's max_entries must be a positive integer, got 0")


def test_defaults():
    t = Tool(lambda: 1, name="t")
    assert (t.expose, t.cache, t.preview, t.preview_limit) == ("program", False, None, 20)


# ---------------------------------------------------------------- the cache in programs


def test_a_cached_tool_runs_once_per_canonically_equal_arguments():
    log = []
    session = Session(tools=[Tool(counting(log), cache=True)])
    first = session.run('(tool/search {:query "x" :limit 10})')
    again = session.run('[(tool/search {"query" "x" "limit" 10}) (tool/search :limit 10 :query "x")]')
    assert log == [("x", 10)]
    assert again.value == [first.value, first.value]
    assert [c.get("cached", False) for c in again.tool_calls] == [True, True]
    session.run('(tool/search {:query "x" :limit 11})')
    assert log == [("x", 10), ("x", 11)]


def test_true_and_1_are_different_arguments():
    log = []
    session = Session(tools=[Tool(lambda flag: log.append(flag) or [flag], name="t", cache=True)])
    session.run("[(tool/t {:flag true}) (tool/t {:flag 1}) (tool/t {:flag 1.0})]")
    assert log == [True, 1] and type(log[1]) is int


def test_uncached_tools_run_every_time():
    log = []
    session = Session(tools=[Tool(counting(log))])
    session.run('[(tool/search {:query "x"}) (tool/search {:query "x"})]')
    assert len(log) == 2


def test_failures_are_never_cached():
    log = []
    session = Session(tools=[Tool(counting(log, fail=True), cache=True)])
    for _ in range(2):
        assert session.run('(tool/search {:query "x"})').error.kind == "ToolError"
    assert len(log) == 2 and len(session.tools.cache) == 0


def test_a_cached_result_is_a_fresh_value_each_time():
    log = []
    session = Session(tools=[Tool(counting(log, result={"rows": [1, 2]}), cache=True)])
    session.run('(def a (tool/search {:query "x"}))')
    r = session.run('(def b (update (tool/search {:query "x"}) :rows conj 3)) [a b]')
    assert r.value[0] != r.value[1] and len(log) == 1


def test_the_cache_is_bounded_least_recently_used_first():
    cache = ToolCache(max_entries=2)
    cache.put("t", {"a": 1}, "one")
    cache.put("t", {"a": 2}, "two")
    assert cache.get("t", {"a": 1}) == "one"  # now most recent
    cache.put("t", {"a": 3}, "three")
    assert len(cache) == 2 and cache.get("t", {"a": 2}) is MISS
    assert cache.get("t", {"a": 1}) == "one" and cache.get("u", {"a": 1}) is MISS
    with pytest.raises(ValueError, match="max_entries"):
        ToolCache(0)


def test_the_cache_is_safe_across_threads():
    cache = ToolCache(max_entries=50)

    def work(k):
        for i in range(300):
            cache.put("t", {"k": k, "i": i}, i)
            cache.get("t", {"k": k, "i": i - 1})

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(cache) == 50


# ---------------------------------------------------------------- native calls


def test_call_native_checks_arguments_and_shares_the_cache():
    log = []
    session = Session(tools=[Tool(counting(log), expose="both", cache=True)])
    value, cached = session.tools.call_native("search", {"query": "x"})
    assert cached is False and value == [{kw("query"): "x", kw("limit"): 10}]
    assert session.tools.call_native("search", {"query": "x"})[1] is True
    assert session.run('(tool/search {:query "x"})').tool_calls[0]["cached"] is True
    assert log == [("x", 10)]
    with pytest.raises(ToolError) as e:
        session.tools.call_native("search", {"limit": 1})
    assert e.value.code == "tool-args" and "query" in e.value.message
    with pytest.raises(ToolError) as e:
        session.tools.call_native("search", ["x"])
    assert e.value.code == "tool-args"


def test_call_native_refuses_tools_not_exposed_natively():
    session = Session(tools=[Tool(lambda: 1, name="p")])
    with pytest.raises(ToolError) as e:
        session.tools.call_native("p", {})
    assert e.value.code == "unknown-tool"
