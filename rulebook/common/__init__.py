"""Pieces every game shares: errors, grid, seeded RNG, decks, card data, rule catalog, rulings.

The names below are imported on first use (PEP 562): ``import rulebook.common.errors`` must not
pay for the catalog's TOML reader and the dataclasses (bench figure "min-AP CLI CPU ÷ BFS script").
"""

from importlib import import_module

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


def __getattr__(name: str):
    if name not in _WHERE:
        raise AttributeError(f"module 'rulebook.common' has no attribute {name!r}")
    value = getattr(import_module(f".{_WHERE[name]}", __name__), name)
    globals()[name] = value
    return value


def __dir__():
    return __all__
