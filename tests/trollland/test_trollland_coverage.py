"""Every Trollland rule is cited by a test and taught in a notebook; the rulebook stays pure."""

from __future__ import annotations

import re
from pathlib import Path

from rulebook.trollland import CATALOG
from scripts.coverage import report

ROOT = Path(__file__).resolve().parents[2]


def test_every_rule_has_a_test():
    missing = [rid for rid, tests, _ in report(CATALOG) if not tests]
    assert not missing, f"rules without a test: {missing}"


def test_every_rule_is_taught_in_a_trollland_notebook():
    missing = [rid for rid, _, nbs in report(CATALOG) if not nbs]
    assert not missing, f"rules in no notebook: {missing}"


def test_rulebook_is_pure():
    bad = re.compile(r"^\s*(import|from)\s+(ipywidgets|matplotlib|z3)\b", re.M)
    for f in (ROOT / "rulebook" / "trollland").rglob("*.py"):
        assert not bad.search(f.read_text()), f


def test_engine_cites_only_catalogued_rules():
    src = "\n".join(f.read_text() for f in (ROOT / "rulebook" / "trollland").glob("*.py"))
    cited = set(re.findall(r'"(TL-[A-Z0-9-]+)"', src))
    assert cited and cited <= set(CATALOG.ids())
