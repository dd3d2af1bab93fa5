"""`ptclisp agent run | start | reply`, driven as the real command in a subprocess."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import filelock
import pytest

from ptclisp.agent import messages as M
from ptclisp.llm import context_message, messages as LM, system_prompt
from ptclisp import Session

TOOLS = '''
def get_orders(customer_id: int) -> list:
    """The orders of a customer."""
    return [{"id": 1, "total": 10.5}, {"id": 2, "total": 4.25}]
'''


def agent(*args, stdin=None, cwd=None):
    return subprocess.run([sys.executable, "-m", "ptclisp.cli", "agent", *map(str, args)],
                          input=stdin, capture_output=True, text=True, timeout=120, cwd=cwd)


@pytest.fixture
def tools(tmp_path) -> Path:
    path = tmp_path / "shop_tools.py"
    path.write_text(TOOLS, encoding="utf-8")
    return path


def fenced(program):
    return f"```clojure\n{program}\n```"


def test_step_mode_plays_a_conversation_to_its_json_line(tmp_path, tools):
    state = tmp_path / "conv"
    out = agent("start", "--state", state, "--tools", tools, "--signature", "{total :float}",
                "Total of customer 3's orders?")
    assert out.returncode == 0, out.stderr
    session = Session(tools=[_get_orders()], signature="{total :float}")
    expected = (f"{M.CLI_SYSTEM}\n{system_prompt().rstrip()}\n\n{M.CLI_USER}\n"
                f"{context_message(session, 'Total of customer 3' + chr(39) + 's orders?')}\n")
    assert out.stdout == expected
    assert str(tmp_path) not in out.stdout  # nothing the model does not need
    out = agent("reply", "--state", state, "--tools", tools, "-",
                stdin=fenced("(def os (tool/get-orders {:customer_id 3}))\n(println (count os))"))
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith(LM.PREAMBLE) and "\n2\n" in out.stdout
    assert out.stdout.rstrip().endswith(LM.turn_of(2, 8, 7))
    reply = tmp_path / "reply.txt"
    reply.write_text(fenced('(return {:total (str 1)})'), encoding="utf-8")
    # a signature mismatch: the model is told
    out = agent("reply", "--state", state, "--tools", tools, reply)
    assert out.stdout.startswith(LM.ERROR_HEADER) and "return signature {total :float}" in out.stdout
    out = agent("reply", "--state", state, "--tools", tools, "-",
                stdin=fenced("(return {:total (reduce + (map :total os))})"))
    assert out.returncode == 0, out.stderr
    assert out.stdout.count("\n") == 1
    assert json.loads(out.stdout) == {"status": "ok", "answer": {"total": 14.75}, "turns": 3}
    again = agent("reply", "--state", state, "--tools", tools, "-", stdin=fenced("(return 1)"))
    assert again.returncode == 2 and again.stderr == f"ptclisp: {M.CLI_ENDED}\n"


def _get_orders():
    namespace: dict = {}
    exec(TOOLS, namespace)  # the same tool the command loads from the file
    return namespace["get_orders"]


def test_step_mode_with_tool_calls_and_a_plain_answer(tmp_path, tools):
    state = tmp_path / "conv"
    out = agent("start", "--state", state, "--tools", tools, "--transport", "tool_call",
                "--max-turns", "3", "How many orders has customer 3?")
    assert out.returncode == 0, out.stderr
    assert f"{M.CLI_TOOLS}\n{M.cli_tool_reply_format('lisp_eval')}\n" in out.stdout
    call = {"tool_calls": [{"name": "lisp_eval",
                            "arguments": {"program": "(count (tool/get-orders {:customer_id 3}))"}}]}
    out = agent("reply", "--state", state, "--tools", tools, "-", stdin=json.dumps(call))
    assert out.returncode == 0, out.stderr
    head, body = out.stdout.split("\n", 1)
    assert head == M.cli_call_result("call_1")
    assert "\nuser=> 2\n" in json.loads(body.split("\n\n")[0])["feedback"]
    out = agent("reply", "--state", state, "--tools", tools, "-", stdin="Customer 3 has 2 orders.")
    assert json.loads(out.stdout) == {"status": "ok", "answer": "Customer 3 has 2 orders.",
                                      "turns": 2}


def test_step_mode_runs_out_of_turns(tmp_path):
    state = tmp_path / "c"
    assert agent("start", "--state", state, "--max-turns", "1", "add").returncode == 0
    out = agent("reply", "--state", state, "-", stdin="no code here")
    assert json.loads(out.stdout) == {"status": "max_turns", "answer": None, "turns": 1}


def test_step_mode_errors_are_clear(tmp_path):
    out = agent("reply", "--state", tmp_path / "none", "-", stdin="x")
    assert (out.returncode, out.stderr) == (2, f"ptclisp: {M.cli_no_state(str(tmp_path / 'none'))}\n")
    state = tmp_path / "c"
    assert agent("start", "--state", state, "m").returncode == 0
    out = agent("start", "--state", state, "m")
    assert (out.returncode, out.stderr) == (2, f"ptclisp: {M.cli_state_exists(str(state))}\n")
    out = agent("reply", "--state", state, "-", stdin="  \n")
    assert (out.returncode, out.stderr) == (2, f"ptclisp: {M.CLI_EMPTY_REPLY}\n")
    (state / "session.edn").write_text("{:format", encoding="utf-8")  # a damaged directory
    out = agent("reply", "--state", state, "-", stdin="(+ 1 2)")
    assert out.returncode == 2 and out.stderr.startswith(f"ptclisp: {M.CLI_BAD_STATE}: ")
    out = agent("start", "--state", tmp_path / "d", "--signature", "{total :floot}", "m")
    assert out.returncode == 2 and out.stderr.startswith("ptclisp: --signature: ")
    assert "Traceback" not in out.stderr


def test_a_step_while_another_holds_the_directory_is_refused(tmp_path):
    state = tmp_path / "c"
    assert agent("start", "--state", state, "m").returncode == 0
    before = (state / "conversation.json").read_text(encoding="utf-8")
    with filelock.FileLock(state / ".lock", timeout=0):  # another step is running
        out = agent("reply", "--state", state, "-", stdin="(+ 1 2)")
    assert (out.returncode, out.stderr) == (2, f"ptclisp: {M.cli_state_busy(str(state))}\n")
    assert (state / "conversation.json").read_text(encoding="utf-8") == before
    out = agent("reply", "--state", state, "-", stdin="(+ 1 2)")  # the lock is gone: it runs
    assert out.returncode == 0 and "3" in out.stdout
    assert sorted(p.name for p in state.iterdir()) == [".lock", "conversation.json", "session.edn"]


def test_run_with_recorded_replies_shows_each_turn(tmp_path, tools):
    replies = tmp_path / "replies.json"
    replies.write_text(json.dumps([
        fenced("(def os (tool/get-orders {:customer_id 3}))\n(println (count (filtr :x os)))"),
        fenced("(def os (tool/get-orders {:customer_id 3}))\n(println (count os))"),
        fenced("(return (count os))")]), encoding="utf-8")
    trace = tmp_path / "trace.jsonl"
    out = agent("run", "--model", f"replay:{replies}", "--tools", tools, "--signature", ":int",
                "--trace", trace, "How many orders?")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == M.cli_turn(1) and "Unable to resolve symbol: filtr" in out.stdout
    assert M.cli_turn(2) in lines and M.cli_turn(3) in lines and "=> 2" in lines
    assert json.loads(lines[-1]) == {"status": "ok", "answer": 2, "turns": 3}
    records = [json.loads(x) for x in trace.read_text(encoding="utf-8").splitlines()]
    assert [r["status"] for r in records] == ["error", "continue", "ok"]


def test_run_when_the_replies_run_out(tmp_path):
    replies = tmp_path / "r.json"
    replies.write_text(json.dumps([fenced("(println 1)")]), encoding="utf-8")
    out = agent("run", "--model", f"replay:{replies}", "count")
    assert out.returncode == 1
    assert json.loads(out.stdout.splitlines()[-1]) == {"status": "error", "answer": None,
                                                       "turns": 1}
    assert M.REPLAY_EXHAUSTED in out.stderr


@pytest.mark.parametrize("spec, message", [
    ("gpt-4o", M.cli_bad_model("gpt-4o")), ("mystery:x", M.cli_bad_model("mystery:x")),
])
def test_run_rejects_an_unknown_model(spec, message):
    out = agent("run", "--model", spec, "m")
    assert (out.returncode, out.stderr) == (2, f"ptclisp: {message}\n")


def test_run_without_an_api_key_says_so(tmp_path):
    env = {k: v for k, v in os.environ.items()
           if k not in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY")}
    out = subprocess.run([sys.executable, "-m", "ptclisp.cli", "agent", "run", "--model",
                          "openai:gpt-test", "m"], capture_output=True, text=True, timeout=120,
                         env=env)
    assert out.returncode == 2 and out.stderr.startswith("ptclisp: --model: ")
    assert "OPENAI_API_KEY" in out.stderr and "Traceback" not in out.stderr


def test_run_takes_the_model_from_the_environment(tmp_path):
    replies = tmp_path / "r.json"
    replies.write_text(json.dumps(["```clojure\n(return 5)\n```"]), encoding="utf-8")
    env = dict(os.environ, PTCLISP_MODEL=f"replay:{replies}")
    out = subprocess.run([sys.executable, "-m", "ptclisp.cli", "agent", "run", "five"],
                         capture_output=True, text=True, timeout=120, env=env)
    assert json.loads(out.stdout.splitlines()[-1]) == {"status": "ok", "answer": 5, "turns": 1}
    env.pop("PTCLISP_MODEL")
    out = subprocess.run([sys.executable, "-m", "ptclisp.cli", "agent", "run", "five"],
                         capture_output=True, text=True, timeout=120, env=env)
    assert (out.returncode, out.stderr) == (2, f"ptclisp: {M.CLI_NO_MODEL}\n")


def test_step_mode_keeps_the_data_of_a_turn_that_defines_a_function(tmp_path, tools):
    # a saved session holds data only: the function is left out and the model is told
    state = tmp_path / "conv"
    assert agent("start", "--state", state, "--tools", tools, "Count the orders").returncode == 0
    out = agent("reply", "--state", state, "--tools", tools, "-", stdin=fenced(
        "(defn big? [o] (> (:total o) 5))\n(def os (tool/get-orders {:customer_id 3}))\n"
        "(println (count (filter big? os)))"))
    assert out.returncode == 0 and "Traceback" not in out.stderr, out.stderr
    assert "\n1\n" in out.stdout
    assert out.stdout.rstrip().endswith(M.not_kept(["memory big? holds #fn[big?]"]))
    out = agent("reply", "--state", state, "--tools", tools, "-",
                stdin=fenced("(return (count os))"))
    assert json.loads(out.stdout) == {"status": "ok", "answer": 2, "turns": 2}
    ended = tmp_path / "ended"  # a function defined in the last turn: nothing to tell
    assert agent("start", "--state", ended, "--tools", tools, "Count").returncode == 0
    out = agent("reply", "--state", ended, "--tools", tools, "-",
                stdin=fenced("(defn f [] 2)\n(return (f))"))
    assert json.loads(out.stdout) == {"status": "ok", "answer": 2, "turns": 1}


@pytest.mark.parametrize("options", [
    {"tools": "subprocess"},
    {"tools": "subprocess", "data": "secrets.json", "upstreams": "ups.json"},
])
def test_a_state_folder_that_names_code_is_refused_and_runs_nothing(tmp_path, options):
    # conversation.json edited (or written by an older version) to name a tools module
    state = tmp_path / "c"
    assert agent("start", "--state", state, "m").returncode == 0
    path = state / "conversation.json"
    saved = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps(dict(saved, options=options)), encoding="utf-8")
    marker = tmp_path / "marker"
    out = agent("reply", "--state", state, "-",
                stdin=fenced(f'(tool/getoutput {{:cmd "touch {marker}"}})'))
    named = sorted(k for k in options)
    assert (out.returncode, out.stderr) == (
        2, f"ptclisp: {M.cli_state_names_files(str(state), named)}\n")
    assert not marker.exists()
    assert json.loads(path.read_text(encoding="utf-8"))["options"] == options  # left as it was


def test_the_tools_of_each_step_come_from_its_command_line(tmp_path, tools):
    state = tmp_path / "c"
    assert agent("start", "--state", state, "--tools", tools, "Count").returncode == 0
    assert str(tools) not in (state / "conversation.json").read_text(encoding="utf-8")
    program = fenced("(return (count (tool/get-orders {:customer_id 3})))")
    out = agent("reply", "--state", state, "-", stdin=program)  # --tools left out
    assert (out.returncode, out.stderr) == (
        2, f"ptclisp: {M.cli_state_mismatch('--tools', ['get-orders'], [])}\n")
    other = tmp_path / "other_tools.py"
    other.write_text("def get_customer(id: int) -> dict:\n    return {}\n", encoding="utf-8")
    out = agent("reply", "--state", state, "--tools", other, "-", stdin=program)
    assert (out.returncode, out.stderr) == (
        2, f"ptclisp: {M.cli_state_mismatch('--tools', ['get-orders'], ['get-customer'])}\n")
    data = tmp_path / "data.json"
    data.write_text('{"rate": 2}', encoding="utf-8")
    out = agent("reply", "--state", state, "--tools", tools, "--data", data, "-", stdin=program)
    assert (out.returncode, out.stderr) == (
        2, f"ptclisp: {M.cli_state_mismatch('--data', [], ['rate'])}\n")
    out = agent("reply", "--state", state, "--tools", tools, "-", stdin=program)
    assert json.loads(out.stdout) == {"status": "ok", "answer": 2, "turns": 1}


def test_a_state_of_an_older_version_that_names_nothing_still_replies(tmp_path):
    state = tmp_path / "c"
    assert agent("start", "--state", state, "m").returncode == 0
    path = state / "conversation.json"
    saved = json.loads(path.read_text(encoding="utf-8"))
    del saved["given"]
    saved["options"] = {"tools": None, "data": None, "upstreams": None}
    path.write_text(json.dumps(saved), encoding="utf-8")
    out = agent("reply", "--state", state, "-", stdin=fenced("(return 3)"))
    assert json.loads(out.stdout) == {"status": "ok", "answer": 3, "turns": 1}
