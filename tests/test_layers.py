"""The direction of dependencies (DESIGN.md "The house"), read from the imports."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PKG = Path(__file__).resolve().parent.parent / "ptclisp"


def imports_of(path: Path) -> set[str]:
    """Absolute module names a file imports (relative imports resolved against ptclisp)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    rel = path.relative_to(PKG.parent).with_suffix("")
    package = list(rel.parts[:-1])
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
                out.add(mod)
                out.update(f"{mod}.{a.name}" for a in node.names)
            else:
                out.add(node.module)
    return out


def modules(pattern: str):
    return sorted(PKG.glob(pattern))


def test_core_never_imports_llm_or_cli():
    for path in modules("**/*.py"):
        rel = path.relative_to(PKG)
        if rel.parts[0] in ("llm", "mcp", "agent", "cli", "integrations"):
            continue
        imports = imports_of(path)
        bad = {m for m in imports if m.startswith(("ptclisp.llm", "ptclisp.cli", "ptclisp.agent"))}
        assert not bad, f"{rel} imports {bad}"


def test_only_the_reference_reader_imports_lark():
    for path in modules("**/*.py"):
        rel = path.relative_to(PKG)
        if rel.name == "reader_lark.py":
            continue
        bad = {m for m in imports_of(path) if m.split(".")[0] == "lark"}
        assert not bad, f"{rel} imports {bad}"


def test_builtins_see_values_and_errors_only():
    forbidden = ("ptclisp.session", "ptclisp.host.tools", "ptclisp.run.evaluator", "ptclisp.compile.analyzer",
                 "ptclisp.run.functions", "ptclisp.specials", "ptclisp.compile.special_forms",
                 "ptclisp.sandbox.isolation", "ptclisp.host.budget_map", "ptclisp.host.parallel",
                 "ptclisp.host.arguments", "ptclisp.host.door")
    for path in modules("core/*.py"):
        bad = {m for m in imports_of(path) if m.startswith(forbidden)}
        assert not bad, f"core/{path.name} imports {bad}"


def test_llm_uses_the_public_face_only():
    internals = ("ptclisp.run.evaluator", "ptclisp.compile.analyzer", "ptclisp.run.functions",
                 "ptclisp.specials", "ptclisp.compile.special_forms", "ptclisp.compile.macros", "ptclisp.run.patterns",
                 "ptclisp.run.comprehension", "ptclisp.run.budget")
    for path in modules("llm/*.py"):
        bad = {m for m in imports_of(path) if m.startswith(internals)}
        assert not bad, f"llm/{path.name} imports {bad}"


# The command line imports its subcommands' layers (llm, mcp) only when they run.
LAZY_IMPORTS_ALLOWED = {"cli/main.py"}
# The language core: every package but the layers on top (llm, agent, mcp, upstream, cli).
CORE_PACKAGES = ("lang", "compile", "run", "jit", "sandbox", "host", "core", "messages")


def _function_level_imports(path: Path) -> list[int]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    lines = []
    for fn in ast.walk(tree):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            lines += [n.lineno for n in ast.walk(fn) if isinstance(n, (ast.Import, ast.ImportFrom))]
    return sorted(set(lines))


def test_the_core_imports_nothing_inside_functions():
    # A first import inside a run can be interrupted by a stop and leave the module lock held
    # for every other thread (docs/sandbox.md, "Many sessions at once").
    core = [p for pkg in CORE_PACKAGES for p in modules(f"{pkg}/*.py")]
    for path in [*modules("*.py"), *core]:
        if path.relative_to(PKG).as_posix() in LAZY_IMPORTS_ALLOWED:
            continue
        lines = _function_level_imports(path)
        assert not lines, f"{path.relative_to(PKG)} imports inside functions at lines {lines}"


def test_importing_ptclisp_does_all_one_time_set_up():
    import subprocess
    import sys
    code = ("import sys, ptclisp\n"
            "before = set(sys.modules)\n"
            "s = ptclisp.Session(tools={'t': lambda x: x})\n"
            "r = s.run('(let [f (fn [x] (* x 2)) v (for [i (range 3)] (f i))] "
            "[(tool/t {:x 1}) (re-find #\"b+\" \"abbc\") (pmap f v) (str/join \",\" v)])')\n"
            "assert r.ok, r.error\n"
            "print(sorted(set(sys.modules) - before))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"  # the run imported nothing


def test_only_the_cli_imports_the_mcp_server():
    for path in modules("**/*.py"):
        rel = path.relative_to(PKG)
        if rel.parts[0] in ("mcp", "cli"):
            continue
        bad = {m for m in imports_of(path) if m.startswith("ptclisp.mcp")}
        assert not bad, f"{rel} imports {bad}"


def test_the_cli_imports_the_mcp_server_only_inside_its_subcommand():
    tree = ast.parse((PKG / "cli" / "main.py").read_text(encoding="utf-8"))
    top = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
    assert not any("mcp" in (getattr(n, "module", None) or "") or
                   any("mcp" in a.name for a in n.names) for n in top)


def test_mcp_uses_the_public_face_and_llm_only():
    internals = ("ptclisp.run.evaluator", "ptclisp.compile.analyzer", "ptclisp.run.functions",
                 "ptclisp.specials", "ptclisp.compile.special_forms", "ptclisp.compile.macros", "ptclisp.run.patterns",
                 "ptclisp.run.comprehension", "ptclisp.run.budget", "ptclisp.session",
                 "ptclisp.sandbox.isolation", "ptclisp.sandbox.walls", "ptclisp.host.tools",
                 "ptclisp.host.arguments", "ptclisp.host.door")
    for path in modules("mcp/*.py"):
        bad = {m for m in imports_of(path) if m.startswith(internals)}
        assert not bad, f"mcp/{path.name} imports {bad}"


def test_the_door_keeps_what_it_needs_inside():
    # host values cross in one module (a later change makes the door lazy): it uses no other
    # part of the host boundary, and the ToolSet and the arguments reach it only by its face
    # (but host/numbers.py: the bounded conversion of numbers and dates, which imports no host module)
    bad = {m for m in imports_of(PKG / "host" / "door.py")
           if m.startswith("ptclisp.host.") and not m.startswith("ptclisp.host.numbers")}
    assert not {m for m in imports_of(PKG / "host" / "numbers.py") if m.startswith("ptclisp.host.")}
    assert not bad, f"host/door.py imports {bad}"
    for path in modules("**/*.py"):
        rel = path.relative_to(PKG)
        private = {m for m in imports_of(path)
                   if m.startswith("ptclisp.host.door._") and rel.as_posix() != "host/door.py"}
        assert not private, f"{rel} imports {private}"


def test_only_the_command_line_loads_host_modules():
    for path in modules("**/*.py"):
        rel = path.relative_to(PKG)
        if rel.parts[0] == "cli":
            continue
        bad = {m for m in imports_of(path) if m.startswith("ptclisp.cli.hostmodule")}
        assert not bad, f"{rel} imports {bad}"


def test_only_the_cli_imports_the_upstream_layer():
    # ptclisp.upstream brings the MCP SDK and jsonschema: `import ptclisp` must not load them
    for path in modules("**/*.py"):
        rel = path.relative_to(PKG)
        if rel.parts[0] in ("upstream", "cli"):
            continue
        bad = {m for m in imports_of(path) if m.startswith("ptclisp.upstream")}
        assert not bad, f"{rel} imports {bad}"


def test_llm_never_imports_the_agent():
    for path in modules("llm/*.py"):
        bad = {m for m in imports_of(path) if m.startswith("ptclisp.agent")}
        assert not bad, f"llm/{path.name} imports {bad}"


def test_the_agent_uses_the_public_face_and_llm_only():
    internals = ("ptclisp.run.evaluator", "ptclisp.compile.analyzer", "ptclisp.run.functions",
                 "ptclisp.specials", "ptclisp.compile.special_forms", "ptclisp.compile.macros", "ptclisp.run.patterns",
                 "ptclisp.run.comprehension", "ptclisp.run.budget", "ptclisp.sandbox.walls", "ptclisp.mcp")
    for path in modules("agent/*.py"):
        bad = {m for m in imports_of(path) if m.startswith(internals)}
        assert not bad, f"agent/{path.name} imports {bad}"


def test_the_agent_imports_no_sdk():
    # the adapters use the client object they are given: `import ptclisp` never loads an SDK
    for path in modules("agent/*.py"):
        bad = {m for m in imports_of(path) if m.split(".")[0] in ("openai", "anthropic")}
        if path.name == "cli.py":  # `ptclisp agent run --model` builds the client
            continue
        assert not bad, f"agent/{path.name} imports {bad}"


def test_the_llm_and_agent_layers_load_when_first_named():
    import subprocess
    import sys
    code = ("import sys, ptclisp\n"
            "print(sorted(m for m in ('ptclisp.llm', 'ptclisp.agent', 'json_repair') "
            "if m in sys.modules))\n"
            "from ptclisp import Agent, AgentResult\n"
            "print(Agent.__module__, AgentResult.__module__, ptclisp.llm.__name__)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.split("\n")[:2] == ["[]", "ptclisp.agent.agent ptclisp.agent.agent ptclisp.llm"], out.stderr


def test_importing_ptclisp_imports_no_sdk():
    import subprocess
    import sys
    code = ("import sys, ptclisp, ptclisp.agent\n"
            "print(ptclisp.Agent is ptclisp.agent.Agent, "
            "sorted(m for m in ('openai', 'anthropic') if m in sys.modules))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "True []", out.stderr


def _module_level_graph(inside_functions: bool = False) -> dict[str, set[str]]:
    """Module -> the package modules it imports at module level (or anywhere, inside_functions)."""
    graph = {}
    for path in modules("**/*.py"):
        rel = path.relative_to(PKG.parent).with_suffix("")
        name = ".".join(rel.parts).removesuffix(".__init__")
        package, out = list(rel.parts[:-1]), set()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree) if inside_functions else tree.body:
            if isinstance(node, ast.ImportFrom) and node.level:
                mod = ".".join(package[: len(package) - node.level + 1] + [node.module or ""][:1])
                mod = mod.rstrip(".")
                out |= {mod} | {f"{mod}.{a.name}" for a in node.names}
        graph[name] = out
    return {n: {m for m in out if m in graph and m != n and not n.startswith(m + ".")}
            for n, out in graph.items()}


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index, low, stack, found = {}, {}, [], []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while not component or component[-1] != v:
                component.append(stack.pop())
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def test_no_import_circles():
    # A circle works only while each module of it uses the others at call time, and breaks as
    # soon as one of them uses a name of another at import: none is allowed.
    assert _circles(_module_level_graph()) == []


def test_no_import_circles_through_imports_inside_functions():
    # A late import still ties two modules together: the cli once imported the agent's command
    # lazily while that command took its helpers from the cli
    assert _circles(_module_level_graph(inside_functions=True)) == []


def _late_imports(path: Path) -> list[int]:
    """Lines of module-level imports placed after the module's first def or class."""
    body = ast.parse(path.read_text(encoding="utf-8")).body
    first = next((i for i, n in enumerate(body)
                  if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))), len(body))
    return [n.lineno for n in body[first:] if isinstance(n, (ast.Import, ast.ImportFrom))]


def test_imports_come_before_the_first_definition():
    # An import at the bottom of a module hides a circle (see test_no_import_circles)
    for path in modules("**/*.py"):
        rel = path.relative_to(PKG).as_posix()
        lines = _late_imports(path)
        assert not lines, f"{rel} imports after its first definition, at lines {lines}"


def test_the_late_import_check_sees_a_bottom_import(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("import os\n\n\ndef f():\n    return os\n\n\nfrom . import x  # noqa: E402\n")
    assert _late_imports(sample) == [8]


def test_the_texts_import_nothing_else():
    # so that every module, the value model and the reader included, can use them without a
    # circle; shown.py (the texts that show a value) imports the printer and sits above it
    for path in modules("messages/*.py"):
        if path.name == "shown.py":
            continue
        bad = {m for m in imports_of(path) if m.startswith("ptclisp.") and not m.startswith("ptclisp.messages")}
        assert not bad, f"messages/{path.name} imports {bad}"


def test_messages_names_the_texts_that_show_a_value():
    from ptclisp import messages
    from ptclisp.messages import shown
    assert messages.type_error is shown.type_error and messages.wrong_arity(1, "f")
    assert not hasattr(messages, "_show") and not hasattr(messages, "no_such_text")


# The framework integrations (pydantic-ai, the OpenAI Agents SDK, LangChain) sit on top of
# everything: nothing imports them, and they reach the core only by its public face and llm/.
FRAMEWORKS = ("pydantic_ai", "pydantic_graph", "pydantic_core", "agents", "langchain_core",
              "langgraph")


def test_nothing_imports_the_integrations():
    for path in modules("**/*.py"):
        rel = path.relative_to(PKG)
        if rel.parts[0] == "integrations":
            continue
        bad = {m for m in imports_of(path) if m.startswith("ptclisp.integrations")}
        assert not bad, f"{rel} imports {bad}"


def test_only_the_integrations_import_the_frameworks():
    for path in modules("**/*.py"):
        rel = path.relative_to(PKG)
        if rel.parts[0] == "integrations":
            continue
        bad = {m for m in imports_of(path) if m.split(".")[0] in FRAMEWORKS}
        assert not bad, f"{rel} imports {bad}"


def test_the_integrations_use_the_public_face_and_llm_only():
    internals = ("ptclisp.run", "ptclisp.compile", "ptclisp.specials", "ptclisp.jit",
                 "ptclisp.sandbox", "ptclisp.session", "ptclisp.host.tools", "ptclisp.host.door",
                 "ptclisp.host.arguments", "ptclisp.agent", "ptclisp.mcp", "ptclisp.upstream",
                 "ptclisp.cli")
    for path in modules("integrations/*.py"):
        bad = {m for m in imports_of(path) if m.startswith(internals)}
        assert not bad, f"integrations/{path.name} imports {bad}"


def test_no_dead_code_beyond_the_interface_whitelist():
    # vulture's sure findings (80%+: unused imports, variables, unreachable code); names a
    # framework's interface demands sit in tools/vulture_whitelist.py, each with its reason
    root = PKG.parent
    out = subprocess.run([sys.executable, "-m", "vulture", "ptclisp", "tools/vulture_whitelist.py",
                          "--min-confidence", "80"], cwd=root, capture_output=True, text=True,
                         timeout=120)
    assert out.stdout == "" and out.returncode == 0, out.stdout + out.stderr
