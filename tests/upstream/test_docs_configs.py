"""Every JSON config of docs/upstreams.md's "Real servers" works when ptclisp is started as a
desktop client starts it: no shell, no activated venv, only HOME and a bare PATH."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from docs_programs import DOC
from test_real_servers import EVERYTHING, npx_package, repo  # noqa: F401 (a fixture)

BARE_PATH = "/usr/bin:/bin"
# what each server's config is asked, and what its answer must hold
PROGRAMS = {
    "time": ('(:timezone (:value (tool/call {:server "time" :tool "get_current_time" '
             ':args {:timezone "UTC"}})))', '"UTC"'),
    "git": ('(count (re-seq #"Message: " (:value (tool/call {:server "git" :tool "git_log" '
            ':args {:max_count 5}}))))', "2"),
    "everything": ('(:ok (tool/call {:server "everything" :tool "echo" :args {:message "hi"}}))',
                   "true"),
}


def configs() -> dict:
    """Server name -> the JSON config the docs show for it under "Real servers"."""
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("## Real servers"):text.index("\n## ", text.index("## Real servers") + 1)]
    out = {}
    for block in re.findall(r"^```json\n(.*?)^```", section, re.S | re.M):
        config = json.loads(block)
        out.update({name: config for name in config["upstreams"]})
    return out


def ptclisp_command() -> str:
    """The absolute path of the `ptclisp` script, as a desktop client's config names it."""
    found = Path(sys.executable).parent / "ptclisp"
    return str(found) if found.exists() else shutil.which("ptclisp")


def test_the_docs_show_a_config_for_each_real_server():
    assert {"time", "git", "everything", "db"} <= set(configs())


@pytest.mark.parametrize("server", sorted(PROGRAMS))
def test_a_docs_config_starts_with_a_bare_path(server, tmp_path, request):
    config = configs()[server]
    if server == "git":
        repo = request.getfixturevalue("repo")
        config = json.loads(json.dumps(config).replace("/path/to/repo", str(repo)))
    if server == "everything":
        npx_package(EVERYTHING)
        if not os.path.exists(os.path.join("/usr/bin", "npx")):
            pytest.skip("npx is not in /usr/bin: the docs say to give its absolute path then")
    path = tmp_path / "upstreams.json"
    path.write_text(json.dumps(config))
    program, expected = PROGRAMS[server]
    env = {"PATH": BARE_PATH, "HOME": os.environ.get("HOME", str(tmp_path))}
    out = subprocess.run([ptclisp_command(), "run", "--upstreams", str(path), "-e", program],
                         env=env, cwd=tmp_path, capture_output=True, text=True, timeout=300,
                         stdin=subprocess.DEVNULL)
    assert (out.returncode, out.stdout.strip()) == (0, expected), out.stderr[-2000:]


def test_a_command_not_on_the_path_says_so(tmp_path):
    path = tmp_path / "upstreams.json"
    path.write_text(json.dumps({"upstreams": {"t": {"transport": "mcp_stdio",
                                                    "command": "uvx-not-here"}}}))
    out = subprocess.run([ptclisp_command(), "run", "--upstreams", str(path), "-e",
                          '(:message (tool/call {:server "t" :tool "x" :args {}}))'],
                         env={"PATH": BARE_PATH}, cwd=tmp_path, capture_output=True, text=True,
                         timeout=120, stdin=subprocess.DEVNULL)
    assert "its command 'uvx-not-here' was not found" in out.stdout, out.stdout + out.stderr
    assert "absolute path" in out.stdout
