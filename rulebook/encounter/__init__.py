"""Random Encounter: Plains of the Troll King -- multiplayer, variants and Solo Adventure Mode.

Two games of the common protocol (``rulebook.game("encounter")``, ``rulebook.game("encounter-solo")``;
see rulebook/API.md and NOTES.md). Files: catalog.py (catalog, rulings, ``refuse``), state.py
(positions + notation), actions.py (grammars), rules.py / solo_rules.py (one check per action kind
+ effects), setup.py (new games, teaching positions), battle.py (resolution), cards.py + data/
(card data), game.py.
"""

from __future__ import annotations

from .battle import (
    BattleResult,
    BattleRules,
    ability,
    battle,
    composition_problem,
    require_buildable_battle,
    require_buildable_encounters,
    resolve,
    summarise,
)
from .cards import DEFAULT_CARDS, Card, CardSet, default_cards, load_card_set
from .catalog import CATALOG, rulings_from
from .game import GAME, SOLO, legal_actions
from .setup import battle_position, build_position, new_adventure, new_game, solo_position
from .state import VARIANTS, MultiState, SoloState

__all__ = [
    "BattleResult", "BattleRules", "CATALOG", "Card", "CardSet", "DEFAULT_CARDS", "GAME",
    "MultiState", "SOLO", "SoloState", "VARIANTS", "battle_position", "build_position",
    "ability", "battle", "composition_problem", "default_cards", "legal_actions", "load_card_set",
    "new_adventure",
    "new_game", "require_buildable_battle", "require_buildable_encounters", "resolve",
    "rulings_from", "solo_position", "summarise",
]  # fmt: skip
