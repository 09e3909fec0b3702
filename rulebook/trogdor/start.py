"""Old name of ``setup.py`` (kept until boards/ and solvers/ import ``rulebook.trogdor.setup``)."""

from .setup import new_game, puzzle, with_action_deck, with_cards, with_movement_deck

__all__ = ["new_game", "puzzle", "with_action_deck", "with_cards", "with_movement_deck"]
