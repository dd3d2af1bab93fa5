"""Configuration: every bad field fails at load with a message naming the upstream and field."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

import ptclisp
import ptclisp.upstream as U
from ptclisp import messages as PM
from ptclisp.upstream import messages as M
from ptclisp.upstream.config import load_config

from conftest import HERE

SCHEMA = str(HERE / "catalog.openapi.json")
STDIO = {"transport": "mcp_stdio", "command": "server"}
HTTP = {"transport": "mcp_http", "url": "https://mcp.example/mcp"}
API = {"transport": "openapi", "base_url": "https://api.example", "schema_file": SCHEMA,
       "include_operations": ["get_product"]}
TOKEN = {"tok": {"source": "literal", "value": "s3cret-value"}}


def ups(**named):
    return {"upstreams": named}


def with_(base, **changes):
    return {**base, **changes}


BAD = [
    ({"upstreams": {}}, "'upstreams'", M.NO_UPSTREAMS),
    ({"upstreams": {"a": STDIO}, "extra": 1}, "the configuration", M.unknown_fields(["extra"])),
    (ups(**{"9x": STDIO}), 'upstream "9x"', M.BAD_NAME),
    (ups(a=with_(STDIO, transport="stdio")), M.field("a", "transport"), M.unknown_transport("stdio")),
    (ups(a={"transport": "mcp_stdio"}), M.field("a", "command"), M.MISSING),
    (ups(a=with_(STDIO, args="-v")), M.field("a", "args"), M.NOT_STRINGS),
    (ups(a=with_(STDIO, env={"T": "${PTCLISP_TEST_UNSET_VAR}"})), M.field("a", "env.T"),
     M.unset_variable("PTCLISP_TEST_UNSET_VAR")),
    (ups(a=with_(STDIO, url="https://x")), "upstream 'a'", M.unknown_fields(["url"])),
    (ups(h=with_(HTTP, url="http://mcp.example/mcp")), M.field("h", "url"), M.HTTPS_REQUIRED),
    (ups(h=with_(HTTP, url="ftp://mcp.example")), M.field("h", "url"), M.NOT_URL),
    ({"credentials": TOKEN, "upstreams": {"h": with_(HTTP, url="http://x/mcp", allow_insecure_http=True,
                                                     auth=[{"scheme": "bearer", "binding": "tok"}])}},
     M.field("h", "auth"), M.INSECURE_AUTH),
    (ups(h=with_(HTTP, static_headers={"Authorization": "Bearer x"})),
     M.field("h", "static_headers.Authorization"), M.secret_header("Authorization")),
    (ups(h=with_(HTTP, static_headers={"Mcp-Session-Id": "1"})),
     M.field("h", "static_headers.Mcp-Session-Id"), M.secret_header("Mcp-Session-Id")),
    (ups(h=with_(HTTP, auth=[{"scheme": "bearer", "binding": "nope"}])),
     M.field("h", "auth[0].binding"), M.unknown_credential("nope", {})),
    ({"credentials": TOKEN, "upstreams": {"h": with_(HTTP, auth=[{"scheme": "token", "binding": "tok"}])}},
     M.field("h", "auth[0].scheme"), M.unknown_scheme("token")),
    ({"credentials": TOKEN, "upstreams": {"h": with_(HTTP, auth=[
        {"scheme": "custom_header", "binding": "tok", "header": "Cookie"}])}},
     M.field("h", "auth[0].header"), M.secret_header("Cookie")),
    ({"credentials": {"c": {"source": "env", "var": "PTCLISP_TEST_UNSET_VAR"}}, "upstreams": {"a": STDIO}},
     M.credential_field("c", "var"), M.unset_variable("PTCLISP_TEST_UNSET_VAR")),
    ({"credentials": {"c": {"source": "exec", "cmd": "x"}}, "upstreams": {"a": STDIO}},
     M.credential_field("c", "source"), M.unknown_source("exec")),
    (ups(o=with_(API, include_operations=[])), M.field("o", "include_operations"), M.NOT_STRINGS),
    (ups(o=with_(API, include_operations=["nope"])), M.field("o", "include_operations"),
     M.unknown_operation("nope", ["create_product", "dump", "echo", "fail", "get_product", "list_products", "logo",
                                  "slow", "tenant", "touch_product", "whoami"])),
    (ups(o=with_(API, include_operations=["create_product"])), M.field("o", "include_operations"),
     M.refused_operation("create_product", M.OP_NOT_GET)),
    (ups(o=with_(API, include_operations=["logo"])), M.field("o", "include_operations"),
     M.refused_operation("logo", M.OP_NOT_JSON)),
    (ups(o=with_(API, include_operations=["tenant"])), M.field("o", "include_operations"),
     M.refused_operation("tenant", M.OP_PARAM_IN)),
    ({"upstreams": {"a": STDIO}, "limits": {"call_timeout_ms": 61_000}},
     "limits, field 'call_timeout_ms'", M.CALL_TIMEOUT_MAX),
    ({"upstreams": {"a": STDIO}, "limits": {"max_response_bytes": -1}},
     "limits, field 'max_response_bytes'", M.NOT_POSITIVE),
]


@pytest.mark.parametrize("config,where,problem", BAD)
def test_bad_configuration_names_upstream_and_field(config, where, problem):
    with pytest.raises(U.UpstreamConfigError) as e:
        U.load(config, environ={})
    assert str(e.value) == M.config_error(where, problem)


def test_a_missing_schema_file_names_the_field(tmp_path):
    config = ups(o=with_(API, schema_file=str(tmp_path / "none.json")))
    with pytest.raises(U.UpstreamConfigError) as e:
        U.load(config)
    assert str(e.value).startswith(M.config_error(M.field("o", "schema_file"), ""))


def test_a_file_resolves_paths_and_credentials_against_its_folder(tmp_path):
    (tmp_path / "token.txt").write_text("from-a-file\n")
    (tmp_path / "api.json").write_text((HERE / "catalog.openapi.json").read_text())
    raw = {"credentials": {"f": {"source": "file", "path": "token.txt"},
                           "e": {"source": "env", "var": "MY_TOKEN"}},
           "upstreams": {"o": with_(API, schema_file="api.json", auth=[
               {"scheme": "bearer", "binding": "f"},
               {"scheme": "custom_header", "binding": "e", "header": "X-Key"}])}}
    path = tmp_path / "upstreams.json"
    path.write_text(json.dumps(raw))
    config = load_config(str(path), environ={"MY_TOKEN": "from-env"})
    spec = config.upstreams["o"]
    assert spec.schema_path == str(tmp_path / "api.json")
    assert config.secrets.headers(spec) == {"Authorization": "Bearer from-a-file", "X-Key": "from-env"}
    # the secrets are apart from the specs, and never in a repr
    assert "from-a-file" not in repr(config.upstreams) + repr(config.secrets)
    assert sorted(config.secrets.values()) == ["from-a-file", "from-env"]


def test_basic_auth_and_stdio_env_resolution():
    raw = {"credentials": {"b": {"source": "literal", "value": '{"user": "ann", "pass": "pw"}'}},
           "upstreams": {"h": with_(HTTP, auth=[{"scheme": "basic", "binding": "b"}]),
                         "s": with_(STDIO, env={"TOKEN": "x-${A}-${B}", "MODE": "plain"})}}
    config = load_config(raw, environ={"A": "one", "B": "two"})
    assert config.secrets.headers(config.upstreams["h"]) == {"Authorization": "Basic YW5uOnB3"}
    assert config.secrets.env["s"] == {"TOKEN": "x-one-two", "MODE": "plain"}
    assert config.secrets.variables == {"one", "two"}  # what gets redacted


def test_defaults_of_the_limits():
    config = load_config(ups(a=STDIO))
    assert (config.limits.call_timeout, config.limits.max_response_bytes,
            config.limits.max_calls_per_program) == (30.0, 2 * 1024 * 1024, 50)


def test_session_takes_a_path_or_dict_and_shares_one_host():
    raw = ups(a=with_(STDIO, command=sys.executable))
    first, second = ptclisp.Session(upstreams=raw), ptclisp.Session(upstreams=raw)
    assert first.upstreams.host is second.upstreams.host
    first.upstreams.host.close()


def test_session_rejects_a_bad_configuration_at_construction():
    with pytest.raises(U.UpstreamConfigError):
        ptclisp.Session(upstreams=ups(a={"transport": "mcp_stdio"}))


def test_a_path_or_dict_imports_the_upstream_layer_at_construction(tmp_path):
    # a fresh process: `import ptclisp` alone leaves the layer out; a Session or an Agent
    # given a dict or a path imports it then (#29)
    path = tmp_path / "upstreams.json"
    path.write_text(json.dumps(ups(a=with_(STDIO, command=sys.executable))), encoding="utf-8")
    code = ("import sys, ptclisp\n"
            "assert 'ptclisp.upstream' not in sys.modules\n"
            f"raw = {ups(b=with_(STDIO, command=sys.executable))!r}\n"
            "s = ptclisp.Session(upstreams=raw)\n"
            f"a = ptclisp.Agent(llm=None, upstreams={str(path)!r}).session()\n"
            "print(sorted(s.tools), sorted(a.tools), 'ptclisp.upstream' in sys.modules)\n"
            "s.upstreams.host.close(); a.upstreams.host.close()\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == ("['call', 'resource', 'resources', 'servers'] "
                                  "['call', 'resource', 'resources', 'servers'] True")


def test_a_path_without_the_upstream_sdk_says_what_to_install():
    code = ("import sys\nsys.modules['mcp'] = None  # the SDK not installed\n"
            "import ptclisp\ntry:\n    ptclisp.Session(upstreams={})\n"
            "except TypeError as e:\n    print(e)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == PM.API_UPSTREAMS_NEED_PACKAGE
    assert PM.API_UPSTREAMS_NEED_PACKAGE == (
        "Session(upstreams=...) with a path or a dict needs the upstream layer: `import "
        "ptclisp.upstream` first (pip install -e '.[mcp]' in a clone of ptclisp), or pass "
        "ptclisp.upstream.load(...)")
    assert PM.cli_upstreams_missing("mcp") == (
        "--upstreams needs the MCP SDK and jsonschema (mcp is not installed): "
        "pip install -e '.[mcp]' in a clone of ptclisp")


def test_upstream_tools_are_host_tools_of_the_session():
    with U.load(ups(a=STDIO)) as host:
        s = ptclisp.Session(upstreams=host, tools={"t": lambda x: x})
        assert sorted(s.tools) == ["call", "resource", "resources", "servers", "t"]
        r = s.run("(tool/t {:x 1})")
        assert r.ok and r.value == 1


# The texts PtcRunner v0.13.0 documents for tool/call's programmer faults and world-fault
# reasons (docs/aggregator-mode.md, "Error reference"): programs and models that know them
# meet the same words here.
PINNED = [
    (M.call_needs_server("nil"), "tool/call requires :server (string), got nil"),
    (M.call_needs_tool("gh", "nil"), "tool/call on upstream 'gh' requires :tool (string), got nil"),
    (M.args_not_map("gh", "get_pr", "[1]"), "tool 'gh.get_pr' rejected args: :args must be a map, got [1]"),
    (M.unknown_upstream("gh"), "no upstream 'gh' configured"),
    (M.unknown_upstream_tool("get", "gh"), "no tool 'get' in upstream 'gh'"),
    (M.unavailable("gh", M.CRASHED),
     "upstream 'gh' is unavailable: the connection was lost (it restarts on the next call)"),
    (M.timed_out("gh", "get_pr", 2.5), "gh.get_pr took longer than 2.5 s"),
    (M.too_large("gh", "get_pr", 100), "gh.get_pr answered more than 100 bytes"),
    (M.cap_exhausted(50), "this program already made 50 upstream calls, the most one program may make"),
    (M.config_error(M.field("gh", "url"), M.HTTPS_REQUIRED),
     "upstreams configuration: upstream 'gh', field 'url': must be an https:// URL "
     "(set allow_insecure_http: true to allow http://)"),
]


@pytest.mark.parametrize("text,expected", PINNED)
def test_message_texts(text, expected):
    assert text == expected
