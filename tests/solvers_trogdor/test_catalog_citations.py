"""Every rule ID the solvers cite exists in the engine's catalog (rulebook/trogdor/rules.toml)."""

from __future__ import annotations

import re
from pathlib import Path

from rulebook.trogdor import CATALOG
from solvers.trogdor import rule_ids

SOLVERS = Path(__file__).resolve().parents[2] / "solvers" / "trogdor"


def test_rule_ids_exist():
    for rid in rule_ids.ALL:
        assert rid in CATALOG, rid


def test_every_cited_id_in_solver_code_exists():
    cited = set()
    for path in SOLVERS.glob("*.py"):
        cited |= set(re.findall(r"\bT-[A-Z0-9-]*[A-Z0-9]\b", path.read_text()))
    assert cited, "the solvers cite rules"
    assert sorted(c for c in cited if c not in CATALOG) == []
