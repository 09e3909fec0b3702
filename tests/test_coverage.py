"""Every catalog rule of every registered game is cited by its game's rules code, by a test and by
a notebook cell (scripts/coverage.py; `make coverage` prints the table)."""

from __future__ import annotations

import re

import pytest

import rulebook
from scripts.coverage import code_files, code_report, report

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
