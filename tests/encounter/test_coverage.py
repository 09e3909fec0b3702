"""Every catalog rule has a test and is taught in a notebook; rulings are well formed."""

from __future__ import annotations

from scripts.coverage import report
from rulebook.encounter import CATALOG


def test_every_rule_has_a_test():
    missing = [rid for rid, tests, _ in report(CATALOG) if tests == 0]
    assert missing == [], f"rules without a test: {missing}"


def test_every_rule_is_taught_in_a_notebook():
    missing = [rid for rid, _, notebooks in report(CATALOG) if notebooks == 0]
    assert missing == [], f"rules missing from the notebooks: {missing}"


def test_catalog_shape():
    assert len(CATALOG) >= 45 and all(rid.startswith("RE-") for rid in CATALOG.ids())
    assert all(rid.startswith("RER-") for rid in CATALOG.rulings)
    for ruling in CATALOG.rulings.values():
        assert ruling.default in ruling.options and ruling.reason
