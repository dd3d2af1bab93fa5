"""Every public name of clojure.core 1.11 is provided, refused with what to use instead, or
listed in docs/divergences.md as not for data programs; the docs list exactly the rest.

tests/data/clojure_core_publics.txt holds `(sort (keys (ns-publics 'clojure.core)))` of Clojure
1.11; the last test checks it against a real Clojure when one is installed.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import ptclisp
from ptclisp import messages
from ptclisp.compile import analyzer, macros, special_forms
from ptclisp.core import registry

ROOT = Path(__file__).resolve().parents[2]
PUBLICS = (ROOT / "tests" / "data" / "clojure_core_publics.txt").read_text().split()
DOCS = (ROOT / "docs" / "divergences.md").read_text(encoding="utf-8")
SECTION = DOCS[DOCS.index("## clojure.core names"):DOCS.index("## Data and the host")]
REFUSED_PART = SECTION[SECTION.index("Left out on purpose"):SECTION.index("Not provided, not for")]
NOT_PROVIDED_PART = SECTION[SECTION.index("Not provided, not for"):]
CLOJURE = os.environ.get("PTCLISP_CLOJURE") or shutil.which("clojure")


def _ticked(text: str) -> set[str]:
    return set(re.findall(r"`([^`\s]+)`", text))


def provided(name: str) -> bool:
    return (name in registry.CORE or name in special_forms.SPECIALS or name in macros.MACROS
            or name in analyzer.HISTORY)


REFUSALS = {**{n: messages.HABITS[n] for n in PUBLICS if n in messages.HABITS and not provided(n)},
            **messages.REFUSED}


def test_every_clojure_core_name_is_accounted_for():
    listed = set(re.findall(r"`([^`\s]+)`", NOT_PROVIDED_PART.split(":", 1)[1]))
    rest = {n for n in PUBLICS if not provided(n) and n not in REFUSALS}
    assert rest - listed == set(), "not provided, not refused and not listed in the docs"
    assert listed - rest == set(), "listed in the docs as not provided, but provided or refused"


def test_nothing_refused_is_provided():
    assert [n for n in messages.REFUSED if provided(n)] == []
    assert set(messages.REFUSED) <= set(PUBLICS)  # refusals name real clojure.core names


def test_the_docs_list_each_refusal_with_its_hint():
    for name, hint in REFUSALS.items():
        assert f"`{name}`" in REFUSED_PART, name
        assert hint.replace("|", "\\|") in REFUSED_PART, name


@pytest.mark.parametrize("name", sorted(n for n in REFUSALS if n != ".."))
def test_a_refused_name_answers_with_what_to_use_instead(name):
    r = ptclisp.run(f"({name} 1)")
    assert r.status == "error" and r.error.kind == "AnalysisError"
    assert r.error.hint is not None and REFUSALS[name] in r.error.hint, r.error.render()


@pytest.mark.parametrize("name", sorted(messages.REFUSED_QUALIFIED))
def test_a_refused_java_method_answers_with_what_to_use_instead(name):
    r = ptclisp.run(f"({name} 1)")
    assert r.status == "error" and r.error.kind == "AnalysisError"
    assert r.error.hint == messages.REFUSED_QUALIFIED[name], r.error.render()
    assert f"`{name.replace('java.util.', '')}`" in SECTION


@pytest.mark.skipif(not CLOJURE, reason="no `clojure` binary (tests/clojure_diff/run.sh installs it)")
def test_the_pinned_names_are_clojures(tmp_path):
    script = tmp_path / "names.clj"
    script.write_text("(doseq [n (sort (map str (keys (ns-publics 'clojure.core))))] (println n))\n")
    done = subprocess.run([CLOJURE, str(script)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    version = subprocess.run([CLOJURE, "-e", "(print (clojure-version))"], capture_output=True,
                             text=True, timeout=300).stdout
    if not version.startswith("1.11"):
        pytest.skip(f"the names are pinned for Clojure 1.11, this is {version}")
    assert done.stdout.split() == PUBLICS
