"""The Trogdor rule catalog and rulings (rules.toml), read when this module is first imported (the
package names it ``rulebook.trogdor.CATALOG`` and imports it on first use: a puzzle never reads
it), and ``refuse``: the one place a refusal is made, checked against the catalog."""

from pathlib import Path

from rulebook.common.catalog import load_catalog
from rulebook.common.errors import RuleError

CATALOG = load_catalog(Path(__file__).with_name("rules.toml"))


def refuse(rule_id: str, reason: str) -> RuleError:
    """The RuleError for ``rule_id`` (a typo in a rule ID fails loudly)."""
    return CATALOG.refuse(rule_id, reason)
