"""The units the root conftest.py hands to pytest-xdist workers: a notebook's cells stay together,
the browser tests of one server stay together, any other test is a unit of its own."""

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _root_conftest():
    spec = importlib.util.spec_from_file_location("root_conftest", ROOT / "conftest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_notebook_is_one_unit_and_other_tests_are_their_own():
    unit_of = _root_conftest().unit_of
    assert unit_of("notebooks/trogdor_02_turn.ipynb::Cell 3") == "notebooks/trogdor_02_turn.ipynb"
    assert unit_of("notebooks/a.ipynb::Cell 0") != unit_of("notebooks/b.ipynb::Cell 0")
    lab = {unit_of(f"tests/browser/test_lab.py::test_{k}") for k in ("open", "click")}
    assert lab == {"browser: JupyterLab"}
    assert unit_of("tests/browser/test_voila_app.py::test_x") == "browser: Voila"
    assert unit_of("tests/test_values.py::test_a") == "tests/test_values.py::test_a"


def test_the_scheduling_conftest_sits_at_the_root_so_notebook_runs_use_it_too():
    assert (ROOT / "conftest.py").is_file() and not (ROOT / "tests" / "conftest.py").exists()
