"""Random Encounter: Plains of the Troll King -- multiplayer, variants and Solo Adventure Mode.

Two games of the common protocol (``rulebook.game("encounter")``, ``rulebook.game("encounter-solo")``;
see rulebook/API.md and NOTES.md). Files: catalog.py (catalog, rulings, ``refuse``), state.py
(positions, notation, working copies), actions.py (grammars); the multiplayer rules after the
text's sections: setup.py (Setting Up, the Creature Market), building.py (Building Encounters,
placing the Loot die), battle.py (Battle, Resolution), loot.py (loot won and lost), winning.py
(Round End / Determining the Winner), with rules.py holding the phases together; solo.py (Solo
Adventure Mode); cards.py + data/ (card data), hidden.py, invariants.py, edit.py, game.py.
"""

from __future__ import annotations

from .battle import BattleResult, BattleRules, ability, resolution, resolve, summarise
from .building import (
    composition_problem,
    require_buildable_battle,
    require_buildable_encounters,
)
from .cards import DEFAULT_CARDS, Card, CardSet, default_cards, load_card_set
from .catalog import CATALOG, rulings_from
from .game import GAME, SOLO, legal_actions
from .setup import battle_position, build_position, new_game, solo_position
from .solo import new_adventure
from .state import VARIANTS, MultiState, SoloState

__all__ = [
    "BattleResult", "BattleRules", "CATALOG", "Card", "CardSet", "DEFAULT_CARDS", "GAME",
    "MultiState", "SOLO", "SoloState", "VARIANTS", "battle_position", "build_position",
    "ability", "composition_problem", "default_cards", "legal_actions", "load_card_set",
    "new_adventure",
    "new_game", "require_buildable_battle", "require_buildable_encounters", "resolve",
    "resolution", "rulings_from", "solo_position", "summarise",
]  # fmt: skip
