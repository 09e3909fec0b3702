"""Trogdor!! The Board Game: the rules as an engine (see NOTES.md, RULINGS.md, EFFECTS.md).

The game object is ``rulebook.game("trogdor")`` (``rulebook.trogdor.game.GAME``); the names below
are kept for callers of the older module-level API. Pure rules: no ipywidgets, matplotlib or z3.

Every name here is imported on first use (PEP 562) and the rule catalog is read on first use, so
``import rulebook.trogdor.grid`` (or ``setup``) does not load the whole engine and its TOML (bench
figure "min-AP CLI CPU ÷ BFS script").
"""

from __future__ import annotations

from importlib import import_module

# public name -> submodule defining it
_WHERE = {
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


def _catalog():
    from pathlib import Path

    from rulebook.common.catalog import load_catalog

    return load_catalog(Path(__file__).with_name("rules.toml"))


def __getattr__(name: str):
    if name == "CATALOG":
        value = _catalog()
    elif name in _WHERE:
        value = getattr(import_module(f".{_WHERE[name]}", __name__), name)
    else:
        raise AttributeError(f"module 'rulebook.trogdor' has no attribute {name!r}")
    return globals().setdefault(name, value)  # two threads racing keep one catalog


def apply_action(state, action):
    """``rulebook.game("trogdor").apply``: the state after ``action`` (an Action or its text)."""
    from .game import GAME

    return GAME.apply(state, action)


def parse(text: str, cards=None):
    """``State.parse``: read a position from its one-line notation."""
    from .state import State

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


def __dir__():
    return __all__
