"""The MCP layer in-process: host-tool loading, the tool card, lisp_eval's answers, the CLI."""
from __future__ import annotations

import subprocess
import sys
import textwrap
from types import SimpleNamespace

import anyio
import pytest

import ptclisp
from ptclisp import Limits, messages
from ptclisp.cli.main import main
from ptclisp.cli.hostmodule import HostModuleError, load_tools
from ptclisp.mcp import LispEval, build_server, describe, input_schema
from ptclisp.mcp import messages as M
from ptclisp.mcp import server as server_module
from ptclisp.mcp.memory import items
from mcp_harness import HERE, TOOLS_FILE

ROOT = HERE.parent.parent

# ---------------------------------------------------------------- host tools (hostmodule.py)


def test_tools_from_a_file_are_its_public_functions_in_order():
    tools = load_tools(str(TOOLS_FILE))
    assert [t.name for t in tools] == ["get-user", "list-orders"]
    assert [t.is_async for t in tools] == [False, True]
    assert tools[0].description == "Look up one user by id."
    assert tools[1].schema["required"] == ["user_id"]


def test_tools_from_a_module_path_found_from_the_current_directory(monkeypatch):
    monkeypatch.chdir(HERE)
    monkeypatch.delitem(sys.modules, "host_tools", raising=False)
    assert [t.name for t in load_tools("host_tools")] == ["get-user", "list-orders"]


def _module(tmp_path, text: str, name: str = "tools_mod.py") -> str:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return str(path)


def test_a_TOOLS_dict_or_list_decides_and_imported_functions_are_not_tools(tmp_path):
    as_dict = _module(tmp_path, """
        from os.path import join
        def helper(x: int) -> int:
            return x
        TOOLS = {"double": lambda n: 2 * n}
    """)
    assert [t.name for t in load_tools(as_dict)] == ["double"]
    as_list = _module(tmp_path, """
        def a(): return 1
        def b(): return 2
        TOOLS = [b]
    """, "tools_list.py")
    assert [t.name for t in load_tools(as_list)] == ["b"]
    no_list = _module(tmp_path, """
        from os.path import join
        import ptclisp
        def total(xs: list) -> int:
            return sum(xs)
        search = ptclisp.Tool(lambda q: [q], name="search", takes="dict")
    """, "tools_plain.py")
    assert [t.name for t in load_tools(no_list)] == ["total", "search"]


@pytest.mark.parametrize("text, expected", [
    ("TOOLS = 3\n", lambda p: messages.host_tools_bad_type(p, "int")),
    ("def get_user(): pass\ndef _x(): pass\nimport ptclisp\nT = ptclisp.Tool(get_user, "
     "name='get-user')\n", lambda p: messages.host_tools_invalid(
         p, messages.tool_duplicate("get-user"))),
    ("def f(:\n", lambda p: messages.host_module_failed(
        p, "SyntaxError at line 1: invalid syntax")),
    ("raise RuntimeError('no database')\n", lambda p: messages.host_module_failed(
        p, "RuntimeError: no database")),
])
def test_a_broken_tools_module_is_a_clear_error(tmp_path, text, expected):
    path = _module(tmp_path, text)
    with pytest.raises(HostModuleError) as e:
        load_tools(path)
    assert str(e.value) == expected(path)


def test_a_module_whose_own_import_is_missing_says_so(tmp_path, monkeypatch):
    (tmp_path / "needs_dep_tools.py").write_text("import no_such_dependency_xyz\n")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(HostModuleError) as e:
        load_tools("needs_dep_tools")
    assert str(e.value) == messages.host_module_failed(
        "needs_dep_tools", "ModuleNotFoundError: No module named 'no_such_dependency_xyz'")


def test_a_missing_module_or_file_is_a_clear_error(tmp_path):
    with pytest.raises(HostModuleError) as e:
        load_tools("no_such_tools_module_xyz")
    assert str(e.value) == messages.host_module_not_found("no_such_tools_module_xyz")
    missing = tmp_path / "nope.py"
    with pytest.raises(HostModuleError) as e:
        load_tools(str(missing))
    assert str(e.value) == messages.host_file_not_found(missing)


# ---------------------------------------------------------------- the tool-call card


def test_the_cards_example_runs_and_gives_what_it_says():
    assert M.CARD_EXAMPLE in describe([], Limits())
    result = ptclisp.run(M.CARD_EXAMPLE, data=M.CARD_EXAMPLE_CONTEXT)
    assert ptclisp.format_value(result.value) == M.CARD_EXAMPLE_VALUE == "55"  # 30 + 25


def test_the_card_teaches_the_shared_rules():
    from ptclisp.llm.card import language_rules, opening
    card = describe([], Limits())
    assert card.startswith(opening("mcp") + "\n\n" + language_rules() + "\n\n")


def test_the_card_lists_tools_state_and_limits():
    tools = load_tools(str(TOOLS_FILE))
    card = describe(tools, Limits(timeout=2.5, max_steps=1000, max_tool_calls=5,
                                  isolation="process"), session=True)
    assert M.CARD_SESSION in card and M.CARD_STATELESS not in card
    assert M.card_session_memory(1_000_000) in card
    assert M.card_tool("tool/get-user(id :int) -> :map", "Look up one user by id.",
                       "(tool/get-user {:id 42})") in card
    assert "..." not in card.split("Call: ", 1)[1].split(")")[0]  # real example values, never {:id ...}
    assert "- tool/get-user(id :int) -> :map: Look up one user by id. Call: (tool/get-user" in card
    assert M.card_limits(["2.5 s of program time (waiting on tools not counted)", "1,000 steps (function calls and loop iterations)",
                          "1,000,000 items in one collection", "256 MB of memory",
                          "5 tool calls", M.LIMIT_ISOLATED]) in card
    bare = describe([], Limits(timeout=None, max_steps=None))
    assert M.CARD_NO_TOOLS in bare and M.CARD_STATELESS in bare
    assert "program time none; steps none" in bare


def test_the_card_points_to_the_tools_where_they_are():
    # #39: the sentence naming "the tools listed above" comes after the tools and the catalog
    tools = load_tools(str(TOOLS_FILE))
    for card in (describe(tools, Limits()), describe([], Limits()),
                 describe([], Limits(), catalog="Upstream tools: ...")):
        assert "the tools listed above" in M.CARD_ERRORS and "below" not in M.CARD_ERRORS
        tools_at = max(card.find(M.CARD_TOOLS_INTRO), card.find(M.CARD_NO_TOOLS),
                       card.find("Upstream tools: ..."))
        assert 0 <= tools_at < card.index(M.CARD_ERRORS)


def test_the_advertised_schema():
    tools = anyio.run(build_server().list_tools)
    assert [(t.name, t.input_schema) for t in tools] == [("lisp_eval", input_schema())]
    assert tools[0].annotations.read_only_hint is True  # no host tools: nothing is changed


# ---------------------------------------------------------------- lisp_eval's answers


def _eval(handler, program, context=None, ctx=None):
    result = anyio.run(lambda: handler(program, context, ctx))
    return result.is_error, result.content[0].text


def test_failed_and_returned_programs():
    handler = LispEval()
    assert _eval(handler, '(fail {:reason "no stock"})') == (True, "\n".join([
        f'{M.FAILED_KIND}: {M.failed("{:reason " + chr(34) + "no stock" + chr(34) + "}")}',
        f"Hint: {M.HINT_FAILED}"]))
    assert _eval(handler, "(do (return 7) 8)") == (False, f"7\n{M.RETURNED}")


def test_long_values_and_prints_are_cut_saying_so():
    handler = LispEval()
    is_error, text = _eval(handler, "(range 1000)")
    first = " ".join(str(i) for i in range(100))
    assert text == f"[{first} ... 900 more]\n{M.RESULT_CUT}"
    is_error, text = _eval(handler, '(doseq [i (range 2000)] (println "line" i)) nil')
    lines = text.splitlines()
    assert lines[:3] == ["nil", M.PRINTED, "line 0"] and lines[-1] == M.PRINTS_CUT
    assert len(text) < 8_000 + 200


def test_a_bug_of_ours_is_an_internal_error_without_details(monkeypatch, caplog):
    def broken(*args, **kwargs):
        raise RuntimeError("secret detail")
    monkeypatch.setattr(server_module, "tool_result", broken)
    assert _eval(LispEval(), "(+ 1 2)") == (True, f"{M.INTERNAL_KIND}: {M.INTERNAL}")
    assert "secret detail" in caplog.text  # logged, with its traceback, for the host


def test_kept_sessions_are_per_connection_and_bounded(monkeypatch):
    monkeypatch.setattr(server_module, "MAX_SESSIONS", 2)
    handler = LispEval(keep_session=True)

    def conn(sid):
        return SimpleNamespace(headers={"mcp-session-id": sid})
    assert _eval(handler, "(def x 1)", ctx=conn("a"))[0] is False
    assert _eval(handler, "(def x 2)", ctx=conn("b"))[0] is False
    assert _eval(handler, "x", ctx=conn("a")) == (False, "1")
    assert _eval(handler, "x", ctx=conn("b")) == (False, "2")
    _eval(handler, "(def x 3)", ctx=conn("c"))  # a third connection: "a" was used least lately
    assert _eval(handler, "x", ctx=conn("b")) == (False, "2")
    assert _eval(handler, "x", ctx=conn("a"))[0] is True  # forgotten


def test_a_kept_session_memory_is_bounded_and_an_overflow_is_undone():
    handler = LispEval(limits=Limits(max_collection_size=100), keep_session=True)
    assert _eval(handler, "(def a (vec (range 60)))") == (False, "#'a\n;; a = " + (
        "[" + " ".join(str(i) for i in range(50)) + " ... 10 more]\n"
        ";; (previews truncated: [1 2 ... 3 more] shows 2 of 5 items; println specific fields "
        "to see more)"))  # 61 items
    assert _eval(handler, "(def b (vec (range 50))) (count b)") == (True, "\n".join([
        f"LimitExceeded: {M.session_memory_full(100)}", f"Hint: {M.HINT_SESSION_MEMORY}"]))
    assert _eval(handler, "b")[0] is True  # undone: b was never kept
    assert _eval(handler, "[(count a) *1]") == (False, "[60 #'a]")  # *1: the last kept run
    assert _eval(handler, "(def a nil) (def b (vec (range 50))) (count b)")[1].startswith("50")


def test_memory_items_count_members_and_string_characters():
    assert items("abc", 10) == 3
    assert items({ptclisp.kw("a"): [1, 2]}, 100) == 5  # the map, its key, the vector, 1, 2
    assert items(list(range(1000)), 10) == 11  # stops once past the bound


# ---------------------------------------------------------------- the command line


def test_a_bad_tools_module_stops_the_command(capsys):
    assert main(["mcp", "--tools", "no_such_tools_module_xyz"]) == 2
    err = capsys.readouterr().err
    assert err == f"ptclisp: {messages.host_module_not_found('no_such_tools_module_xyz')}\n"


def test_without_the_sdk_the_command_says_what_to_install():
    code = ("import sys; sys.modules['mcp'] = None; from ptclisp.cli import main; "
            "sys.exit(main(['mcp']))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2
    assert done.stderr == f"ptclisp: {messages.cli_mcp_missing('mcp')}\n"


def test_limits_flags_must_be_positive(capsys):
    with pytest.raises(SystemExit) as e:
        main(["mcp", "--timeout", "0"])
    assert e.value.code == 2
    assert messages.cli_not_positive("0") in capsys.readouterr().err


def test_the_example_tools_module():
    tools = load_tools(str(ROOT / "examples" / "mcp_tools.py"))
    assert [t.name for t in tools] == ["find-orders", "get-customer"]
    handler = LispEval(tools)
    program = """
        (let [paid (tool/find-orders {:status "paid"})
              who (tool/get-customer {:id (:customer_id (first paid))})]
          {:customer (:name who) :paid (reduce + (map :total paid))})"""
    # the paid orders are 1 and 3 (30 + 25), both of customer 7, Ada
    assert _eval(handler, program) == (False, '{:customer "Ada" :paid 55}')
