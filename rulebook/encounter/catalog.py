"""The Random Encounter rule catalog and rulings (rules.toml), and ``refuse``: the one place a
refusal is made, checked against the catalog. Below every other module of the game, so the battle
rules and the states both cite rules without importing each other."""

from __future__ import annotations

from pathlib import Path

from rulebook.common.catalog import load_catalog
from rulebook.common.errors import RuleError
from rulebook.common.rulings import RulingSet

CATALOG = load_catalog(Path(__file__).with_name("rules.toml"))


def refuse(rule_id: str, reason: str) -> RuleError:
    """The RuleError for ``rule_id`` (checked against the catalog)."""
    return CATALOG.refuse(rule_id, reason)


def rulings_from(value) -> RulingSet:
    """Accept None, a RulingSet, a dict or the notation text."""
    if value is None:
        return RulingSet(CATALOG.rulings)
    if isinstance(value, RulingSet):
        return value
    if isinstance(value, dict):
        return RulingSet(CATALOG.rulings).with_choices(value)
    return RulingSet(CATALOG.rulings).parse(str(value))
