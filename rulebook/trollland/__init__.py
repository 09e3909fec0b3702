"""Trollland (Bruno Cathala, 2010): pure rules -- catalog, cards, state, engine, scoring."""

from .cards import PEOPLE_NAMES, PEOPLES, CardSet, default_cards, load_card_set
from .engine import (
    apply_action,
    is_over,
    legal_actions,
    new_game,
    parse_action,
    random_playout,
    verdict,
)
from .loading import is_full, legal_cages, refusal
from .puzzle import puzzle
from .rules import CATALOG, default_rulings
from .scoring import Score, score, scores, winners
from .state import Berth, State

__all__ = [
    "CATALOG",
    "PEOPLES",
    "PEOPLE_NAMES",
    "Berth",
    "CardSet",
    "Score",
    "State",
    "apply_action",
    "default_cards",
    "default_rulings",
    "is_full",
    "is_over",
    "legal_actions",
    "legal_cages",
    "load_card_set",
    "new_game",
    "parse_action",
    "puzzle",
    "random_playout",
    "refusal",
    "score",
    "scores",
    "verdict",
    "winners",
]
