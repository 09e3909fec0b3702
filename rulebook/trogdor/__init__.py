"""Trogdor!! The Board Game: the rules as an engine (see NOTES.md, RULINGS.md, EFFECTS.md).

The game object is ``rulebook.game("trogdor")`` (``rulebook.trogdor.game.GAME``); the names below
are kept for callers of the older module-level API. Pure rules: no ipywidgets, matplotlib or z3.
"""

from __future__ import annotations

from pathlib import Path

from rulebook.common.catalog import load_catalog

CATALOG = load_catalog(Path(__file__).with_name("rules.toml"))

from .actions import Action, parse_action  # noqa: E402
from .board import Layout, format_tiles, parse_tiles  # noqa: E402
from .rules import is_terminal, legal_actions  # noqa: E402
from .setup import (  # noqa: E402
    new_game,
    puzzle,
    with_action_deck,
    with_cards,
    with_movement_deck,
)
from .state import State  # noqa: E402


def apply_action(state: State, action) -> State:
    """``rulebook.game("trogdor").apply``: the state after ``action`` (an Action or its text)."""
    from .game import GAME

    return GAME.apply(state, action)


def parse(text: str, cards=None) -> State:
    """``State.parse``: read a position from its one-line notation."""
    return State.parse(text, cards)


__all__ = [
    "CATALOG",
    "Action",
    "Layout",
    "State",
    "apply_action",
    "format_tiles",
    "is_terminal",
    "legal_actions",
    "new_game",
    "parse",
    "parse_action",
    "parse_tiles",
    "puzzle",
    "with_action_deck",
    "with_cards",
    "with_movement_deck",
]
