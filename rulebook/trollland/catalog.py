"""The Trollland rule catalog and rulings (rules.toml), and ``refuse``: the one place a refusal
is made, checked against the catalog (a typo in a rule ID fails loudly)."""

from __future__ import annotations

from pathlib import Path

from rulebook.common.catalog import load_catalog
from rulebook.common.errors import RuleError
from rulebook.common.rulings import RulingSet

CATALOG = load_catalog(Path(__file__).with_name("rules.toml"))


def default_rulings(**choices: str) -> RulingSet:
    """Rulings at their defaults, or with ``choices`` such as ``{"TLR-GAT-CHOICE": "voluntary"}``."""
    return _defaults().with_choices(choices) if choices else _defaults()


def _defaults() -> RulingSet:
    """Every ruling at its default."""
    return RulingSet(CATALOG.rulings)


def refuse(rule_id: str, reason: str) -> RuleError:
    """A RuleError citing a catalogued rule (a typo in an ID fails loudly)."""
    return CATALOG.refuse(rule_id, reason)
