"""Every catalog rule of every registered game is cited by its game's rules code, by a test and by
a notebook cell (scripts/coverage.py; `make coverage` prints the table)."""

from __future__ import annotations

import pytest

import rulebook
from scripts.coverage import code_report, report

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


def test_rulings_are_covered_too():
    for cat in rulebook.catalogs():
        for rid in cat.rulings:
            assert rid.startswith(("TR-", "TLR-", "RER-")), rid
