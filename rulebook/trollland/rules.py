"""The Trollland rule catalog (``rules.toml``) loaded once, and the default ruling set."""

from __future__ import annotations

from pathlib import Path

from rulebook.common.catalog import load_catalog
from rulebook.common.rulings import RulingSet

CATALOG = load_catalog(Path(__file__).with_name("rules.toml"))


def default_rulings(**choices: str) -> RulingSet:
    """Rulings at their defaults, or with ``choices`` such as ``{"TLR-GAT-CHOICE": "voluntary"}``."""
    return RulingSet(CATALOG.rulings).with_choices(choices)


def refuse(rule_id: str, reason: str):
    """A RuleError citing a catalogued rule (a typo in an ID fails loudly)."""
    return CATALOG.refuse(rule_id, reason)
