"""Upstreams II (#27): every content block, :raw, resources, diagnosable failures, optional
upstreams, the environment a stdio server gets, call timeouts, default_args, task-only tools.

Expected values come from the fixture servers (fixture_server.py, openapi_server.py) and the
MCP specification's content shapes, worked out by hand.
"""
from __future__ import annotations

import base64
import json
import sys

import mcp_types
import pytest

import ptclisp
import ptclisp.upstream as U
from ptclisp.upstream import messages as M

from conftest import ENV, SHOP_TOKEN, config, run
from fixture_server import TINY_PNG


def value(host, program, **kw):
    r = run(host, program, **kw)
    assert r.ok, r.error
    return r.to_python()


def call(tool, args="{}", extra=""):
    return f'(tool/call {{:server "shop" :tool "{tool}" :args {args}{extra}}})'


@pytest.fixture(scope="module")
def shop():
    with U.load(config(call_timeout_ms=8000), environ=ENV) as ups:
        yield ups


# ------------------------------------------------------------------ item 1: every block

IMAGE = {"type": "image", "mime_type": "image/png", "bytes": 70}  # the PNG's decoded length
AUDIO = {"type": "audio", "mime_type": "audio/wav", "bytes": 3}  # "AAAA" is 3 bytes
LINK = {"type": "resource_link", "uri": "memo://greeting", "name": "greeting", "mime_type": "text/plain"}
EMBEDDED = {"type": "resource", "uri": "memo://inline", "mime_type": "text/plain", "text": "inline text"}


def test_every_content_block_reaches_the_program(shop):
    out = value(shop, call("blocks"))
    assert out["ok"] is True and out["value_kind"] == "text"
    assert out["value"] == "Here is the image:\nAnd a link."  # every text block, in order
    assert out["content"] == [{"type": "text", "text": "Here is the image:"}, IMAGE, AUDIO,
                              {"type": "text", "text": "And a link."}, LINK, EMBEDDED]


def test_binary_data_only_when_asked(shop):
    blocks = value(shop, call("blocks", extra=" :base64 true"))["content"]
    assert blocks[1] == {**IMAGE, "base64": TINY_PNG}
    assert base64.b64decode(blocks[1]["base64"])[:4] == b"\x89PNG"
    assert blocks[2] == {**AUDIO, "base64": "AAAA"}


def test_a_single_text_block_has_no_content_listing(shop):
    assert value(shop, call("plain_note", "{:id 4}")) == {
        "ok": True, "value": "order 4 ships monday", "value_kind": "text"}


# ------------------------------------------------------------------ item 2: :raw

RAW = [
    # a file holding 123: JSON by accident; the kind says it was parsed
    ("number_text", "{}", "", 123, "json_text"),
    ("number_text", "{}", " :raw true", "123", "text"),
    ("plain_json", "{:id 1}", " :raw true",
     json.dumps({"id": 1, "customer_id": 10, "total": 120.5, "status": "open"}), "text"),
    # structured content is kept as data unless :raw asks for the text
    ("list_orders", '{:status "shipped"}', "",
     [{"id": 2, "customer_id": 11, "total": 35.0, "status": "shipped"}], "json"),
]


@pytest.mark.parametrize("tool,args,extra,expected,kind", RAW)
def test_raw_keeps_text_as_text(shop, tool, args, extra, expected, kind):
    out = value(shop, call(tool, args, extra))
    assert (out["value"], out["value_kind"]) == (expected, kind)


def test_raw_must_be_a_boolean(shop):
    r = run(shop, call("number_text", extra=" :raw 1"))
    assert r.error.message == M.flag_not_boolean("raw", "1")


# ------------------------------------------------------------------ item 1: resources

def test_resources_are_listed_and_read(shop):
    listed = value(shop, '(tool/resources {:server "shop"})')
    rows = sorted(listed["value"], key=lambda row: row["uri"])
    assert rows == [{"uri": "memo://greeting", "name": "greeting", "mime_type": "text/plain",
                     "description": "A greeting."},
                    {"uri": "memo://logo", "name": "logo", "mime_type": "image/png",
                     "description": "A binary resource."}]  # the function's docstring
    text = value(shop, '(tool/resource {:server "shop" :uri "memo://greeting"})')
    assert text == {"ok": True, "value": "hello from the shop", "value_kind": "text"}
    logo = value(shop, '(tool/resource {:server "shop" :uri "memo://logo" :base64 true})')
    assert logo["value"] is None and logo["value_kind"] == "none"
    assert logo["content"] == [{"type": "resource", "uri": "memo://logo", "mime_type": "image/png",
                                "bytes": 70, "base64": TINY_PNG}]


def test_a_resource_read_is_a_counted_logged_call(shop):
    r = run(shop, '(tool/resource {:server "shop" :uri "memo://nope"})')
    assert r.ok and r.to_python()["reason"] == "upstream_error"
    assert [(c["server"], c["tool"], c["status"]) for c in r.upstream_calls] == [
        ("shop", "resources/read", "error")]


def test_resource_programmer_faults(shop):
    assert run(shop, '(tool/resource {:server "shop"})').error.message == M.resource_needs_uri("nil")
    assert run(shop, '(tool/resources {:server "nope"})').error.message == M.unknown_upstream("nope")


def test_resources_under_the_byte_cap():
    with U.load(config(max_response_bytes=10), environ=ENV) as ups:
        # nothing started yet; the server's first answer is already over 10 bytes
        out = run(ups, '(tool/resource {:server "shop" :uri "memo://greeting"})').to_python()
        assert out["ok"] is False and out["reason"] == "upstream_unavailable"
        assert M.start_too_large(10) in out["message"]


# ------------------------------------------------------------------ item 3: failures say why

CRASH = ("import sys; sys.stderr.write('starting...\\nerror: cannot open database "
         "/data/shop.db token=' + sys.argv[1] + '\\n'); sys.exit(7)")


def test_a_server_that_dies_at_start_shows_its_stderr_and_exit_code():
    cfg = {"credentials": {"t": {"source": "literal", "value": SHOP_TOKEN}},
           "upstreams": {"db": {"transport": "mcp_stdio", "command": sys.executable,
                                "args": ["-c", CRASH, SHOP_TOKEN]}}}
    with U.load(cfg) as ups:
        out = run(ups, '(tool/call {:server "db" :tool "q"})').to_python()
        assert out["ok"] is False and out["reason"] == "upstream_unavailable"
        message = out["message"]
        assert "; it exited with code 7" in message
        assert ("the last lines of its stderr:\n  starting...\n  error: cannot open database "
                "/data/shop.db token=[REDACTED]") in message
        assert SHOP_TOKEN not in message
        with pytest.raises(U.Unavailable) as e:
            ups.start()
        assert "exited with code 7" in str(e.value)


def test_a_listing_over_the_cap_names_the_cap():
    with U.load(config(max_response_bytes=300), environ=ENV) as ups:
        with pytest.raises(U.Unavailable) as e:
            ups.start()
        assert str(e.value) == M.unavailable("shop", M.not_started(M.start_too_large(300)))
        assert "max_response_bytes" in str(e.value)


# ------------------------------------------------------------------ item 4: optional upstreams

def test_an_optional_upstream_that_cannot_start_is_served_without():
    cfg = config()
    cfg["upstreams"]["broken"] = {"transport": "mcp_stdio", "command": sys.executable,
                                  "args": ["-c", "raise SystemExit(5)"], "optional": True}
    with U.load(cfg, environ=ENV) as ups:
        ups.start()  # no error: broken is optional, shop starts
        assert "exited with code 5" in ups.failed["broken"]
        servers = {s["name"]: s for s in value(ups, "(tool/servers)")}
        assert servers["shop"]["catalog_loaded"] is True and "unavailable" not in servers["shop"]
        assert servers["broken"]["catalog_loaded"] is False
        assert "exited with code 5" in servers["broken"]["unavailable"]
    cfg["upstreams"]["broken"]["optional"] = False
    with U.load(cfg, environ=ENV) as ups, pytest.raises(U.Unavailable):
        ups.start()


def test_optional_must_be_a_boolean():
    cfg = config()
    cfg["upstreams"]["shop"]["optional"] = "yes"
    with pytest.raises(U.UpstreamConfigError) as e:
        U.load(cfg, environ=ENV)
    assert str(e.value) == "upstreams configuration: upstream 'shop', field 'optional': must be true or false"


# ------------------------------------------------------------------ item 5: the environment

def test_a_stdio_server_gets_a_minimal_environment(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-host-only-4242")
    with U.load(config(), environ=ENV) as ups:  # started after the variable is set
        env = value(ups, call("env_echo"))["value"]
    assert "OPENAI_API_KEY" not in env
    assert env["SHOP_TOKEN"] == "[REDACTED]"  # declared by the upstream: passed, and a secret
    from mcp.client.stdio import get_default_environment
    assert set(env) - {"SHOP_TOKEN"} <= set(get_default_environment()) | _PYTHON_SETS


_PYTHON_SETS = {"LC_CTYPE", "PYTHONIOENCODING"}  # what an interpreter may add to its own environ


# ------------------------------------------------------------------ item 6: call timeouts

def test_a_call_timeout_longer_than_the_wall_is_refused_at_load():
    with U.load(config(call_timeout_ms=60000), environ=ENV) as ups:
        with pytest.raises(U.UpstreamConfigError) as e:
            ptclisp.Session(upstreams=ups)  # default max_wall: 60 s
        assert str(e.value) == M.call_timeout_over_wall(60.0, 60.0, 0.9)
        assert "--limit max_wall=67" in str(e.value)
        ptclisp.Session(upstreams=ups, limits=ptclisp.Limits(max_wall=67))  # raised: accepted


def test_tool_timeout_does_not_cut_an_upstream_call():
    # the call's own timeout (the default 30 s) is honoured past tool_timeout (0.5 s), up to 90%
    # of what is left of max_wall (3 s): the call ends as the fault value, not as a limit error;
    # the wait is tool time, not the program's (whose Limits.timeout is 1 s)
    with U.load(config(), environ=ENV) as ups:
        ups.start()
        r = ptclisp.Session(upstreams=ups, limits=ptclisp.Limits(tool_timeout=0.5, max_wall=3.0)).run(
            call("slow", "{:seconds 30}"))
    assert r.ok, r.error
    out = r.to_python()
    assert out["reason"] == "timeout"
    waited = float(out["message"].rsplit(" than ", 1)[1].split(" s")[0])
    assert 0.5 < waited <= 2.7


def test_mcp_takes_limit_flags():
    from ptclisp.cli.main import _LIMIT_FLAGS, _limits, build_parser
    args = build_parser().parse_args(["mcp", "--limit", "max_wall=120", "--limit", "tool_timeout=90",
                                      "--timeout", "2"])
    limits = _limits(args, _LIMIT_FLAGS + ("max_memory_mb", "isolation"))
    assert (limits.max_wall, limits.tool_timeout, limits.timeout) == (120, 90, 2.0)
    text = build_parser()._subparsers._group_actions[0].choices["mcp"].format_help()
    assert "wall-clock" not in text and "waiting on tools and upstreams is not counted" in " ".join(text.split())


# ------------------------------------------------------------------ item 7: default_args, tasks

def test_default_args_of_an_mcp_upstream():
    cfg = config()
    cfg["upstreams"]["shop"]["default_args"] = {"id": 2, "unused_elsewhere": 1}
    with U.load(cfg, environ=ENV) as ups:
        assert value(ups, call("get_order"))["value"]["id"] == 2  # left out: the default
        assert value(ups, call("get_order", "{:id 3}"))["value"]["id"] == 3  # given: wins
        info = ups.tools_of("shop")["get_order"]
        assert info.defaults == {"id": 2} and "required" not in info.input_schema
        assert "  Required: none" in ups.doc_text("shop/get_order")
        assert "    :id - default 2 (the configuration's default_args)" in ups.doc_text("shop/get_order")
        assert value(ups, call("list_orders", '{:status "open" :limit 1}'))["ok"]  # no id: unchanged


def test_a_task_only_tool_is_marked_and_refused(shop, monkeypatch):
    tool = mcp_types.Tool(name="long_job", input_schema={"type": "object", "properties": {}},
                          execution={"taskSupport": "required"})
    with U.load(config(), environ=ENV) as ups:
        conn = ups.connections["shop"]

        async def listed():
            return [tool]
        monkeypatch.setattr(conn, "list_tools", listed)
        assert ups.tools_of("shop")["long_job"].unsupported == M.task_only("shop", "long_job")
        assert M.task_only("shop", "long_job") in ups.doc_text("shop/long_job")
        r = run(ups, call("long_job"))
        assert r.error.message == M.task_only("shop", "long_job")


def test_doc_shows_enums_items_defaults_and_the_output_schema():
    from ptclisp.upstream.catalog import ToolInfo, doc_text
    schema = {"type": "object", "required": ["mode"],
              "properties": {"mode": {"type": "string", "enum": ["fast", "exact"]},
                             "rows": {"type": "array", "items": {"type": "object", "properties": {
                                 "id": {"type": "integer"}, "tags": {"type": "array", "items": {"type": "string"}}}}},
                             "limit": {"type": "integer", "default": 10, "description": "At most this many."}}}
    out = {"type": "object", "properties": {"total": {"type": "number"}}}
    text = doc_text(ToolInfo("s", "t", "Does t.", schema, out))
    assert '    :mode - one of "fast", "exact"' in text
    assert "    :limit - default 10; At most this many." in text
    assert "    :rows - items {:id integer, :tags [string]}" in text
    assert "  Output schema: {:total number}" in text


# ------------------------------------------------------------------ item 7: HTTP error bodies

def test_an_http_error_body_is_kept(api_url):
    cfg = config(api_url=api_url)
    cfg["upstreams"] = {"catalog": {**cfg["upstreams"]["catalog"], "include_operations": ["fail"]}}
    with U.load(cfg, environ=ENV) as ups:
        out = value(ups, '(tool/call {:server "catalog" :tool "fail"})')  # FastAPI's {"detail": [...]}
    assert (out["reason"], out["message"]) == ("upstream_error", M.upstream_error(
        "catalog", "fail", 'HTTP 422 Unprocessable Entity: [{"loc": ["query", "q"], "msg": "field required"}]'))


# ------------------------------------------------------------------ item 7: hints

HINTS = [
    ('(tool/call "shop" "get_order" {:id 1})', M.CALL_USAGE),
    ("(tool/get_order {:id 1})", '(tool/call {:server "..." :tool "get_order" :args {...}})'),
]


@pytest.mark.parametrize("program,hint", HINTS)
def test_hints_for_the_usual_slips(shop, program, hint):
    r = run(shop, program)
    assert r.error is not None and hint in r.error.hint


def test_check_knows_upstream_tools(tmp_path, capsys):
    from ptclisp.cli.main import main
    path = tmp_path / "u.json"
    path.write_text(json.dumps({"upstreams": {"t": {"transport": "mcp_stdio", "command": "true"}}}))
    program = '(tool/call {:server "t" :tool "x"})'
    assert main(["check", "-e", program]) == 1  # without the file: tool/call is unknown
    assert main(["check", "-e", program, "--upstreams", str(path)]) == 0
    assert capsys.readouterr().out.strip().endswith("ok")
