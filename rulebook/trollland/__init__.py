"""Trollland (Bruno Cathala, 2010): pure rules -- catalog, cards, state, rules, scoring.

The protocol object is ``rulebook.trollland.game.GAME`` (``rulebook.game("trollland")``); the
functions below are the same rules under short names for notebooks and older callers.
"""

from .actions import Cage, Player, parse_action
from .banishment import cage_refusal, legal_cages
from .cards import PEOPLE_NAMES, PEOPLES, CardSet, default_cards, load_card_set
from .catalog import CATALOG, default_rulings
from .departure import is_full
from .scoring import Score, score, scores, winners
from .setup import new_game, puzzle
from .state import Berth, State
from .turn import legal_actions


def apply_action(state: State, action) -> State:
    """``GAME.apply``: the new state; RuleError (state untouched) if the rules refuse it."""
    from .game import GAME

    return GAME.apply(state, action)


__all__ = [
    "CATALOG",
    "PEOPLES",
    "PEOPLE_NAMES",
    "Berth",
    "Cage",
    "CardSet",
    "Player",
    "Score",
    "State",
    "apply_action",
    "cage_refusal",
    "default_cards",
    "default_rulings",
    "is_full",
    "legal_actions",
    "legal_cages",
    "load_card_set",
    "new_game",
    "parse_action",
    "puzzle",
    "score",
    "scores",
    "winners",
]
