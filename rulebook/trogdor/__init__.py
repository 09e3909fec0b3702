"""Trogdor!! The Board Game: the rules as an engine (see NOTES.md, RULINGS.md, EFFECTS.md).

The game object is ``rulebook.game("trogdor")`` (``rulebook.trogdor.game.GAME``); the names below
are kept for callers of the older module-level API. Pure rules: no ipywidgets, matplotlib or z3.

Every name here is imported on first use (PEP 562) and the rule catalog is read on first use, so
``import rulebook.trogdor.grid`` (or ``setup``) does not load the whole engine and its TOML.
"""

from __future__ import annotations

from rulebook.common.lazy import lazy_names

# public name -> submodule defining it
_WHERE = {
    "CATALOG": "catalog",
    "Action": "actions",
    "parse_action": "actions",
    "Layout": "board",
    "format_tiles": "board",
    "parse_tiles": "board",
    "is_terminal": "rules",
    "legal_actions": "rules",
    "new_game": "setup",
    "puzzle": "setup",
    "with_action_deck": "setup",
    "with_cards": "setup",
    "with_movement_deck": "setup",
    "State": "state",
}


# CATALOG and the names above load on first use (rulebook.common.lazy); the module import lock
# gives two racing threads one catalog.
__getattr__ = lazy_names(__name__, _WHERE)[0]


def apply_action(state, action):
    """``rulebook.game("trogdor").apply``: the state after ``action`` (an Action or its text)."""
    from .game import GAME

    return GAME.apply(state, action)


def parse(text: str, cards=None):
    """``State.parse``: read a position from its one-line notation."""
    from .state import State

    return State.parse(text, cards)


__all__ = sorted([*_WHERE, "apply_action", "parse"])


def __dir__():
    return __all__
