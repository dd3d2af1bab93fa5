"""Every program of docs/upstreams.md that talks to the fixture servers (shop, crm, catalog) runs
as shown; those for real servers run in test_real_servers.py. Call-shape templates (with
`{...}` or `<...>`) are not programs and are left out."""
from __future__ import annotations

import pytest

from conftest import run
from docs_programs import programs, servers

FIXTURES = {"shop", "crm", "catalog"}
RUNNABLE = [(h, p) for h, p in programs()
            if servers(p) and servers(p) <= FIXTURES and "{...}" not in p and "<" not in p]


def test_the_docs_have_fixture_programs():
    assert len(RUNNABLE) >= 4  # quick start, success, resources, the measured question


@pytest.mark.parametrize("heading,program", RUNNABLE, ids=[h for h, _ in RUNNABLE])
def test_a_docs_program_runs_as_shown(host, heading, program):
    r = run(host, program)
    assert r.ok, (heading, program, r.error)
    v = r.to_python()
    if isinstance(v, dict) and "ok" in v:
        assert v["ok"] is True, v
