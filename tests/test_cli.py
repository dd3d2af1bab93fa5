"""The `ptclisp` command and the README's example."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from ptclisp.cli.main import main

ROOT = Path(__file__).resolve().parent.parent


def test_run_expr(capsys):
    assert main(["run", "-e", "(+ 1 2)"]) == 0
    assert capsys.readouterr().out.strip() == "3"


def test_run_json(capsys):
    assert main(["run", "-e", "{:a [1 2]}", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"a": [1, 2]}


def test_run_error_shows_caret_and_exits_nonzero(capsys):
    assert main(["run", "-e", "(+ 1\n   (foo))"]) == 1
    err = capsys.readouterr().err
    assert "Unable to resolve symbol: foo" in err
    assert "line 2, column 5" in err
    assert "^" in err


def test_run_prints_then_value(capsys):
    assert main(["run", "-e", '(println "hi") 4']) == 0
    assert capsys.readouterr().out.splitlines() == ["hi", "4"]


def test_fail_exits_2(capsys):
    assert main(["run", "-e", '(fail "no")']) == 2


def test_check_does_not_run(capsys):
    assert main(["check", "-e", '(println "x") (+ 1 2)']) == 0
    assert capsys.readouterr().out.strip() == "ok"
    assert main(["check", "-e", "(nope)"]) == 1


def test_check_tools(capsys):
    assert main(["check", "-e", "(tool/search {:q 1})", "--tools", "search"]) == 0
    assert main(["check", "-e", "(tool/search {:q 1})"]) == 1


def test_readme_example_runs():
    """The README's main-job command, as a subprocess of the installed console script."""
    out = subprocess.run(
        [sys.executable, "-m", "ptclisp.cli", "run", "examples/orders.clj", "--data",
         "examples/orders.json"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    # the same question answered in plain Python from the JSON
    from collections import defaultdict

    from ptclisp.lang.data_reader import read_value
    from ptclisp.lang.values import kw
    with open(ROOT / "examples" / "orders.json", encoding="utf-8") as f:
        orders = [o for o in json.load(f)["orders"] if o["total"] > 20]
    totals = defaultdict(list)
    for o in orders:
        totals[o["customer"]].append(o["total"])
    want = sorted(((c, len(t), round(sum(t), 2)) for c, t in totals.items()), key=lambda r: -r[2])[:3]
    got = [(r[kw("customer")], r[kw("orders")], r[kw("total")]) for r in read_value(out.stdout)]
    assert got == want


def test_repl_keeps_memory():
    out = subprocess.run([sys.executable, "-m", "ptclisp.cli", "repl"], input="(def x 5)\n(* x 2)\n",
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0
    assert "#'x" in out.stdout and "10" in out.stdout


def test_fmt_check(tmp_path):
    f = tmp_path / "p.clj"
    f.write_text("(let [x 1]\n  x)\n")
    pretty = subprocess.run([sys.executable, "-m", "ptclisp.cli", "fmt", str(f)],
                            capture_output=True, text=True, timeout=60).stdout
    f.write_text(pretty)
    assert main(["fmt", str(f), "--check"]) == 0
    f.write_text("(let   [x 1]    x)")
    assert main(["fmt", str(f), "--check"]) == 1


def test_unusable_input_files_are_one_line_errors_not_tracebacks(tmp_path, capsys):
    bad_json = tmp_path / "bad.json"
    bad_json.write_text("{bad", encoding="utf-8")
    latin1 = tmp_path / "prog.clj"
    latin1.write_bytes(b"\xff\xfe(+ 1 2)")
    missing = tmp_path / "missing.clj"
    cases = [
        (["run", str(missing)], f"ptclisp: cannot read {missing}: No such file or directory"),
        (["run", "-e", "1", "--data", str(bad_json)],
         f"ptclisp: {bad_json} is not valid JSON (line 1, column 2): "
         "Expecting property name enclosed in double quotes"),
        (["check", str(latin1)], f"ptclisp: cannot read {latin1}: it is not UTF-8 text"),
        (["fmt", str(missing)], f"ptclisp: cannot read {missing}: No such file or directory"),
        (["run", str(tmp_path)], f"ptclisp: cannot read {tmp_path}: Is a directory"),
    ]
    for argv, message in cases:
        assert main(argv) == 2
        captured = capsys.readouterr()
        assert captured.err.strip() == message and "Traceback" not in captured.err
