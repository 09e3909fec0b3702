"""No import loops between the modules of rulebook, drawings, solvers, boards and trogkit, and the
packages layered rulebook < drawings < solvers < boards, trogkit (issue 20): in particular the
rulebook never imports the drawing code, not even inside a function (issue 34: pure rules apart
from drawing).

Read statically from the sources' syntax trees. Counted as an edge from module A to module B:
- ``import B`` and ``from B import x`` anywhere in A: at module level and inside functions (a
  function-level import is a loop deferred, not removed), relative imports resolved;
- ``from P import x`` where ``P.x`` is a module: an edge to ``P.x``, else to the package ``P``;
- any string constant spelling a submodule's full dotted name, as in
  ``importlib.import_module("a.b")`` and the CLI's and the registry's tables of modules imported by
  name (a bare package name such as ``files("boards")`` is a resource lookup, so not counted).
Not counted: the implicit import of a module's parent packages (Python finishes initialising a
package before its submodules run, so it never leaves a half-defined module to the other side),
and imports under ``if TYPE_CHECKING:`` (never executed).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("rulebook", "drawings", "solvers", "boards", "trogkit")
# who may import whom, package by package (a DAG: rulebook at the bottom)
MAY_IMPORT = {
    "rulebook": set(),
    "drawings": {"rulebook"},
    "solvers": {"rulebook", "drawings"},
    "boards": {"rulebook", "drawings", "solvers"},
    "trogkit": {"rulebook", "drawings", "solvers"},
}


def module_files(root: Path, packages=PACKAGES) -> dict[str, Path]:
    """Dotted module name -> source file, for every .py file under the packages."""
    out = {}
    for pkg in packages:
        for path in sorted((root / pkg).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


def _known(name: str, modules) -> str | None:
    """The longest prefix of ``name`` that is one of our modules (``a.b.func`` -> ``a.b``)."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def _is_type_checking(node: ast.If) -> bool:
    t = node.test
    return (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or (
        isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING"
    )


def _nodes(tree: ast.AST):
    """Every node except those under ``if TYPE_CHECKING:``."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, ast.If) and _is_type_checking(node):
            stack.extend(node.orelse)
            continue
        stack.extend(ast.iter_child_nodes(node))


def _from_base(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imported_names(module: str, path: Path, modules) -> set[str]:
    """The dotted names ``module`` imports (see the module docstring for what counts)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names = set()
    for node in _nodes(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = _from_base(module, path.name == "__init__.py", node)
            for alias in node.names:
                full = f"{base}.{alias.name}"
                names.add(full if full in modules else base)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if "." in node.value and node.value in modules:
                names.add(node.value)
    return names


def import_graph(root: Path = ROOT, packages=PACKAGES) -> dict[str, set[str]]:
    modules = module_files(root, packages)
    graph = {}
    for module, path in modules.items():
        targets = {_known(n, modules) for n in imported_names(module, path, modules)}
        graph[module] = {t for t in targets if t and t != module}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan, iterative)."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            v, children = work[-1]
            w = next(children, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    found.append(sorted(comp))
    return found


GRAPH = import_graph()


def test_the_graph_sees_the_packages():
    assert len(GRAPH) > 100
    assert "rulebook.encounter.catalog" in GRAPH["rulebook.encounter.building"]
    assert "trogkit.commands.trogdor" in GRAPH["trogkit.cli"]  # a module named in a table


def test_no_import_cycle_between_modules():
    assert cycles(GRAPH) == []


@pytest.mark.parametrize("package", PACKAGES)
def test_packages_import_only_the_layers_below(package):
    bad = sorted(
        f"{m} -> {t}"
        for m, targets in GRAPH.items()
        if m.split(".")[0] == package
        for t in targets
        if t.split(".")[0] not in MAY_IMPORT[package] | {package}
    )
    assert not bad, bad


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_detector_finds_a_loop_through_a_function_level_import(tmp_path):
    _write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/a.py": "from .b import thing\n",
        "pkg/b.py": "def f():\n    from pkg.c import x\n",
        "pkg/c.py": "from . import a\n",
        "pkg/d.py": "import importlib\nM = 'pkg.e'\n",
        "pkg/e.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg import d\n",
    })  # fmt: skip
    graph = import_graph(tmp_path, ("pkg",))
    assert cycles(graph) == [["pkg.a", "pkg.b", "pkg.c"]]
    assert graph["pkg.d"] == {"pkg.e"} and graph["pkg.e"] == set()


def test_detector_finds_a_loop_through_a_module_named_in_a_string(tmp_path):
    _write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/cli.py": "import importlib\nCOMMANDS = {'x': 'pkg.cmd'}\n",
        "pkg/cmd.py": "from pkg.cli import main\n",
    })  # fmt: skip
    assert cycles(import_graph(tmp_path, ("pkg",))) == [["pkg.cli", "pkg.cmd"]]
