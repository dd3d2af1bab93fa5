"""Differential check of the pure subset against real Clojure (Debian's `clojure` package, 1.11).

Each program of tests/clojure_diff/programs/*.clj (blocks separated by blank lines; leading `;;`
lines describe a program) runs in a fresh ptclisp Session and in Clojure. One JVM runs every
program: a generated script evaluates each in its own namespace (with the `str`, `set` and `walk`
aliases), turns seqs into vectors and BigInts into plain integers, and prints it with `pr-str`.
That text is read back with ptclisp.read_value and compared with our value (numbers type-strict;
maps and sets by value, so print order and float formatting do not matter). A program that
throws in Clojure must end in an error here too.

Programs with a `;; divergence: ...` line are where we follow PtcRunner's documented design:
they are expected to differ (strict xfail), so a marker that stops being true is noticed.

Skipped when no `clojure` binary is found (set PTCLISP_CLOJURE to its path to pick one);
tests/clojure_diff/run.sh installs the Debian package and runs this file.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import attrs
import pytest

import ptclisp
from casefile import strict_equal
from ptclisp.lang.printer import format_value
from ptclisp.lang.data_reader import read_value

PROGRAMS = Path(__file__).parent / "clojure_diff" / "programs"
CLOJURE = os.environ.get("PTCLISP_CLOJURE") or shutil.which("clojure")
FIXED_CLOCK = lambda: 1_700_000_000.0  # noqa: E731

RUNNER = r"""
(ns ptcdiff.main (:require [clojure.walk :as walk]))

(defn normal
  "Seqs become vectors and BigInts plain integers, so ptclisp's reader reads the printed text."
  [v]
  (walk/prewalk (fn [x] (cond (instance? clojure.lang.BigInt x) (biginteger x)
                              (seq? x) (vec x)
                              :else x))
                v))

(defn run-program [id src]
  (let [out (try
              (let [f (binding [*ns* (create-ns (symbol (str "ptcdiff.p" id)))]
                        (refer-clojure)
                        (require '[clojure.string :as str] '[clojure.set :as set]
                                 '[clojure.walk :as walk])
                        (load-string (str "(fn [] " src "\n)")))]
                (pr-str (normal (f))))
              (catch Throwable e (str "!!" (.getSimpleName (class e)) " " (pr-str (.getMessage e)))))]
    (println (str "@@" id " " out))))
"""


@attrs.define
class Program:
    path: Path
    line: int
    source: str
    divergence: str | None

    @property
    def id(self) -> str:
        return f"{self.path.stem}:{self.line}"


def parse_programs() -> list[Program]:
    """Every program of every file, in order."""
    out = []
    for path in sorted(PROGRAMS.glob("*.clj")):
        lines = path.read_text(encoding="utf-8").splitlines()
        start, block = 1, []
        for no, line in enumerate([*lines, ""], 1):
            if line.strip():
                if not block:
                    start = no
                block.append(line)
                continue
            code = [x for x in block if not x.strip().startswith(";")]
            if code:
                notes = [x.strip()[2:].strip() for x in block if x.strip().startswith(";;")]
                divergence = next((n for n in notes if n.startswith("divergence:")), None)
                out.append(Program(path, start, "\n".join(code), divergence))
            block = []
    return out


ALL = parse_programs()


def clojure_script(programs: list[Program]) -> str:
    """One Clojure script printing `@@<index> <pr-str of the result>` per program."""
    calls = [f"(ptcdiff.main/run-program {i} {json.dumps(p.source)})" for i, p in enumerate(programs)]
    return RUNNER + "\n".join(calls) + "\n"


@pytest.fixture(scope="module")
def clojure_results() -> dict[int, str]:
    if not CLOJURE:
        pytest.skip("no `clojure` binary: install Debian's clojure package "
                    "(tests/clojure_diff/run.sh does) or set PTCLISP_CLOJURE")
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "programs.clj"
        script.write_text(clojure_script(ALL), encoding="utf-8")
        done = subprocess.run([CLOJURE, str(script)], capture_output=True, text=True, timeout=600)
    results = {}
    for line in done.stdout.splitlines():
        if line.startswith("@@"):
            index, _, text = line[2:].partition(" ")
            results[int(index)] = text
    assert done.returncode == 0 and len(results) == len(ALL), \
        f"clojure run failed ({done.returncode}): {done.stderr[-2000:]}"
    return results


def _param(i: int, p: Program):
    marks = [pytest.mark.xfail(strict=True, reason=p.divergence)] if p.divergence else []
    return pytest.param(i, p, id=p.id, marks=marks)


def test_programs_are_many_and_distinct():
    assert len(ALL) >= 60
    assert len({p.source for p in ALL}) == len(ALL)


@pytest.mark.parametrize("index,program", [_param(i, p) for i, p in enumerate(ALL)])
def test_same_result_as_clojure(clojure_results, index, program):
    theirs = clojure_results[index]
    ours = ptclisp.Session(clock=FIXED_CLOCK).run(program.source)
    where = f"{program.id}\n{program.source}\n  clojure: {theirs}\n"
    if theirs.startswith("!!"):
        assert ours.status == "error", where + f"  ptclisp: {format_value(ours.value)} (no error)"
        return
    assert ours.error is None, where + f"  ptclisp: {ours.error.render()}"
    try:
        expected = read_value(theirs)
    except ptclisp.PtcError as e:
        pytest.fail(where + f"  (clojure's text is not a PTC-Lisp value: {e})")
    assert strict_equal(ours.value, expected), where + f"  ptclisp: {format_value(ours.value)}"
