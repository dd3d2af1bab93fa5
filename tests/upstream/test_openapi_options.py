"""OpenAPI `schema_url` (the document fetched at load, with the upstream's headers, capped
before decoding) and `operation_overrides` (tool name, description, default arguments), as in
PtcRunner's aggregator. Expected products come from openapi_server.py."""
from __future__ import annotations

import pytest

import ptclisp.upstream as U
from ptclisp.upstream import messages as M

from conftest import API_TOKEN, HERE, run

SCHEMA = str(HERE / "catalog.openapi.json")


def upstream(api_url, **fields) -> dict:
    spec = {"transport": "openapi", "base_url": api_url, "allow_insecure_http": True,
            "allow_insecure_auth": True, "auth": [{"scheme": "bearer", "binding": "api"}],
            "include_operations": ["list_products", "get_product"], **fields}
    return {"credentials": {"api": {"source": "literal", "value": API_TOKEN}},
            "upstreams": {"cat": spec}}


def value(ups, program):
    r = run(ups, program)
    assert r.ok, r.error
    return r.to_python()


def test_schema_url_is_fetched_with_the_upstreams_credentials(api_url):
    with U.load(upstream(api_url, schema_url=f"{api_url}/openapi.json")) as ups:
        out = value(ups, '(tool/call {:server "cat" :tool "get_product" :args {:id 3}})')
        assert out["value"] == {"id": 3, "name": "saw", "category": "tools", "price": 25.0,
                                "customer_ids": [10]}


def test_schema_url_faults_fail_the_load(api_url):
    url = f"{api_url}/openapi.json"
    no_auth = upstream(api_url, schema_url=url)
    del no_auth["upstreams"]["cat"]["auth"]
    where = M.field("cat", "schema_url")
    cases = [
        (no_auth, M.schema_fetch_failed(url, "HTTP 401 Unauthorized")),
        (upstream(api_url, schema_url=url, schema_max_bytes=100), M.schema_too_large(url, 100)),
        (upstream(api_url, schema_url=f"{api_url}/products"),
         M.bad_schema_file(f"{api_url}/products", M.NO_PATHS)),  # JSON, but a list
    ]
    for config, problem in cases:
        with pytest.raises(U.UpstreamConfigError) as e:
            U.load(config)
        assert str(e.value) == M.config_error(where, problem)


BAD = [
    ({"schema_file": SCHEMA, "schema_url": "https://x/o.json"}, "upstream 'cat'", M.ONE_SCHEMA_SOURCE),
    ({}, "upstream 'cat'", M.ONE_SCHEMA_SOURCE),
    ({"schema_url": "http://x/o.json", "base_url": "https://x", "allow_insecure_http": False},
     M.field("cat", "schema_url"),
     M.HTTPS_REQUIRED),
    ({"schema_file": SCHEMA, "schema_max_bytes": 0}, M.field("cat", "schema_max_bytes"), M.NOT_POSITIVE),
    ({"schema_file": SCHEMA, "operation_overrides": {"slow": {}}},
     M.field("cat", "operation_overrides.slow"), M.NOT_INCLUDED),
    ({"schema_file": SCHEMA, "operation_overrides": {"get_product": {"defaults": {}}}},
     M.field("cat", "operation_overrides.get_product"), M.unknown_fields(["defaults"])),
    ({"schema_file": SCHEMA, "operation_overrides": {"get_product": {"name": "a b"}}},
     M.field("cat", "operation_overrides.get_product.name"), M.BAD_TOOL_NAME),
    ({"schema_file": SCHEMA, "operation_overrides": {"get_product": {"description": 3}}},
     M.field("cat", "operation_overrides.get_product.description"), M.NOT_STRING),
    ({"schema_file": SCHEMA, "operation_overrides": {"get_product": {"default_args": {"id": "x"}}}},
     M.field("cat", "operation_overrides.get_product.default_args"),
     M.bad_default_args("get_product", 'at :id: "x" is not of type integer')),
    ({"schema_file": SCHEMA, "operation_overrides": {"get_product": {"name": "list_products"}}},
     M.field("cat", "operation_overrides"), M.name_collision("list_products")),
]


@pytest.mark.parametrize("fields,where,problem", BAD)
def test_bad_openapi_options_name_the_field(fields, where, problem):
    config = upstream("http://127.0.0.1:9", **fields)
    config["upstreams"]["cat"].update(fields)
    with pytest.raises(U.UpstreamConfigError) as e:
        U.load(config)
    assert str(e.value) == M.config_error(where, problem)


def test_operation_overrides(api_url):
    overrides = {"list_products": {"name": "products", "description": "Products of a category.",
                                   "default_args": {"category": "tools"}},
                 "get_product": {"default_args": {"id": 2}}}
    with U.load(upstream(api_url, schema_file=SCHEMA, operation_overrides=overrides)) as ups:
        assert value(ups, '(dir "cat")') == ["get_product - One product by id.",
                                            "products - Products of a category."]
        names = '(map :name (:value (tool/call {:server "cat" :tool "products"})))'
        assert value(ups, names) == ["hammer", "saw"]  # the default category
        names = '(map :name (:value (tool/call {:server "cat" :tool "products" :args {:category "toys"}})))'
        assert value(ups, names) == ["kite"]  # the call's own argument wins
        # a defaulted path parameter is no longer required
        assert value(ups, '(:name (:value (tool/call {:server "cat" :tool "get_product"})))') == "kite"
        doc = run(ups, '(doc "cat/get_product")').prints[0]
        assert "Required: none" in doc and "Args: :id integer?" in doc
        r = run(ups, '(tool/call {:server "cat" :tool "list_products"})')
        assert r.error.message == M.unknown_upstream_tool("list_products", "cat")


def test_the_new_configuration_texts():
    assert M.ONE_SCHEMA_SOURCE == "set exactly one of 'schema_file' and 'schema_url'"
    assert M.schema_too_large("https://x/o.json", 9) == "https://x/o.json is larger than schema_max_bytes (9 bytes)"
    assert M.schema_fetch_failed("https://x/o.json", "HTTP 404 Not Found") == \
        "cannot fetch https://x/o.json (HTTP 404 Not Found)"
    assert M.bad_default_args("op", "boom") == "default_args of operation 'op' do not fit its parameters: boom"
    assert M.name_collision("t") == "two operations are named 't'"
    assert M.bad_schema_file("o.json", M.NO_PATHS) == "o.json is not a JSON OpenAPI document (it has no 'paths' object)"
    assert M.NOT_INCLUDED == "names an operation that is not in include_operations"
