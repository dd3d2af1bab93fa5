"""Issue 16 (the first hour): the command driven in a subprocess, data checks at the door."""
from __future__ import annotations

import json
import os
import select
import subprocess
import sys

import pytest

import ptclisp
from ptclisp import messages


def ptclisp_cmd(*args, stdin=""):
    """Run the real `ptclisp` command (as `python -m ptclisp.cli`) and return the process."""
    return subprocess.run([sys.executable, "-c", "import sys; from ptclisp.cli import main; "
                           "sys.exit(main(sys.argv[1:]))", *args],
                          input=stdin, capture_output=True, text=True, timeout=60)


def test_data_json_array_says_what_to_do(tmp_path):
    path = tmp_path / "rows.json"
    path.write_text("[1, 2]")
    p = ptclisp_cmd("run", "-e", "(count data/items)", "--data", str(path))
    assert p.returncode == 2 and p.stdout == ""
    assert "holds a JSON array, but --data needs a JSON object" in p.stderr
    assert 'wrap it, e.g. {"items": [...]}' in p.stderr and "Traceback" not in p.stderr


def test_data_mistyped_name_is_an_analysis_error_from_the_command(tmp_path):
    path = tmp_path / "d.json"
    path.write_text('{"tickets": [{"id": 1}]}')
    p = ptclisp_cmd("run", "-e", "(count data/ticket)", "--data", str(path))
    assert p.returncode == 1
    assert "Unknown data: data/ticket is not a key of the data" in p.stderr
    assert "Did you mean: data/tickets?" in p.stderr


def test_fail_is_labelled_as_a_failure():
    p = ptclisp_cmd("run", "-e", "(fail {:reason \"no stock\"})")
    assert p.returncode == 2
    assert p.stdout.strip() == 'failed: {:reason "no stock"}'


def test_json_output_is_valid_json_for_nan_and_infinities():
    p = ptclisp_cmd("run", "--json", "-e", "[##NaN ##Inf ##-Inf {:a 1.5}]")
    assert p.returncode == 0
    # strict parsing: Python's json accepts NaN/Infinity tokens unless told not to
    def no_constants(name):
        raise ValueError(name)
    assert json.loads(p.stdout, parse_constant=no_constants) == [None, "Infinity", "-Infinity",
                                                                 {"a": 1.5}]


def test_session_data_must_be_a_map():
    with pytest.raises(TypeError, match="data must be a mapping"):
        ptclisp.Session(data=[1, 2])


def test_unknown_data_names_are_checked_only_when_the_host_gave_data():
    assert ptclisp.run("data/anything").value is None  # no data given: nothing to check against
    r = ptclisp.run("(do (tool/x) data/ticket)", data={"tickets": []}, tools={"x": lambda: 1})
    assert r.status == "error" and r.error.kind == "AnalysisError"
    assert r.tool_calls == []  # reported before anything ran


def test_the_analysis_cache_sees_a_changed_data_key_set():
    s = ptclisp.Session(data={"a": 1})
    assert s.run("data/b").status == "error"
    s.data["b"] = 2
    assert s.run("data/b").value == 2


def test_a_tool_signature_the_function_cannot_take_is_refused_when_made():
    def search(query, limit=10):
        return []
    assert ptclisp.Tool(search, signature="(query :string, limit :int) -> :any").name == "search"
    with pytest.raises(ValueError, match="the function has no parameter q .and no \\*\\*kwargs.; "
                                         "the function requires query, which the signature does not declare"):
        ptclisp.Tool(search, signature="(q :string) -> :any")
    with pytest.raises(ValueError, match="no parameter extra"):
        ptclisp.Tool(search, params={"query": ":string", "extra": ":int"})


def test_a_tool_taking_kwargs_or_the_whole_map_accepts_any_declared_parameters():
    def anything(**kw):
        return kw
    assert ptclisp.run("(tool/anything {:a 1})", tools=[ptclisp.Tool(anything, signature="(a :int) -> :any")]).value == {ptclisp.kw("a"): 1}
    whole = ptclisp.Tool(lambda args: args["a"], name="whole", signature="(a :int) -> :int")
    assert ptclisp.run("(tool/whole {:a 2})", tools=[whole]).value == 2


def test_tool_calls_give_the_result_value():
    r = ptclisp.run("(tool/user {:id 7})", tools={"user": lambda id: {"id": id, "tags": ["a"]}})
    assert r.tool_calls[0]["result"] == r.value == {ptclisp.kw("id"): 7, ptclisp.kw("tags"): ["a"]}


def test_import_ptclisp_makes_the_llm_layer_available_in_a_fresh_process():
    p = subprocess.run([sys.executable, "-c", "import ptclisp; print(callable(ptclisp.llm.format_result))"],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 0 and p.stdout.strip() == "True", p.stderr


def test_the_package_ships_py_typed():
    root = ptclisp.__file__.rsplit("__init__.py", 1)[0]
    assert open(root + "py.typed").read() == ""
    with open(root + "../pyproject.toml", encoding="utf-8") as f:
        assert '"ptclisp" = ["py.typed"]' in f.read()


def test_run_tools_module_and_limit_flags(tmp_path):
    (tmp_path / "shop_tools16.py").write_text(
        'def get_user(id: int) -> dict:\n    """A user by id."""\n    return {"id": id, "name": "Ada"}\n\n'
        "def _helper():\n    return 1\n")
    def cmd(*args):
        return subprocess.run([sys.executable, "-c", "import sys; from ptclisp.cli import main; "
                               "sys.exit(main(sys.argv[1:]))", *args],
                              capture_output=True, text=True, timeout=60, cwd=tmp_path)
    p = cmd("run", "--tools", "shop_tools16", "-e", "(:name (tool/get-user {:id 3}))")
    assert (p.returncode, p.stdout.strip()) == (0, '"Ada"'), p.stderr
    p = cmd("run", "--tools", "shop_tools16", "-e", "(tool/helper)")
    assert p.returncode == 1 and "Unknown tool: tool/helper" in p.stderr  # private: not a tool
    p = cmd("run", "--tools", "shop_tools16", "--max-tool-calls", "1", "-e",
            "[(tool/get-user {:id 1}) (tool/get-user {:id 2})]")
    assert p.returncode == 1 and "more than 1 tool calls" in p.stderr
    p = cmd("run", "--limit", "max_depth=20", "-e", "(defn f [n] (if (= n 0) 0 (inc (f (dec n))))) (f 100)")
    assert p.returncode == 1 and "more than 20 nested calls" in p.stderr
    p = cmd("run", "--limit", "bogus=1", "-e", "1")
    assert p.returncode == 2 and "--limit bogus=1: expected NAME=VALUE" in p.stderr
    p = cmd("run", "--tools", "no_such_module16", "-e", "1")
    assert p.returncode == 2 and messages.host_module_not_found("no_such_module16") in p.stderr


def test_run_with_no_program_on_a_terminal_prints_usage_instead_of_waiting():
    pty = pytest.importorskip("pty")  # POSIX terminals only
    main_fd, tty_fd = pty.openpty()
    try:
        p = subprocess.run([sys.executable, "-c", "import sys; from ptclisp.cli import main; "
                            "sys.exit(main(['run']))"], stdin=tty_fd, capture_output=True,
                           text=True, timeout=60)
    finally:
        os.close(main_fd)
        os.close(tty_fd)
    assert p.returncode == 0 and p.stdout.startswith("usage: ptclisp run")


def test_run_reads_a_program_from_piped_stdin():
    p = ptclisp_cmd("run", stdin="(+ 1 2)")
    assert (p.returncode, p.stdout.strip()) == (0, "3")


# A job started in the background by a non-interactive shell (CI runners do this) inherits
# SIGINT ignored, and Python then installs no KeyboardInterrupt handler: the REPL under test
# gets the handler a terminal user has.
_REPL_CODE = ("import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
              "from ptclisp.cli import main; sys.exit(main(['repl']))")


def _repl():
    return subprocess.Popen([sys.executable, "-c", _REPL_CODE], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _read_until(proc, marker: bytes, timeout: float = 60.0) -> bytes:
    seen = b""
    while marker not in seen:
        ready, _, _ = select.select([proc.stdout], [], [], timeout)
        assert ready, f"no {marker!r} within {timeout} s; saw {seen!r}"
        chunk = os.read(proc.stdout.fileno(), 1024)
        assert chunk, seen
        seen += chunk
    return seen


def test_repl_multi_line_input_errors_on_stderr_and_star_e():
    proc = _repl()
    out, err = proc.communicate(b'(def x\n  5)\n(str "(" \n x)\n(foo)\n*e\n', timeout=60)
    out, err = out.decode(), err.decode()
    assert proc.returncode == 0
    assert "...> #'x" in out and '"(5"' in out  # the brackets inside a string do not count
    assert "Unable to resolve symbol: foo" in err and "Traceback" not in err
    # *e shows the last error again, on stdout
    assert out.count("Unable to resolve symbol: foo") == 1


def test_repl_ctrl_c_cancels_the_input_being_typed():
    signal = pytest.importorskip("signal")
    proc = _repl()
    try:
        _read_until(proc, b"ptc> ")
        proc.stdin.write(b"(+ 1\n")
        proc.stdin.flush()
        _read_until(proc, b"...> ")
        # Python raises KeyboardInterrupt at its next check: a signal that lands between the
        # prompt's flush and the blocking read waits for the read, so send again until it
        # lands (a second signal while one is pending interrupts the read; they coalesce).
        seen = b""
        for _ in range(30):
            proc.send_signal(signal.SIGINT)
            if select.select([proc.stdout], [], [], 1.0)[0]:
                seen = _read_until(proc, b"(input cancelled)")
                break
        assert b"(input cancelled)" in seen
        out, err = proc.communicate(b"(+ 2 3)\n", timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0 and b"5" in out and b"Traceback" not in err


def test_result_and_session_document_every_field():
    doc = ptclisp.Result.__doc__
    for field in ("status", "value", "error", "prints", "tool_calls", "memory", "duration",
                  "summaries", "journal"):
        assert f"\n    {field}: " in doc, field
    init_doc = ptclisp.Session.__init__.__doc__
    for param in ("data", "tools", "limits", "memory", "clock", "journal", "budget", "signature"):
        assert f"{param}: " in init_doc, param


# ---------------------------------------------------------------- issue 16, second session

def test_repl_star_e_is_a_lisp_name_holding_the_last_error_as_a_map():
    proc = _repl()
    program = (b"*e\n(def total 10)\n(fitler odd? [1 2])\n(:kind *e)\n(:message *e)\n"
               b"(:hint *e)\n[(:line *e) (:column *e) (:form *e)]\n(+ total 1)\n(:code *e)\n"
               b"(defn f [x] (/ x 0))\n(f 1)\n(map :name (:stack *e))\n")
    out, err = proc.communicate(program, timeout=60)
    assert proc.returncode == 0, err
    # after the banner, each prompt is followed by what that input printed on stdout
    values = [chunk.strip() for chunk in out.decode().split("ptc> ")[1:]]
    assert values == [
        "nil",  # before any error
        "#'total",
        "",  # the error itself goes to stderr
        '"AnalysisError"',
        '"Unable to resolve symbol: fitler in this context"',
        '"Did you mean: filter, filterv?"',
        '[1 2 "fitler"]',
        "11",  # a later success keeps *e, and the memory the error left alone
        '"unbound"',
        "#'f",
        "",
        '["f"]',  # the call stack of the last error, innermost first
        "",  # end of input
    ]
    assert err.decode().count("Unable to resolve symbol: fitler") == 1

def test_the_issue_program_with_a_blank_line_gets_the_closer_placed_by_indentation():
    # a case file cannot hold a blank line inside a program, so this one is pinned here
    from ptclisp.lang.reader_lark import read_with_lark
    for engine in (ptclisp.read, read_with_lark):
        with pytest.raises(ptclisp.ReadError) as info:
            engine("(defn f [x]\n  (+ x 1)\n\n(f 2)")
        assert info.value.hint == ("add ')' at line 2, column 10, after `(+ x 1)`, to close '(' "
                                   "opened at line 1, column 1: line 4 is indented outside it")


def _entries(doc: str) -> dict:
    """`name: text` entries of a docstring's field list (continuation lines joined)."""
    out, name = {}, None
    for line in doc.splitlines():
        head, sep, rest = line.strip().partition(": ")
        if line.startswith("    ") and not line.startswith("     ") and sep and head.isidentifier():
            name, out[head] = head, rest
        elif name and line.startswith("        "):
            out[name] += " " + line.strip()
    return out


def test_limits_document_every_field_with_its_default_in_help():
    import attrs
    import pydoc
    entries = _entries(ptclisp.Limits.__doc__)
    for field in attrs.fields(ptclisp.Limits):
        assert field.name in entries, field.name
        d = field.default
        shown = f"{d:,}" if type(d) is int else repr(d) if type(d) is float else f"\"{d}\"" if d else "None"
        assert shown in entries[field.name], (field.name, shown, entries[field.name])
    assert "tool_timeout: seconds one tool call may take" in pydoc.render_doc(ptclisp.Limits)


def test_result_and_session_document_every_public_attribute():
    import attrs
    result_doc = _entries(ptclisp.Result.__doc__)
    assert [f.alias for f in attrs.fields(ptclisp.Result)] == list(result_doc)  # as passed, read
    session_doc = _entries(ptclisp.Session.__doc__)
    public = {k for k in vars(ptclisp.Session()) if not k.startswith("_")} | {"data"}
    assert public == set(session_doc)


def test_keyword_and_symbol_reprs_are_python_and_str_is_lisp():
    a, join = ptclisp.kw("a"), ptclisp.Symbol("join", "str")
    assert (repr(a), str(a)) == ("Keyword('a')", ":a")
    assert (repr(join), str(join)) == ("Symbol('join', 'str')", "str/join")
    assert repr(ptclisp.Symbol("x")) == "Symbol('x')"
    names = {"Keyword": ptclisp.Keyword, "Symbol": ptclisp.Symbol}
    value = ptclisp.run("{:a [1 'str/join]}").value
    assert repr(value) == "{Keyword('a'): [1, Symbol('join', 'str')]}"
    assert eval(repr(value), names) == value  # the repr is a Python expression for the value
    # messages keep the Lisp text
    assert "(:a)" not in ptclisp.run("(:a {} 1 2)").error.message
    assert ":a" in ptclisp.run("(:a {} 1 2)").error.message


def test_format_result_and_format_value_agree_on_separators():
    from ptclisp.lang.printer import format_value
    value = ptclisp.run('{:a [1 2 #{3}] :b {:c "d"}}').value
    assert ptclisp.llm.format_result(value) == format_value(value) == '{:a [1 2 #{3}] :b {:c "d"}}'


def test_format_value_says_when_a_symbol_cannot_be_read_back():
    from ptclisp.lang.printer import format_value
    from ptclisp.lang.data_reader import read_value
    assert format_value(ptclisp.run("'str/join").value) == "'str/join"
    assert read_value("'str/join") == ptclisp.Symbol("join", "str")
    for made, shown in [('(symbol "a b")', '#<symbol "a b">'), ('(symbol "1x")', '#<symbol "1x">'),
                        ('(symbol "nil")', '#<symbol "nil">')]:
        assert format_value(ptclisp.run(made).value) == shown


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _readme() -> str:
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        return f.read()


def test_readme_limits_table_matches_the_defaults():
    import attrs
    import re
    defaults = {f.name: f.default for f in attrs.fields(ptclisp.Limits)}
    rows = re.findall(r"^\| `(\w+)` \| ([^|]+) \|", _readme(), re.M)
    assert {"timeout", "tool_timeout", "max_wall", "max_session_memory_mb"} <= {n for n, _ in rows}
    for name, shown in rows:
        d = defaults[name]
        text = "none" if d is None else f"{d:,}" if type(d) is int else None
        assert shown.strip() in ((text,) if text else (f"{d} s", f"{d:g} s")), (name, shown)


def test_readme_first_steps_and_docs_links():
    readme = _readme()
    assert "Needs Python 3.10+" in readme and "python -m venv .venv" in readme
    assert "pytest -rs" in readme and "minutes" in readme  # how long, and why some skip
    assert "round(result.duration, 3)" in readme  # the example's output is not machine noise
    assert "](docs/architecture.md)" in readme and os.path.exists(
        os.path.join(ROOT, "docs", "architecture.md"))


def test_no_machine_paths_in_the_repository():
    import re
    # the hostile-program suite writes to /tmp on purpose (the sandbox must refuse it)
    allowed = {os.path.join("tests", "sandbox", "hostile", "python.clj")}
    paths = re.compile("/(?:work|root|home)/|[.][.]/shared|/t[m]p/")  # [m]: not matching itself
    found = []
    for top in ("ptclisp", "docs", "tests", "tools", "examples", "grammar"):
        for folder, dirs, files in os.walk(os.path.join(ROOT, top)):
            dirs[:] = [d for d in dirs if not d.startswith((".", "__"))]
            for name in files:
                path = os.path.join(folder, name)
                rel = os.path.relpath(path, ROOT)
                if rel in allowed or not name.endswith((".py", ".md", ".clj", ".json", ".lark", ".txt")):
                    continue
                with open(path, encoding="utf-8", errors="replace") as f:
                    found += [f"{rel}:{i}" for i, line in enumerate(f, 1) if paths.search(line)]
    for name in ("README.md", "pyproject.toml"):
        with open(os.path.join(ROOT, name), encoding="utf-8") as f:
            found += [f"{name}:{i}" for i, line in enumerate(f, 1) if paths.search(line)]
    assert found == []


@pytest.mark.parametrize("program", [
    '(try (/ 1 0) (catch Exception e (str "failed: " (.getMessage e))))',
    "(with-local-vars [x 1] (var-set x 2) x)",
    '(throw (ex-info "no stock" {:sku 1}))',
])
def test_an_unsupported_binding_form_is_one_problem_not_one_per_name_inside(program):
    error = ptclisp.run(program).error
    head = program[1:program.index(" ")]
    assert error.message == f"Unable to resolve symbol: {head} in this context"
    assert error.errors == [] and error.hint == (messages.HABITS.get(head) or messages.REFUSED[head])


def test_repl_takes_the_tools_module_and_limit_flags_of_run(tmp_path):
    (tmp_path / "desk_tools16.py").write_text(
        'def get_user(user_id: int) -> dict:\n    """A user by id."""\n    return {"name": "Ada"}\n')
    p = subprocess.run([sys.executable, "-c", "import sys; from ptclisp.cli import main; "
                        "sys.exit(main(sys.argv[1:]))", "repl", "--tools", "desk_tools16",
                        "--max-steps", "100"],
                       input="(:name (tool/get-user {:user-id 1}))\n(loop [i 0] (recur (inc i)))\n",
                       capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    assert 'ptc> "Ada"' in p.stdout
    assert "more than 100 evaluation steps" in p.stderr


def test_str_of_an_error_says_its_position_once():
    unclosed = ptclisp.run("(def x 1").error
    assert str(unclosed) == "unclosed '(' opened at line 1, column 1"
    assert str(ptclisp.run("(+ 1 :a)").error).endswith("(at line 1, column 1)")


def test_every_indentation_repair_balances_the_text_and_mostly_restores_it():
    """Drop each closer of the case files' indented programs in turn: wherever the hint names a
    place, making exactly those edits leaves no delimiter error, and mostly gives back the
    program (when this was written: 683 errors, 277 specific hints, 192 restoring the program
    and 54 more on the line the closer was dropped from)."""
    import pathlib
    import re

    from casefile import parse
    from ptclisp.lang.read_errors import _infer_closers
    programs = [step.program for path in sorted(pathlib.Path(ROOT, "tests", "cases").rglob("*.clj"))
                for case in parse(path) for step in case.steps if re.search(r"\n[ \t]", step.program)]
    specific = restored = right_line = 0
    for program in programs:
        for at in [i for i, c in enumerate(program) if c in ")]}"]:
            text = program[:at] + program[at + 1:]
            try:
                ptclisp.read(text)
                continue
            except ptclisp.ReadError as e:
                if "add '" not in (e.hint or "") and "remove the '" not in (e.hint or ""):
                    continue
            found = None
            for strict, trail in ((True, False), (False, False), (True, True), (False, True)):
                found = found or _infer_closers(text, strict, trail)
            inserts, removals = found
            edits = [(o, c) for o, c, *_ in inserts] + [(o, None) for o in removals]
            out, prev = [], 0  # one forward pass; at one offset, insertions come first
            for offset, closer in sorted(edits, key=lambda e: e[0]):
                out.append(text[prev:offset] + (closer or ""))
                prev = offset if closer else offset + 1
            fixed = "".join(out) + text[prev:]
            try:
                ptclisp.read(fixed)
            except ptclisp.ReadError as e:
                assert e.code not in ("unclosed", "mismatched", "unmatched"), (program, fixed)
            specific += 1
            if " ".join(fixed.split()) == " ".join(program.split()):
                restored += 1
            elif not removals and all(text.count("\n", 0, o) == text.count("\n", 0, at)
                                      for o, *_ in inserts):
                right_line += 1
    assert specific > 200 and restored / specific > 0.6 and (restored + right_line) / specific > 0.85


def test_the_wording_slips_of_issue_16_stay_fixed():
    # the case files check messages by substring, which "nil nil cannot..." would also pass
    assert ptclisp.run("(nil nil)").error.message == "nil cannot be called as a function"
    assert ptclisp.run("(nil 1)").error.message == "nil cannot be called as a function"
    set_hint = ptclisp.run("(set! x 1)").error.hint
    assert set_hint == messages.HABITS["set!"] and "set?" not in set_hint
    in_hint = ptclisp.run("(in 1 [1 2])").error.hint
    assert in_hint == messages.HABITS["in"] and "contains?" in in_hint and "min" not in in_hint
    both = ptclisp.run("(len (count None))").error
    assert both.hint == f'{messages.HABITS["len"]}; {messages.HABITS["None"]}'


def test_check_takes_a_tools_module_file_and_checks_the_signatures(tmp_path):
    (tmp_path / "desk16.py").write_text(
        'def get_user(user_id: int) -> dict:\n    """A user by id."""\n    return {}\n')
    def check(tools, program):
        return subprocess.run([sys.executable, "-c", "import sys; from ptclisp.cli import main; "
                               "sys.exit(main(sys.argv[1:]))", "check", "--tools", tools, "-e",
                               program], capture_output=True, text=True, timeout=60, cwd=tmp_path)
    p = check("desk16.py", "(tool/get-user {:id 1})")
    assert p.returncode == 1 and "tool/get-user has no parameter :id" in p.stderr
    assert check("desk16.py", "(tool/get-user {:user-id 1})").stdout.strip() == "ok"
    # names alone still work, and know nothing of parameters
    assert check("get-user,search", "(tool/get-user {:id 1})").stdout.strip() == "ok"


def _section(text: str, title: str) -> str:
    """The README section under `## title`, up to the next `## `."""
    start = text.index(f"## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start:end if end != -1 else len(text)]


def test_readme_says_why_each_runtime_dependency_is_there():
    import re
    with open(os.path.join(ROOT, "pyproject.toml"), encoding="utf-8") as f:
        project = f.read()
    block = project[project.index("dependencies = ["):project.index("]\n", project.index("dependencies = ["))]
    names = re.findall(r'^\s+"([A-Za-z0-9_.-]+)', block, re.M)
    why = _section(_readme(), "Dependencies and why")
    assert len(names) >= 8 and [n for n in names if f"`{n}`" not in why] == []


def test_readme_names_every_condition_a_test_skips_on():
    # an environment variable named in a skip's reason is something a newcomer has to set
    import re
    named = set()
    for folder, dirs, files in os.walk(os.path.join(ROOT, "tests")):
        dirs[:] = [d for d in dirs if d != "benchmarks"]
        for name in (n for n in files if n.endswith(".py")):
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                for line in f:
                    if "skip" in line or "reason=" in line:
                        for literal in re.findall(r'"([^"]*)"', line):
                            named |= set(re.findall(r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b", literal))
    assert {"MCP_SERVER_SQLITE", "OPENAI_API_KEY"} <= named
    assert sorted(n for n in named if n not in _readme()) == []
