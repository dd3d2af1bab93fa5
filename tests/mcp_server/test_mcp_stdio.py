"""`ptclisp mcp` driven as a subprocess by the official MCP client SDK over stdio.

Each test starts one server (about 2-3 s: the SDK's import) and makes all its calls on it.
Expected values are computed by hand from the programs, never copied from a run.
"""
from __future__ import annotations

import anyio

from ptclisp.mcp import messages as M
from mcp_harness import HERE, TOOLS_FILE, call, connect


def test_tools_list_programs_errors_and_malformed_arguments():
    async def body():
        async with connect("--timeout", "1.5") as s:
            tools = (await s.list_tools()).tools
            assert [t.name for t in tools] == ["lisp_eval"]
            card = tools[0].description
            assert M.CARD_NO_TOOLS in card and M.CARD_STATELESS in card
            assert "1.5 s of program time" in card
            schema = tools[0].input_schema
            assert schema["required"] == ["program"]
            assert schema["properties"]["program"]["type"] == "string"
            assert schema["properties"]["context"]["type"] == "object"

            assert await call(s, "(+ 1 2)") == (False, "3")
            orders = {"orders": [{"id": 1, "total": 30}, {"id": 2, "total": 10},
                                 {"id": 3, "total": 25}]}
            program = "(->> data/orders (filter #(> (:total %) 20)) (map :id))"
            assert await call(s, program, orders) == (False, "[1 3]")
            assert await call(s, '(println "total" 65) :done') == (
                False, ":done\n;; printed:\ntotal 65")

            is_error, text = await call(s, "(+ 1\n   (* 2 3)")
            assert is_error
            lines = text.splitlines()
            assert lines[0].startswith("ReadError at line 1, column 1: unclosed '('")
            assert lines[1:3] == ["  (+ 1", "  ^"]
            assert lines[3].startswith("Hint: add ')' at the end")

            is_error, text = await call(s, "(def n 0)\n(loop [i 0] (recur (inc i)))")
            assert is_error
            assert text.startswith("LimitExceeded at line 2, column 1: timeout")
            assert "  ^" in text and "\nHint: " in text

            # still serving, and stateless: the def above (and any) is gone
            assert await call(s, "(* 6 7)") == (False, "42")
            await call(s, "(def x 5)")
            is_error, text = await call(s, "x")
            assert is_error and text.startswith(
                "AnalysisError at line 1, column 1: Unable to resolve symbol: x")

            assert await call(s, None) == (True, "\n".join([
                f"{M.ARGUMENT_ERROR}: {M.bad_program('nothing')}", f"Hint: {M.HINT_PROGRAM}"]))
            assert await call(s, 42) == (True, "\n".join([
                f"{M.ARGUMENT_ERROR}: {M.bad_program('a number')}", f"Hint: {M.HINT_PROGRAM}"]))
            assert await call(s, "(count data/items)", [1, 2]) == (True, "\n".join([
                f"{M.ARGUMENT_ERROR}: {M.bad_context('an array')}", f"Hint: {M.HINT_CONTEXT}"]))
            unknown = await s.call_tool("python_eval", {"code": "1"})
            assert unknown.is_error
            assert await call(s, '(str "still" " here")') == (False, '"still here"')
    anyio.run(body)


def test_host_tools_from_a_file_sync_and_async(tmp_path):
    errlog = (tmp_path / "stderr.txt").open("w")

    async def body():
        async with connect("--tools", str(TOOLS_FILE), "--max-steps", "100000",
                           "--timeout", "10", errlog=errlog) as s:
            card = (await s.list_tools()).tools[0].description
            assert "tool/get-user(id :int)" in card and "Look up one user by id" in card
            assert "tool/list-orders(user_id :int, limit :int?)" in card
            assert "private" not in card and "USERS" not in card
            assert M.CARD_NO_TOOLS not in card
            assert await call(s, "(:name (tool/get-user {:id 8}))") == (False, '"Grace"')
            program = "(->> (tool/list-orders {:user-id 7}) (map :total) (reduce +))"
            assert await call(s, program) == (False, "65")  # 30 + 10 + 25
            assert await call(s, "(count (tool/list-orders {:user-id 7 :limit 2}))") == (False, "2")

            is_error, text = await call(s, "(loop [i 0] (recur (inc i)))")
            assert is_error and text.startswith("LimitExceeded at line 1, column 1: step limit")
            is_error, text = await call(s, "(tool/get-user {:id 99})")
            assert is_error and text.startswith("ToolError")
            assert "Traceback" not in text
            assert await call(s, "(:id (tool/get-user {:id 7}))") == (False, "7")
    anyio.run(body)
    errlog.close()
    assert "get_user called" in (tmp_path / "stderr.txt").read_text()  # printed to stderr


def test_module_path_and_session_persistence():
    async def body():
        async with connect("--tools", "host_tools", "--session", cwd=HERE) as s:
            card = (await s.list_tools()).tools[0].description
            assert M.CARD_SESSION in card and "tool/get-user" in card
            is_error, text = await call(s, "(def user (tool/get-user {:id 7}))")
            assert not is_error and ';; user = {:id 7 :name "Ada"}' in text
            assert await call(s, "(defn twice [n] (* 2 n)) (twice (:id user))") == (
                False, "14\n;; twice = #fn[twice]")
            assert await call(s, "(inc *1)") == (False, "15")
            # a failing program leaves memory as it was
            is_error, _ = await call(s, "(def user nil) (undefined-fn)")
            assert is_error
            assert await call(s, "(:name user)") == (False, '"Ada"')
            # data/ is each call's own context
            assert await call(s, "(twice data/n)", {"n": 21}) == (False, "42")
            assert await call(s, "data/n") == (False, "nil")
    anyio.run(body)
