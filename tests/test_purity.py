"""rulebook/ is pure rules: no module under it imports a widget, plot, solver or graph library
(ipywidgets, matplotlib, z3, networkx, ortools) or the layers above it (drawings, boards, solvers,
trogkit).
Checked on the sources' syntax trees, so a lazy import inside a function is caught too."""

import ast
from pathlib import Path

import pytest

RULEBOOK = Path(__file__).resolve().parents[1] / "rulebook"
FORBIDDEN = (
    *("ipywidgets", "matplotlib", "z3", "networkx", "ortools"),
    *("drawings", "boards", "solvers", "trogkit"),
)


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "import_module":
            if node.args and isinstance(node.args[0], ast.Constant):
                roots.add(str(node.args[0].value).split(".")[0])
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "__import__":
            if node.args and isinstance(node.args[0], ast.Constant):
                roots.add(str(node.args[0].value).split(".")[0])
    return roots


SOURCES = sorted(RULEBOOK.rglob("*.py"))


def test_rulebook_has_sources():
    assert len(SOURCES) > 10


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(RULEBOOK)))
def test_no_ui_solver_or_upper_layer_imports_in_rulebook(path):
    bad = imported_roots(path) & set(FORBIDDEN)
    assert not bad, f"{path} imports {sorted(bad)}; rulebook/ must stay pure rules"


def test_detector_catches_forbidden_imports(tmp_path):
    f = tmp_path / "bad.py"
    f.write_text(
        "import os\ndef f():\n    from matplotlib import pyplot\n    import z3.z3\n"
        "    __import__('ipywidgets')\n    import networkx as nx\n"
        "    from ortools.sat.python import cp_model\n    from solvers.limits import Budget\n"
        "    import importlib; importlib.import_module('boards.core')\n    import trogkit.cli\n"
        "    from drawings.trogdor import render\n",
        encoding="utf-8",
    )
    assert imported_roots(f) & set(FORBIDDEN) == set(FORBIDDEN)
