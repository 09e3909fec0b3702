"""Pieces every game shares: errors, grid, seeded RNG, decks, card data, rule catalog, rulings."""

from .catalog import Rule, RuleCatalog, load_catalog
from .errors import CardDataError, NotationError, RuleError, TrogkitInputError
from .rng import Rng
from .rulings import Ruling, RulingSet

__all__ = [
    "CardDataError",
    "NotationError",
    "Rng",
    "Rule",
    "RuleCatalog",
    "RuleError",
    "Ruling",
    "RulingSet",
    "TrogkitInputError",
    "load_catalog",
]
