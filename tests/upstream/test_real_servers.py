"""Programs against real MCP servers nobody here wrote (#27): the pip packages mcp-server-time and
mcp-server-git (the `test` extra installs them) and the npm @modelcontextprotocol/server-everything
(run with `npx -y`; skipped, with the reason, when npx or the npm registry cannot be had).

Expected values are the servers' documented answers, worked out from the inputs here.
"""
from __future__ import annotations

import datetime
import importlib.util
import os
import shutil
import subprocess
import sys
import zoneinfo

import pytest

import ptclisp
import ptclisp.upstream as U

from docs_programs import under

EVERYTHING = "@modelcontextprotocol/server-everything@2026.8.31"
FILESYSTEM = "@modelcontextprotocol/server-filesystem@2026.8.31"


def value(ups, program):
    r = ptclisp.Session(upstreams=ups).run(program)
    assert r.ok, r.error
    return r.to_python()


def need_module(name: str) -> None:
    if importlib.util.find_spec(name) is None:
        pytest.skip(f"{name} is not installed (pip install -e '.[test]' installs it)")


# ------------------------------------------------------------------ mcp-server-time (pip)

@pytest.fixture(scope="module")
def time_server():
    need_module("mcp_server_time")
    cfg = {"upstreams": {"time": {"transport": "mcp_stdio", "command": sys.executable,
                                  "args": ["-m", "mcp_server_time"]}}}
    with U.load(cfg) as ups:
        yield ups.start()


def test_time_current_time_is_structured(time_server):
    out = value(time_server, '(tool/call {:server "time" :tool "get_current_time" :args {:timezone "UTC"}})')
    assert out["ok"] and out["value_kind"] == "json"
    v = out["value"]
    assert v["timezone"] == "UTC" and set(v) == {"timezone", "datetime", "day_of_week", "is_dst"}
    assert datetime.datetime.fromisoformat(v["datetime"]).utcoffset() == datetime.timedelta(0)


def test_time_docs_program(time_server):
    v = value(time_server, under("mcp-server-time")[0])
    assert v["timezone"] == "UTC" and v["day_of_week"] in (
        "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def test_time_convert(time_server):
    program = ('(:value (tool/call {:server "time" :tool "convert_time" :args '
               '{:source_timezone "Europe/London" :time "12:00" :target_timezone "Asia/Tokyo"}}))')
    v = value(time_server, program)
    today = datetime.datetime.now(zoneinfo.ZoneInfo("Europe/London")).date()
    noon = datetime.datetime.combine(today, datetime.time(12), zoneinfo.ZoneInfo("Europe/London"))
    tokyo = noon.astimezone(zoneinfo.ZoneInfo("Asia/Tokyo"))
    assert v["target"]["datetime"].startswith(tokyo.strftime("%Y-%m-%dT%H:%M"))


def test_time_doc_shows_the_output_schema(time_server):
    text = time_server.doc_text("time/get_current_time")
    assert "  Output schema: {:timezone string, :datetime string, :day_of_week string, :is_dst boolean}" in text


# ------------------------------------------------------------------ mcp-server-git (pip)

@pytest.fixture(scope="module")
def repo(tmp_path_factory):  # also test_docs_configs.py
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    path = tmp_path_factory.mktemp("repo")
    git = ["git", "-C", str(path), "-c", "user.name=T", "-c", "user.email=t@example.com"]
    subprocess.run([*git[:3], "init", "-q"], check=True)
    (path / "VERSION").write_text("123\n")
    subprocess.run([*git, "add", "VERSION"], check=True)
    subprocess.run([*git, "commit", "-qm", "first: version"], check=True)
    (path / "package.json").write_text('{"name": "demo", "version": "1.0.0"}\n')
    subprocess.run([*git, "add", "package.json"], check=True)
    subprocess.run([*git, "commit", "-qm", "second: package"], check=True)
    return path


@pytest.fixture(scope="module")
def git_server(repo):
    need_module("mcp_server_git")
    cfg = {"upstreams": {"git": {"transport": "mcp_stdio", "command": sys.executable,
                                 "args": ["-m", "mcp_server_git"],
                                 "default_args": {"repo_path": str(repo)}}}}
    with U.load(cfg) as ups:
        yield ups.start()


def test_git_text_that_looks_like_json(git_server):
    show = '(tool/call {:server "git" :tool "git_show" :args {:revision "HEAD:VERSION"}%s})'
    assert value(git_server, show % "") == {"ok": True, "value": 123, "value_kind": "json_text"}
    assert value(git_server, show % " :raw true") == {"ok": True, "value": "123\n", "value_kind": "text"}


def test_git_log_and_contents_in_one_program(git_server):
    program = under("mcp-server-git")[0]  # the docs' worked program, as shown
    assert value(git_server, program) == {"commits": ["second: package", "first: version"],
                                          "version": "1.0.0"}


def test_git_default_args_are_not_required(git_server):
    assert "  Required: :revision" in git_server.doc_text("git/git_show")


# ------------------------------------------------------------------ server-everything (npm)

@pytest.fixture(scope="module")
def everything():
    cfg = {"upstreams": {"everything": {"transport": "mcp_stdio", "command": npx_package(EVERYTHING),
                                        "args": ["-y", EVERYTHING]}}}
    with U.load(cfg) as ups:
        yield ups.start()


def test_everything_image_and_both_texts(everything):
    out = value(everything, '(tool/call {:server "everything" :tool "get-tiny-image"})')
    assert out["value"] == "Here's the image you requested:\nThe image above is the MCP logo."
    kinds = [b["type"] for b in out["content"]]
    assert kinds == ["text", "image", "text"]
    image = out["content"][1]
    assert image["mime_type"] == "image/png" and image["bytes"] > 0 and "base64" not in image


def test_everything_embedded_resource(everything):
    out = value(everything, '(tool/call {:server "everything" :tool "get-resource-reference"})')
    embedded = [b for b in out["content"] if b["type"] == "resource"]
    assert [b["uri"] for b in embedded] == ["demo://resource/dynamic/text/1"]
    assert embedded[0]["text"].startswith("Resource 1: This is a plaintext resource")


def test_everything_resources(everything):
    rows = value(everything, '(tool/resources {:server "everything"})')["value"]
    uri = "demo://resource/static/document/features.md"
    assert uri in [r["uri"] for r in rows]
    text = value(everything, f'(tool/resource {{:server "everything" :uri "{uri}"}})')["value"]
    assert text.startswith("# Everything Server - Features")


def test_everything_does_not_see_the_hosts_keys(monkeypatch):
    npx = npx_package(EVERYTHING)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-host-only-4242")
    cfg = {"upstreams": {"everything": {"transport": "mcp_stdio", "command": npx,
                                        "args": ["-y", EVERYTHING]}}}
    with U.load(cfg) as ups:
        try:
            ups.start()
        except U.Unavailable as e:
            pytest.skip(f"server-everything did not start: {e}")
        env = value(ups, '(tool/call {:server "everything" :tool "get-env"})')["value"]
    assert "OPENAI_API_KEY" not in env and "sk-host-only-4242" not in str(env)
    assert env["PATH"]  # the default set is passed


# ------------------------------------------------------------------ server-filesystem (npm)

def npx_package(package: str) -> str:
    """The npx path, once package is fetched; skips (with the reason) when it cannot be."""
    npx = shutil.which("npx")
    if npx is None:
        pytest.skip("npx is not installed (the server is an npm package)")
    try:  # fetch it once, outside the upstream's start timeout
        fetched = subprocess.run([npx, "-y", package, "--help"], capture_output=True, text=True,
                                 timeout=300, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        pytest.skip(f"npx could not fetch {package} within 300 s")
    if "npm ERR" in fetched.stderr or "npm error" in fetched.stderr:
        pytest.skip(f"npx could not fetch {package}: {fetched.stderr[-300:]}")
    return npx


def test_filesystem_word_count_docs_program(tmp_path):
    npx = npx_package(FILESYSTEM)
    (tmp_path / "a.txt").write_text("the cat sat\non the mat\n")
    (tmp_path / "b.txt").write_text("a cat\n")
    cfg = {"upstreams": {"fs": {"transport": "mcp_stdio", "command": npx,
                                "args": ["-y", FILESYSTEM, str(tmp_path)]}}}
    with U.load(cfg) as ups:
        assert value(ups, under("@modelcontextprotocol/server-filesystem")[0]) == {"a.txt": 6, "b.txt": 2}


# ------------------------------------------------------------------ mcp-server-sqlite (pip, SDK 1.x)

def test_sqlite_json_building_query_docs_program(tmp_path):
    # mcp-server-sqlite needs the MCP SDK 1.x, so it lives in a venv of its own (docs); point
    # MCP_SERVER_SQLITE at that venv's mcp-server-sqlite to run this
    command = os.environ.get("MCP_SERVER_SQLITE")
    if not command:
        pytest.skip("MCP_SERVER_SQLITE is not set (mcp-server-sqlite needs a venv with mcp<2)")
    import sqlite3
    db = tmp_path / "shop.db"
    with sqlite3.connect(db) as c:
        c.execute("CREATE TABLE orders (id INTEGER, customer TEXT, total REAL)")
        c.executemany("INSERT INTO orders VALUES (?, ?, ?)", [(1, "ada", 120.5), (2, "bo", 35.0),
                                                             (3, "ada", 99.0)])
    cfg = {"upstreams": {"db": {"transport": "mcp_stdio", "command": command,
                                "args": ["--db-path", str(db)]}}}
    with U.load(cfg) as ups:
        assert value(ups, under("mcp-server-sqlite")[0]) == {"ada": 219.5, "bo": 35.0}
