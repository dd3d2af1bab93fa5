"""`ptclisp mcp --upstreams FILE` driven by the official MCP client; `ptclisp run --upstreams`;
the catalog the model reads; `import ptclisp` stays free of the MCP SDK."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

import ptclisp
import ptclisp.upstream as U
from ptclisp.llm import request_tools, system_prompt
from ptclisp.upstream import catalog as C
from ptclisp.upstream import messages as M

from conftest import API_TOKEN, ENV, SHOP_TOKEN, config

PTCLISP = str(Path(sys.executable).with_name("ptclisp"))
JOIN = '''(let [orders (:value (tool/call {:server "shop" :tool "list_orders" :args {:status "open"}}))
      gold (set (map :customer_id (:value (tool/call {:server "crm" :tool "list_accounts"
                                                      :args {:tier "gold"}}))))]
  (mapv :id (filter #(gold (:customer_id %)) orders)))'''


@pytest.fixture(scope="module")
def config_file(tmp_path_factory, crm_url, api_url):
    path = tmp_path_factory.mktemp("ups") / "upstreams.json"
    path.write_text(json.dumps(config(crm_url, api_url)))
    return path


def test_the_aggregator_serves_one_lisp_eval_that_reaches_every_upstream(config_file):
    async def body():
        params = StdioServerParameters(command=PTCLISP, args=["mcp", "--upstreams", str(config_file)],
                                       env=ENV)
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as s:
                await s.initialize()
                tools = (await s.list_tools()).tools
                assert [t.name for t in tools] == ["lisp_eval"]
                card = tools[0].description
                assert M.CATALOG_HEAD in card
                assert "  - list_accounts(:tier string?) - List customer accounts, optionally of one tier." in card
                assert "  - get_product(:id integer) - One product by id." in card
                assert SHOP_TOKEN not in card and API_TOKEN not in card
                result = await s.call_tool("lisp_eval", {"program": JOIN})
                assert not result.is_error, result.content[0].text
                assert "[1 3 4]" in result.content[0].text
                result = await s.call_tool("lisp_eval", {"program": '(:value (tool/call {:server "shop" :tool "echo_token"}))'})
                assert "token=[REDACTED]" in result.content[0].text
                assert SHOP_TOKEN not in result.content[0].text
    anyio.run(body)


def test_run_with_upstreams_and_a_bad_file(config_file, tmp_path):
    program = f'[{JOIN} (:value (tool/call {{:server "shop" :tool "pid"}}))]'
    out = subprocess.run([PTCLISP, "run", "--upstreams", str(config_file), "--json", "-e", program],
                         capture_output=True, text=True, env=ENV, timeout=120)
    assert out.returncode == 0, out.stderr
    joined, pid = json.loads(out.stdout)
    assert joined == [1, 3, 4]
    with pytest.raises(ProcessLookupError):  # closed at exit: no stray upstream process
        os.kill(pid, 0)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"upstreams": {"x": {"transport": "mcp_stdio", "command": 1}}}))
    out = subprocess.run([PTCLISP, "run", "--upstreams", str(bad), "-e", "1"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    assert out.stderr.strip() == "ptclisp: " + M.config_error(M.field("x", "command"), M.NOT_STRING)


def test_the_catalog_in_lisp_eval_and_the_system_prompt(host):
    text = host.catalog_text()
    lines = text.splitlines()
    assert lines[:3] == [M.CATALOG_HEAD, M.CATALOG_UNTRUSTED, M.SERVERS_LINE]
    # what the server wrote sits in a data block after its server's line
    shop = lines.index("- shop: Orders of the shop. 16 tools")
    assert lines[shop + 1] == '<untrusted_ptc_output source="upstream">'
    assert "- shop: Orders of the shop. 16 tools" in lines  # fixture_server.py: 16 @shop.tool()
    assert "  - get_order(:id integer) - Get one order by id." in lines
    assert "  - list_orders(:limit integer?, :status string?) - List orders, optionally only those with a status." in lines
    session = ptclisp.Session(upstreams=host)
    [tool] = request_tools("tool_call", session=session)
    assert tool["function"]["description"].endswith(text)
    assert system_prompt(catalog=text).rstrip().endswith(text)


def test_a_catalog_past_its_budget_is_indexed_by_server():
    tools = [C.ToolInfo("big", f"t{i}", "d", {}) for i in range(41)]
    small = [C.ToolInfo("small", "refund_payment", "Refund a payment.", {}, read_only=False),
             C.ToolInfo("small", "list_payments", "List payments.", {}, read_only=True)]
    servers = {"big": tools, "small": small}
    whole = C.catalog_text(servers, {"big": "Many tools."}, budget=10_000)
    assert "  - t40() - d" in whole and "  - refund_payment() - Refund a payment." in whole
    text = C.catalog_text(servers, {"big": "Many tools."}, budget=150)
    assert text.splitlines()[:4] == [M.CATALOG_HEAD, M.CATALOG_UNTRUSTED, M.SERVERS_LINE,
                                     "- big: Many tools. 41 tools"]
    assert "- small: 2 tools" in text and "  - " not in text  # no mission: nothing in full
    # the index (names and words the servers wrote) sits in a data block of its own
    index = text.split(ptclisp.messages.CATALOG_INDEX_UPSTREAM + "\n", 1)[1]
    assert index.startswith('<untrusted_ptc_output source="upstream">\n')
    assert index.endswith("\n</untrusted_ptc_output>")
    assert "- small: list_payments; writes: refund_payment" in text  # names: all 150 tokens allow
    roomy = C.catalog_text(servers, {"big": "Many tools."}, budget=250)
    assert "- small: list_payments (List payments); writes: refund_payment (Refund a payment)" in roomy
    ranked = C.catalog_text(servers, {"big": "Many tools."}, mission="refund the payment",
                            budget=150)
    assert "  - refund_payment() - Refund a payment." in ranked  # in full, under its server
    assert ranked.index("  - refund_payment()") < ranked.index("  - list_payments()")  # best first
    assert "writes: refund_payment" not in ranked and "- big: t0, t1, t10" in ranked


LABELS = [
    ({"type": "string"}, "string"),
    ({"type": "string", "enum": ["open", "closed"]}, "enum<string>"),
    ({"enum": [1, "a"]}, "enum"),
    ({"type": "string", "const": "fixed"}, 'const<"fixed">'),
    ({"const": False}, "const<false>"),
    ({"const": 0}, "const<0>"),
    ({"anyOf": [{"type": "integer"}, {"type": "null"}]}, "integer"),
    ({"type": ["number", "null"]}, "number"),
    ({"type": "array", "items": {"type": "string"}}, "array"),
    ({}, "any"),
]


@pytest.mark.parametrize("schema,label", LABELS)
def test_argument_type_labels(schema, label):
    assert C.type_label(schema) == label


def test_argument_order_required_first_then_alphabetical():
    schema = {"properties": {"z": {}, "b": {"type": "string"}, "a": {"type": "integer"}, "m": {}},
              "required": ["m", "b"]}
    info = C.ToolInfo("s", "t", "", schema)
    assert C.args_text(info) == ":m any, :b string, :a integer?, :z any?"


def test_importing_ptclisp_does_not_import_the_upstream_layer():
    code = "import sys, ptclisp; print([m for m in ('mcp', 'jsonschema', 'ptclisp.upstream') if m in sys.modules])"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "[]", out.stderr


def test_close_stops_the_upstream_processes():
    with U.load(config(), environ=ENV) as ups:
        pid = ptclisp.Session(upstreams=ups).run('(:value (tool/call {:server "shop" :tool "pid"}))').value
    with pytest.raises(ProcessLookupError):
        for _ in range(50):  # the SDK terminates the process tree on close
            os.kill(pid, 0)
            time.sleep(0.1)


def test_prompt_with_the_catalog_of_upstreams(tmp_path, api_url):
    # an OpenAPI-only file: its catalog is known at load, no server starts
    cfg = config(api_url=api_url)
    del cfg["upstreams"]["shop"]
    path = tmp_path / "ups.json"
    path.write_text(json.dumps(cfg))
    out = subprocess.run([PTCLISP, "prompt", "--upstreams", str(path)], capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.rstrip().endswith(U.load(cfg).catalog_text())
    assert "  - get_product(:id integer) - One product by id." in out.stdout


def test_agent_step_mode_with_upstreams_keeps_them_between_replies(config_file, tmp_path):
    state = tmp_path / "state"
    out = subprocess.run([PTCLISP, "agent", "start", "--state", str(state), "--upstreams",
                          str(config_file), "Which open orders belong to gold customers?"],
                         capture_output=True, text=True, env=ENV, timeout=120)
    assert out.returncode == 0, out.stderr
    assert M.CATALOG_HEAD in out.stdout  # content transport: the catalog is in the system prompt
    assert SHOP_TOKEN not in out.stdout and API_TOKEN not in out.stdout
    reply = tmp_path / "reply.txt"
    reply.write_text(f"```clojure\n(return {JOIN})\n```\n")
    out = subprocess.run([PTCLISP, "agent", "reply", "--state", str(state), "--upstreams",
                          str(config_file), str(reply)],
                         capture_output=True, text=True, env=ENV, timeout=120)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout.strip().splitlines()[-1]) == {
        "status": "ok", "answer": [1, 3, 4], "turns": 1}


def test_agent_with_upstreams_from_python(config_file):
    def model(messages, tools):
        assert M.CATALOG_HEAD in messages[0]["content"]
        return f"```clojure\n(return {JOIN})\n```"
    ups = U.load(str(config_file), environ=ENV)
    try:
        result = ptclisp.Agent(llm=model, upstreams=ups).run("Open orders of gold customers?")
    finally:
        ups.close()
    assert (result.status, result.answer) == ("ok", [1, 3, 4])
