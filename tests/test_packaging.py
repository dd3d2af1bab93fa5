"""The built wheel carries the grammar, and the installed package reads without the source tree."""
from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_wheel_ships_the_grammar_and_reads_outside_the_source_tree(tmp_path):
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "-q", "-w", str(wheels), str(ROOT)], check=True, timeout=300)
    wheel = next(wheels.glob("ptclisp-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert "ptclisp/grammar/ptclisp.lark" in names and "ptclisp/grammar/terminals.json" in names
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "ptclisp").rglob("*.py")}
    assert modules <= set(names), sorted(modules - set(names))  # every package is listed
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target",
                    str(target), str(wheel)], check=True, timeout=300)
    probe = ("import ptclisp, sys; assert ptclisp.__file__.startswith(sys.argv[1]), ptclisp.__file__;"
             "from ptclisp.lang.reader_lark import read_with_lark;"
             "print(ptclisp.read('(+ 1 2)') == read_with_lark('(+ 1 2)'), ptclisp.run('(+ 1 2)').value)")
    out = subprocess.run([sys.executable, "-c", probe, str(target)], cwd=tmp_path,
                         env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"},
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["True", "3"]
