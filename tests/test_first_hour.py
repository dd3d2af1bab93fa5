"""Issue 16 (the first hour): the command driven in a subprocess, data checks at the door."""
from __future__ import annotations

import json
import os
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


def _repl():
    return subprocess.Popen([sys.executable, "-c", "import sys; from ptclisp.cli import main; "
                             "sys.exit(main(['repl']))"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _read_until(proc, marker: bytes) -> bytes:
    seen = b""
    while marker not in seen:
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
        proc.send_signal(signal.SIGINT)
        _read_until(proc, b"(input cancelled)")
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
