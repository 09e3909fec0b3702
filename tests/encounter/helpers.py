"""Position builders for the Random Encounter tests (the same ones the notebooks use)."""

from __future__ import annotations

from rulebook.encounter import default_cards
from rulebook.encounter.scenarios import battle_position, build_position, solo_position

CARDS = default_cards()

__all__ = ["CARDS", "battle_position", "build_position", "solo_position"]
