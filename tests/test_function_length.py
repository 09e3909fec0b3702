"""Small functions (brief: about 60 lines at most): every function and method in the packages,
nested ones included, from its ``def`` line (decorators aside) to its last line."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("rulebook", "solvers", "boards", "trogkit")
MAX_LINES = 60

# (file, function) -> why a split would be worse; empty: every function fits.
ALLOWED: dict[tuple[str, str], str] = {}


def long_functions(root: Path = ROOT, packages=PACKAGES) -> dict[tuple[str, str], int]:
    out = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    lines = node.end_lineno - node.lineno + 1
                    if lines > MAX_LINES:
                        out[(path.relative_to(root).as_posix(), node.name)] = lines
    return out


def test_no_function_is_longer_than_60_lines():
    too_long = {k: n for k, n in long_functions().items() if k not in ALLOWED}
    assert not too_long, "split these into named helpers: " + ", ".join(
        f"{f}:{name} ({n} lines)" for (f, name), n in sorted(too_long.items())
    )


def test_the_measure_finds_nested_functions_and_methods(tmp_path):
    """A 61-line method and a 61-line nested function are found; a 60-line one is not."""
    body = "\n".join(f"        x{i} = {i}" for i in range(MAX_LINES - 1))
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "m.py").write_text(
        f"class A:\n    def method(self):\n{body}\n        x = 0\n\n"
        f"    def short(self):\n{body}\n\n\n"
        f"def outer():\n    def inner():\n{body}\n        y = 1\n    return inner\n"
    )
    found = long_functions(tmp_path, ("pkg",))
    assert found == {
        ("pkg/m.py", "method"): 61,
        ("pkg/m.py", "inner"): 61,
        ("pkg/m.py", "outer"): 63,
    }
