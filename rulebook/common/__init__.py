"""Pieces every game shares: errors, grid, seeded RNG, decks, card data, rule catalog, rulings.

The names below are imported on first use (PEP 562): ``import rulebook.common.errors`` must not
pay for the catalog's TOML reader and the dataclasses (speed: PERF.md "Start-up: loaded on first
use").
"""

from .lazy import lazy_names

_WHERE = {
    "CardDataError": "errors",
    "NotationError": "errors",
    "RuleError": "errors",
    "TrogkitInputError": "errors",
    "Rng": "rng",
    "Rule": "catalog",
    "RuleCatalog": "catalog",
    "load_catalog": "catalog",
    "Ruling": "rulings",
    "RulingSet": "rulings",
}
__all__ = sorted(_WHERE)


__getattr__, __dir__ = lazy_names(__name__, _WHERE)
