"""Executable rules of Trogdor!! The Board Game, Trollland and Random Encounter.

Pure rules only: nothing here imports ipywidgets, matplotlib, z3, networkx, ortools, or the
layers above (drawings, boards, solvers, trogkit); tests/test_purity.py enforces it.
Every game answers one protocol (``rulebook.common.game.Game``; see API.md): ``rulebook.games()``
is the registry and ``rulebook.parse(text)`` reads a position of any game by its header word.
"""

from __future__ import annotations

import importlib

# registry name -> module whose ``GAME`` is the game object (imported on first use, so a CLI that
# needs one game does not pay for the others)
REGISTRY = {
    "trogdor": "rulebook.trogdor.game",
    "trollland": "rulebook.trollland.game",
    "encounter": "rulebook.encounter.game",
    "encounter-solo": "rulebook.encounter.game",
}
_ATTR = {"encounter-solo": "SOLO"}


def game(name: str):
    """The game object registered as ``name``."""
    from rulebook.common.errors import NotationError
    from rulebook.common.notation import excerpt

    if name not in REGISTRY:
        raise NotationError(
            f"unknown game {excerpt(name, 30)!r}; games: {', '.join(REGISTRY)}", where="game"
        )
    return getattr(importlib.import_module(REGISTRY[name]), _ATTR.get(name, "GAME"))


def games() -> dict:
    """Every registered game: name -> game object."""
    return {name: game(name) for name in REGISTRY}


def parse(text: str):
    """A position of any game, from its one-line notation (the first word names the game)."""
    from rulebook.common.notation import header_of

    return game(header_of(text)).parse(text)


def game_of(state):
    """The game object a state belongs to (each state class names its game)."""
    return game(state.GAME)


def catalogs():
    """The rule catalog of every game, for the coverage check."""
    seen, out = set(), []
    for g in games().values():
        if id(g.catalog) not in seen:
            seen.add(id(g.catalog))
            out.append(g.catalog)
    return out
