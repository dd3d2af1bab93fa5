"""tool/call against the real fixture upstreams: success shapes, faults, limits, discovery.

Expected values come from the fixture servers' data (fixture_server.py, openapi_server.py),
worked out by hand.
"""
from __future__ import annotations

import pytest

import ptclisp
from ptclisp import Keyword as K
from ptclisp.upstream import messages as M

from conftest import API_TOKEN, SHOP_TOKEN, run


def value(host, program):
    r = run(host, program)
    assert r.ok, r.error
    return r.to_python()


def call(server, tool, args="{}"):
    return f'(tool/call {{:server "{server}" :tool "{tool}" :args {args}}})'


# ------------------------------------------------------------------ success shapes

SUCCESS = [
    # structured content; the SDK's {"result": [...]} wrapping of a list unwrapped
    ("shop", "list_orders", '{:status "shipped"}', "json",
     [{"id": 2, "customer_id": 11, "total": 35.0, "status": "shipped"}]),
    # a dict result: the SDK sends it as JSON text only (no structured content)
    ("shop", "get_order", "{:id 3}", "json_text", {"id": 3, "customer_id": 10, "total": 99.0, "status": "open"}),
    # only a text block: JSON in it is decoded (and says so), other text stays text
    ("shop", "plain_json", "{:id 2}", "json_text", {"id": 2, "customer_id": 11, "total": 35.0, "status": "shipped"}),
    ("shop", "plain_note", "{:id 4}", "text", "order 4 ships monday"),
    # over Streamable HTTP, with the bearer credential
    ("crm", "get_account", "{:customer_id 12}", "json_text",
     {"customer_id": 12, "name": "Cy", "tier": "gold", "region": "south"}),
    # OpenAPI GET: query and path parameters; an empty 204
    ("catalog", "list_products", '{:category "toys"}', "json",
     [{"id": 2, "name": "kite", "category": "toys", "price": 30.0, "customer_ids": [11]}]),
    ("catalog", "get_product", "{:id 3}", "json",
     {"id": 3, "name": "saw", "category": "tools", "price": 25.0, "customer_ids": [10]}),
    ("catalog", "touch_product", "{:id 1}", "none", None),
]


@pytest.mark.parametrize("server,tool,args,kind,expected", SUCCESS)
def test_success_shapes(host, server, tool, args, kind, expected):
    out = value(host, call(server, tool, args))
    assert out == {"ok": True, "value": expected, "value_kind": kind}


def test_args_may_be_left_out_and_the_result_is_ordinary_data(host):
    program = ('(let [r (tool/call {:server "shop" :tool "list_orders"})] '
               '(if (:ok r) (reduce + (map :total (:value r))) (fail (:message r))))')
    assert value(host, program) == 120.5 + 35.0 + 99.0 + 410.0


def test_tool_call_in_value_position_map_and_pmap(host):
    ids = "[1 2 3]"
    for form in ("map", "pmap"):
        program = (f'(map (comp :customer_id :value) ({form} tool/call '
                   f'(map (fn [i] {{:server "shop" :tool "get_order" :args {{:id i}}}}) {ids})))')
        assert value(host, program) == [10, 11, 10]


def test_a_join_of_two_servers_in_one_program(host):
    # open orders (shop, stdio) of gold customers (crm, HTTP): orders 1, 3 (Ada) and 4 (Cy)
    program = '''
    (let [orders (:value (tool/call {:server "shop" :tool "list_orders" :args {:status "open"}}))
          gold (set (map :customer_id (:value (tool/call {:server "crm" :tool "list_accounts"
                                                          :args {:tier "gold"}}))))]
      (mapv :id (filter #(gold (:customer_id %)) orders)))'''
    assert value(host, program) == [1, 3, 4]


# ------------------------------------------------------------------ world faults: values

def fault(host, program):
    out = value(host, program) if not isinstance(host, ptclisp.Session) else host.run(program).to_python()
    assert out["ok"] is False and set(out) == {"ok", "reason", "message"}, out
    return out["reason"], out["message"]


def test_a_tool_error_result_is_a_world_fault_and_the_program_goes_on(host):
    program = f'(let [r {call("shop", "get_order", "{:id 99}")}] [(:ok r) (:reason r) (count "after")])'
    assert value(host, program) == [False, "tool_error", 5]


def test_reason_is_a_keyword(host):
    r = run(host, call("shop", "get_order", "{:id 99}"))
    assert r.value[K("reason")] == K("tool_error")


def test_a_hanging_upstream_times_out(host):
    reason, message = fault(host, call("shop", "slow", "{:seconds 30}"))
    assert reason == "timeout" and message == M.timed_out("shop", "slow", 5.0)
    # the server stays usable for the next call
    assert value(host, call("shop", "slow", "{:seconds 0}"))["value"] == "done"


def test_a_hanging_openapi_upstream_times_out(host):
    reason, message = fault(host, call("catalog", "slow", "{:seconds 9}"))
    assert (reason, message) == ("timeout", M.timed_out("catalog", "slow", 5.0))


def test_oversized_answers(host):
    assert fault(host, call("shop", "big", "{:n 30000}")) == (
        "response_too_large", M.too_large("shop", "big", 20_000))
    assert fault(host, call("catalog", "dump"))[0] == "response_too_large"
    assert value(host, call("shop", "big", "{:n 100}"))["value"] == "x" * 100


def test_the_per_program_call_cap(host):
    program = f'(mapv :ok (for [_ (range 7)] {call("shop", "get_order", "{:id 1}")}))'
    assert value(host, program) == [True] * 5 + [False] * 2
    program = f'(:reason (last (for [_ (range 6)] {call("shop", "get_order", "{:id 1}")})))'
    assert value(host, program) == "cap_exhausted"
    # the count is per program: the next run may call again
    assert value(host, call("shop", "get_order", "{:id 1}"))["ok"] is True


def test_openapi_http_errors_and_unreachable(host):
    reason, message = fault(host, call("catalog", "get_product", "{:id 42}"))
    # the server's error body {"error": "no such product"} is kept (#27 item 7)
    assert (reason, message) == ("upstream_error", M.upstream_error(
        "catalog", "get_product", "HTTP 404 Not Found: no such product"))


def test_unreachable_http_upstreams():
    import ptclisp.upstream as U
    from conftest import HERE, free_port
    url = f"http://127.0.0.1:{free_port()}"  # nothing listens there
    cfg = {"upstreams": {
        "h": {"transport": "mcp_http", "url": url + "/mcp", "allow_insecure_http": True},
        "o": {"transport": "openapi", "base_url": url, "allow_insecure_http": True,
              "schema_file": str(HERE / "catalog.openapi.json"), "include_operations": ["get_product"]}}}
    with U.load(cfg) as ups:
        reason, message = fault(ups, '(tool/call {:server "h" :tool "anything"})')
        assert reason == "upstream_unavailable" and message.startswith(M.unavailable("h", M.NOT_STARTED))
        assert fault(ups, call("o", "get_product", "{:id 1}")) == (
            "upstream_unavailable", M.unavailable("o", "Connection refused"))


def test_a_dead_upstream_is_restarted():
    import ptclisp.upstream as U
    from conftest import ENV, config
    with U.load(config(), environ=ENV) as ups:
        first = value(ups, call("shop", "pid"))["value"]
        reason, message = fault(ups, call("shop", "crash"))
        # the fixture's crash tool ends the server with os._exit(3)
        assert (reason, message) == ("upstream_unavailable",
                                     M.unavailable("shop", M.CRASHED + "; it exited with code 3"))
        second = value(ups, call("shop", "pid"))["value"]
        assert second != first and ups.connections["shop"].starts == 2


def test_an_upstream_that_cannot_start():
    import ptclisp.upstream as U
    cfg = {"upstreams": {"gone": {"transport": "mcp_stdio", "command": "/nonexistent/server"}}}
    with U.load(cfg) as ups:
        reason, message = fault(ups, call("gone", "anything"))
        assert reason == "upstream_unavailable" and message.startswith(M.unavailable("gone", M.NOT_STARTED))
        assert value(ups, '(dir "gone")') is None  # discovery: a world fault is nil


# ------------------------------------------------------------------ programmer faults: errors

ERRORS = [
    ('(tool/call {:server "shp" :tool "get_order"})', M.unknown_upstream("shp"), "did you mean 'shop'?"),
    ('(tool/call {:server "nope" :tool "x"})', M.unknown_upstream("nope"),
     M.configured(["catalog", "crm", "shop"])),
    ('(tool/call {:server "shop" :tool "get_ordr" :args {:id 1}})',
     M.unknown_upstream_tool("get_ordr", "shop"), "did you mean 'get_order', 'list_orders'?"),
    ('(tool/call {:tool "x"})', M.call_needs_server("nil"), M.HINT_CALL),
    ('(tool/call {:server "shop"})', M.call_needs_tool("shop", "nil"), M.HINT_CALL),
    ('(tool/call {:server "shop" :tool "get_order" :args [1]})',
     M.args_not_map("shop", "get_order", "[1]"), M.HINT_CALL),
    ('(tool/call {:server "shop" :tool "get_order" :args {:id "x"}})',
     M.args_rejected("shop", "get_order", 'at :id: "x" is not of type integer'), None),
    ('(tool/call {:server "shop" :tool "get_order" :args {}})',
     M.args_rejected("shop", "get_order", "missing required argument :id"), None),
    ('(tool/call {:server "catalog" :tool "list_products" :args {:category "food"}})',
     M.args_rejected("catalog", "list_products", 'at :category: "food" is not one of ["tools" "toys"]'), None),
    ('(tool/call {:server "catalog" :tool "get_product" :args {:id 1 :verbose true}})',
     M.args_rejected("catalog", "get_product", "unknown argument(s) :verbose"), None),
    ('(tool/call {:server "shop" :tool "pid" :argz {}})', M.unknown_call_keys(["argz"]), M.HINT_CALL),
]


@pytest.mark.parametrize("program,message,hint", ERRORS)
def test_programmer_faults_are_program_errors(host, program, message, hint):
    r = run(host, program)
    assert r.status == "error" and r.error.kind == "ToolError"
    assert r.error.message == message
    if hint is not None:
        assert r.error.hint == hint


def test_a_programmer_fault_leaves_memory_as_it_was(host):
    s = ptclisp.Session(upstreams=host, memory={"x": 1})
    r = s.run('(def x 2) (tool/call {:server "nope" :tool "t"})')
    assert r.status == "error" and s.memory == {"x": 1}


# ------------------------------------------------------------------ secrets

def test_secrets_are_redacted_from_values_and_messages(host):
    # the stdio server echoes its ${VAR} env value; the OpenAPI endpoint echoes the bearer token
    assert value(host, call("shop", "echo_token"))["value"] == "token=[REDACTED]"
    who = value(host, call("catalog", "whoami"))["value"]
    assert who == {"authorization": "Bearer [REDACTED]", "tenant": "acme"}
    # over Streamable HTTP: the bearer credential and the static header arrive, and come back scrubbed
    assert value(host, call("crm", "whoami"))["value"] == {"authorization": "Bearer [REDACTED]",
                                                          "tenant": "acme"}
    r = run(host, '(tool/servers)')
    text = repr(r.value) + str(r.tool_calls) + repr(host.secrets) + host.catalog_text()
    assert SHOP_TOKEN not in text and API_TOKEN not in text


# ------------------------------------------------------------------ discovery

def test_servers(host):
    out = value(host, "(tool/servers)")
    assert [s["name"] for s in out] == ["catalog", "crm", "shop"]
    catalog = out[0]
    assert catalog["catalog_loaded"] is True and catalog["tool_count"] == 6


def test_dir_lists_a_servers_tools_sorted_and_pages(host):
    lines = value(host, '(dir "catalog")')
    assert lines == ["dump - A large answer.", "get_product - One product by id.",
                     "list_products - List products, optionally of one category.",
                     "slow - Answers after a while.",
                     "touch_product - Marks a product seen; answers nothing.",
                     "whoami - Echoes the credential it got (a buggy endpoint)."]
    assert value(host, '(dir "catalog" {:limit 2 :offset 1})') == lines[1:3]
    # builtin namespaces still answer as before
    assert value(host, "(count (dir clojure.set))") == 12


def test_doc_of_an_upstream_tool(host):
    r = run(host, '(doc "catalog/list_products")')
    assert r.ok and r.value is None
    text = r.prints[0]
    assert "catalog/list_products" in text
    assert "Args: :category enum<string>?, :max_price number?" in text
    assert "Required: none" in text
    r = run(host, "(doc catalog/get_product)")  # a bare symbol is quoted
    assert "Args: :id integer" in r.prints[0] and "Required: :id" in r.prints[0]
    assert '(tool/call {:server "catalog" :tool "get_product" :args {:id 1}})' in r.prints[0]


def test_doc_of_an_unknown_tool_of_a_known_server_names_near_ones(host):
    r = run(host, '(doc "catalog/get_prodct")')
    assert r.status == "error" and r.error.message == M.unknown_upstream_tool("get_prodct", "catalog")
    assert r.error.hint == "did you mean 'get_product', 'touch_product', 'list_products'?"


def test_apropos_ranks_upstream_tools_first(host):
    out = value(host, '(apropos "product")')
    # "product" is a whole word of the name (10 + 2) and of the description (10) of get_product
    # and touch_product (a tie, broken by name), a prefix only (5 + 2, 5) of list_products
    assert out[:3] == ["catalog/get_product - One product by id.",
                       "catalog/touch_product - Marks a product seen; answers nothing.",
                       "catalog/list_products - List products, optionally of one category."]
    assert value(host, '(first (apropos "upper-case"))').startswith("str/upper-case")


def test_the_repl_with_upstreams(host):
    import io
    from ptclisp.cli.repl import repl
    lines = iter(['(count (:value (tool/call {:server "shop" :tool "list_orders"})))',
                  '(doc "shop/get_order")'])

    def ask(prompt):
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None
    out, err = io.StringIO(), io.StringIO()
    assert repl(out=out, err=err, ask=ask, upstreams=host) == 0
    assert "\n4\n" in out.getvalue() and "Args: :id integer" in out.getvalue()
    assert err.getvalue() == ""


def test_sessions_on_many_threads_share_one_client(host):
    from concurrent.futures import ThreadPoolExecutor
    starts = host.connections["shop"].starts
    program = ('(mapv (comp :id :value) (pmap tool/call (map (fn [i] {:server "shop" '
               ':tool "get_order" :args {:id i}}) [1 2 3 4])))')

    def one(_):
        r = run(host, program)
        return r.to_python() if r.ok else r.error

    with ThreadPoolExecutor(8) as pool:
        results = list(pool.map(one, range(16)))
    assert results == [[1, 2, 3, 4]] * 16
    assert host.connections["shop"].starts == starts  # no second client was started


def test_an_upstream_that_never_answers_is_unavailable_and_leaves_no_process():
    import subprocess
    import ptclisp.upstream as U
    marker = "31.4159"  # an odd duration, to find this test's process
    cfg = {"upstreams": {"mute": {"transport": "mcp_stdio", "command": "sleep", "args": [marker]}}}
    with U.load(cfg) as ups:
        s = ptclisp.Session(upstreams=ups, limits=ptclisp.Limits(max_wall=1.0))
        for _ in range(2):  # the second attempt first ends what is left of the first
            reason, message = fault(s, '(tool/call {:server "mute" :tool "x"})')
            # it waits 90% of the run's max_wall of 1 s for the start, then says so
            assert (reason, message) == ("upstream_unavailable", M.unavailable("mute", M.not_listed_in(0.9)))
    left = subprocess.run(["pgrep", "-f", f"sleep {marker}"], capture_output=True, text=True)
    assert left.stdout == ""
