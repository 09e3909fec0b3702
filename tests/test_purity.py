"""rulebook/ is pure rules: no module under it imports ipywidgets, matplotlib or z3 (checked on
the sources' syntax trees, so a lazy import inside a function is caught too)."""

import ast
from pathlib import Path

import pytest

RULEBOOK = Path(__file__).resolve().parents[1] / "rulebook"
FORBIDDEN = ("ipywidgets", "matplotlib", "z3")


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
def test_no_ui_or_solver_imports_in_rulebook(path):
    bad = imported_roots(path) & set(FORBIDDEN)
    assert not bad, f"{path} imports {sorted(bad)}; rulebook/ must stay pure rules"


def test_detector_catches_forbidden_imports(tmp_path):
    f = tmp_path / "bad.py"
    f.write_text(
        "import os\ndef f():\n    from matplotlib import pyplot\n    import z3.z3\n"
        "    __import__('ipywidgets')\n",
        encoding="utf-8",
    )
    assert imported_roots(f) >= {"matplotlib", "z3", "ipywidgets"}
