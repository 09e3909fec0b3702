"""Executable rules of Trogdor!! The Board Game, Trollland and Random Encounter.

Pure rules only: nothing here imports ipywidgets, matplotlib or z3 (a test enforces it).
"""

from __future__ import annotations

import importlib


def catalogs():
    """The rule catalog of every game that has one, for the coverage check."""
    out = []
    for game in ("trogdor", "trollland", "encounter"):
        try:
            mod = importlib.import_module(f"rulebook.{game}")
        except ModuleNotFoundError as e:
            if e.name != f"rulebook.{game}":
                raise
            continue
        if hasattr(mod, "CATALOG"):
            out.append(mod.CATALOG)
    return out
