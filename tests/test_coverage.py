"""Every catalog rule and ruling of every registered game is cited by its game's rules code and by a
test, and is taught: a lesson section headed by its ID has a board and a checked cell that asserts
(scripts/coverage.py; `make coverage` prints the table)."""

from __future__ import annotations

import json
import re

import nbformat
import pytest

import rulebook
from scripts.coverage import code_files, code_report, report, sections, taught

GAMES = sorted({g.catalog.game: name for name, g in rulebook.games().items()}.values())


@pytest.mark.parametrize("name", GAMES)
def test_every_rule_is_coded_tested_and_taught(name):
    g = rulebook.game(name)
    package = type(g).__module__.split(".")[1]
    code = code_report(g.catalog, package)
    missing = [
        f"{rid} ({', '.join(w for w, n in (('code', code[rid]), ('test', t), ('notebook', nb)) if not n)})"
        for rid, t, nb in report(g.catalog)
        if not (code[rid] and t and nb)
    ]
    assert not missing, f"{name}: rules without a citation: {missing}"


@pytest.mark.parametrize("name", GAMES)
def test_rulings_are_well_formed(name):
    cat = rulebook.game(name).catalog
    prefix = {r.split("-")[0] for r in cat.ids()}
    assert len(prefix) == 1, f"{name}: one ID prefix per game, got {prefix}"
    for rid, ruling in cat.rulings.items():
        assert rid.split("-")[0].endswith("R"), f"{rid}: a ruling ID is <PREFIX>R-..."
        assert ruling.default in ruling.options and ruling.reason, rid


@pytest.mark.parametrize("name", GAMES)
def test_rules_code_cites_only_catalogued_rules(name):
    g = rulebook.game(name)
    package = type(g).__module__.split(".")[1]
    prefix = g.catalog.ids()[0].split("-")[0]
    known = set(g.catalog.ids()) | set(g.catalog.rulings)
    cited = set()
    for path in code_files(package):
        cited |= set(re.findall(rf'"({prefix}R?-[A-Z0-9-]+)"', path.read_text(encoding="utf-8")))
    assert cited, f"{name}: the rules code cites no rule"
    assert cited <= known, f"{name}: cites rules not in the catalog: {sorted(cited - known)}"


@pytest.mark.parametrize("name", GAMES)
def test_every_rule_and_ruling_is_taught_with_a_board_and_an_asserting_check(name):
    cat = rulebook.game(name).catalog
    untaught = [rid for rid, where in taught(cat).items() if not where]
    assert not untaught, (
        f"{name}: no lesson section with a board and an asserting check: {untaught}"
    )


def _lesson(tmp_path, cells):
    nb = nbformat.v4.new_notebook()
    nb.cells = cells
    path = tmp_path / "lesson.ipynb"
    nbformat.write(nb, path)
    return path


def _board_cell():
    cell = nbformat.v4.new_code_cell("board")
    cell.outputs = [nbformat.v4.new_output("display_data", data={"image/svg+xml": "<svg/>"})]
    return cell


def _checked(source):
    cell = nbformat.v4.new_code_cell(source)
    cell.metadata["tags"] = ["nbval-check-output"]
    return cell


def test_a_section_teaches_only_with_a_board_and_an_asserting_check(tmp_path):
    md = nbformat.v4.new_markdown_cell
    # the "assert True" strings are the text of a synthetic notebook's checked cells (fixtures the
    # coverage counter reads), not assertions of this test
    path = _lesson(tmp_path, [
        md("### T-BURN-TILE — burn"), _board_cell(), _checked("print(1)\nassert True"),
        md("### T-BURN-LAKE — only prints"), _board_cell(), _checked("print(1)"),
        md("### T-MOVE — no board"), _checked("assert True"),
        md("### T-CHOMP, T-HIDE, T-PASS — too many rules in one section"), _board_cell(),
        _checked("assert True"),
        md("Text naming T-BURROW outside a heading"), _board_cell(), _checked("assert True"),
    ])  # fmt: skip
    known = {"T-BURN-TILE", "T-BURN-LAKE", "T-MOVE", "T-CHOMP", "T-HIDE", "T-PASS", "T-BURROW"}
    taught_ids = set().union(*(s.teaches(known) for s in sections(path)))
    assert taught_ids == {"T-BURN-TILE"}
    assert json.loads(path.read_text())["cells"][0]["cell_type"] == "markdown"
